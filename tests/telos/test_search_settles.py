"""Télos `hard` stops searching once its answer is settled (`Budget.stop_when_settled`): from the same
view and generator it chooses exactly what the full budget chooses, with fewer iterations."""
from __future__ import annotations

import random

from game.core.engine import SeatInfo
from game.core.ismcts import Budget
from game.core.play import step
from game.telos.agents import NormalAgent
from game.telos.hard import DEFAULT_BUDGET, HardAgent
from tests.telos.test_agents import GAME


def test_the_offered_budget_stops_when_settled() -> None:
    assert DEFAULT_BUDGET.stop_when_settled and DEFAULT_BUDGET.iterations == 200


def test_a_settled_search_chooses_what_the_full_search_chooses() -> None:
    decisions = saved = 0
    for players, seed in ((6, 1), (4, 2)):
        state = GAME.new_state([SeatInfo(f"p{i}") for i in range(players)], seed=seed)
        rng = random.Random(seed)
        agents = [NormalAgent() for _ in range(players)]
        for _ in range(60):
            if state.finished:
                break
            seat = state.turn
            legal = state.legal_actions(seat)
            if len(legal) > 1 and decisions < 8:
                view = state.view(seat)
                full = HardAgent(GAME, Budget(80))
                settled = HardAgent(GAME, Budget(80, stop_when_settled=True))
                assert settled.choose(view, legal, random.Random(9)) == full.choose(view, legal, random.Random(9))
                assert full.last_result is not None and settled.last_result is not None
                assert full.last_result.iterations == 80 >= settled.last_result.iterations
                saved += settled.last_result.iterations < 80
                decisions += 1
            step(state, agents, rng)
    assert decisions == 8 and saved >= 2, "the test needs searches that really stopped early"
