"""Card ids and their canonical order: God cards `<value><set>` (`9a`), Zeus cards `Z:<power>`.

The canonical order (God cards by value then set, Zeus cards after them by id) is what makes
`play 9e,Z:bull,9b` and `play 9b,9e,Z:bull` the same action.
"""
from __future__ import annotations

import re
from functools import lru_cache

ZEUS_PREFIX = "Z:"
GOD_CARD = re.compile(r"^(\d{1,2})([a-z]+)$")


def is_zeus(card: str) -> bool:
    return card.startswith(ZEUS_PREFIX)


def god_card_id(value: int, set_id: str) -> str:
    return f"{value}{set_id}"


@lru_cache(maxsize=None)
def parse_god_card(card: str) -> tuple[int, str] | None:
    """(value, set) of a God card id, or None when the text is not one."""
    match = GOD_CARD.match(card)
    if not match:
        return None
    return int(match.group(1)), match.group(2)


def _sort_key(card: str) -> tuple[int, int, str]:
    parsed = parse_god_card(card)
    if parsed is None:
        return (1, 0, card)
    return (0, parsed[0], parsed[1])


class _SortKeys(dict):  # type: ignore[type-arg]
    """card -> its sort key, worked out the first time a card is sorted. Looking a known card up is
    a plain dict lookup, several times quicker than a cached function call: hands are sorted often."""

    def __missing__(self, card: str) -> tuple[int, int, str]:
        key = self[card] = _sort_key(card)
        return key


card_sort_key = _SortKeys().__getitem__
"""God cards by value then set (`(0, value, set)`), Zeus cards after them by id (`(1, 0, id)`)."""


def canonical(cards: "list[str] | tuple[str, ...]") -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_sort_key))
