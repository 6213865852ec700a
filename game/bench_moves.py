"""How long one AI seat thinks: `python -m game bench-moves --game ID --seats hard,normal,… [--games G]
[--seed S]`.

Plays whole games with the first entry of `--seats` at seat 0 (the others as listed) and times each of
that seat's decisions that had a choice (more than one legal action), in wall-clock and CPU seconds, at
the level's real budget (its own time cap, as at a table). A search AI thinks in a process of its own at
a table; here it thinks in this one, so the wall time is what the machine's load lets it have: the
issue targets are given at a stated load (e.g. Télos `hard` at 6 players, mean ≤ 0.5 s at load 4).
The last line printed is JSON.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import Any, Sequence

from game.core.engine import Game, SeatInfo
from game.core.play import play_game


class TimedAgent:
    """An agent that notes how long each decision with a choice took, and otherwise is the agent it wraps."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: Any, legal_actions: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        action = self.agent.choose(view, legal_actions, *args, **kwargs)
        if len(legal_actions) > 1:
            self.wall.append(time.perf_counter() - wall)
            self.cpu.append(time.process_time() - cpu)
        return action

    def __getattr__(self, name: str) -> Any:      # anything else a game asks of its agents
        return getattr(self.agent, name)


def time_moves(game: Game, levels: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    """Seat 0 plays `levels[0]`, the others the rest; the figures over all its timed decisions."""
    game.check_player_count(len(levels))
    timed = TimedAgent(game.agent(levels[0]))
    for i in range(games):
        seats = [SeatInfo(f"Seat {s + 1}", f"ai:{level}") for s, level in enumerate(levels)]
        agents = [timed] + [game.agent(level) for level in levels[1:]]
        play_game(game, seats, agents, seed=seed + i)
    if not timed.wall:
        raise ValueError(f"{levels[0]} had no decision with a choice in {games} game(s)")
    return {"game": game.id, "seats": list(levels), "games": games, "seed": seed, "decisions": len(timed.wall),
            "wall_mean_s": round(statistics.mean(timed.wall), 3), "wall_max_s": round(max(timed.wall), 3),
            "cpu_mean_s": round(statistics.mean(timed.cpu), 3), "cpu_max_s": round(max(timed.cpu), 3)}


def print_time_moves(game: Game, levels: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    figures = time_moves(game, levels, games, seed)
    print(f"{game.title}: {levels[0]} at seat 0 against {', '.join(levels[1:])}: {figures['decisions']} decisions "
          f"with a choice in {games} game(s); wall mean {figures['wall_mean_s']} s (max {figures['wall_max_s']}), "
          f"CPU mean {figures['cpu_mean_s']} s (max {figures['cpu_max_s']})")
    print(json.dumps(figures))
    return figures
