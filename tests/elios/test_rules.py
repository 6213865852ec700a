"""One test per settled point of rules/elios.md (E-1..E-13), plus the refusals each point implies.

Positions come from the even draws in helpers.py (every seat draws the same beams), from actions, or
through `EliosGame.from_position`; no test assigns a state's fields.
"""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.core.play import play_game
from tests.elios.helpers import GAME, fresh, game_with, grouped, rebuilt, seats

# Two seats, same beams (r o y l g s b v twice each, two jokers): three equal halves of six groups.
HALVES = "roy/roy/lgs/lgs/bvw/bvw"
# The same beams with the joker written first in group 0 (E-6 reads letters as written).
WRITTEN_JOKER_FIRST = "wr/roy/lgs/bv/ogs/yl/bv/w"


def refused(state, seat: int, action: str, words: str) -> None:
    """The action is refused with a reason containing `words`, and nothing changes."""
    before = state.position()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert words in caught.value.reason, caught.value.reason
    assert state.position() == before


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ----- components and setup ---------------------------------------------------------------------------
def test_E1_eight_colours_of_five_beams_four_jokers_nine_discs_each_colour_with_a_symbol() -> None:
    content = GAME.content
    assert content.sun_order == "roylgsbv" and content.joker.id == "w"
    assert content.beams_per_colour == 5 and content.jokers == 4 and content.max_discs == 9
    symbols = [c.symbol for c in (*content.colours, content.joker)]
    assert len(set(symbols)) == 9 and all(symbols)
    assert len({c.rgb for c in (*content.colours, content.joker)}) == 9
    assert dict(content.stack_of) == {letter: i for i, letter in enumerate("roylgsbv")}


def test_E2_two_discs_in_the_centre_at_the_start() -> None:
    for players in (2, 3, 4):
        state = GAME.new_state(seats(players), seed=players)
        assert state.discs == 2 and state.view(0).discs == 2
        assert state.record()["rounds"][0]["setup"]["discs"] == 2


def test_E3_each_stack_starts_with_one_beam_of_its_colour_the_rest_go_in_the_bag() -> None:
    state = GAME.new_state(seats(2), seed=7)
    assert state.view(None).stacks == tuple("roylgsbv")
    drawn = Counter(b for beams in state.drawn for b in beams if b != "w")
    assert drawn == Counter({c: 4 for c in "roylgsbv"})  # with 2 players the whole bag is drawn


@pytest.mark.parametrize("players,beams,jokers", [(2, 16, 2), (3, 10, 1), (4, 8, 1)])
def test_E4_each_player_draws_from_the_bag_and_takes_jokers(players: int, beams: int, jokers: int) -> None:
    draws = []
    for seed in range(5):
        state = GAME.new_state(seats(players), seed=seed)
        for held in state.drawn:
            assert len(held) == beams + jokers and held.count("w") == jokers
        total = Counter(b for held in state.drawn for b in held)
        assert all(total[c] <= 4 for c in "roylgsbv")
        draws.append(state.drawn)
        assert GAME.new_state(seats(players), seed=seed).drawn == state.drawn  # seeded
    assert len(set(draws)) > 1


# ----- grouping (E-5) -----------------------------------------------------------------------------------
def test_E5_grouping_is_simultaneous_and_cannot_be_listed() -> None:
    state = fresh(3)
    assert state.waiting_for() == (0, 1, 2)
    for seat in range(3):
        assert not state.lists_all_actions(seat)
        listed = state.legal_actions(seat)
        assert len(listed) >= 2 and all(a.verb == "groups" for a in listed)
        assert all(state.why_illegal(seat, a) is None for a in listed)
    state.apply(1, "groups ro/yl/gs/bv/y/l/w")
    assert state.waiting_for() == (0, 2) and state.legal_actions(1) == []
    refused(state, 1, "groups r/o/y/l/g/s/b/v/y/l/w", "already confirmed")


def test_E5_the_last_to_confirm_starts_and_must_place_a_group_with_a_joker() -> None:
    state = grouped([HALVES, HALVES], order=[1, 0])
    assert state.turn == 0 and state.view(1).first_player == 0 and state.first_turn
    listed = state.legal_actions(0)
    assert listed and all(a.verb == "place" and a.args[0] in ("4", "5") for a in listed)
    refused(state, 0, "disc", "first turn must place a group with a joker")
    refused(state, 0, "split 4 bv/w", "first turn must place a group with a joker")
    refused(state, 0, "place 0 0,1,2", "first turn must place a group with a joker")
    state.apply(0, "place 4 6,7,3")
    assert not state.first_turn and state.turn == 1
    assert "disc" in [a.verb for a in state.legal_actions(1)]


