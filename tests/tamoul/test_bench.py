"""`bench-cabo`, the benchmark opponent: the Cabo recipe's moves, its view only, tournaments only."""
from __future__ import annotations

import random

import pytest

from game.__main__ import main
from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.play import play_game, step
from game.tamoul.bench import CaboAgent
from tests.tamoul.helpers import GAME, build

A = Action.parse
TWO = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


def cabo() -> CaboAgent:
    return CaboAgent(GAME.content)


def seen(rows: dict[int, list[int]], players: int = 2) -> list[list[list[list[int]]]]:
    """Watchers: seat p has seen its own slots rows[p] at step 0."""
    return [[[[p, 0, 0]] if s in rows.get(p, []) else [] for s in range(8)] for p in range(players)]


def test_offered_to_tournaments_only() -> None:
    assert "bench-cabo" not in GAME.agent_levels()           # the setup screen lists agent_levels()
    assert isinstance(GAME.bench_agents()["bench-cabo"](), CaboAgent)
    assert GAME.agent("bench-cabo").name == "bench-cabo"
    with pytest.raises(ValueError, match="bench-cabo"):
        GAME.agent("bench-nothing")


def test_is_handed_its_own_seat_view_only() -> None:
    """At every decision of whole games, what it is handed is the asked seat's own view, which differs
    from every other seat's (so it could not have been given another's)."""
    for seed in range(2):
        state = GAME.new_state([SeatInfo(f"p{i}") for i in range(3)], seed=seed)
        asked: list[int] = []

        class Spy(CaboAgent):
            def __init__(self, seat: int) -> None:
                super().__init__(GAME.content)
                self.seat = seat

            def choose(self, view, legal, rng, optional=False):  # type: ignore[no-untyped-def]
                assert view.seat == self.seat and view == state.view(self.seat)
                assert all(view != state.view(o) for o in range(3) if o != self.seat
                           and state.view(o) != state.view(self.seat))
                asked.append(self.seat)
                return super().choose(view, legal, rng, optional)

        agents = [Spy(0), GAME.agent("normal"), Spy(2)]
        rng = random.Random(seed)
        for _ in range(300):
            if state.finished:
                break
            step(state, agents, rng)
        assert asked.count(0) > 5 and asked.count(2) > 5


def test_tournament_seats_it_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "tamoul", "--seats", "normal,bench-cabo", "--games", "2"]) == 0
    assert '"seats": ["normal", "bench-cabo"]' in capsys.readouterr().out


def test_intercepts_only_exact_known_matches() -> None:
    state = build(TWO, discard=["4D"], turn=0)           # seat 1 knows its 4H (slot 2): a red 4
    assert cabo().choose(state.view(1), state.legal_actions(1), random.Random(1), optional=True) == A("intercept 2")
    blind = build(TWO, discard=["2D"], turn=0)           # 2H matches, but seat 1 never saw it
    assert cabo().choose(blind.view(1), blind.legal_actions(1), random.Random(1), optional=True) is None


def test_discards_a_drawn_twin_then_intercepts_it() -> None:
    state = build(TWO, phase="hold", drawn="4D", drawn_from="deck")   # seat 0 knows its 4S (slot 2)
    state2 = build([["2S", "3S", "4H", "5S"], ["2H", "3H", "6H", "5H"]], phase="hold", drawn="4D",
                   drawn_from="deck")
    assert cabo().choose(state2.view(0), state2.legal_actions(0), random.Random(1)) == A("discard")
    state2.apply(0, "discard")
    assert cabo().choose(state2.view(0), state2.legal_actions(0), random.Random(1)) == A("intercept 2")
    # 4S is black: no twin of the red 4D, which is lower than an unknown card, so it is kept there
    assert cabo().choose(state.view(0), state.legal_actions(0), random.Random(1)) == A("keep 0")


def test_keeps_a_card_lower_than_the_highest_estimate_else_discards() -> None:
    low = build([["2S", "3S", "9S", "5S"], TWO[1]], phase="hold", drawn="6D", drawn_from="deck",
                watchers=seen({0: [0, 1, 2, 3]}))
    assert cabo().choose(low.view(0), low.legal_actions(0), random.Random(1)) == A("keep 2")
    high = build([["2S", "3S", "9S", "5S"], TWO[1]], phase="hold", drawn="10D", drawn_from="deck",
                 watchers=seen({0: [0, 1, 2, 3]}))
    assert cabo().choose(high.view(0), high.legal_actions(0), random.Random(1)) == A("discard")


def test_looks_at_unknown_cards_and_swaps_own_high_for_known_low() -> None:
    own = build(TWO, phase="action", pending=["peek_own"])
    assert cabo().choose(own.view(0), own.legal_actions(0), random.Random(1)) == A("peek 0")
    other = build(TWO, phase="action", pending=["peek_other"])
    assert cabo().choose(other.view(0), other.legal_actions(0), random.Random(1)) == A("peek 1.0")
    watchers = seen({0: [2, 3]})
    watchers[1][1] = [[0, 0, 0]]                              # seat 0 has seen seat 1's 3H
    swap = build([["2S", "3S", "QS", "5S"], TWO[1]], phase="action", pending=["swap"], watchers=watchers)
    assert cabo().choose(swap.view(0), swap.legal_actions(0), random.Random(1)) == A("swap 0.2 1.1")
    nothing = build([["2S", "3S", "AS", "AC"], TWO[1]], phase="action", pending=["swap"], watchers=watchers)
    choice = cabo().choose(nothing.view(0), nothing.legal_actions(0), random.Random(1))
    assert choice is not None and all(place.startswith("1.") for place in choice.args)  # never its own blind


def test_calls_only_when_sure() -> None:
    sure = build([["AS", "2S", "KH", "3D"], ["QH", "JH"]], phase="end", watchers=seen({0: [0, 1, 2, 3]}))
    assert cabo().choose(sure.view(0), sure.legal_actions(0), random.Random(1)) == A("tamoul")
    likely = build([["AS", "2S", "KH", "3D"], ["QH", "JH"]], phase="end", watchers=seen({0: [0, 1, 2]}))
    assert cabo().choose(likely.view(0), likely.legal_actions(0), random.Random(1)) == A("end")


def test_decides_the_same_when_unseen_cards_change() -> None:
    """It reads its seat's view only: samples of the view that differ in every hidden card give the same
    choice at every decision of a few games (hidden cards checked to differ, so this cannot pass idly)."""
    determinize = GAME.determinizer()
    checked = differed = 0
    for seed in range(3):
        state = GAME.new_state([SeatInfo(f"p{i}") for i in range(3)], seed=seed)
        agents = [cabo() for _ in range(3)]
        rng = random.Random(seed)
        for _ in range(120):
            if state.finished:
                break
            for seat in state.to_act():
                if seat < 0 or not state.legal_actions(seat):
                    continue
                optional = state.is_reaction(seat)
                view = state.view(seat)
                samples = [state] + [determinize(view, random.Random(salt)) for salt in (5, 6)]
                differed += len({repr(s.position()["now"]["slots"]) for s in samples}) > 1
                choices = {str(cabo().choose(s.view(seat), s.legal_actions(seat), random.Random(3), optional))
                           for s in samples}
                assert len(choices) == 1, choices
                checked += 1
            step(state, agents, rng)
    assert checked > 200 and differed > 100


def test_plays_whole_games() -> None:
    seats = [SeatInfo(name, "ai:x") for name in ("a", "b", "c", "d")]
    state = play_game(GAME, seats, [cabo(), GAME.agent("normal"), cabo(), GAME.agent("easy")], seed=5)
    assert state.finished and state.winners
