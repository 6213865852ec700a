"""The chance seat and simultaneous decisions, driven by game/core/play.py on a tiny test game.

Guess the Die (tests/conformance/dicegame.py): every seat picks a face at once, then chance rolls.
"""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.agents import RandomAgent
from game.core.drive import apply_chance, chance_is_due
from game.core.engine import CHANCE, SeatInfo
from game.core.errors import IllegalAction
from game.core.play import play_game
from game.core.records import record_to_text, replay
from tests.conformance.dicegame import DiceGame, DiceState

GAME = DiceGame()


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(f"P{i}", "ai:random") for i in range(count)]


def self_play(count: int, seed: int) -> DiceState:
    state = play_game(GAME, seats(count), [RandomAgent() for _ in range(count)], seed=seed)
    assert isinstance(state, DiceState)
    return state


def all_picked(seed: int = 3) -> DiceState:
    state = GAME.new_state(seats(3), {}, seed)
    for seat in range(3):
        state.apply(seat, "pick 1")
    return state


def test_self_play_applies_chance_without_an_agent_and_the_record_replays() -> None:
    for seed in range(5):
        state = self_play(3, seed)
        record = state.record()
        rolls = [a for r in record["rounds"] for a in r["actions"] if a[0] == CHANCE]
        assert rolls and all(text.startswith("roll ") for _, text in rolls)
        assert len(rolls) == len(record["rounds"])  # one roll ends every round
        assert record_to_text(replay(GAME, record).record()) == record_to_text(record)


def test_the_chance_action_comes_from_the_state_and_repeats() -> None:
    state = all_picked()
    assert state.waiting_for() == (CHANCE,) and chance_is_due(state)
    assert state.chance_action() == all_picked().chance_action()
    events = apply_chance(state)
    assert [e.kind for e in events][:2] == ["rolled", "round_ended"]
    assert not chance_is_due(state)


def test_a_chance_action_offered_by_a_player_is_refused_and_changes_nothing() -> None:
    state = all_picked()
    before = state.position()
    roll = state.chance_action()
    assert roll is not None
    with pytest.raises(IllegalAction) as error:
        state.apply(0, roll)
    assert error.value.reason == "'roll' is done by chance, not by a player"
    assert state.position() == before


def test_a_player_action_offered_by_the_chance_seat_is_refused_and_changes_nothing() -> None:
    state = GAME.new_state(seats(3), {}, 3)
    before = state.position()
    with pytest.raises(IllegalAction) as error:
        state.apply(CHANCE, Action.parse("pick 1"))
    assert error.value.reason == "nothing is left to chance now: only players act"
    state = all_picked()
    before = state.position()
    with pytest.raises(IllegalAction) as error:
        state.apply(CHANCE, Action.parse("pick 1"))
    assert error.value.reason == "chance cannot 'pick'; it only does roll"
    assert state.position() == before


def test_every_seat_waited_for_at_once_is_sometimes_asked_first() -> None:
    first_movers = {self_play(3, seed).record()["rounds"][0]["actions"][0][0] for seed in range(30)}
    assert first_movers == {0, 1, 2}


def test_all_seats_are_waited_for_until_they_have_picked() -> None:
    state = GAME.new_state(seats(3), {}, 1)
    assert state.waiting_for() == (0, 1, 2)
    state.apply(1, "pick 2")
    assert state.waiting_for() == (0, 2)
    assert state.view(0).picked == (False, True, False) and state.view(0).my_pick is None
