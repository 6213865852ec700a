"""Elios `hard` AI: its imagined moves are the engine's moves, it takes a win it can see, and it plays
whole games with legal moves only (small time budgets keep these tests quick)."""
from __future__ import annotations

import random

from game.core.play import play_game
from game.elios.agents import BLOCKED_TURNS, WAITING_TURNS, Sun
from game.elios.hard import Board, HardAgent
from tests.elios.helpers import GAME, grouped, rebuilt, seats
from tests.elios.test_contract import random_game_positions

HALVES = "roy/roy/lgs/lgs/bvw/bvw"


def board_of(state, seat: int) -> Board:
    view = state.view(seat)
    sun = Sun(list(view.heights), view.discs, {c: i for i, c in enumerate(view.colours)}, view.joker,
              BLOCKED_TURNS, WAITING_TURNS)
    return Board(sun, view.max_discs, [list(g or ()) for g in view.groups], seat, view.teams is not None)


def test_the_search_imagines_exactly_the_engines_places_and_discs_and_only_legal_splits() -> None:
    checked = 0
    for players in (2, 4):
        for state, seat, _ in random_game_positions(players, seed=11 + players):
            if state.phase != "placing" or state.first_turn:
                continue
            board = board_of(state, seat)
            imagined = set()
            for move in board.moves():
                if move[0] == "place":
                    imagined.add(f"place {move[1]} {','.join(map(str, move[2]))}")
                elif move[0] == "disc":
                    imagined.add("disc")
                else:
                    imagined.add(f"split {move[1]} {move[2]}/{move[3]}")
            legal = {str(a) for a in state.legal_actions(seat)}
            assert imagined <= legal
            assert {a for a in legal if not a.startswith("split")} == {a for a in imagined if not a.startswith("split")}
            checked += 1
    assert checked > 40


def test_hard_takes_a_win_it_can_see() -> None:
    state = rebuilt(grouped([HALVES, HALVES]),
                    beams=[list("rw"), list("rrooyyllggssbbvvww")],
                    groups=[["rw"], HALVES.split("/")],
                    stacks=[list("rrw"), list("ooo"), list("yyy"), list("lll"), list("ggg"), list("sss"),
                            list("bbb"), list("vvv")],
                    discs=4, turn=0, first_turn=False)
    legal = state.legal_actions(0)
    assert {a.verb for a in legal} == {"place", "disc", "split"}
    action = HardAgent(seconds=0.2).choose(state.view(0), legal, random.Random(1))
    assert action.verb == "place"
    state.apply(0, action)
    assert state.winners == (0,)


def test_hard_plays_whole_games_with_legal_moves() -> None:
    for players in (2, 4):
        agents = [HardAgent(seconds=0.01, max_depth=2)] + [GAME.agent("normal") for _ in range(players - 1)]
        state = play_game(GAME, seats(players), agents, seed=players)
        assert state.finished and state.winners
