"""Refused actions: each gives a clear reason and changes nothing."""
from __future__ import annotations

import pytest

from game.core.engine import CHANCE
from game.core.errors import IllegalAction
from game.tamoul.state import TamoulState
from tests.tamoul.helpers import build

THREE = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2C", "3C", "4C", "5C"]]


def refused(state: TamoulState, seat: int, text: str, words: str) -> None:
    before = state.position()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, text)
    assert words in caught.value.reason, caught.value.reason
    assert state.position() == before


def test_interception_by_a_caller_is_refused() -> None:
    state = build(THREE, discard=["9D"], callers=[1], turn=2, first=1)
    refused(state, 1, "intercept 0", "you have called Tamoul: you can no longer intercept")


def test_a_second_attempt_on_the_same_top_card_is_refused() -> None:
    state = build(THREE, discard=["9D"])
    state.apply(1, "intercept 0")
    refused(state, 1, "intercept 1", "already tried to intercept this top card")


def test_a_peek_at_a_frozen_card_is_refused() -> None:
    state = build(THREE, phase="action", pending=["peek_other"], callers=[1], turn=2, first=1)
    refused(state, 2, "peek 1.0", "frozen")


def test_a_swap_of_a_slot_with_itself_is_refused() -> None:
    state = build(THREE, phase="action", pending=["swap"])
    refused(state, 0, "swap 1.2 1.2", "not a slot with itself")


@pytest.mark.parametrize("seat, text, words", [
    (1, "draw deck", "it is Ana's turn, not yours"),
    (2, "end", "it is Ana's turn, not yours"),
    (0, "end", "first draw a card"),
    (0, "keep 1", "first draw a card"),
    (0, "peek 1.1", "first draw a card"),
])
def test_out_of_turn_and_out_of_phase_actions_are_refused(seat: int, text: str, words: str) -> None:
    refused(build(THREE, discard=["9D"]), seat, text, words)


@pytest.mark.parametrize("text, words", [
    ("draw pile", "'draw deck' or 'draw discard'"),
    ("fly away", "not a Tamoul action"),
    ("intercept x", "name one of your slots 0..7"),
    ("intercept 9", "name one of your slots 0..7"),
    ("intercept 7", "slot 7 is empty"),
    ("draw  deck", "stray spaces"),
    ("Draw deck", "lower-case verb"),
    ("", "non-empty text"),
])
def test_unparsable_or_malformed_text_is_refused(text: str, words: str) -> None:
    refused(build(THREE, discard=["9D"]), 0, text, words)


@pytest.mark.parametrize("pending, text, words", [
    (["peek_own"], "peek 1.1", "name one of your own slots"),
    (["peek_own"], "peek 6", "your slot 6 is empty"),
    (["peek_other"], "peek 0.1", "another player's card, not your own"),
    (["peek_other"], "peek 2", "seat.slot"),
    (["swap"], "swap 1.2", "your card's action is due"),
    (["swap"], "swap 1.2 9.9", "name two slots as seat.slot"),
    (["swap"], "swap 1.2 2.6", "slot 6 is empty"),
    (["swap"], "end", "your card's action is due"),
])
def test_bad_action_steps_are_refused(pending: list[str], text: str, words: str) -> None:
    refused(build(THREE, phase="action", pending=pending), 0, text, words)


def test_holding_a_card_bad_keeps_and_discards_are_refused() -> None:
    state = build(THREE, draw_top=["6D"])
    state.apply(0, "draw deck")
    refused(state, 0, "keep 6", "your slot 6 is empty")
    refused(state, 0, "keep 12", "name one of your slots")
    refused(state, 0, "discard 1", "takes no slot")
    refused(state, 0, "end", "keep the card you drew")


def test_chance_and_players_keep_to_their_own_verbs() -> None:
    state = build(THREE, discard=["9D"])
    refused(state, CHANCE, "reshuffle 2S", "nothing is left to chance")
    refused(state, 0, "reshuffle 2S", "done by chance")
    refused(state, 5, "end", "there is no seat 5")


def test_a_record_with_a_wrong_reshuffle_is_refused_with_the_reason() -> None:
    import random

    from game.core.drive import apply_chance, chance_is_due
    from game.core.errors import RecordError
    from game.core.records import replay
    from tests.tamoul.helpers import GAME, seats

    state = GAME.new_state(seats(2), {}, 3)
    rng = random.Random(3)
    while not any(seat == CHANCE for seat, _ in state.rounds[-1].actions):
        if chance_is_due(state):
            apply_chance(state)
            continue
        legal = [a for a in state.legal_actions(state.turn) if a.verb not in ("tamoul", "intercept")]
        state.apply(state.turn, rng.choice(legal))
    record = state.record()
    assert replay(GAME, record).record() == record
    entry = next(e for e in record["rounds"][-1]["actions"] if e[0] == CHANCE)
    entry[1] = "reshuffle " + ",".join(entry[1].split(" ")[1].split(",")[1:])  # one card left out
    with pytest.raises(RecordError, match="discard pile without its top card"):
        replay(GAME, record)


def test_a_move_at_the_wrong_moment_is_refused_in_words_not_notation() -> None:
    """What a table player can meet (a key pressed before drawing, ending while holding a card, ending
    before the card's action) reads as words: record notation ('keep S') is for typed actions only."""
    state = build(THREE, draw_top=["6D", "JD"])
    for text in ("keep 1", "end", "discard"):
        with pytest.raises(IllegalAction) as caught:
            state.apply(0, text)
        assert "'" not in caught.value.reason, caught.value.reason
    state.apply(0, "draw deck")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "end")
    assert "'" not in caught.value.reason, caught.value.reason
    state.apply(0, "keep 1")
    for text in ("keep 1", "draw deck"):
        with pytest.raises(IllegalAction) as caught:
            state.apply(0, text)
        assert "'" not in caught.value.reason, caught.value.reason
