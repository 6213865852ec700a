"""Benchmark opponents (`Game.bench_agents`): seated by `tournament`, never offered to players, and each
sees only its own seat's view.

The spy wraps a benchmark agent and checks, at every decision of whole games, that what the agent is
handed is exactly `state.view(seat)` for the seat being asked (equal to a fresh view of that seat, of
the game's view type, naming that seat), so it is given nothing another seat could not see either.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence

import pytest

from game.catalog import load_game
from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.core.play import step

REPO = Path(__file__).resolve().parents[2]
BENCH = {"elios": ("bench-lookahead", 2), "zeus": ("bench-greedy", 3), "telos": ("bench-greedy", 4)}


@pytest.mark.parametrize("game_id", sorted(BENCH))
def test_bench_agents_are_not_offered_levels(game_id: str) -> None:
    game = load_game(game_id)
    name, _ = BENCH[game_id]
    assert name in game.bench_agents()
    assert name not in game.agent_levels(), "setup offers agent_levels(): a benchmark must not be there"
    assert game.agent(name).name == name


class ViewSpy:
    """Passes decisions on to `agent`, checking first that the view is the asked seat's own."""

    def __init__(self, agent: Any, state_of: Any, seat: int) -> None:
        self.agent, self.state_of, self.seat = agent, state_of, seat
        self.name = agent.name
        self.decisions = 0

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        state: State = self.state_of()
        assert view.seat == self.seat
        assert type(view) is type(state.view(self.seat)) and view == state.view(self.seat)
        for other in range(len(state.seats)):
            if other != self.seat and state.view(other) != state.view(self.seat):
                assert view != state.view(other), "the agent was handed another seat's view"
        self.decisions += 1
        return self.agent.choose(view, legal_actions, rng, optional)


@pytest.mark.parametrize("game_id", sorted(BENCH))
def test_bench_agents_see_only_their_seat(game_id: str) -> None:
    game = load_game(game_id)
    name, players = BENCH[game_id]
    for seed in range(2):
        seats = [SeatInfo(f"p{i}") for i in range(players)]
        state = game.new_state(seats, seed=seed)
        agents: list[Any] = [game.agent("normal") for _ in seats]
        spies = [ViewSpy(game.agent(name), lambda: state, seat) for seat in (0, players - 1)]
        agents[0], agents[-1] = spies
        rng = random.Random(seed)
        for _ in range(400):
            if state.finished:
                break
            step(state, agents, rng)
        assert all(spy.decisions > 3 for spy in spies)


@pytest.mark.parametrize("game_id", sorted(BENCH))
def test_tournament_seats_bench_agents(game_id: str) -> None:
    name, players = BENCH[game_id]
    seats = ",".join([name] + ["normal"] * (players - 1))
    result = subprocess.run([sys.executable, "-m", "game", "tournament", "--game", game_id, "--seats", seats,
                             "--games", "2", "--seed", "5"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["seats"][0] == name
