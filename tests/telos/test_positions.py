"""Télos positions: `state.position()` and `TelosGame.from_position()` (the public position constructor)."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from game.core.records import record_to_text
from tests.telos.table import GAME, arrange, new_game, play


def mid_trick(**options: Any) -> Any:
    """Seat 0 has led two cards; seat 1 is to follow (trick 1 of the round, so multiple leads count)."""
    state = arrange([["6a", "6b", "7a", "1a"], ["2a", "3a", "4a", "5a"], ["2b", "3b", "4b", "5b"]],
                    zeus_cards=["Z:ant", "Z:swan", "Z:bull"], **options)
    play(state, (0, "play 6a,6b"))
    return state


def test_now_holds_the_setup_keys_and_the_trick_under_way() -> None:
    now = mid_trick().position()["now"]
    assert {"dealer", "direction", "hands", "blind", "scores_before"} <= set(now)  # the record's setup object
    assert now["plays"] == [{"seat": 0, "cards": ["6a", "6b"], "values": [6, 6]}]
    assert now["line"] == [6, 6] and now["k"] == 2 and now["trick_order"] == [0, 1, 2]


def test_a_position_plays_on_exactly_like_the_game_it_came_from() -> None:
    state = new_game(4, 8, divine_trick=True)
    rng = random.Random(3)
    for _ in range(25):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = GAME.from_position(state.position())
    assert copy.position() == state.position()
    while not state.finished:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        assert copy.apply(seat, action) == state.apply(seat, action)
    assert record_to_text(copy.record()) == record_to_text(state.record())


def change(edit: Callable[[dict[str, Any]], None], **options: Any) -> dict[str, Any]:
    position = mid_trick(**options).position()
    edit(position["now"])
    return position


@pytest.mark.parametrize("edit, words", [
    (lambda now: now["undealt"].append("6a"), "card '6a' is dealt twice"),
    (lambda now: now["undealt"].pop(), "every card of the deck must be somewhere exactly once"),
    (lambda now: now["undealt"].append("99z"), "card '99z' is not in the deck"),
    (lambda now: now["hands"][1].pop(), "hands must be equal but for the cards played this trick (T-5)"),
    (lambda now: now.update(trick_order=[0, 2, 2]), "trick_order must be every seat from the leader"),
    (lambda now: now["plays"][0].update(seat=1), "plays[0] is by seat 1; seat 0 plays then"),
    (lambda now: now["plays"][0].update(values=[6]), "one value per card"),
    (lambda now: now.update(line=[6]), "line must hold k values"),
    (lambda now: now.update(direction=2), "direction must be 1 or -1"),
    (lambda now: now.update(blind=["9a", "9b", "9c"]), "blind must be null (T-22)"),
    (lambda now: now.update(zeus_cards=["Z:ant", "Z:swan", "Z:eagle"]), "zeus_cards must be the ones"),
    (lambda now: now.update(leader=5), "leader must be a seat 0..2"),
    (lambda now: now.pop("k"), "must have exactly the keys"),
])
def test_a_bad_position_is_refused_with_what_is_wrong(edit: Callable[[dict[str, Any]], None], words: str) -> None:
    with pytest.raises(ValueError) as error:
        GAME.from_position(change(edit))
    assert words in str(error.value)


def test_the_divine_trick_needs_one_blind_card_per_seat() -> None:
    with pytest.raises(ValueError) as error:
        GAME.from_position(change(lambda now: now.update(blind=None), divine_trick=True))
    assert "blind must be one card per seat (T-22)" in str(error.value)


def test_an_eagle_played_earlier_in_the_trick_still_picks_the_leader_after_a_position() -> None:
    state = arrange([["9a", "3a"], ["Z:eagle", "4a"], ["12a", "5a"]], zeus_cards=["Z:eagle", "Z:ant", "Z:bull"])
    play(state, (0, "play 9a"), (1, "play Z:eagle"))
    copy = GAME.from_position(state.position())
    events = play(copy, (2, "play 12a"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won["next_leader"] == 1 and won["reason"] == "eagle"
