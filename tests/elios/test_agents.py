"""Elios AI levels: they play only legal moves from their view, group at once, and `normal` plays the
way the game rewards (places what fits, splits a stuck group, adds a disc that frees its own groups,
helps its partner) and beats `random`."""
from __future__ import annotations

import random

from game.core.engine import SeatInfo
from game.core.play import play_game
from game.elios.agents import NormalAgent, RandomAgent
from game.elios.grouping import grouping_problem, parse_grouping
from tests.elios.helpers import GAME, fresh, grouped, rebuilt

HALVES = "roy/roy/lgs/lgs/bvw/bvw"


def test_agent_levels_are_wired() -> None:
    assert set(GAME.agent_levels()) == {"random", "normal", "hard"}
    assert isinstance(GAME.agent("normal"), NormalAgent) and isinstance(GAME.agent("random"), RandomAgent)


def test_both_levels_group_at_once_with_a_valid_grouping() -> None:
    state = fresh(3)
    rng = random.Random(4)
    for agent in (RandomAgent(), NormalAgent()):
        for seat in range(3):
            action = agent.choose(state.view(seat), state.legal_actions(seat), rng)
            assert action.verb == "groups"
            assert grouping_problem(GAME.content, state.held[seat], parse_grouping(action.args[0])) is None
    normal = NormalAgent().choose(state.view(0), state.legal_actions(0), rng)
    assert len(parse_grouping(normal.args[0])) == 4  # eleven beams: as few groups as the letters allow


def test_normal_places_a_group_that_fits_rather_than_waiting() -> None:
    state = grouped([HALVES, HALVES])
    state.apply(1, "place 4 6,7,0")
    action = NormalAgent().choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert action.verb == "place"


def test_normal_splits_a_group_that_is_stuck_when_its_parts_fit() -> None:
    state = rebuilt(grouped([HALVES, HALVES]),
                    beams=[list("ro"), list("rrooyyllggssbbvvww")],
                    groups=[["ro"], HALVES.split("/")],
                    stacks=[list("rrw"), list("oo"), list("yyy"), list("lll"), list("ggg"), list("sss"),
                            list("bbb"), list("vvvw")],
                    discs=4, turn=0, first_turn=False)
    action = NormalAgent().choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert action.verb == "split" and action.args[0] == "0"


def test_normal_adds_a_disc_when_that_frees_its_own_groups_and_not_the_others() -> None:
    state = rebuilt(grouped([HALVES, HALVES]),
                    beams=[list("bv"), list("rrooyyllggss")],
                    groups=[["bv"], ["roy", "roy", "lgs", "lgs"]],
                    stacks=[list("rrr"), list("ooo"), list("yyyw"), list("lllw"), list("ggg"), list("sss"),
                            list("bbbbw"), list("vvvvw")],
                    discs=5, turn=0, first_turn=False)
    # Seat 1's groups are stuck on uneven stacks; seat 0's 'bv' only waits for a disc.
    assert state.view(0).placeable == ()
    action = NormalAgent().choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert action.verb == "disc"


def test_normal_places_its_joker_where_it_helps_its_partner_not_an_opponent() -> None:
    state = rebuilt(grouped(["roy/lgs/bvw"] * 4),
                    beams=[["w"], list("yl"), list("ro"), list("roylgsbvw")],
                    groups=[["w"], ["yl"], ["ro"], list("roylgsbvw")],
                    stacks=[list("rrrw"), list("ooo"), list("yyyw"), list("lll"), list("gggg"), list("ssss"),
                            list("bbbb"), list("vvvv")],
                    discs=5, turn=0, first_turn=False)
    action = NormalAgent().choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert str(action) == "place 0 1"  # evens orange with red for the partner's 'ro'; 'place 0 3' would free 'yl'


def test_normal_beats_random_in_two_player_games() -> None:
    games, wins = 40, 0
    for g in range(games):
        levels = ["normal", "random"] if g % 2 == 0 else ["random", "normal"]
        seats = [SeatInfo(level, f"ai:{level}") for level in levels]
        state = play_game(GAME, seats, [GAME.agent(level) for level in levels], seed=g)
        wins += levels.index("normal") in state.winners
    assert wins >= 36