@pytest.mark.parametrize("text,words", [
    ("groups rr/oo/yy/ll/gg/ss/bb/vv/ww", "red twice"),
    ("groups rw/rw/oy/oy/lg/lg/sb/sb/v/v", None),  # a valid one, for contrast
    ("groups rww/r/oy/oy/lg/lg/sb/sb/v/v", "group 0 'rww' has 2 jokers: a group may hold at most one joker"),
    ("groups roy/roy/lgs/lgs/bvw/bvw/", "group 6 '' is empty"),
    ("groups royl/roy/gs/lgs/bvw/bvw", "4 beams: a group holds at most 3"),
    ("groups roy/roy/lgs/lgs/bvw/bv", "not grouped: joker"),
    ("groups roy/roy/lgs/lgs/bvw/bvw/r", "you have two red beams, but your groups use three"),
    ("groups roy/roy/lgs/lgs/bvw/bvw/x", "'x' is not a beam"),
    ("groups roy,roy", "',' is not a beam"),
    ("groups", "write your groups as beam letters separated by '/'"),
    ("groups roy/roy lgs/lgs/bvw/bvw", "write your groups as beam letters separated by '/'"),
])
def test_E5_a_grouping_is_checked_and_any_mistake_named(text: str, words: str | None) -> None:
    state = fresh(2)
    if words is None:
        state.apply(0, text)
        assert state.groups[0] is not None
        return
    refused(state, 0, text, words)


def test_E5_wrong_words_for_a_grouping_are_refused_whatever_the_letters() -> None:
    state = fresh(4)
    refused(state, 0, "groups roylgsbvw", "9 beams: a group holds at most 3")
    refused(state, 0, "groups rw/oy/lg/sb/vv", "violet twice")
    refused(state, 0, "groups rw/oy/lg/sb/vw", "you have one joker beam, but your groups use two")
    refused(state, 0, "groups roy/lgs/bv", "not grouped: joker")
    refused(state, 0, "place 0 0", "everyone groups their beams first")
    refused(state, 0, "disc", "everyone groups their beams first")


def test_E5_a_beam_the_seat_does_not_hold_is_named() -> None:
    state = GAME.new_state(seats(4), seed=2)
    seat, missing = next((s, c) for s in range(4) for c in "roylgsbv" if c not in state.drawn[s])
    name = GAME.content.colour(missing).name.lower()
    grouping = "/".join(state.drawn[seat]) + "/" + missing
    refused(state, seat, f"groups {grouping}", f"you have no {name} beam, but your groups use one")


def test_E_6_groups_keep_their_letters_as_written() -> None:
    """E-6 counts a group's beams "in the order its letters are written": the engine keeps that order
    in the groups, the views and the record (a typed grouping as much as one from a record)."""
    state = fresh(4)
    state.apply(0, "groups wr/yo/sgl/vb")
    assert state.view(0).groups[0] == ("wr", "yo", "sgl", "vb")
    assert state.record()["rounds"][0]["actions"][0] == [0, "groups wr/yo/sgl/vb"]


def test_E5_every_seat_sometimes_starts_in_self_play() -> None:
    """The drivers pick among the seats still grouping in a seeded order, so any seat may confirm last."""
    for players in (2, 3, 4):
        starters = set()
        for seed in range(12 * players):
            state = GAME.new_state(seats(players), seed=seed)
            agents = [GAME.agent("random") for _ in range(players)]
            play_game(GAME, seats(players), agents, seed=seed, state=state)
            first_action = next(a for a in state.record()["rounds"][0]["actions"] if not a[1].startswith("groups"))
            assert first_action[0] == state.confirmed[-1] and first_action[1].startswith("place")
            starters.add(state.confirmed[-1])
        assert starters == set(range(players))


# ----- placing (E-6) ------------------------------------------------------------------------------------
def opened() -> object:
    """Seat 1 started with its joker group: blue on 6, violet on 7, the joker on the red stack 0."""
    state = grouped([HALVES, HALVES])
    state.apply(1, "place 4 6,7,0")
    return state


def test_E6_a_group_goes_on_its_colours_stacks_at_one_height_below_the_discs() -> None:
    state = opened()
    assert state.view(0).stacks == ("rw", "o", "y", "l", "g", "s", "bb", "vv")
    events = state.apply(0, "place 2 3,4,5")
    assert kinds(events)[0] == "group_placed"
    assert dict(events[0].data) == {"group": 2, "beams": "lgs", "stacks": [3, 4, 5], "height": 2, "beams_left": 15}
    assert state.groups[0] == ["roy", "roy", "lgs", "bvw", "bvw"]  # later groups shifted down by one
    assert state.turn == 1


