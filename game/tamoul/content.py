"""assets/decks/tamoul.yaml validated into a frozen `TamoulContent` (one ContentError per problem).

The deck (suits, ranks and their values, red kings at 0), the actions of the high cards, the board
size and the scoring numbers are data; the engine reads only `TamoulContent`.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from game.core.content import Node, load_yaml, parse_yaml
from game.core.errors import ContentError

COLOURS = ("red", "black")
STEPS = ("peek_own", "peek_other", "swap")


@dataclass(frozen=True)
class TamoulContent:
    """Everything the rules read from the YAML file.

    `cards` lists every card id in a stable order (suit by suit, ranks in file order); `value` and
    `colour` are per card id; `actions` maps a value to the steps a discarded card of that value makes
    its player take (A-9)."""

    file: str
    cards: tuple[str, ...]
    value: Mapping[str, int]
    colour: Mapping[str, str]
    suit_names: Mapping[str, str]
    actions: Mapping[int, tuple[str, ...]]
    slots: int
    dealt: int
    first_look: tuple[int, ...]
    call_limit: int
    wrong_call_penalty: int
    targets: tuple[int, ...]

    def matches(self, a: str, b: str) -> bool:
        """A-2: two cards match when their value and their colour are equal."""
        return self.value[a] == self.value[b] and self.colour[a] == self.colour[b]

    def steps_of(self, card: str) -> tuple[str, ...]:
        """The action steps this card triggers when discarded right after drawing it from the pile."""
        return self.actions.get(self.value[card], ())


def load_content(path: Path | str, display_name: str | None = None) -> TamoulContent:
    return read_content(load_yaml(path, display_name=display_name))


def parse_content(text: str, name: str = "tamoul.yaml") -> TamoulContent:
    return read_content(parse_yaml(text, name))


def read_content(root: Node) -> TamoulContent:
    root.check_keys({"game", "suits", "ranks", "actions", "board", "scoring"})
    root.get("game").expect_str(choices=("tamoul",))

    suits: dict[str, str] = {}
    suit_names: dict[str, str] = {}
    for suit, node in root.get("suits").items():
        if not (len(suit) == 1 and suit.isupper()):
            raise node.fail("a suit id of one capital letter (S, H, D, C)", suit)
        node.check_keys({"name", "colour"})
        suit_names[suit] = node.get("name").expect_str()
        suits[suit] = node.get("colour").expect_str(choices=COLOURS)
    if not suits:
        raise root.get("suits").fail("at least one suit")

    value: dict[str, int] = {}
    colour: dict[str, str] = {}
    ranks = list(root.get("ranks").items())
    if not ranks:
        raise root.get("ranks").fail("at least one rank")
    for suit, suit_colour in suits.items():
        for rank, node in ranks:
            card = f"{rank}{suit}"
            value[card] = _rank_value(rank, node, suit_colour)
            colour[card] = suit_colour
    cards = tuple(value)

    actions: dict[int, tuple[str, ...]] = {}
    for number, node in root.get("actions").items():
        if not number.isdigit():
            raise node.fail("a card value (a whole number) as the key", number)
        steps = tuple(step.expect_str(choices=STEPS) for step in node.expect_list(min_length=1))
        actions[int(number)] = steps

    board = root.get("board")
    board.check_keys({"slots", "dealt", "first_look"})
    slots = board.get("slots").expect_int(minimum=1, maximum=16)
    dealt = board.get("dealt").expect_int(minimum=1, maximum=slots)
    look_node = board.get("first_look")
    first_look = tuple(n.expect_int(minimum=0, maximum=dealt - 1) for n in look_node.expect_list())
    if len(set(first_look)) != len(first_look):
        raise look_node.fail("each slot only once", look_node.value)

    scoring = root.get("scoring")
    scoring.check_keys({"call_limit", "wrong_call_penalty", "targets"})
    call_limit = scoring.get("call_limit").expect_int(minimum=0, maximum=999)
    penalty = scoring.get("wrong_call_penalty").expect_int(minimum=0, maximum=999)
    targets_node = scoring.get("targets")
    targets = tuple(n.expect_int(minimum=1, maximum=9999) for n in targets_node.expect_list(min_length=1))
    if len(set(targets)) != len(targets):
        raise targets_node.fail("each target only once", targets_node.value)

    return TamoulContent(
        file=root.file, cards=cards, value=MappingProxyType(value), colour=MappingProxyType(colour),
        suit_names=MappingProxyType(suit_names), actions=MappingProxyType(actions), slots=slots,
        dealt=dealt, first_look=first_look, call_limit=call_limit, wrong_call_penalty=penalty,
        targets=targets,
    )


def _rank_value(rank: str, node: Node, suit_colour: str) -> int:
    """A rank's value: one number, or `{black: n, red: m}` (the kings)."""
    if not (rank.isdigit() or (rank.isalpha() and rank.isupper())):
        raise node.fail("a rank such as A, 2..10, J, Q, K", rank)
    if node.is_map():
        node.check_keys(set(COLOURS))
        for name in COLOURS:
            if not node.has(name):
                raise ContentError(node.file, f"{node.key}.{name}", node.line, "a value for each colour")
        return node.get(suit_colour).expect_int(minimum=0, maximum=99)
    return node.expect_int(minimum=0, maximum=99)
