"""The shared SO-ISMCTS: it finds known best moves, only ever sees determinizations, and is deterministic.

The test game is a hidden-card race: two players hold cards (values 1..3, hidden from each other) and
in turn play one, adding its value to a total. Whoever makes the total exactly `target` wins; whoever
takes it past the target loses. Small enough to know the best move by hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.core.events import Event
from game.core.ismcts import ISMCTS, Budget, Origin, SearchRules

DECK = ("1", "1", "1", "2", "2", "2", "3", "3", "3")


@dataclass(frozen=True)
class RaceView:
    seat: int
    hand: tuple[str, ...]
    other_hand_size: int
    total: int
    target: int
    turn: int
    played: tuple[str, ...]


class RaceState(State):
    """Two players; exactly `target` wins for the player who reaches it, going past loses."""

    game_id = "race"

    def __init__(self, hands: Sequence[Sequence[str]], total: int, target: int, turn: int = 0) -> None:
        super().__init__([SeatInfo("a"), SeatInfo("b")], {}, 0)
        self._begin_round({"hands": [list(h) for h in hands], "total": total})
        self.hands = [list(h) for h in hands]
        self.total, self.target, self.turn = total, target, turn
        self.played: list[str] = []

    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.finished or seat != self.turn:
            return []
        return [Action("play", (c,)) for c in sorted(set(self.hands[seat]))]

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        card = action.args[0]
        self.hands[seat].remove(card)
        self.played.append(card)
        self.total += int(card)
        if self.total >= self.target or not self.hands[1 - seat]:
            winner = seat if self.total == self.target else 1 - seat
            self.totals[winner] = 1
            self._finish([winner])
        else:
            self.turn = 1 - seat
        return [Event("played", seat, {"card": card})]

    def view(self, seat: int | None) -> RaceView:
        assert seat is not None
        return RaceView(seat, tuple(sorted(self.hands[seat])), len(self.hands[1 - seat]), self.total,
                        self.target, self.turn, tuple(self.played))


class RaceDeterminizer:
    """Deals the unseen cards to the other hand; records every view it was given."""

    def __init__(self) -> None:
        self.views: list[RaceView] = []

    def __call__(self, view: RaceView, rng: random.Random) -> State:
        self.views.append(view)
        unseen = list(DECK)
        for card in view.hand + view.played:
            unseen.remove(card)
        rng.shuffle(unseen)
        hands: list[Sequence[str]] = [(), ()]
        hands[view.seat] = view.hand
        hands[1 - view.seat] = unseen[:view.other_hand_size]
        return RaceState(hands, view.total, view.target, view.turn)


def random_rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


def no_reaction(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return None


def winner_reward(state: State, origin: Origin) -> list[float] | None:
    if not state.finished:
        return None
    return [1.0 if s in state.winners else 0.0 for s in range(2)]


def searcher(iterations: int = 400, determinizer: Any = None) -> ISMCTS:
    rules = SearchRules(determinizer or RaceDeterminizer(), random_rollout, no_reaction, winner_reward)
    return ISMCTS(rules, Budget(iterations))


def choose(view: RaceView, iterations: int = 400, seed: int = 1) -> Action:
    state_legal = [Action("play", (c,)) for c in sorted(set(view.hand))]
    return searcher(iterations).search(view, view.seat, state_legal, random.Random(seed)).action


def test_takes_the_exact_win_at_once() -> None:
    view = RaceView(0, ("1", "2", "3"), 3, 7, 10, 0, ("3", "2", "2"))
    assert str(choose(view)) == "play 3"


def test_avoids_leaving_a_sure_win_to_the_other_player() -> None:
    # total 6 of 9: playing 1 leaves 2 to go, and the other player holds only 2s: a sure loss;
    # playing 2 leaves 1 to go, which the other player cannot make (no 1s left): they must overshoot or
    # play away from the target, and this seat can still finish.
    view = RaceView(0, ("1", "2"), 2, 6, 9, 0, ("1", "1", "3", "3", "3"))
    result = searcher().search(view, 0, [Action("play", ("1",)), Action("play", ("2",))], random.Random(3))
    assert str(result.action) == "play 2", result.means
    assert result.means[Action("play", ("1",))] < 0.05


def test_budget_is_iterations_and_the_search_is_deterministic() -> None:
    view = RaceView(1, ("1", "2", "3"), 3, 0, 12, 1, ("2", "3", "1"))
    legal = [Action("play", (c,)) for c in ("1", "2", "3")]
    first = searcher(150).search(view, 1, legal, random.Random(9))
    second = searcher(150).search(view, 1, legal, random.Random(9))
    assert first.iterations == second.iterations == 150
    assert (first.action, first.visits) == (second.action, second.visits)
    assert sum(first.visits.values()) == 150


def test_every_iteration_samples_a_determinization_from_the_view_only() -> None:
    view = RaceView(0, ("2", "3"), 2, 4, 10, 0, ("1", "1", "1", "2", "3"))
    determinizer = RaceDeterminizer()
    searcher(50, determinizer).search(view, 0, [Action("play", ("2",)), Action("play", ("3",))],
                                      random.Random(2))
    assert len(determinizer.views) == 50 and all(v is view for v in determinizer.views)


def test_a_single_legal_action_needs_no_search() -> None:
    view = RaceView(0, ("2",), 1, 4, 10, 0, ("1",) * 3 + ("2", "2") + ("3",) * 3)
    result = searcher(100).search(view, 0, [Action("play", ("2",))], random.Random(1))
    assert result.iterations == 0 and str(result.action) == "play 2"


class CountingRaceState(RaceState):
    """A race that counts how its moves arrive: through `apply` (events built) or `advance` (none)."""

    applied = 0
    advanced = 0

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        CountingRaceState.applied += 1
        return super().apply(seat, action)

    def advance(self, seat: int, action: Action | str) -> None:
        CountingRaceState.advanced += 1
        super().advance(seat, action)


def test_samples_move_by_the_event_free_advance() -> None:
    def determinize(view: RaceView, rng: random.Random) -> State:
        sample = RaceDeterminizer()(view, rng)
        assert isinstance(sample, RaceState)
        return CountingRaceState([list(h) for h in sample.hands], sample.total, sample.target, sample.turn)

    CountingRaceState.applied = CountingRaceState.advanced = 0
    view = RaceView(1, ("1", "2", "3"), 3, 0, 12, 1, ("2", "3", "1"))
    rules = SearchRules(determinize, random_rollout, no_reaction, winner_reward)
    ISMCTS(rules, Budget(30)).search(view, 1, [Action("play", (c,)) for c in "123"], random.Random(4))
    assert CountingRaceState.applied == 0 and CountingRaceState.advanced >= 30