def test_E_6_place_reads_letters_in_written_order() -> None:
    """The example of issue 19: a group written `wr` (joker first) placed as `place 0 3,0` puts the
    joker on stack 3 and the red beam on its own stack 0; read in sun order it would be refused."""
    state = grouped([WRITTEN_JOKER_FIRST, HALVES], order=[1, 0])  # seat 0 confirms last and starts
    legal = {str(a) for a in state.legal_actions(0) if a.args[0] == "0"}
    assert legal == {f"place 0 {joker},0" for joker in range(1, 8)}
    events = state.apply(0, "place 0 3,0")
    assert dict(events[0].data)["beams"] == "wr" and dict(events[0].data)["stacks"] == [3, 0]
    assert state.view(None).stacks[:4] == ("rr", "o", "y", "lw")
    assert state.record()["rounds"][0]["actions"][-1] == [0, "place 0 3,0"]


def test_E_6_place_in_sun_order_is_refused_for_a_group_written_otherwise() -> None:
    state = grouped([WRITTEN_JOKER_FIRST, HALVES], order=[1, 0])
    refused(state, 0, "place 0 0,3", "a red beam goes only on the red stack (0), not on stack 3")


def test_E_6_a_three_beam_group_places_each_letter_where_it_is_written() -> None:
    state = grouped(["ryw/oy/lgs/bv/ogs/rl/bv/w", HALVES.replace("bvw/bvw", "bwv/vbw")], order=[0, 1])
    assert state.view(1).groups[1][4:] == ("bwv", "vbw")
    assert {str(a) for a in state.legal_actions(1) if a.args[0] == "4"} == {
        f"place 4 6,{joker},7" for joker in range(6)}
    state.apply(1, "place 5 7,6,0")   # violet on 7, blue on 6, the joker on red
    assert state.view(None).stacks == ("rw", "o", "y", "l", "g", "s", "bb", "vv")


def test_E6_wrong_stack_for_a_colour() -> None:
    refused(opened(), 0, "place 0 1,0,2", "a red beam goes only on the red stack, not on the stack for orange")


def test_E6_stacks_of_different_heights() -> None:
    refused(opened(), 0, "place 0 0,1,2", "different heights: a group goes on stacks of one height")


def test_E6_above_the_discs() -> None:
    refused(opened(), 0, "place 4 6,7,0", "would reach height 3, above the discs (level 2)")


def test_E6_a_group_that_does_not_exist() -> None:
    state = opened()
    refused(state, 0, "place 6 3", "you have no group 6: your groups are 0–5")
    refused(state, 0, "place x 3", "'x' is not a group number")


def test_E6_a_beam_count_that_does_not_match() -> None:
    state = opened()
    refused(state, 0, "place 2 3,4", "group 2 'lgs' has 3 beams but you named 2 stacks")
    refused(state, 0, "place 2 3,3,4", "two beams cannot go on stack 3")
    refused(state, 0, "place 2 3,4,9", "there is no stack 9")
    refused(state, 0, "place 2", "write a placement as 'place G P1,P2,…'")


def test_E6_a_joker_goes_on_any_stack_and_a_colour_follows_on_its_own_stack_over_a_joker() -> None:
    state = grouped(["r/r/o/o/y/y/l/l/g/g/s/s/b/b/v/v/w/w", HALVES])
    state.apply(1, "place 4 6,7,0")  # the joker now tops the red stack
    state.apply(0, "disc")
    state.apply(1, "place 2 3,4,5")
    state.apply(0, "place 0 0")  # red on the joker
    assert state.stacks[0] == "rwr"
    state.apply(1, "split 0 r/oy")
    listed = {str(a) for a in state.legal_actions(0) if a.verb == "place" and a.args[0] == "15"}
    assert listed == {f"place 15 {i}" for i in range(1, 8)}  # a lone joker: any stack below the discs (3)


# ----- discs (E-7) --------------------------------------------------------------------------------------
def test_E7_a_disc_raises_the_level_by_one_up_to_nine() -> None:
    state = opened()
    seat = 0
    for level in range(3, 10):
        events = state.apply(seat, "disc")
        assert state.discs == level and dict(events[0].data) == {"discs": level, "left": 9 - level}
        seat = 1 - seat
    assert "disc" not in [a.verb for a in state.legal_actions(seat)]
    refused(state, seat, "disc", "all 9 discs are in play")


