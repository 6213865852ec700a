"""One test (or a few) per settled point Z-1..Z-16 of rules/zeus.md."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.engine import SeatInfo, round_rng
from game.core.errors import IllegalAction
from game.zeus.deck import HAND_SIZE
from game.zeus.outcome import play_outcome
from game.zeus.state import first_player_by_name
from zeus_helpers import GAME, NAMES, at, card_count, first_of, kinds, table


def new_game(names: tuple[str, ...], seed: int = 3, **options: bool):
    return GAME.new_state([SeatInfo(n) for n in names], options, seed)


# ----- Z-1 setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_Z1_four_cards_each_rest_is_draw_pile_total_zero_zeus_free(players: int) -> None:
    state = new_game(NAMES[:players])
    assert [len(h) for h in state.hands] == [HAND_SIZE] * players
    assert len(state.draw_pile) == 60 - HAND_SIZE * players
    assert state.total == 0 and state.zeus_holder is None and state.pile == []
    assert card_count(state) == Counter(GAME.deck.full_deck())


def test_Z1_deal_comes_from_round_rng_and_is_recorded_as_the_setup_object() -> None:
    state = new_game(("Zoe", "Ann", "Bob"), seed=11)
    setup = state.rounds[0].setup
    assert list(setup) == ["dealer", "first", "hands", "draw_pile"]
    cards = GAME.deck.full_deck()
    round_rng(11, 0).shuffle(cards)
    first = setup["first"]
    expected = [[cards[i] for i in range(12) if (first + i) % 3 == s] for s in range(3)]
    assert setup["hands"] == expected == state.hands
    assert setup["draw_pile"] == cards[12:] == state.draw_pile
    assert new_game(("Zoe", "Ann", "Bob"), seed=11).rounds[0].setup == setup
    assert new_game(("Zoe", "Ann", "Bob"), seed=12).rounds[0].setup != setup


# ----- Z-2 first player and dealer ----------------------------------------------------------------
def test_Z2_first_player_is_the_name_closest_to_z_after_casefold() -> None:
    state = new_game(("ann", "Zed", "bob"))
    assert (state.turn, state.dealer) == (1, 0)
    assert first_player_by_name(["Yann", "yvonne", "YVES"]) == 1  # casefold, then letter by letter
    assert first_player_by_name(["Zz", "Zza"]) == 1


def test_Z2_name_ties_go_to_the_lowest_seat_and_dealer_sits_before_first() -> None:
    state = new_game(("Al", "Zoe", "zoe"))
    assert state.turn == 1 and state.dealer == 0
    state = new_game(("Zoe", "Al", "zoe"))
    assert state.turn == 0 and state.dealer == 2


def test_Z2_later_rounds_the_winner_deals_and_the_seat_to_the_left_plays_first() -> None:
    state = table([["Hera", "2", "3", "4"], ["1", "2", "3", "4"], ["5", "6", "7", "9"]])
    state.apply(0, "play Hera")  # 99, seat 0 takes Zeus
    events = state.apply(1, "play 1")  # exactly 100: seat 1 wins
    assert first_of(events, "round_won").seat == 1
    assert state.rounds[1].setup["dealer"] == 1 and state.rounds[1].setup["first"] == 2
    assert state.turn == 2 and first_of(events, "round_started")["first"] == 2


# ----- Z-3 a turn ----------------------------------------------------------------------------------
def test_Z3_play_then_automatic_draw_then_play_passes_left() -> None:
    state = table([["3", "4", "5", "6"], ["1", "2", "3", "4"], ["5", "6", "7", "9"]], draw_top=["Hera"])
    events = state.apply(0, "play 3")
    assert kinds(events) == ["card_played", "card_drawn", "turn_passed"]
    assert sorted(state.hands[0]) == sorted(["4", "5", "6", "Hera"])
    drawn = first_of(events, "card_drawn")
    assert drawn["card"] == "Hera" and drawn.private_to == 0 and drawn.for_seat(1).get("card") is None
    assert state.turn == 1 and state.rounds[0].actions == [[0, "play 3"]]


# ----- Z-4 number cards -----------------------------------------------------------------------------
def test_Z4_a_number_card_adds_its_value() -> None:
    state = table([["7", "4", "5", "6"], ["1", "2", "3", "4"]])
    state = at(state, total=31)
    played = first_of(state.apply(0, "play 7"), "card_played")
    assert (played["total_before"], played["total"], state.total) == (31, 38, 38)


# ----- Z-5 gods -------------------------------------------------------------------------------------
@pytest.mark.parametrize("god,before,after", [
    ("Aphrodite", 22, 20), ("Aphrodite", 64, 60), ("Aphrodite", 37, 40), ("Aphrodite", 85, 90),
    ("Aphrodite", 40, 40), ("Apollo", 37, 37), ("Ares", 30, 50), ("Ares", 80, 50), ("Artemis", 12, 12),
    ("Athena", 33, 33), ("Hera", 5, 99), ("Hermes", 37, 73), ("Hermes", 91, 19), ("Hermes", 7, 70),
    ("Hermes", 20, 20), ("Hermes", 0, 0), ("Hermes", 55, 55), ("Poseidon", 35, 25), ("Poseidon", 4, 0),
    ("Poseidon", 0, 0),
])
def test_Z5_god_changes_the_total(god: str, before: int, after: int) -> None:
    state = table([[god, "4", "5", "6"], ["1", "2", "3", "4"], ["5", "6", "7", "9"]])
    state = at(state, total=before)
    played = first_of(state.apply(0, f"play {god}"), "card_played")
    assert played["total"] == after == state.total


def test_Z5_athena_skips_the_next_player() -> None:
    state = table([["Athena", "4", "5", "6"], ["1", "2", "3", "4"], ["5", "6", "7", "9"]])
    events = state.apply(0, "play Athena")
    assert first_of(events, "turn_skipped").seat == 1
    assert state.turn == 2 and state.zeus_holder is None


def test_Z5_athena_with_two_players_the_same_player_plays_again() -> None:
    state = table([["Athena", "4", "5", "6"], ["1", "2", "3", "4"]])
    events = state.apply(0, "play Athena")
    assert first_of(events, "turn_skipped").seat == 1 and state.turn == 0
    assert first_of(events, "turn_passed")["turn"] == 0


def test_Z5_god_effects_and_steals_come_from_the_yaml() -> None:
    steals = {card.god: card.steals for card in GAME.cards.values() if card.kind == "god"}
    assert steals == {"Aphrodite": True, "Apollo": True, "Ares": True, "Artemis": True, "Athena": False,
                      "Hera": True, "Hermes": False, "Poseidon": True}
    counts = {card.id: card.count for card in GAME.cards.values()}
    assert counts == {**{str(v): 4 for v in range(1, 11)}, "Poseidon": 4, "Ares": 3, "Athena": 3, "Hermes": 3,
                      "Aphrodite": 2, "Apollo": 2, "Artemis": 2, "Hera": 1}
    assert all(card.effect for card in GAME.cards.values())


# ----- Z-6 stealing Zeus ------------------------------------------------------------------------------
def test_Z6_a_stealing_god_takes_zeus_from_its_holder() -> None:
    state = table([["10", "4", "5", "6"], ["Apollo", "2", "3", "4"], ["5", "6", "7", "9"]])
    assert first_of(state.apply(0, "play 10"), "zeus_stolen").data == {"from_seat": None, "reason": "multiple_of_ten"}
    stolen = first_of(state.apply(1, "play Apollo"), "zeus_stolen")
    assert (stolen.seat, stolen["from_seat"], stolen["reason"]) == (1, 0, "god")
    assert state.zeus_holder == 1


def test_Z6_reaching_a_multiple_of_ten_takes_zeus() -> None:
    state = table([["3", "4", "5", "6"], ["1", "2", "3", "4"]])
    state = at(state, total=27)
    state.apply(0, "play 3")
    assert state.zeus_holder == 0


def test_Z6_hermes_steals_only_when_it_changed_the_total_to_a_multiple_of_ten() -> None:
    state = table([["Hermes", "4", "5", "6"], ["Hermes", "2", "3", "4"], ["Athena", "6", "7", "9"]])
    state = at(state, total=7)
    state.apply(0, "play Hermes")  # 7 -> 70
    assert state.zeus_holder == 0
    events = state.apply(1, "play Hermes")  # 70 stays 70: nothing changed, nothing stolen
    assert "zeus_stolen" not in kinds(events) and state.zeus_holder == 0
    events = state.apply(2, "play Athena")  # Athena on 70 does not steal either
    assert "zeus_stolen" not in kinds(events) and state.zeus_holder == 0


def test_Z6_matching_an_opponents_number_on_top_takes_zeus() -> None:
    state = table([["5", "4", "1", "6"], ["5", "2", "3", "4"], ["5", "6", "7", "9"]])
    state.apply(0, "play 5")
    stolen = first_of(state.apply(1, "play 5"), "zeus_stolen")
    assert (stolen.seat, stolen["reason"]) == (1, "match")


def test_Z6_a_card_matching_ones_own_number_is_no_match() -> None:
    five = GAME.cards["5"]
    assert not play_outcome(five, 12, 5, 0, seat=0).match
    assert play_outcome(five, 12, 5, 1, seat=0).match
    assert play_outcome(five, 12, 5, 0, seat=0).steal_reason is None


# ----- Z-7 legal plays ----------------------------------------------------------------------------------
def test_Z7_a_card_past_100_is_not_allowed() -> None:
    state = table([["6", "5", "Hera", "Ares"], ["1", "2", "3", "4"]])
    state = at(state, total=95)
    assert "play 6" not in [str(a) for a in state.legal_actions(0)]
    assert [str(a) for a in state.legal_actions(0)] == ["play 5", "play Ares", "play Hera"]
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "play 6")
    assert error.value.reason == "that would take Mount Olympus past 100"


def test_Z7_match_allowed_past_100() -> None:
    state = table([["8", "5", "4", "1"], ["8", "2", "3", "4"]])
    state = at(state, total=90)
    state.apply(0, "play 8")  # 98
    assert "play 8" in [str(a) for a in state.legal_actions(1)]
    assert "play 2" in [str(a) for a in state.legal_actions(1)] and "play 3" not in [str(a) for a in state.legal_actions(1)]


# ----- Z-8 no legal play --------------------------------------------------------------------------------
def test_Z8_no_legal_play_ends_the_round_for_the_zeus_holder() -> None:
    state = table([["Apollo", "4", "5", "6"], ["5", "6", "7", "9"]])
    state = at(state, total=96)
    events = state.apply(0, "play Apollo")
    won = first_of(events, "round_won")
    assert (won.seat, won["reason"]) == (0, "no_legal_play")
    assert state.rounds[0].score == [1, 0] and state.round_index == 1


def test_Z8_no_sneak_can_follow_when_the_round_ends_at_once() -> None:
    state = table([["4", "1", "2", "3"], ["5", "6", "7", "9"], ["4", "6", "7", "9"]])
    state = at(state, total=92, zeus_holder=2)
    events = state.apply(0, "play 4")  # 96: seat 1 cannot play; seat 2's 4 never gets its sneak
    assert first_of(events, "round_won").seat == 2 and state.round_index == 1
    assert kinds(events).index("round_won") < kinds(events).index("round_started")


def test_Z8_with_manual_draw_the_hand_is_judged_before_the_draw() -> None:
    state = table([["Athena", "6", "7", "9"], ["1", "2", "3", "4"]], draw_top=["1"], manual_draw=True)
    state = at(state, total=95, zeus_holder=1)
    events = state.apply(0, "play Athena")  # seat 0 plays again at once, with 6, 7, 9 only
    won = first_of(events, "round_won")
    assert (won.seat, won["reason"]) == (1, "no_legal_play")


# ----- Z-9 the sneak window ---------------------------------------------------------------------------
def test_Z9_others_holding_the_number_may_sneak_as_a_reaction() -> None:
    state = table([["8", "1", "2", "3"], ["8", "1", "2", "3"], ["8", "5", "6", "7"], ["4", "5", "6", "7"]])
    state.apply(0, "play 8")
    assert state.to_act() == (1, 2)
    assert state.is_reaction(2) and not state.is_reaction(1) and state.waiting_for() == (1,)
    assert [str(a) for a in state.legal_actions(2)] == ["sneak 8"]
    assert "sneak 8" not in [str(a) for a in state.legal_actions(1)] and "play 8" in [str(a) for a in state.legal_actions(1)]
    view = state.view(3)
    assert view.sneak_open and view.sneak_number == 8
    with pytest.raises(IllegalAction, match="it is your turn"):
        state.apply(1, "sneak 8")


def test_Z9_the_window_closes_when_the_next_card_is_played() -> None:
    state = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"]])
    state.apply(0, "play 8")
    state.apply(1, "play 4")
    assert state.to_act() == (2,)
    with pytest.raises(IllegalAction) as error:
        state.apply(2, "sneak 8")
    assert error.value.reason == "it is your turn: play the matching card as an ordinary play"
    state2 = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"], ["8", "9", "9", "10"]])
    state2.apply(0, "play 8")
    state2.apply(1, "play 4")
    with pytest.raises(IllegalAction) as error:
        state2.apply(3, "sneak 8")
    assert error.value.reason == "you can only sneak a card matching the 4 on top"


def test_Z9_two_players_never_sneak() -> None:
    state = table([["8", "1", "2", "3"], ["8", "1", "2", "3"]])
    state.apply(0, "play 8")
    assert state.to_act() == (1,) and not state.view(1).sneak_open


# ----- Z-10 a sneak --------------------------------------------------------------------------------------
def test_Z10_sneak_steals_adds_draws_and_skips_to_the_sneakers_left() -> None:
    state = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"], ["4", "5", "6", "7"]])
    state.apply(0, "play 8")
    events = state.apply(2, "sneak 8")
    assert kinds(events) == ["card_played", "zeus_stolen", "card_drawn", "turn_passed"]
    played = first_of(events, "card_played")
    assert (played["total"], played["sneak"], played["by_turn"]) == (16, True, False)
    assert first_of(events, "zeus_stolen")["reason"] == "sneak"
    assert state.zeus_holder == 2 and len(state.hands[2]) == 4 and state.turn == 3
    assert state.rounds[0].actions == [[0, "play 8"], [2, "sneak 8"]]


def test_Z10_a_sneak_opens_a_new_window_8_on_8_on_8() -> None:
    state = table([["8", "8", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"], ["4", "5", "6", "7"]])
    state.apply(0, "play 8")
    assert 0 not in state.to_act()  # not onto one's own card
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "sneak 8")
    assert error.value.reason == "you cannot sneak onto your own card"
    state.apply(2, "sneak 8")
    assert state.turn == 3 and state.to_act() == (3, 0)
    state.apply(0, "sneak 8")
    assert state.total == 24 and state.zeus_holder == 0 and state.turn == 1


def test_Z10_a_sneak_may_go_past_100_and_wins() -> None:
    state = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"]])
    state = at(state, total=90)
    state.apply(0, "play 8")
    events = state.apply(2, "sneak 8")
    won = first_of(events, "round_won")
    assert (won.seat, won["reason"]) == (2, "match_past_hundred")
    assert state.rounds[0].score == [0, 0, 1]


# ----- Z-11 exactly 100 ---------------------------------------------------------------------------------
def test_Z11_a_play_making_exactly_100_wins_the_round() -> None:
    state = table([["9", "1", "2", "3"], ["4", "1", "2", "3"]])
    state = at(state, total=91, zeus_holder=1)
    events = state.apply(0, "play 9")
    assert first_of(events, "zeus_stolen").seat == 0
    won = first_of(events, "round_won")
    assert (won.seat, won["reason"], won["letters"]) == (0, "hundred", (1, 0))


def test_Z11_a_god_reaching_exactly_100_wins_the_round() -> None:
    state = table([["Aphrodite", "1", "2", "3"], ["4", "1", "2", "3"]])
    state = at(state, total=95)
    won = first_of(state.apply(0, "play Aphrodite"), "round_won")
    assert (won.seat, won["reason"]) == (0, "hundred")


# ----- Z-12 a match to 100 or more ----------------------------------------------------------------------
def test_Z12_a_turn_match_past_100_wins() -> None:
    state = table([["8", "5", "4", "1"], ["8", "2", "3", "4"]])
    state = at(state, total=90)
    state.apply(0, "play 8")
    won = first_of(state.apply(1, "play 8"), "round_won")
    assert (won.seat, won["reason"]) == (1, "match_past_hundred")


def test_Z12_a_sneak_to_exactly_100_wins() -> None:
    state = table([["7", "1", "2", "3"], ["4", "1", "2", "3"], ["7", "5", "6", "8"]])
    state = at(state, total=86)
    state.apply(0, "play 7")
    won = first_of(state.apply(2, "sneak 7"), "round_won")
    assert (won.seat, won["reason"]) == (2, "hundred")


# ----- Z-13 the draw pile runs out -------------------------------------------------------------------------
def test_Z13_taking_the_last_card_is_fine_needing_one_more_ends_the_round() -> None:
    state = table([["10", "1", "2", "3"], ["1", "2", "3", "4"]], draw_top=["5"])
    del state.draw_pile[1:]
    events = state.apply(0, "play 10")
    assert "round_won" not in kinds(events) and state.draw_pile == [] and len(state.hands[0]) == 4
    won = first_of(state.apply(1, "play 1"), "round_won")
    assert (won.seat, won["reason"]) == (0, "draw_pile_empty")


# ----- Z-14 void rounds and the game end -------------------------------------------------------------------
def test_Z14_a_round_without_a_zeus_holder_is_void_and_redealt_by_the_same_dealer() -> None:
    state = table([["1", "2", "3", "4"], ["1", "2", "3", "4"]])
    dealer = state.dealer
    state.draw_pile.clear()
    events = state.apply(0, "play 1")
    assert kinds(events)[:5] == ["card_played", "round_won", "round_void", "round_ended", "round_started"]
    assert first_of(events, "round_won").seat is None
    assert first_of(events, "round_void")["reason"] == "draw_pile_empty"
    assert state.rounds[0].score == [0, 0] and state.totals == [0, 0]
    assert state.rounds[1].setup["dealer"] == dealer and state.dealer == dealer
    assert state.last_round_winner is None


def test_Z14_four_round_wins_spell_zeus_and_end_the_game() -> None:
    state = table([["9", "1", "2", "3"], ["4", "1", "2", "3"]])
    state = at(state, totals=[3, 2])
    state = at(state, total=91)
    events = state.apply(0, "play 9")
    assert kinds(events)[-4:] == ["round_won", "round_ended", "game_won", "game_ended"]
    assert state.finished and state.winners == (0,) and state.to_act() == ()
    assert state.record()["totals"] == [4, 2] and state.record()["winners"] == [0]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(1, "play 4")


# ----- Z-15 manual draw --------------------------------------------------------------------------------------
def test_Z15_manual_draw_is_its_own_recorded_action() -> None:
    state = table([["3", "4", "5", "6"], ["1", "2", "3", "4"]], draw_top=["Hera"], manual_draw=True)
    events = state.apply(0, "play 3")
    assert "card_drawn" not in kinds(events) and len(state.hands[0]) == 3
    assert state.view(1).owes_draw == (True, False)
    assert state.to_act() == (1, 0) and state.is_reaction(0)
    assert [str(a) for a in state.legal_actions(0)] == ["draw"]
    drawn = first_of(state.apply(0, "draw"), "card_drawn")
    assert drawn["card"] == "Hera" and len(state.hands[0]) == 4
    assert state.rounds[0].actions == [[0, "play 3"], [0, "draw"]]
    assert state.to_act() == (1,)


def test_Z15_a_draw_not_taken_before_the_next_card_is_lost() -> None:
    state = table([["3", "4", "5", "6"], ["1", "2", "3", "4"]], manual_draw=True)
    state.apply(0, "play 3")
    events = state.apply(1, "play 1")
    assert kinds(events)[0] == "draw_lost" and events[0].seat == 0
    assert len(state.hands[0]) == 3 and state.view(0).owes_draw == (False, True)
    state.apply(0, "play 4")
    assert len(state.hands[0]) == 2


def test_Z15_a_draw_does_not_close_the_sneak_window() -> None:
    state = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"]], manual_draw=True)
    state.apply(0, "play 8")
    state.apply(0, "draw")
    assert "sneak 8" in [str(a) for a in state.legal_actions(2)]


def test_Z15_without_manual_draw_there_is_no_draw_action() -> None:
    state = table([["3", "4", "5", "6"], ["1", "2", "3", "4"]])
    state.apply(0, "play 3")
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "draw")
    assert error.value.reason == "drawing is automatic in this game"


# ----- Z-16 younger players --------------------------------------------------------------------------------
def test_Z16_younger_players_variant_has_no_sneak_and_draws_automatically() -> None:
    state = table([["8", "1", "2", "3"], ["4", "1", "2", "3"], ["8", "5", "6", "7"]], sneak=False, manual_draw=False)
    events = state.apply(0, "play 8")
    assert "card_drawn" in kinds(events) and len(state.hands[0]) == 4
    assert state.to_act() == (1,) and state.legal_actions(2) == [] and not state.view(2).sneak_open
    with pytest.raises(IllegalAction) as error:
        state.apply(2, "sneak 8")
    assert error.value.reason == "the Same Number Sneak is not played in this game"


def test_Z7_the_fast_legality_check_agrees_with_the_full_outcome() -> None:
    state = table([["1", "2", "3", "4"], ["5", "6", "7", "8"]])
    state.apply(0, "play 4")  # seat 1 is on turn with a 4 on top that seat 0 played
    for total in range(0, 100):
        state = at(state, total=total)
        for card in GAME.deck.order:
            expected = play_outcome(GAME.cards[card], total, 4, 0, seat=1).legal_total
            assert state.is_playable(1, card) == expected, (total, card)
