"""Elios `hard` in teams and at the grouping: it counts a team's time by its slower member, reads its
partner as a `normal` player, and chooses its groups by playouts of the placing that follows."""
from __future__ import annotations

import random

from game.core.engine import SeatInfo
from game.elios.agents import NormalAgent
from game.elios.grouping import grouping_problem, largest_groups, parse_grouping
from game.elios.hard import HardAgent, board_of, move_of, team_time
from game.elios.plan import candidate_groupings, planned_grouping
from tests.elios.helpers import GAME
from tests.elios.test_contract import random_game_positions


def test_a_team_needs_longer_when_its_members_are_uneven() -> None:
    assert team_time(3, 3) == 6 == 3 + 3          # even: the plain sum
    assert team_time(1, 5) > team_time(3, 3)       # 1 and 5: its last member plays one turn in three
    assert team_time(5, 1) == team_time(1, 5)
    assert team_time(0, 4) > team_time(2, 2)


def test_hard_reads_its_partner_as_a_normal_player() -> None:
    """Where the partner is on turn, the move `hard` expects of it is one `normal` rates best."""
    checked = 0
    for seed in (3, 5):
        for state, seat, _ in random_game_positions(4, seed=seed):
            if state.phase != "placing" or state.first_turn or len(state.legal_actions(seat)) < 2:
                continue
            view = state.view(seat)
            board = board_of(view)
            reader = HardAgent(seconds=60.0, max_depth=2)
            expected = reader.partner_move(board, board.moves())
            normal = NormalAgent().search
            root = [(move_of(a), a) for a in state.legal_actions(seat)]
            values = {str(action): normal._after(board, seat, move, 2, -float("inf"), float("inf"))
                      for move, action in root}
            expected_value = normal._after(board, seat, expected, 2, -float("inf"), float("inf"))
            assert expected_value == max(values.values())
            checked += 1
    assert checked >= 10


def test_the_planned_grouping_is_valid_with_the_fewest_groups_and_repeatable() -> None:
    for players in (2, 3, 4):
        state = GAME.new_state([SeatInfo(f"p{i}") for i in range(players)], seed=players)
        view = state.view(0)
        beams = view.beams[0]
        candidates = candidate_groupings(beams, random.Random(1))
        assert candidates[0] == largest_groups(beams) and len(set(candidates)) == len(candidates) > 1
        assert all(len(c) == len(candidates[0]) for c in candidates)
        chosen = planned_grouping(view, random.Random(4))
        assert chosen == planned_grouping(view, random.Random(4))
        assert chosen in candidates[:1] + candidate_groupings(beams, random.Random(4))
        assert grouping_problem(GAME.content, beams, chosen) is None
        action = HardAgent().choose(view, state.legal_actions(0), random.Random(4))
        assert action.verb == "groups"
        assert grouping_problem(GAME.content, beams, parse_grouping(action.args[0])) is None
