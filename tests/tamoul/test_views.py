"""Views hold exactly what a seat has seen and may still know, tied to the card (view.py's model)."""
from __future__ import annotations

from game.core.drive import apply_chance
from tests.tamoul.helpers import build, faces, new_game

TWO = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]
THREE = TWO + [["2C", "3C", "4C", "5C"]]


def test_view_first_look_shows_own_slots_two_and_three_only() -> None:
    state = build(TWO)
    assert faces(state, 0) == {(0, 2): "4S", (0, 3): "5S"}
    assert faces(state, 1) == {(1, 2): "4H", (1, 3): "5H"}
    assert faces(state, None) == {}


def test_view_peek_shows_the_face_to_the_peeker_and_the_slot_to_everyone() -> None:
    state = build(THREE, phase="action", pending=["peek_other"])
    events = state.apply(0, "peek 1.0")
    assert faces(state, 0)[(1, 0)] == "2H"
    assert (1, 0) not in faces(state, 1) and (1, 0) not in faces(state, 2)
    assert events[0].data == {"target": 1, "slot": 0} and events[0].for_seat(2).secret == {}
    assert state.view(2).board[1][0].known_by(0)  # everyone sees who looked where


def test_view_own_peek_and_keep_are_remembered() -> None:
    state = build(TWO, phase="action", pending=["peek_own"])
    state.apply(0, "peek 0")
    assert faces(state, 0)[(0, 0)] == "2S"
    state.apply(0, "end")
    state.apply(1, "draw deck")
    kept = state.drawn
    state.apply(1, "keep 0")
    assert faces(state, 1)[(1, 0)] == kept and (1, 0) not in faces(state, 0)


def test_view_swap_moves_knowledge_with_the_card() -> None:
    state = build(THREE, phase="action", pending=["swap"])
    state.apply(0, "swap 0.2 1.0")
    assert faces(state, 0) == {(1, 0): "4S", (0, 3): "5S"}
    assert faces(state, 1) == {(1, 2): "4H", (1, 3): "5H"}  # it never saw 4S nor 2H
    watch = state.view(2).board[1][0].watch_of(0)
    assert watch is not None and watch[2] == 1  # one swap since seat 0 saw it


def test_view_unseen_swap_moves_nothing_known() -> None:
    state = build(THREE, phase="action", pending=["swap"])
    before = faces(state, 2)
    state.apply(0, "swap 0.0 1.1")  # two cards nobody has seen
    assert faces(state, 2) == before and faces(state, 0) == {(0, 2): "4S", (0, 3): "5S"}
    assert state.view(2).board[0][0].watchers == () and state.view(2).board[1][1].watchers == ()


def test_view_discarded_and_discard_drawn_cards_are_seen_by_everyone() -> None:
    state = build(TWO, discard=["9C"], draw_top=["6D"])
    state.apply(0, "draw discard")
    assert state.view(1).drawn == "9C"
    state.apply(0, "keep 2")
    assert state.view(1).discard == ("4S",)
    assert faces(state, 1)[(0, 2)] == "9C" and faces(state, 0)[(0, 2)] == "9C"


def test_view_a_card_leaving_the_slots_is_forgotten_there_and_a_penalty_card_is_unseen() -> None:
    state = build(TWO, discard=["9C"], draw_top=["6D"])
    state.apply(1, "intercept 2")  # 4H is no match: shown to everyone, goes back; 6D comes unseen
    assert faces(state, 0)[(1, 2)] == "4H" and (1, 4) not in faces(state, 1)
    assert state.view(0).board[1][4].watchers == ()


def test_view_holds_public_facts_and_nothing_hidden() -> None:
    state = new_game(3, seed=11)
    view = state.view(0)
    assert view.draw_count == 52 - 12 and view.discard == () and view.callers == () and view.attempts == ()
    assert view.turn == state.turn and view.totals == (0, 0, 0) and view.target == 50
    hidden = {c for row in state.slots for c in row if c is not None} | set(state.draw)
    known = set(faces(state, 0).values())
    assert known == set(state.slots[0][2:4])
    text = repr(state.view(None))
    assert not any(f"'{card}'" in text for card in hidden)


def test_view_reshuffled_draw_pile_order_is_known_to_nobody() -> None:
    state = build(TWO, draw_count=1)
    state.apply(0, "draw deck")
    events = apply_chance(state)
    assert events[0].data == {"count": len(state.draw)} and not events[0].secret
