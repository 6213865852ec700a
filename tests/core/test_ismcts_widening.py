"""Progressive widening in the shared ISMCTS: a decision with a thousand choices and a small budget.

The pick game: seat 0 picks a number 0..999 and the game ends; `pick 737` is worth 0.9 to it, every
other number at most 0.5. The game's order (nearest to 740 first) is a rough guide: it puts 737 sixth.
A second version lists only ten representatives (`lists_all_actions` False) and lets a candidate
generator propose more: the search must not take the list as complete.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.core.events import Event
from game.core.ismcts import ISMCTS, ActionOrder, Budget, CandidateGenerator, Origin, SearchRules, Widening

WIDTH = 1000
BEST = Action("pick", ("737",))


@dataclass(frozen=True)
class PickView:
    listed_only: bool


class PickState(State):
    game_id = "pick"

    def __init__(self, listed_only: bool = False) -> None:
        super().__init__([SeatInfo("p0"), SeatInfo("p1")], {}, 0)
        self._begin_round({})
        self.listed_only = listed_only
        self.picked: int | None = None

    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (0,)

    def lists_all_actions(self, seat: int) -> bool:
        return not self.listed_only

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        numbers = range(0, WIDTH, WIDTH // 10) if self.listed_only else range(WIDTH)
        return [Action("pick", (str(n),)) for n in numbers]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if seat not in self.to_act():
            return "it is not your turn"
        if action.verb == "pick" and len(action.args) == 1 and action.args[0].isdigit() \
                and int(action.args[0]) < WIDTH:
            return None
        return f"'{action}' is not a number from 0 to {WIDTH - 1}"

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        self.picked = int(action.args[0])
        self._finish([0])
        return []

    def view(self, seat: int | None) -> PickView:
        return PickView(self.listed_only)


def value(number: int) -> float:
    return 0.9 if number == 737 else 0.3 + 0.2 * (number % 7) / 6


def pick_reward(state: State, origin: Origin) -> list[float] | None:
    assert isinstance(state, PickState)
    return None if state.picked is None else [value(state.picked), 0.0]


def near_740_first(state: State, seat: int, actions: Sequence[Action], rng: random.Random) -> list[Action]:
    return sorted(actions, key=lambda a: (abs(int(a.args[0]) - 740), int(a.args[0])))


def near_740(state: State, seat: int, listed: Sequence[Action], rng: random.Random) -> list[Action]:
    return [Action("pick", (str(n),)) for n in range(730, 750)]


def first_only(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[0]


def never_react(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return None


def rules(order: ActionOrder | None = None, candidates: CandidateGenerator | None = None,
          widening: Widening = Widening()) -> SearchRules:
    return SearchRules(lambda view, rng: PickState(view.listed_only), first_only, never_react, pick_reward,
                       order=order, candidates=candidates, widening=widening)


ITERATIONS = 100
CAP = math.ceil(2.0 * ITERATIONS ** 0.5)  # the default widening: 20 children after 100 decisions


def test_widening_caps_the_root_children_and_finds_the_clearly_best_pick() -> None:
    legal = PickState().legal_actions(0)
    result = ISMCTS(rules(order=near_740_first), Budget(ITERATIONS)).search(PickView(False), 0, legal,
                                                                           random.Random(1))
    assert len(result.visits) <= CAP
    assert result.action == BEST, result.means
    assert all(result.visits[BEST] > 3 * v for a, v in result.visits.items() if a != BEST)


def test_without_an_order_widening_samples_and_still_respects_the_cap() -> None:
    legal = PickState().legal_actions(0)
    search = ISMCTS(rules(widening=Widening(k=1.0, alpha=0.5)), Budget(100))
    first = search.search(PickView(False), 0, legal, random.Random(3))
    again = search.search(PickView(False), 0, legal, random.Random(3))
    assert len(first.visits) <= 10  # ceil(1 * 100 ** 0.5)
    assert (first.action, first.visits) == (again.action, again.visits)


def test_where_the_game_lists_representatives_generated_candidates_are_searched_too() -> None:
    listed = PickState(listed_only=True).legal_actions(0)
    assert BEST not in listed
    result = ISMCTS(rules(order=near_740_first, candidates=near_740), Budget(ITERATIONS)).search(
        PickView(True), 0, listed, random.Random(2))
    assert result.action == BEST, result.means
