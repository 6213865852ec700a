"""The shared ISMCTS keys a node's children by (seat, action): when a reaction changes who moves, the
two seats' choices never share statistics. Simultaneous decisions follow `next_waiting_seat`.

The grab game: seat 0 plays `a` or `b`; then seat 1 is on turn, but seat 0 may `grab` the turn first
(a reaction) and play again. Either way the second play ends the game: `a` wins it for seat 0, `b`
for seat 1. The same actions are open to both seats after the first play, so keying by action alone
would put both seats' results for `play a` into one node (a mean between 0 and 1); keyed by (seat,
action), every node of a second play has exactly its own seat's result.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.core.events import Event
from game.core.ismcts import ISMCTS, Budget, Node, Origin, SearchRules

PLAYS = [Action("play", ("a",)), Action("play", ("b",))]
GRAB = Action("grab")


@dataclass(frozen=True)
class Position:
    plays: int
    turn: int
    grab_open: bool


class GrabState(State):
    game_id = "grab"

    def __init__(self, position: Position) -> None:
        super().__init__([SeatInfo("p0"), SeatInfo("p1")], {}, 0)
        self._begin_round({})
        self.plays, self.turn, self.grab_open = position.plays, position.turn, position.grab_open

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        return (self.turn, 0) if self.grab_open else (self.turn,)

    def is_reaction(self, seat: int) -> bool:
        return self.grab_open and seat == 0 and self.turn != 0

    def legal_actions(self, seat: int) -> list[Action]:
        if self.finished:
            return []
        if self.is_reaction(seat):
            return [GRAB]
        return list(PLAYS) if seat == self.turn else []

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        if action == GRAB:
            self.turn, self.grab_open = 0, False
            return []
        self.plays += 1
        if self.plays == 2:
            winner = 0 if action == PLAYS[0] else 1
            self.totals[winner] = 1
            self._finish([winner])
        else:
            self.turn, self.grab_open = 1, True
        return []

    def view(self, seat: int | None) -> Position:
        return Position(self.plays, self.turn, self.grab_open)


def grab_half_the_time(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return legal[0] if rng.random() < 0.5 else None


def random_rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


def winner_rewards(state: State, origin: Origin) -> list[float] | None:
    return [1.0 if s in state.winners else 0.0 for s in range(2)] if state.finished else None


def grab_rules() -> SearchRules:
    return SearchRules(lambda view, rng: GrabState(view), random_rollout, grab_half_the_time, winner_rewards)


def walk(node: Node) -> list[tuple[tuple[int, Action | None], Node]]:
    found = []
    for key, child in node.children.items():
        found.append((key, child))
        found += walk(child)
    return found


def test_one_node_never_holds_two_seats_rewards_when_a_reaction_changes_who_moves() -> None:
    result = ISMCTS(grab_rules(), Budget(300)).search(Position(0, 0, False), 0, PLAYS, random.Random(4))
    assert result.root is not None
    nodes = walk(result.root)
    assert all(key[0] == child.seat for key, child in nodes)
    for first in PLAYS:
        after_first = result.root.children[(0, first)]
        # the situation arose: both seats made the same second play at this node
        assert {(0, PLAYS[0]), (1, PLAYS[0]), (1, PLAYS[1])} <= set(after_first.children)
        for (seat, play), child in after_first.children.items():
            if play in PLAYS:
                winner = 0 if play == PLAYS[0] else 1
                assert child.visits and child.mean() == (1.0 if seat == winner else 0.0)


@dataclass(frozen=True)
class DuelPosition:
    picked: tuple[bool, bool]
    started: bool


class DuelState(State):
    """Seat 0 says `go`; then both seats pick `x` or `y` at the same time (either may pick first)."""

    game_id = "duel"

    def __init__(self, position: DuelPosition) -> None:
        super().__init__([SeatInfo("p0"), SeatInfo("p1")], {}, 0)
        self._begin_round({})
        self.picked, self.started = list(position.picked), position.started

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if not self.started:
            return (0,)
        return tuple(s for s in (0, 1) if not self.picked[s])

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if not self.started:
            return [Action("go"), Action("wait")]
        return [Action("pick", ("x",)), Action("pick", ("y",))]

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        if action.verb in ("go", "wait"):
            self.started = True
        else:
            self.picked[seat] = True
            if all(self.picked):
                self.totals = [1, 0]
                self._finish([0])
        return []

    def view(self, seat: int | None) -> DuelPosition:
        return DuelPosition((self.picked[0], self.picked[1]), self.started)


def duel_search(seed: int):
    rules = SearchRules(lambda view, rng: DuelState(view), random_rollout, grab_half_the_time, winner_rewards)
    legal = [Action("go"), Action("wait")]
    start = DuelPosition((False, False), False)
    return ISMCTS(rules, Budget(120)).search(start, 0, legal, random.Random(seed))


def test_a_simultaneous_decision_is_taken_by_either_seat_first_in_a_seeded_order() -> None:
    result = duel_search(2)
    assert result.root is not None
    after_go = result.root.children[(0, Action("go"))]
    assert {seat for seat, _ in after_go.children} == {0, 1}  # each seat sometimes picked first
    for (seat, _), child in after_go.children.items():
        other = 1 - seat
        assert {s for s, _ in child.children} <= {other}  # then the other one, never the same seat again
    again = duel_search(2)
    assert (again.action, again.visits) == (result.action, result.visits)
