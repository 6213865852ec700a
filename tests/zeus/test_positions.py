"""Zeus positions: `state.position()` and `ZeusGame.from_position()` (the public position constructor)."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import step
from game.core.records import record_to_text
from zeus_helpers import GAME, at, table


def mid_game(seed: int = 4, steps: int = 30, **options: bool) -> Any:
    state = GAME.new_state([SeatInfo(n, "ai:random") for n in ("Ada", "Bo", "Cy")], options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step(state, [RandomAgent()] * 3, rng)
    return state


def test_now_holds_the_setup_keys_and_the_round_so_far() -> None:
    now = mid_game().position()["now"]
    assert {"dealer", "first", "hands", "draw_pile"} <= set(now)  # the record's setup object
    assert {"turn", "total", "pile", "zeus_holder", "owes_draw"} <= set(now)


def test_a_position_plays_on_exactly_like_the_game_it_came_from() -> None:
    state = mid_game(manual_draw=True)
    copy = GAME.from_position(state.position())
    rng = random.Random(9)
    while not state.finished:
        seat = state.waiting_for()[0]
        action = rng.choice(state.legal_actions(seat))
        assert copy.apply(seat, action) == state.apply(seat, action)
    assert record_to_text(copy.record()) == record_to_text(state.record())


def change(edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    position = mid_game().position()
    edit(position)
    return position


@pytest.mark.parametrize("edit, words", [
    (lambda p: p["now"]["draw_pile"].pop(), "does not hold exactly the cards of the deck"),
    (lambda p: p["now"]["hands"][0].append("Zeus-card"), "does not hold exactly the cards of the deck"),
    (lambda p: p["now"].update(turn=3), "turn must be a seat 0..2"),
    (lambda p: p["now"].update(first=(p["now"]["dealer"] + 2) % 3), "first must be the seat after dealer"),
    (lambda p: p["now"].update(total=-5), "total must be a whole number"),
    (lambda p: p["now"].update(zeus_holder=7), "zeus_holder must be a seat 0..2 or null"),
    (lambda p: p["now"].update(pile=[["7", 9]]), "pile must list [card, seat] pairs"),
    (lambda p: p["now"].pop("pile"), "must have exactly the keys"),
    (lambda p: p.update(game="telos"), "the position is for game 'telos'"),
    (lambda p: p.update(totals=[0, 0]), "'totals' must hold one whole number for each of 3 seats"),
    (lambda p: p.pop("now"), "a position has exactly the keys"),
    (lambda p: p.update(options={"sneak": "perhaps"}), "option sneak: expected true or false"),
])
def test_a_bad_position_is_refused_with_what_is_wrong(edit: Callable[[dict[str, Any]], None], words: str) -> None:
    with pytest.raises(ValueError) as error:
        GAME.from_position(change(edit))
    assert words in str(error.value)


def test_a_position_that_deals_no_next_round_stops_when_its_round_ends() -> None:
    state = table([["7", "4", "5", "6"], ["1", "2", "3", "4"]])
    state = at(state, total=93, deals_next_round=False)
    state.apply(0, "play 7")  # 100: seat 0 wins the round (Z-11)
    assert state.finished and state.winners == () and state.totals == [1, 0]
    assert state.to_act() == () and len(state.rounds) == 1


def test_opening_events_are_the_current_rounds_deal() -> None:
    state = mid_game(steps=60)
    assert state.round_index > 0
    opening = state.opening_events()
    assert opening[0].kind == "round_started" and opening[0]["round"] == state.round_index
    assert GAME.from_position(state.position()).opening_events() == opening
