"""Reactions as tree decisions in the shared ISMCTS (`SearchRules.search_reactions`).

The snatch game: seat 0 plays `open` or `shut`. `shut` ends the game at once, worth 0.5 to seat 0.
After `open`, seat 1 is on turn and wins by playing; but seat 0 may first `snatch` (a reaction) and
win outright. The game's reaction rule never snatches, so with reactions answered by the rule `open`
looks lost and `shut` is best; searched as a decision of seat 0 with "let it pass" as a choice, the
snatch is found and `open` is best.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.core.events import Event
from game.core.ismcts import ISMCTS, PASS, Budget, Origin, SearchRules

OPEN, SHUT = Action("play", ("open",)), Action("play", ("shut",))
SNATCH, WIN = Action("snatch"), Action("win")


@dataclass(frozen=True)
class SnatchView:
    opened: bool


class SnatchState(State):
    game_id = "snatch"

    def __init__(self, opened: bool = False) -> None:
        super().__init__([SeatInfo("p0"), SeatInfo("p1")], {}, 0)
        self._begin_round({})
        self.opened = opened
        self.shut = False

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        return (1, 0) if self.opened else (0,)

    def is_reaction(self, seat: int) -> bool:
        return self.opened and seat == 0

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if not self.opened:
            return [OPEN, SHUT]
        return [SNATCH] if seat == 0 else [WIN]

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        if action == OPEN:
            self.opened = True
        else:
            self.shut = action == SHUT
            self._finish([0] if action in (SHUT, SNATCH) else [1])
        return []

    def view(self, seat: int | None) -> SnatchView:
        return SnatchView(self.opened)


def never_snatch(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return None


def random_rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


def snatch_reward(state: State, origin: Origin) -> list[float] | None:
    if not state.finished:
        return None
    assert isinstance(state, SnatchState)
    if state.shut:
        return [0.5, 0.5]
    return [1.0, 0.0] if 0 in state.winners else [0.0, 1.0]


def search(searched: bool, view: SnatchView, legal: list[Action], optional: bool = False):
    rules = SearchRules(lambda v, rng: SnatchState(v.opened), random_rollout, never_snatch, snatch_reward,
                        search_reactions=searched)
    return ISMCTS(rules, Budget(100)).search(view, 0, legal, random.Random(5), optional=optional)


def test_with_reactions_left_to_the_rule_the_snatch_is_not_seen() -> None:
    result = search(False, SnatchView(False), [OPEN, SHUT])
    assert result.action == SHUT and result.means[OPEN] == 0.0


def test_a_searched_reaction_is_a_decision_of_the_reacting_seat_and_the_profitable_one_is_found() -> None:
    result = search(True, SnatchView(False), [OPEN, SHUT])
    assert result.action == OPEN, result.means
    assert result.root is not None
    after_open = result.root.children[(0, OPEN)]
    assert set(after_open.children) == {(0, PASS), (0, SNATCH)}  # letting it pass is a choice too
    assert after_open.children[(0, SNATCH)].mean() == 1.0 and after_open.children[(0, PASS)].mean() == 0.0


def test_an_offered_reaction_at_the_root_may_be_let_pass_or_taken() -> None:
    result = search(False, SnatchView(True), [SNATCH], optional=True)
    assert result.action == SNATCH and result.means == {PASS: 0.0, SNATCH: 1.0}