# ----- splitting (E-8) ----------------------------------------------------------------------------------
def test_E8_a_split_replaces_a_group_by_two_non_empty_parts() -> None:
    state = opened()
    events = state.apply(0, "split 0 yr/o")
    assert dict(events[0].data) == {"group": 0, "into": ["yr", "o"]}
    assert state.view(0).groups[0] == ("yr", "o", "roy", "lgs", "lgs", "bvw", "bvw")
    assert state.record()["rounds"][0]["actions"][-1] == [0, "split 0 yr/o"]
    splits = {str(a) for a in state.legal_actions(1) if a.verb == "split" and a.args[0] == "0"}
    assert splits == {"split 0 r/oy", "split 0 o/ry", "split 0 ro/y", "split 0 y/ro", "split 0 ry/o", "split 0 oy/r"}


@pytest.mark.parametrize("text,words", [
    ("split 0 r/o", "not a split of group 0 'roy'"),
    ("split 0 roy/r", "not a split of group 0 'roy'"),
    ("split 0 roy/", "both parts of a split need at least one beam"),
    ("split 0 r/o/y", "write a split as 'split G A/B'"),
    ("split 0 roy", "write a split as 'split G A/B'"),
    ("split 7 r/oy", "you have no group 7"),
])
def test_E8_a_split_that_is_not_a_partition_is_refused(text: str, words: str) -> None:
    refused(opened(), 0, text, words)


def test_E8_a_single_beam_cannot_be_split() -> None:
    state = grouped(["r/r/o/o/y/y/l/l/g/g/s/s/b/b/v/v/w/w", HALVES])
    state.apply(1, "place 4 6,7,0")
    refused(state, 0, "split 0 r/", "a single beam")


# ----- passing (E-9) and the stalemate (E-13) ------------------------------------------------------------
SINGLES = "r/r/o/o/y/y/l/l/g/g/s/s/b/b/v/v/w/w"
NO_MORE_DISCS = game_with("total: 9", "total: 2")  # only the two starting discs: blocked groups stay blocked


def test_E9_a_seat_that_can_do_nothing_passes_by_itself_and_the_record_omits_it() -> None:
    groups = "rw/r/o/o/y/y/l/l/g/g/s/s/b/b/v/v/w"
    state = grouped([SINGLES, groups], game=NO_MORE_DISCS)
    state.apply(1, "place 0 0,1")  # red on 0, the joker on 1: both stacks at the disc level
    plays = [(0, "place 4 2"), (1, "place 5 3"), (0, "place 7 4"), (1, "place 9 5"), (0, "place 10 6")]
    for seat, action in plays:
        state.apply(seat, action)
    events = state.apply(1, "place 12 7")  # every stack is at the disc level now
    assert kinds(events)[:3] == ["group_placed", "passed", "passed"]
    assert (events[1].seat, events[1]["in_a_row"]) == (0, 1)
    assert all(not a[1].startswith("pass") for a in state.record()["rounds"][0]["actions"])
    refused(fresh(2), 0, "pass", "you never pass by choice")


def test_E13_when_every_seat_holding_beams_passes_in_a_row_the_fewest_beams_win() -> None:
    groups = "rw/r/o/o/y/y/l/l/g/g/s/s/b/b/v/v/w"
    state = grouped([SINGLES, groups], game=NO_MORE_DISCS)
    for seat, action in [(1, "place 0 0,1"), (0, "place 4 2"), (1, "place 5 3"), (0, "place 7 4"),
                         (1, "place 9 5"), (0, "place 10 6")]:
        state.apply(seat, action)
    events = state.apply(1, "place 12 7")
    assert kinds(events) == ["group_placed", "passed", "passed", "stalemate", "round_ended", "game_ended"]
    assert state.finished and state.end == "stalemate"
    assert state.totals == [15, 13] and state.winners == (1,)
    stalemate = next(e for e in events if e.kind == "stalemate")
    assert dict(stalemate.data) == {"beams_left": [15, 13], "team_beams": None, "winners": [1]}
    assert events[-1].kind == "game_ended" and events[-1]["reason"] == "stalemate"
    assert state.record()["rounds"][0]["score"] == [15, 13]


def test_E13_equal_counts_share_the_win() -> None:
    state = grouped([SINGLES, SINGLES], game=NO_MORE_DISCS)
    for seat, action in [(1, "place 16 0"), (0, "place 2 1"), (1, "place 4 2"), (0, "place 6 3"),
                         (1, "place 8 4"), (0, "place 8 5"), (1, "place 10 6"), (0, "place 11 7")]:
        state.apply(seat, action)
    assert state.end == "stalemate" and state.winners == (0, 1) and state.totals == [14, 14]


