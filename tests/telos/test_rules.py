"""One test (or a few) per settled point T-1..T-22 of rules/telos.md, plus the seed's worked examples."""
from __future__ import annotations

from game.core.actions import Action
from tests.telos.table import arrange, new_game, play, texts, with_hand

ALL_ZEUS = ["Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def one_of(events, kind: str):
    (event,) = [e for e in events if e.kind == kind]
    return event


def finish_last_trick(state, cards: list[str]) -> list:
    """Everyone holds one card (these); play the last trick in turn order."""
    assert state.hands == [[c] for c in cards] and state.last_trick
    events = []
    for seat in state.order:
        events += state.apply(seat, f"play {cards[seat]}")
    return events


# ----- T-1 dealer -------------------------------------------------------------------------------
def test_T1_first_dealer_is_seeded_random() -> None:
    dealers = {new_game(4, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(4, 7).dealer == new_game(4, 7).dealer


def test_T1_winner_of_the_last_trick_deals_next() -> None:
    state = arrange([["5a"], ["9b"], ["2c"], ["4d"]], leader=0)
    finish_last_trick(state, ["5a", "9b", "2c", "4d"])
    assert state.dealer == 1
    assert state.rounds[-1].setup["dealer"] == 1


# ----- T-2 hand size ------------------------------------------------------------------------------
def test_T2_first_round_deals_seven() -> None:
    for players in (3, 4, 5, 6):
        assert [len(h) for h in new_game(players).hands] == [7] * players


def test_T2_later_rounds_deal_the_winning_value_at_least_seven() -> None:
    state = arrange([["5a"], ["9b"], ["2c"], ["4d"]])
    finish_last_trick(state, ["5a", "9b", "2c", "4d"])
    assert [len(h) for h in state.hands] == [9] * 4
    state = arrange([["5a"], ["3b"], ["2c"], ["4d"]])
    finish_last_trick(state, ["5a", "3b", "2c", "4d"])
    assert [len(h) for h in state.hands] == [7] * 4


def test_T2_a_zeus_win_deals_twenty_capped_by_the_deck() -> None:
    # 3 players: 5 sets + 3 Zeus = 68 cards, one scored -> 67 // 3 = 22, so 20 fit.
    state = arrange([["Z:ant"], ["3b"], ["2c"]])
    finish_last_trick(state, ["Z:ant", "3b", "2c"])
    assert [len(h) for h in state.hands] == [20] * 3
    # 6 players with the Divine Trick: 110 cards, one scored, six blind -> 103 // 6 = 17.
    state = arrange([["Z:ant"], ["3b"], ["2c"], ["1d"], ["1e"], ["1f"]], divine_trick=True)
    finish_last_trick(state, ["Z:ant", "3b", "2c", "1d", "1e", "1f"])
    assert [len(h) for h in state.hands] == [17] * 6
    assert len(state.blind) == 6


# ----- T-3 the deal -------------------------------------------------------------------------------
def test_T3_all_cards_but_score_cards_are_shuffled_and_the_rest_stays_unseen() -> None:
    state = new_game(4, 3)
    dealt = [c for h in state.hands for c in h]
    assert sorted(dealt + state.undealt) == sorted(state.deck)
    assert len(state.undealt) == len(state.deck) - 28
    public = repr(state.view(None))
    assert not any(f"'{c}'" in public for c in state.undealt)


# ----- T-4 direction ------------------------------------------------------------------------------
def test_T4_play_starts_clockwise_left_of_the_dealer() -> None:
    state = new_game(5, 11)
    assert state.direction == 1
    assert state.leader == (state.dealer + 1) % 5
    assert state.order == tuple((state.leader + i) % 5 for i in range(5))


def test_T4_counter_clockwise_first_lead_is_right_of_the_dealer() -> None:
    state = arrange([["5a"], ["9b"], ["2c"], ["4d"]], direction=-1)
    finish_last_trick(state, ["5a", "9b", "2c", "4d"])
    assert state.dealer == 1 and state.leader == 0
    assert state.order == (0, 3, 2, 1)


# ----- T-5, T-6 trick shape -----------------------------------------------------------------------
def test_T5_hands_stay_equal_after_every_trick() -> None:
    state = arrange([["6a", "6b", "6c", "1a"], ["7a", "8a", "9a", "2a"], ["7b", "8b", "12a", "3a"],
                     ["1b", "1c", "2b", "4a"]])
    play(state, (0, "play 6a,6b,6c"), (1, "play 7a,8a,9a"), (2, "play 7b,8b,12a"), (3, "play 1b,1c,2b"))
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]


def test_T6_the_last_trick_starts_when_everyone_holds_one_card() -> None:
    state = arrange([["3a", "9a"], ["4a", "10a"], ["5a", "11a"]], zeus_cards=ALL_ZEUS[:3])
    assert not state.last_trick
    play(state, (0, "play 9a"), (1, "play 10a"), (2, "play 11a"))
    assert state.last_trick and state.view(2).last_trick


# ----- T-7, T-8 leads -----------------------------------------------------------------------------
def test_T7_a_multiple_lead_is_cards_of_one_value() -> None:
    state = arrange([["6a", "6b", "7a", "1a"], ["2a", "3a", "4a", "5a"], ["2b", "3b", "4b", "5b"]],
                    zeus_cards=ALL_ZEUS[:3])
    assert "play 6a,6b" in texts(state, 0)
    assert state.why_illegal(0, Action.parse("play 6a,7a")) == "a multiple lead must be cards of one value"


def test_T8_no_multiple_lead_on_the_first_trick() -> None:
    state = arrange([["6a", "6b", "7a", "1a"], ["2a", "3a", "4a", "5a"], ["2b", "3b", "4b", "5b"]],
                    trick_number=0, zeus_cards=ALL_ZEUS[:3])
    assert state.why_illegal(0, Action.parse("play 6a,6b")) == "no multiple leads on the first trick of a round"
    assert all(len(a.cards) == 1 for a in state.legal_actions(0))


def test_T8_multiple_lead_must_leave_a_card_for_the_last_trick() -> None:
    state = arrange([["6a", "6b", "6c"], ["2a", "3a", "4a"], ["2b", "3b", "4b"]], zeus_cards=ALL_ZEUS[:3])
    assert "play 6a,6b" in texts(state, 0)
    assert state.why_illegal(0, Action.parse("play 6a,6b,6c")).startswith("keep at least one card")


def test_T8_five_or_six_players_lead_at_most_two_and_the_bull_counts() -> None:
    hands = [["9a", "9b", "9c", "Z:bull", "1a"]] + [[f"{v}{s}" for v in (2, 3, 4, 5, 6)] for s in "abcd"]
    state = arrange(hands, zeus_cards=ALL_ZEUS[:5])
    legal = texts(state, 0)
    assert "play 9a,9b" in legal and "play 9a,Z:bull" in legal
    assert "play 9a,9b,9c" not in legal and "play 9a,9b,Z:bull" not in legal
    assert state.why_illegal(0, Action.parse("play 9a,9b,Z:bull")) == "with five players you may lead at most two cards"


def test_T8_no_multiple_leads_after_the_serpent() -> None:
    state = arrange([["6a", "6b", "7a", "1a"], ["Z:serpent", "3a", "4a", "5a"], ["8b", "3b", "4b", "5b"]],
                    zeus_cards=["Z:serpent", "Z:ant", "Z:bull"])
    events = play(state, (0, "play 7a"), (1, "play Z:serpent"), (2, "play 8b"))
    assert "serpent_ban" in kinds(events)
    assert state.leader == 2 and state.serpent_ban
    state = with_hand(state, 2, ["3b", "3c", "5b"])
    assert state.why_illegal(2, Action.parse("play 3b,3c")) == "no multiple leads after the Serpent"
    assert all(len(a.cards) == 1 for a in state.legal_actions(2))


def test_T8_the_serpent_ban_ends_with_the_round() -> None:
    state = arrange([["5a"], ["9b"], ["2c"]], zeus_cards=["Z:serpent", "Z:ant", "Z:bull"], serpent_ban=True)
    assert state.serpent_ban
    finish_last_trick(state, ["5a", "9b", "2c"])
    assert not state.serpent_ban


# ----- T-9 Zeus leads -----------------------------------------------------------------------------
def test_T9_a_zeus_card_cannot_lead_before_the_last_trick() -> None:
    state = arrange([["Z:eagle", "6a", "1a"], ["2a", "3a", "4a"], ["2b", "3b", "4b"]],
                    zeus_cards=["Z:eagle", "Z:ant", "Z:bull"])
    assert state.why_illegal(0, Action.parse("play Z:eagle")) == "a Zeus card cannot lead before the last trick"
    assert "play Z:eagle" not in texts(state, 0)


def test_T9_a_zeus_card_may_lead_the_last_trick() -> None:
    state = arrange([["Z:eagle"], ["2a"], ["2b"]], zeus_cards=["Z:eagle", "Z:ant", "Z:bull"])
    assert texts(state, 0) == ["play Z:eagle"]


def test_T9_holding_only_zeus_cards_lead_one_worth_zero() -> None:
    state = arrange([["Z:eagle", "Z:ant", "Z:swan"], ["2a", "3a", "4a"], ["1b", "3b", "4b"]],
                    zeus_cards=["Z:eagle", "Z:ant", "Z:swan"], powers="basic")
    assert texts(state, 0) == ["play Z:ant", "play Z:eagle", "play Z:swan"]
    assert state.why_illegal(0, Action.parse("play Z:ant,Z:eagle")) == \
        "holding only Zeus cards, you lead exactly one of them"
    events = play(state, (0, "play Z:ant"))
    assert one_of(events, "cards_played")["values"] == [0]
    assert "play 2a" in texts(state, 1)  # any card follows a Zeus card worth 0
    play(state, (1, "play 2a"))
    assert state.why_illegal(2, Action.parse("play 1b")) == "you must reach 2"
    play(state, (2, "play 3b"))
    assert state.leader == 2


# ----- T-10 the table line --------------------------------------------------------------------------
def test_T10_followers_play_k_cards_and_the_line_takes_the_highest_per_position() -> None:
    state = arrange([["6a", "6b", "6c", "13a"], ["6d", "8a", "9a", "1a"], ["7a", "8b", "12a", "2a"],
                     ["1b", "1c", "2b", "4a"]])
    play(state, (0, "play 6a,6b,6c"))
    assert state.line == (6, 6, 6)
    assert state.why_illegal(1, Action.parse("play 8a,9a")) == "you must play exactly three cards, like the lead"
    play(state, (1, "play 6d,8a,9a"))
    assert state.line == (6, 8, 9)
    play(state, (2, "play 7a,8b,12a"))
    assert state.line == (7, 8, 12)


# ----- T-11 Zeus values -----------------------------------------------------------------------------
def test_T11_a_zeus_card_takes_the_highest_earlier_value_not_its_own_plays() -> None:
    state = arrange([["5a", "5b", "1a"], ["Z:ant", "13a", "2a"], ["13b", "13c", "3a"]],
                    zeus_cards=["Z:ant", "Z:swan", "Z:bull"], powers="basic")
    play(state, (0, "play 5a,5b"))
    events = play(state, (1, "play 13a,Z:ant"))
    assert one_of(events, "cards_played")["values"] == [13, 5]
    assert state.line == (5, 13)
    play(state, (2, "play 13b,13c"))
    assert state.previous_trick[1].values == (13, 5)  # it keeps its value


# ----- T-12 reaching the line ---------------------------------------------------------------------
def test_T12_seed_example_three_sixes() -> None:
    """Sietse leads three 6s; Vicky 6,8,9; Irene 7,8,12; Arnold cannot reach and plays 1,1,2."""
    state = arrange([["6a", "6b", "6c", "13a"], ["6d", "8a", "9a", "1a"], ["7a", "8b", "12a", "2a"],
                     ["1b", "1c", "2b", "11a"]])
    play(state, (0, "play 6a,6b,6c"), (1, "play 6d,8a,9a"), (2, "play 7a,8b,12a"))
    assert state.line == (7, 8, 12)
    assert texts(state, 3) == ["play 1b,1c,2b"]
    assert state.why_illegal(3, Action.parse("play 1b,2b,11a")) == \
        "you must reach 7, 8, 12 or play your three lowest"
    events = play(state, (3, "play 1b,1c,2b"))
    assert one_of(events, "trick_won")["winner"] == 2
    assert state.leader == 2


def test_T12_who_can_reach_must_reach_with_any_reaching_set() -> None:
    state = arrange([["6a", "6b", "1a"], ["7a", "9a", "2a"], ["6c", "10a", "3a"]], zeus_cards=ALL_ZEUS[:3])
    play(state, (0, "play 6a,6b"))
    assert texts(state, 1) == ["play 7a,9a"]
    assert state.why_illegal(1, Action.parse("play 2a,7a")) == "you must reach 6, 6"


def test_T12_zeus_cards_are_never_lowest_unless_too_few_others() -> None:
    state = arrange([["9a", "9b", "1a"], ["Z:swan", "2a", "3a"], ["Z:ant", "Z:bull", "4a"]],
                    zeus_cards=ALL_ZEUS[:3], powers="basic")
    play(state, (0, "play 9a,9b"))
    # Vicky can reach neither 9 with 2 and Zeus(9): 2 < 9. She must play her two lowest God cards.
    assert texts(state, 1) == ["play 2a,3a"]
    assert "never counts" in state.why_illegal(1, Action.parse("play 2a,Z:swan"))
    play(state, (1, "play 2a,3a"))
    # Irene's two Zeus cards reach [9, 9]; she must reach with them.
    assert texts(state, 2) == ["play Z:ant,Z:bull"]


def test_T12_too_few_god_cards_are_filled_with_zeus_cards() -> None:
    state = arrange([["9a", "9b", "1a"], ["Z:swan", "Z:ant", "3a"], ["5a", "6a", "4a"]],
                    zeus_cards=ALL_ZEUS[:3], powers="basic")
    state.hands[1] = ["3a", "Z:ant", "Z:swan"]
    play(state, (0, "play 9a,9b"))
    assert texts(state, 1) == ["play Z:ant,Z:swan"]  # the two Zeus cards reach 9, 9


# ----- T-13 trick winner --------------------------------------------------------------------------
def test_T13_seed_example_nine_eleven_one_twelve() -> None:
    state = arrange([["9a", "3a"], ["11a", "4a"], ["1a", "5a"], ["12a", "6a"]], trick_number=0)
    play(state, (0, "play 9a"), (1, "play 11a"))
    assert state.why_illegal(2, Action.parse("play 5a")) == "you must reach 11 or play your lowest card"
    events = play(state, (2, "play 1a"), (3, "play 12a"))
    assert one_of(events, "trick_won")["winner"] == 3 and state.leader == 3


def test_T13_highest_card_wins_last_tie() -> None:
    state = arrange([["9a", "3a"], ["9b", "4a"], ["2a", "5a"], ["9c", "6a"]])
    events = play(state, (0, "play 9a"), (1, "play 9b"), (2, "play 2a"), (3, "play 9c"))
    assert one_of(events, "trick_won")["winner"] == 3


def test_T13_a_zeus_card_ties_the_highest_and_wins_as_played_later() -> None:
    state = arrange([["9a", "3a"], ["Z:bull", "4a"], ["2a", "5a"]], zeus_cards=ALL_ZEUS[:3], powers="basic")
    events = play(state, (0, "play 9a"), (1, "play Z:bull"), (2, "play 2a"))
    assert one_of(events, "trick_won")["winner"] == 1


def test_T13_a_player_who_could_not_reach_can_still_win() -> None:
    state = arrange([["6a", "6b", "1a"], ["2a", "13a", "4a"], ["3a", "3b", "5a"]], zeus_cards=ALL_ZEUS[:3])
    play(state, (0, "play 6a,6b"))
    assert texts(state, 1) == ["play 2a,4a"]
    state.hands[1] = ["2a", "13a", "4a"]
    # 13 with 2 does not reach [6, 6]; the two lowest are 2 and 4: nobody reaches, so 6 wins
    events = play(state, (1, "play 2a,4a"), (2, "play 3a,3b"))
    assert one_of(events, "trick_won")["winner"] == 0


# ----- T-14 Ant ---------------------------------------------------------------------------------------
def test_T14_seed_example_ant_with_three_and_eight_answers_three_tens() -> None:
    state = arrange([["10a", "10b", "10c", "1a"], ["Z:ant", "3a", "8a", "11a"], ["12a", "12b", "12c", "2a"]],
                    zeus_cards=ALL_ZEUS[:3])
    play(state, (0, "play 10a,10b,10c"))
    assert "play 3a,8a,Z:ant" in texts(state, 1)
    events = play(state, (1, "play Z:ant,8a,3a"))
    assert one_of(events, "cards_played")["values"] == [3, 8, 10]
    assert state.line == (10, 10, 10)  # the line is still updated; the next player must reach it
    assert state.why_illegal(2, Action.parse("play 2a,12a,12b")) == "you must reach 10, 10, 10"


def test_T14_the_ant_frees_no_single_card_trick_and_has_no_power_in_basic_rules() -> None:
    state = arrange([["10a", "1a"], ["Z:ant", "3a"], ["12a", "2a"]], zeus_cards=ALL_ZEUS[:3])
    play(state, (0, "play 10a"))
    assert texts(state, 1) == ["play Z:ant"]
    state = arrange([["10a", "10b", "1a"], ["Z:ant", "3a", "8a"], ["12a", "12b", "2a"]],
                    zeus_cards=ALL_ZEUS[:3], powers="basic")
    play(state, (0, "play 10a,10b"))
    assert texts(state, 1) == ["play 3a,8a"]


# ----- T-15 White Bull ------------------------------------------------------------------------------
def test_T15_seed_example_two_nines_and_the_bull_lead_three_nines() -> None:
    state = arrange([["9a", "9b", "Z:bull", "1a"], ["9c", "10a", "11a", "2a"], ["5a", "6a", "7a", "3a"]],
                    zeus_cards=ALL_ZEUS[:3])
    events = play(state, (0, "play Z:bull,9b,9a"))
    assert one_of(events, "cards_played")["cards"] == ["9a", "9b", "Z:bull"]
    assert state.k == 3 and state.line == (9, 9, 9)
    assert texts(state, 1) == ["play 9c,10a,11a"]


def test_T15_one_nine_and_the_bull_lead_two_nines_and_the_bull_counts_nine() -> None:
    state = arrange([["9a", "Z:bull", "1a"], ["5a", "6a", "2a"], ["5b", "6b", "3a"]], zeus_cards=ALL_ZEUS[:3])
    events = play(state, (0, "play 9a,Z:bull"))
    assert one_of(events, "cards_played")["values"] == [9, 9]
    events = play(state, (1, "play 2a,5a"), (2, "play 3a,5b"))
    assert one_of(events, "trick_won")["winner"] == 0


def test_T15_the_bull_cannot_join_in_basic_rules_or_when_multiples_are_banned() -> None:
    hands = [["9a", "Z:bull", "1a"], ["5a", "6a", "2a"], ["5b", "6b", "3a"]]
    state = arrange(hands, zeus_cards=ALL_ZEUS[:3], powers="basic")
    assert state.why_illegal(0, Action.parse("play 9a,Z:bull")) == "a Zeus card cannot lead before the last trick"
    state = arrange(hands, zeus_cards=ALL_ZEUS[:3], trick_number=0)
    assert "play 9a,Z:bull" not in texts(state, 0)


# ----- T-16 Cuckoo --------------------------------------------------------------------------------
def test_T16_the_player_of_the_lowest_card_leads_next() -> None:
    state = arrange([["9a", "3a"], ["Z:cuckoo", "4a"], ["1a", "5a"], ["12a", "6a"]],
                    zeus_cards=["Z:cuckoo", "Z:eagle", "Z:ant", "Z:bull"])
    events = play(state, (0, "play 9a"), (1, "play Z:cuckoo"), (2, "play 1a"), (3, "play 12a"))
    won = one_of(events, "trick_won")
    assert (won["winner"], won["next_leader"], won["reason"]) == (3, 2, "cuckoo")
    assert state.leader == 2


def test_T16_lowest_ties_go_to_the_card_played_last_zeus_included() -> None:
    state = arrange([["5a", "3a"], ["Z:cuckoo", "4a"], ["13a", "6a"]], zeus_cards=["Z:cuckoo", "Z:eagle", "Z:ant"])
    events = play(state, (0, "play 5a"), (1, "play Z:cuckoo"), (2, "play 13a"))
    # The Cuckoo counts 5 (T-11): it ties Sietse's 5 and was played later.
    assert one_of(events, "trick_won")["next_leader"] == 1


def test_T16_the_later_of_cuckoo_and_eagle_decides() -> None:
    zeus = ["Z:cuckoo", "Z:eagle", "Z:ant", "Z:bull"]
    state = arrange([["9a", "3a"], ["Z:eagle", "4a"], ["1a", "5a"], ["Z:cuckoo", "6a"]], zeus_cards=zeus)
    events = play(state, (0, "play 9a"), (1, "play Z:eagle"), (2, "play 1a"), (3, "play Z:cuckoo"))
    assert one_of(events, "trick_won")["next_leader"] == 2
    state = arrange([["9a", "3a"], ["Z:cuckoo", "4a"], ["1a", "5a"], ["Z:eagle", "6a"]], zeus_cards=zeus)
    events = play(state, (0, "play 9a"), (1, "play Z:cuckoo"), (2, "play 1a"), (3, "play Z:eagle"))
    assert one_of(events, "trick_won")["next_leader"] == 3


def test_T16_within_one_play_the_eagle_decides() -> None:
    zeus = ["Z:cuckoo", "Z:eagle", "Z:ant", "Z:bull"]
    state = arrange([["9a", "9b", "3a"], ["Z:cuckoo", "Z:eagle", "4a"], ["1a", "2a", "5a"], ["12a", "12b", "6a"]],
                    zeus_cards=zeus)
    events = play(state, (0, "play 9a,9b"), (1, "play Z:cuckoo,Z:eagle"), (2, "play 1a,2a"), (3, "play 12a,12b"))
    won = one_of(events, "trick_won")
    assert (won["next_leader"], won["reason"]) == (1, "eagle")


# ----- T-17 when powers act -----------------------------------------------------------------------
def test_T17_the_eagle_leads_next_whoever_wins() -> None:
    state = arrange([["9a", "3a"], ["Z:eagle", "4a"], ["12a", "5a"]], zeus_cards=["Z:eagle", "Z:ant", "Z:bull"])
    events = play(state, (0, "play 9a"), (1, "play Z:eagle"), (2, "play 12a"))
    assert one_of(events, "trick_won")["winner"] == 2 and state.leader == 1


def test_T17_the_swan_turns_play_from_the_next_trick_on() -> None:
    state = arrange([["9a", "3a", "2a"], ["Z:swan", "4a", "1a"], ["12a", "5a", "6a"], ["1b", "7a", "8a"]],
                    zeus_cards=["Z:swan", "Z:eagle", "Z:ant", "Z:bull"])
    events = play(state, (0, "play 9a"), (1, "play Z:swan"))
    assert one_of(events, "direction_changed")["direction"] == -1
    assert state.turn == 2  # this trick goes on clockwise
    play(state, (2, "play 12a"), (3, "play 1b"))
    assert state.leader == 2 and state.order == (2, 1, 0, 3)


def test_T17_powers_about_the_next_trick_do_nothing_after_the_last_but_the_swan_carries_on() -> None:
    zeus = ["Z:swan", "Z:eagle", "Z:cuckoo", "Z:serpent"]
    state = arrange([["2a"], ["Z:eagle"], ["Z:swan"], ["1b"]], zeus_cards=zeus)
    events = finish_last_trick(state, ["2a", "Z:eagle", "Z:swan", "1b"])
    won = one_of(events, "trick_won")
    assert won["winner"] == 2 and won["next_leader"] is None  # the later Zeus card (20) wins the tie
    assert state.direction == -1 and state.rounds[-1].setup["direction"] == -1
    assert state.dealer == 2 and state.leader == 1


# ----- T-18 .. T-20 last trick and scoring ----------------------------------------------------------
def test_T18_the_last_trick_has_no_obligation_and_zeus_counts_twenty() -> None:
    state = arrange([["Z:ant"], ["13a"], ["1a"]], zeus_cards=ALL_ZEUS[:3])
    play(state, (0, "play Z:ant"))
    assert texts(state, 1) == ["play 13a"]
    events = play(state, (1, "play 13a"), (2, "play 1a"))
    assert [e["values"] for e in events if e.kind == "cards_played"] == [[13], [1]]
    scored = one_of(events, "round_scored")
    assert (scored["seat"], scored["card"], scored["points"]) == (0, "Z:ant", 20)


def test_T18_last_trick_ties_go_to_the_card_played_last() -> None:
    state = arrange([["8a"], ["8b"], ["3a"]], zeus_cards=ALL_ZEUS[:3])
    events = finish_last_trick(state, ["8a", "8b", "3a"])
    assert one_of(events, "round_scored")["seat"] == 1


def test_T19_the_winning_card_is_set_aside_and_leaves_the_deck() -> None:
    state = arrange([["8a"], ["2b"], ["3a"]], zeus_cards=ALL_ZEUS[:3])
    finish_last_trick(state, ["8a", "2b", "3a"])
    assert state.score_cards[0] == ["8a"] and state.totals == [8, 0, 0]
    assert state.rounds[0].score == [8, 0, 0]
    assert state.rounds[1].setup["scores_before"] == [["8a"], [], []]
    assert all("8a" not in h for h in state.hands) and "8a" not in state.undealt


def test_T20_seed_example_vicky_scores_eight_after_nine_makes_seventeen_and_deals_eight() -> None:
    state = arrange([["2a"], ["8a"], ["3a"], ["1a"]])
    state.score_cards[1] = ["9b"]
    state.totals[1] = 9
    finish_last_trick(state, ["2a", "8a", "3a", "1a"])
    assert state.totals[1] == 17 and state.score_cards[1] == ["9b", "8a"]
    assert state.dealer == 1 and [len(h) for h in state.hands] == [8] * 4
    assert not state.finished


def test_T20_thirty_two_loses_and_everyone_else_wins() -> None:
    state = arrange([["2a"], ["8a"], ["3a"], ["1a"]])
    state.score_cards[1] = ["13b", "11b"]
    state.totals[1] = 24
    events = finish_last_trick(state, ["2a", "8a", "3a", "1a"])
    over = one_of(events, "game_over")
    assert over["loser"] == 1 and over["winners"] == [0, 2, 3]
    assert state.finished and state.winners == (0, 2, 3) and state.to_act() == ()
    assert state.why_illegal(0, Action.parse("play 2a")) == "the game is over"


# ----- T-21, T-22 Divine Trick ----------------------------------------------------------------------
def test_T21_everyone_gets_a_blind_card_nobody_sees() -> None:
    state = new_game(4, 5, divine_trick=True)
    assert len(state.blind) == 4 and len(set(state.blind) | {c for h in state.hands for c in h}) == 32
    for seat in range(4):
        shown = repr(state.view(seat))
        assert not any(f"'{c}'" in shown for c in state.blind)
    assert state.rounds[0].setup["blind"] == state.blind
    assert new_game(4, 5).rounds[0].setup["blind"] is None


def test_T22_swap_once_per_round_on_your_turn_before_playing() -> None:
    state = new_game(4, 5, divine_trick=True)
    seat, other = state.turn, (state.turn + 1) % 4
    card = state.hands[seat][-1]
    blind = state.blind[seat]
    assert f"divine {card}" in texts(state, seat) and texts(state, other) == []
    assert state.why_illegal(other, Action.parse(f"divine {state.hands[other][0]}")).startswith("it is ")
    events = state.apply(seat, f"divine {card}")
    swap = one_of(events, "divine_swap")
    assert swap.for_seat(seat)["got"] == blind and swap.for_seat(other).secret == {}
    assert blind in state.hands[seat] and card not in state.hands[seat] and state.blind[seat] == card
    assert state.turn == seat and not state.view(seat).divine_available
    assert state.why_illegal(seat, Action.parse(f"divine {blind}")) == \
        "you have already used your Divine Trick this round"
    assert not any(a.verb == "divine" for a in state.legal_actions(seat))


def test_T22_the_swap_is_offered_in_the_last_trick_and_renewed_each_round() -> None:
    state = arrange([["8a"], ["2b"], ["3a"]], zeus_cards=ALL_ZEUS[:3], divine_trick=True,
                    blind=["13e", "12e", "11e"])
    assert texts(state, 0) == ["play 8a", "divine 8a"]
    play(state, (0, "divine 8a"), (0, "play 13e"), (1, "play 2b"), (2, "play 3a"))
    assert state.totals == [13, 0, 0]
    assert state.divine_used == [False, False, False]


def test_T22_the_divine_trick_is_not_offered_without_the_variant() -> None:
    state = new_game(4, 5)
    seat = state.turn
    assert state.why_illegal(seat, Action.parse(f"divine {state.hands[seat][0]}")) == \
        "the Divine Trick is not played in this game"
