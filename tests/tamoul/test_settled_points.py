"""One test per settled point of rules/tamoul.md (A-1..A-17), and the seed sheet's scoring examples."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.drive import apply_chance
from game.core.engine import CHANCE
from game.core.errors import IllegalAction
from game.core.records import replay
from game.tamoul.state import score_round
from game.core.resources import asset_path
from game.tamoul import TamoulGame
from game.tamoul.content import parse_content
from tests.tamoul.helpers import GAME, build, faces, kinds, new_game, seats

SHIPPED = asset_path("decks", "tamoul.yaml").read_text(encoding="utf-8")

A = Action.parse


def test_A1_fifty_two_cards_red_kings_zero_black_kings_thirteen() -> None:
    content = GAME.content
    assert len(content.cards) == 52 and len(set(content.cards)) == 52
    assert {content.value[c] for c in ("KH", "KD")} == {0}
    assert {content.value[c] for c in ("KS", "KC")} == {13}
    assert [content.value[c] for c in ("AS", "2H", "10D", "JC", "QS")] == [1, 2, 10, 11, 12]
    assert "10H" in content.cards and "AS" in content.cards


def test_A2_cards_match_on_value_and_colour() -> None:
    content = GAME.content
    assert content.matches("6H", "6D") and content.matches("6S", "6C")
    assert not content.matches("6H", "6S") and not content.matches("6H", "7H")
    assert content.matches("KH", "KD") and not content.matches("KH", "KS")
    assert content.colour["QH"] == "red" and content.colour["QC"] == "black"


def test_A3_eight_slots_per_player_four_dealt_face_down() -> None:
    state = new_game(4)
    view = state.view(0)
    assert all(len(row) == 8 for row in view.board)
    for row in view.board:
        assert [slot is not None for slot in row] == [True] * 4 + [False] * 4


def test_A4_deal_four_and_look_once_at_slots_two_and_three() -> None:
    state = new_game(3, seed=7)
    setup = state.record()["rounds"][0]["setup"]
    for seat in range(3):
        assert faces(state, seat) == {(seat, 2): setup["slots"][seat][2], (seat, 3): setup["slots"][seat][3]}
    looks = [e for e in state.opening_events() if e.kind == "first_look"]
    assert [e.seat for e in looks] == [0, 1, 2]
    assert all(e.private_to == e.seat and e.for_seat((e.seat + 1) % 3).secret == {} for e in looks)
    assert looks[1].for_seat(1)["cards"] == setup["slots"][1][2:4]


def test_A5_discard_pile_starts_empty() -> None:
    state = new_game(2)
    assert state.view(0).discard == ()
    turn = state.turn
    assert state.legal_actions(turn)[:1] == [A("draw deck")] and A("draw discard") not in state.legal_actions(turn)
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        state.apply(turn, "draw discard")


def test_A6_counter_clockwise_from_a_seeded_first_player_then_one_further_each_round() -> None:
    firsts = {new_game(4, seed=s).first for s in range(12)}
    assert len(firsts) > 1  # seeded, not always seat 0
    state = new_game(4, seed=3, target=100)  # one round cannot reach 100
    assert new_game(4, seed=3).first == state.first
    first = state.first
    order = []
    for _ in range(4):
        order.append(state.turn)
        state.apply(state.turn, "draw deck")
        state.apply(state.turn, "keep 0")
        state.apply(state.turn, "end")
    assert order == [(first - k) % 4 for k in range(4)]
    state.apply(state.turn, "draw deck")
    state.apply(state.turn, "keep 0")
    state.apply(state.turn, "tamoul")
    while state.round_index == 0:
        state.apply(state.turn, "draw deck")
        state.apply(state.turn, "keep 0")
        state.apply(state.turn, "end")
    assert state.first == (first - 1) % 4 and state.turn == state.first


def test_A7_draw_from_deck_or_discard_and_only_the_drawer_sees_it() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], discard=["9C"], draw_top=["6D"])
    events = state.apply(0, "draw deck")
    assert events[0].kind == "drawn" and events[0]["source"] == "deck" and "card" not in events[0].data
    assert events[0].for_seat(0)["card"] == "6D" and "card" not in events[0].for_seat(1).secret
    assert state.view(0).drawn == "6D" and state.view(1).drawn is None and state.view(1).holder == 0
    other = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], discard=["9C"])
    other.apply(0, "draw discard")
    assert other.view(1).drawn == "9C" and other.view(1).discard == ()


def test_A8_keep_replaces_a_card_which_goes_face_up_and_a_discard_draw_must_be_kept() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], discard=["9C"], draw_top=["6D"])
    state.apply(0, "draw deck")
    events = state.apply(0, "keep 1")
    assert events[0]["discarded"] == "3S" and state.view(1).discard[-1] == "3S"
    assert state.slots[0][1] == "6D" and faces(state, 0)[(0, 1)] == "6D" and (0, 1) not in faces(state, 1)
    assert not any(e.kind == "peeked" for e in events)  # a card put on the pile by keep triggers nothing
    other = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], discard=["9C"])
    other.apply(0, "draw discard")
    assert A("discard") not in other.legal_actions(0)
    with pytest.raises(IllegalAction, match="must be kept"):
        other.apply(0, "discard")
    with pytest.raises(IllegalAction, match="slot 5 is empty"):
        other.apply(0, "keep 5")
    other.apply(0, "keep 0")
    assert faces(other, 1)[(0, 0)] == "9C"  # everyone saw it come off the discard pile


def test_A8_no_cards_cannot_take_discard_and_own_interception_while_holding_keeps_into_empty_slot() -> None:
    empty = build([[], ["2H", "3H", "4H", "5H"]], discard=["9C"])
    assert empty.legal_actions(0) == [A("draw deck")]
    state = build([["9D"], ["2H", "3H", "4H", "5H"]], discard=["9H", "8S"])
    state.apply(0, "draw discard")  # takes 8S; 9H shows again
    state.apply(0, "intercept 0")   # 9D matches 9H: seat 0 has no cards left
    assert state.slots[0] == [None] * 8
    assert state.legal_actions(0)[:8] == [A(f"keep {s}") for s in range(8)]
    state.apply(0, "keep 6")
    assert state.slots[0][6] == "8S" and state.view(0).discard[-1] == "9D"


@pytest.mark.parametrize("card, step", [("7S", "peek_own"), ("8H", "peek_own"), ("9C", "peek_other"),
                                        ("10D", "peek_other"), ("JS", "swap"), ("QH", "swap")])
def test_A9_discarding_a_drawn_high_card_makes_its_action_due(card: str, step: str) -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_top=[card])
    state.apply(0, "draw deck")
    events = state.apply(0, "discard")
    assert events[0]["steps"] == [step] and state.phase == "action"
    assert A("end") not in state.legal_actions(0)  # mandatory
    move = {"peek_own": "peek 1", "peek_other": "peek 1.0", "swap": "swap 0.0 1.3"}[step]
    state.apply(0, move)
    assert state.phase == "end"


def test_A9_black_king_peeks_then_swaps_and_red_king_or_low_card_does_nothing() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_top=["KS"])
    state.apply(0, "draw deck")
    assert state.apply(0, "discard")[0]["steps"] == ["peek_other", "swap"]
    state.apply(0, "peek 1.2")
    assert state.pending == ["swap"]
    state.apply(0, "swap 1.2 0.0")
    assert state.slots[0][0] == "4H" and faces(state, 0)[(0, 0)] == "4H"
    for quiet in ("KD", "6C"):
        other = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_top=[quiet])
        other.apply(0, "draw deck")
        assert other.apply(0, "discard")[0]["steps"] == [] and other.phase == "end"


def test_A9_an_action_with_no_target_is_skipped() -> None:
    state = build([["2S", "3S"], ["2H"]], draw_top=["10S"], callers=[1], turn=0)
    state.apply(0, "draw deck")
    events = state.apply(0, "discard")
    assert "step_skipped" in kinds(events) and state.phase == "end"  # seat 1 is frozen: nobody to peek at
    king = build([["2S", "3S"], ["2H"]], draw_top=["KC"], callers=[1], turn=0)
    king.apply(0, "draw deck")
    king.apply(0, "discard")
    assert king.pending == ["swap"]  # the look is skipped; the swap of two of my own cards is not


def test_A10_end_or_call_is_always_allowed() -> None:
    state = build([["KS", "QS", "JS", "10S"], ["2H", "3H", "4H", "5H"]], draw_top=["9S"])
    state.apply(0, "draw deck")
    state.apply(0, "keep 0")
    assert state.legal_actions(0)[:2] == [A("end"), A("tamoul")]
    state.apply(0, "tamoul")
    assert state.callers == [0] and state.turn == 1


def test_A11_taking_the_last_card_makes_chance_reshuffle_all_but_the_top_discard() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_count=1)
    below = state.discard[:-1]
    top = state.discard[-1]
    state.apply(0, "draw deck")
    assert state.waiting_for() == (CHANCE,) and state.to_act() == (CHANCE,)
    assert state.legal_actions(1) == [] and state.view(0).reshuffle_due
    with pytest.raises(IllegalAction, match="done by chance"):
        state.apply(0, "reshuffle " + ",".join(below))
    action = state.chance_action()
    assert sorted(action.args[0].split(",")) == sorted(below)
    events = apply_chance(state)
    assert kinds(events) == ["reshuffled"] and events[0]["count"] == len(below)
    assert state.view(0).discard == (top,) and state.view(0).draw_count == len(below)
    assert state.rounds[-1].actions[-1] == [CHANCE, str(action)]
    assert state.to_act()[0] == 0 and state.phase == "hold"


def test_A11_a_wrong_reshuffle_is_refused() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_count=1)
    state.apply(0, "draw deck")
    before = state.position()
    below = state.discard[:-1]
    for bad in (below[1:], below + [state.discard[-1]], below[:-1] + below[:1]):
        with pytest.raises(IllegalAction, match="discard pile without its top card"):
            state.apply(CHANCE, "reshuffle " + ",".join(bad))
    assert state.position() == before


def test_A11_nothing_to_shuffle_ends_the_round_at_once() -> None:
    """Cannot happen with 52 cards; a nine-card deck in the YAML makes it happen on the first draw."""
    text = SHIPPED.replace("  H: {name: Hearts, colour: red}\n  D: {name: Diamonds, colour: red}\n"
                           "  C: {name: Clubs, colour: black}\n", "")
    for rank in ("10", "J", "Q", "K"):
        text = "\n".join(line for line in text.splitlines() if not line.startswith(f"  {rank}:")
                         and not line.startswith(f'  "{rank}":'))
    small = TamoulGame(parse_content(text))
    assert len(small.content.cards) == 9
    state = small.new_state(seats(2), {}, 1)
    events = state.apply(state.turn, "draw deck")
    assert kinds(events)[:3] == ["drawn", "cards_revealed", "round_ended"] and state.round_index == 1


def test_A12_every_eligible_seat_may_intercept_at_any_moment_once_per_top_card() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2C", "3C", "4C", "5C"]],
                  discard=["9H"])
    assert state.to_act() == (0, 1, 2) and [state.is_reaction(s) for s in range(3)] == [False, True, True]
    state.apply(0, "draw deck")  # between another player's draw and keep
    assert state.to_act() == (0, 1, 2)
    state.apply(2, "intercept 1")
    assert state.to_act() == (0, 1) and state.view(2).attempts == (2,) and not state.view(2).can_intercept
    with pytest.raises(IllegalAction, match="already tried"):
        state.apply(2, "intercept 0")
    state.apply(0, "keep 0")  # a new top card (2S): everyone may try again
    assert state.to_act() == (0, 1, 2) and state.attempts == []


def test_A12_a_card_showing_again_is_a_new_top_card_and_full_slots_cannot_intercept() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], discard=["7C", "8H"])
    state.apply(1, "intercept 0")
    assert 1 not in state.to_act()
    state.apply(0, "draw discard")  # 7C shows again
    assert 1 in state.to_act()
    full = build([["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"], ["2H"]], discard=["9H"], turn=1)
    assert 0 not in full.to_act()
    with pytest.raises(IllegalAction, match="no room for a penalty card"):
        full.apply(0, "intercept 0")


def test_A12_the_first_to_act_gets_the_card() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["9D", "3H", "4H", "5H"], ["6D", "3C", "4C", "5C"]],
                  discard=["9H"])
    state.apply(1, "intercept 0")
    assert state.discard[-1] == "9D" and state.slots[1][0] is None
    assert 2 in state.to_act()  # 9D is a new top card; 9H is no longer on top


def test_A13_success_empties_the_slot_failure_adds_an_unseen_penalty_card() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["6D", "3H", "4H", "5H"], ["7H", "3C", "4C", "5C"]],
                  discard=["6H"], draw_top=["QD"])
    events = state.apply(1, "intercept 0")
    assert events[0].data == {"slot": 0, "card": "6D", "top": "6H", "success": True, "penalty_slot": None}
    assert state.slots[1][0] is None and state.discard[-1] == "6D"
    events = state.apply(2, "intercept 0")
    assert events[0]["success"] is False and events[0]["penalty_slot"] == 4
    assert state.slots[2][0] == "7H" and state.slots[2][4] == "QD"
    assert faces(state, 0)[(2, 0)] == "7H"  # shown to everyone
    assert all((2, 4) not in faces(state, s) for s in range(3))  # the penalty card is unseen


def test_A13_a_penalty_card_taking_the_last_card_calls_for_a_reshuffle() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["6D", "3H", "4H", "5H"]], draw_count=1)
    state.apply(1, "intercept 0")
    assert state.waiting_for() == (CHANCE,)


def test_A14_a_callers_cards_are_frozen_and_it_no_longer_intercepts_or_plays() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2C", "3C", "4C", "5C"]],
                  discard=["2D"], draw_top=["JD"], callers=[1], turn=2, first=1)
    assert 1 not in state.to_act()
    with pytest.raises(IllegalAction, match="can no longer intercept"):
        state.apply(1, "intercept 0")
    state.apply(2, "draw deck")
    state.apply(2, "discard")
    assert all("1." not in str(a) for a in state.legal_actions(2) if a.verb == "swap")
    with pytest.raises(IllegalAction, match="frozen"):
        state.apply(2, "swap 1.0 0.0")


def test_A15_others_play_once_more_second_caller_freezes_and_round_ends_at_the_first_caller() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2C", "3C", "4C", "5C"],
                   ["6S", "6H", "6C", "6D"]], turn=0)
    for seat, finish in ((0, "tamoul"), (3, "end"), (2, "tamoul")):
        assert state.turn == seat
        state.apply(seat, "draw deck")
        state.apply(seat, "keep 0")
        state.apply(seat, finish)
    assert state.callers == [0, 2] and state.turn == 1 and state.to_play() == (1,)
    state.apply(1, "draw deck")
    state.apply(1, "keep 0")
    events = state.apply(1, "end")
    assert "round_ended" in kinds(events) and state.round_index == 1


def test_A16_scoring_with_the_penalty_for_a_wrong_call() -> None:
    assert score_round([8, 10, 7, 10], [0, 3], 8, 25) == [0, 10, 7, 35]
    assert score_round([0, 9], [1], 8, 25) == [0, 34]


def test_A16_seed_examples_cassie_lexi_lenita_shilp() -> None:
    """Cassie called with 8 (0), Lexi has 10, Lenita 7 without calling, Shilp called with 10 (35)."""
    cassie = ["AS", "2S", "5H"]          # 8
    lexi = ["4D", "6C"]                  # 10
    lenita = ["3C", "4C", "KH"]          # 7 (a red king is 0)
    shilp = ["2D", "8D"]                 # 10
    state = build([cassie, lexi, lenita, shilp], callers=[0, 3], turn=1, first=0, phase="end")
    events = state.apply(1, "end")
    revealed = next(e for e in events if e.kind == "cards_revealed")
    assert revealed["sums"] == [8, 10, 7, 10]
    assert next(e for e in events if e.kind == "round_ended")["score"] == [0, 10, 7, 35]
    assert state.totals == [0, 10, 7, 35]


def test_A16_a_player_with_no_cards_scores_zero() -> None:
    state = build([[], ["2H"]], callers=[0], turn=1, first=0, phase="end")
    state.apply(1, "end")
    assert state.last_scores == [0, 2]


@pytest.mark.parametrize("target", [50, 100])
def test_A17_game_ends_at_the_target_and_equal_lowest_totals_share_the_win(target: int) -> None:
    state = build([["KS", "KC", "QS", "QC"], ["2H"], ["2D"]], callers=[1], turn=2, first=1, phase="end",
                  totals=[target - 40, 5, 5], target=target)
    events = state.apply(2, "end")
    assert state.finished and state.totals == [target + 10, 5, 7] and state.winners == (1,)
    assert kinds(events)[-2:] == ["round_ended", "game_ended"]
    shared = build([["KS", "KC", "QS", "QC"], ["2H"], ["2D"]], callers=[1], turn=2, first=1, phase="end",
                   totals=[target - 40, 7, 5], target=target)
    shared.apply(2, "end")
    assert shared.finished and shared.totals == [target + 10, 7, 7] and shared.winners == (1, 2)
    below = build([["2S"], ["2H"]], callers=[1], turn=0, first=1, phase="end", totals=[target - 10, 0],
                  target=target)
    below.apply(0, "end")
    assert not below.finished and below.round_index == 1


def test_A11_records_replay_with_their_reshuffles() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_count=1)
    state.apply(0, "draw deck")
    apply_chance(state)
    assert any(a[0] == CHANCE for a in state.rounds[-1].actions)
    fresh = new_game(2, seed=4)
    fresh.apply(fresh.turn, "draw deck")
    record = fresh.record()
    assert replay(GAME, record).record() == record