# ----- turns, teams, the win (E-10..E-12) ----------------------------------------------------------------
FOUR = ["roy/lgs/bvw"] * 4


def four_with_seat0_out():
    """Four seats; seat 0 has placed all its beams, seat 2 holds only 'roy'; seat 1 to play."""
    state = grouped(FOUR)
    return rebuilt(
        state,
        beams=[[], list("roylgsbvw"), list("roy"), list("roylgsbvw")],
        groups=[[], ["roy", "lgs", "bvw"], ["roy"], ["roy", "lgs", "bvw"]],
        stacks=[list("rr"), list("oo"), list("yy"), list("lll"), list("ggg"), list("sss"), list("bbbw"),
                list("vvvw")],
        discs=4, turn=1, first_turn=False)


def test_E10_a_seat_without_beams_is_skipped() -> None:
    state = four_with_seat0_out()
    state.apply(1, "disc")
    state.apply(2, "disc")
    events = state.apply(3, "disc")
    assert kinds(events) == ["disc_added", "player_skipped"] and events[1].seat == 0
    assert state.turn == 1  # team B plays twice running: 3, then 1


def test_E11_four_players_play_in_teams_of_seats_0_and_2_against_1_and_3() -> None:
    state = grouped(FOUR)
    assert state.view(0).teams == (0, 1, 0, 1)
    turns = [state.turn]
    state.apply(3, "place 2 6,7,0")
    for _ in range(4):
        turns.append(state.turn)
        state.apply(state.turn, "disc")
    assert turns == [3, 0, 1, 2, 3]
    assert GAME.new_state(seats(3), seed=1).view(0).teams is None


def test_E12_the_first_player_to_place_all_beams_wins_at_once() -> None:
    state = rebuilt(grouped([HALVES, HALVES]),
                    beams=[["w"], list("rrooyyllggssbbvvww")],
                    groups=[["w"], HALVES.split("/")],
                    stacks=[list("rrrw"), list("ooo"), list("yyy"), list("lll"), list("ggg"), list("sss"),
                            list("bbb"), list("vvv")],
                    discs=4, turn=0, first_turn=False)
    events = state.apply(0, "place 0 3")
    assert kinds(events) == ["group_placed", "game_won", "round_ended", "game_ended"]
    assert state.finished and state.winners == (0,) and state.totals == [0, 18]
    assert dict(events[1].data) == {"winners": [0], "team": None, "seat": 0}
    assert events[2]["reason"] == "win" and events[3]["winners"] == [0]
    assert state.to_act() == () and state.legal_actions(1) == []
    refused(state, 1, "disc", "the game is over")


def test_E12_a_team_wins_when_both_members_have_placed_all_their_beams() -> None:
    state = four_with_seat0_out()
    state.apply(1, "disc")
    events = state.apply(2, "place 0 0,1,2")
    assert kinds(events) == ["group_placed", "game_won", "round_ended", "game_ended"]
    assert state.winners == (0, 2) and events[1]["team"] == 0


def test_E12_one_member_out_is_not_yet_a_win() -> None:
    state = grouped(FOUR)
    state = rebuilt(state,
                    beams=[list("roy"), list("roylgsbvw"), list("roylgsbvw"), list("roylgsbvw")],
                    groups=[["roy"], ["roy", "lgs", "bvw"], ["roy", "lgs", "bvw"], ["roy", "lgs", "bvw"]],
                    stacks=[list("r"), list("o"), list("y"), list("ll"), list("gg"), list("ss"), list("bbw"),
                            list("vv")],
                    discs=3, turn=0, first_turn=False)
    events = state.apply(0, "place 0 0,1,2")
    assert kinds(events) == ["group_placed", "player_out"] and not state.finished
    assert state.turn == 1


def test_E13_with_teams_the_team_with_fewer_beams_wins_the_stalemate() -> None:
    content_game = game_with("total: 9", "total: 2")
    state = grouped(["r/o/y/l/g/s/b/v/w"] * 4, game=content_game)
    plays = [(3, "place 8 0"), (0, "place 1 1"), (1, "place 2 2"), (2, "place 3 3"), (3, "place 4 4"),
             (0, "place 4 5"), (1, "place 5 6")]
    for seat, action in plays:
        state.apply(seat, action)
    events = state.apply(2, "place 6 7")
    assert state.end == "stalemate"
    stalemate = next(e for e in events if e.kind == "stalemate")
    assert stalemate["beams_left"] == [7, 7, 7, 7] and stalemate["team_beams"] == [14, 14]
    assert state.winners == (0, 1, 2, 3)
