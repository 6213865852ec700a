"""Tamoul `hard` aims its looks at others' cards and its swaps at the seat closest to calling."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.tamoul.agents import HARD, MemoryAgent
from game.tamoul.hard import HardAgent
from tests.tamoul.helpers import GAME, build

A = Action.parse


def seen(rows: dict[int, list[int]], players: int = 3) -> list[list[list[list[int]]]]:
    """Watchers: seat p has seen its own slots rows[p] at step 0."""
    return [[[[p, 0, 0]] if s in rows.get(p, []) else [] for s in range(8)] for p in range(players)]


def table(others: tuple[list[str], list[str]], pending: str):
    """Seat 0 to act with a queen it knows; Bo (seat 1) has four cards and knows one of them, Cy (seat 2)
    has two and knows both: Cy is the one about to call."""
    return build([["QS", "2S", "3S", "4S"], others[0], others[1]], phase="action", pending=[pending],
                 watchers=seen({0: [0, 1, 2, 3], 1: [3], 2: [0, 1]}))


LOW = (["9H", "8H", "7H", "AH"], ["2H", "AD"])
SHUFFLED = (["2H", "7H", "8H", "AD"], ["9H", "AH"])   # other hidden cards, the same view for seat 0


def test_the_rule_alone_takes_the_first_kept_card_it_lists() -> None:
    state = table(LOW, "swap")
    assert MemoryAgent(GAME.content, HARD).choose(state.view(0), state.legal_actions(0), random.Random(1)) \
        == A("swap 0.0 1.3")


def test_swaps_its_high_card_for_a_kept_card_of_the_seat_closest_to_calling() -> None:
    for cards in (LOW, SHUFFLED):
        state = table(cards, "swap")
        choice = HardAgent(GAME, samples=3, seconds=None).choose(state.view(0), state.legal_actions(0),
                                                                 random.Random(1))
        assert choice is not None and choice.verb == "swap"
        assert {arg for arg in choice.args} & {"2.0", "2.1"} and "0.0" in choice.args, choice


def test_looks_at_a_card_of_the_seat_closest_to_calling() -> None:
    for cards in (LOW, SHUFFLED):
        state = table(cards, "peek_other")
        legal = state.legal_actions(0)
        choice = HardAgent(GAME, samples=3, seconds=None).choose(state.view(0), legal, random.Random(1))
        assert choice in (A("peek 2.0"), A("peek 2.1")), (choice, legal)
    unaimed = HardAgent(GAME, samples=3, seconds=None, aim=False)
    assert unaimed.choose(state.view(0), legal, random.Random(1)) == A("peek 1.0")
