"""zeus.yaml: the shipped deck loads, every power type has a handler, and broken files say where."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.core.resources import asset_path
from game.zeus import load_game_from
from game.zeus.deck import parse_deck
from game.zeus.powers import ZEUS_POWERS

SHIPPED = asset_path("decks", "zeus.yaml").read_text(encoding="utf-8")


def line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """1-based line of the n-th line containing `fragment`."""
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if fragment in line]
    return hits[occurrence - 1]


def broken(old: str, new: str, count: int = 1) -> str:
    assert old in SHIPPED, old
    return SHIPPED.replace(old, new, count)


def error_for(text: str) -> ContentError:
    with pytest.raises(ContentError) as caught:
        parse_deck(text, "zeus.yaml")
    assert caught.value.file == "zeus.yaml"
    assert "zeus.yaml" in str(caught.value)
    return caught.value


def test_shipped_deck_has_60_cards_and_every_power_type_has_a_handler() -> None:
    deck = parse_deck(SHIPPED)
    assert deck.size == 60 and len(deck.full_deck()) == 60
    for card in deck.cards.values():
        if card.kind == "god":
            assert card.power is not None and card.power.type in ZEUS_POWERS.type_names
            ZEUS_POWERS.handler(card.power.type)  # resolves


def test_missing_key_names_the_key_and_line() -> None:
    text = broken("    steals_zeus: true\n    power: {type: set_total, params: {value: 99}}",
                  "    power: {type: set_total, params: {value: 99}}")
    error = error_for(text)
    assert error.key == "gods[5].steals_zeus"
    assert error.line == line_of(text, "name: Hera")


def test_unknown_power_type_names_the_key_and_line() -> None:
    text = broken("{type: round_to_ten}", "{type: round_to_eleven}")
    error = error_for(text)
    assert error.key == "gods[0].power.type" and error.line == line_of(text, "round_to_eleven")
    assert "round_to_ten" in error.expected  # the known types are listed


@pytest.mark.parametrize("old,new,key", [
    ("params: {value: 50}", "params: {value: fifty}", "gods[2].power.params.value"),
    ("params: {value: 50}", "params: {value: 150}", "gods[2].power.params.value"),
    ("params: {value: 50}", "params: {amount: 50}", "gods[2].power.params"),
    ("params: {amount: 10, floor: 0}", "params: {amount: 10, floor: 0, depth: 3}", "gods[7].power.params.depth"),
    ("params: {amount: 10, floor: 0}", "params: {amount: -10, floor: 0}", "gods[7].power.params.amount"),
])
def test_bad_parameter_names_the_key_and_line(old: str, new: str, key: str) -> None:
    text = broken(old, new)
    error = error_for(text)
    assert error.key == key and error.line == line_of(text, new)


def test_wrong_total_count_names_the_key_and_line() -> None:
    text = broken("total_cards: 60", "total_cards: 61")
    error = error_for(text)
    assert error.key == "total_cards" and error.line == line_of(text, "total_cards: 61")
    assert "60" in error.expected


@pytest.mark.parametrize("old,new,key", [
    ("    count: 2\n    steals_zeus: true\n    power: {type: round_to_ten}",
     "    count: 0\n    steals_zeus: true\n    power: {type: round_to_ten}", "gods[0].count"),
    ("    count: 1\n", "    count: one\n", "gods[5].count"),
    ("  copies: 4", "  copies: 0", "numbers.copies"),
])
def test_bad_card_count_names_the_key_and_line(old: str, new: str, key: str) -> None:
    error = error_for(broken(old, new))
    assert error.key == key and error.line is not None


def test_unknown_key_and_repeated_god_are_rejected() -> None:
    error = error_for(broken("    steals_zeus: false\n    power: {type: skip_next}",
                             "    steals_zeus: false\n    stels: true\n    power: {type: skip_next}"))
    assert error.key == "gods[4].stels"
    error = error_for(broken("  - name: Apollo", "  - name: Aphrodite"))
    assert error.key == "gods[1].name" and "no other card" in error.expected


def test_bad_yaml_syntax_and_missing_file() -> None:
    error = error_for(broken("gods:\n", "gods: [\n"))
    assert error.key == "(syntax)" and error.line is not None
    with pytest.raises(ContentError) as caught:
        load_game_from(Path("/nonexistent/zeus.yaml"))
    assert caught.value.key == "(file)"
