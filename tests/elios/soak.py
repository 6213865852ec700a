"""Long runs of the Elios engine, outside the test suite (it takes a while):

    python -m tests.elios.soak [--games 1000] [--speed 300]

1. `--games` seeded games over 2, 3 and 4 players, checked like tests/elios/test_playouts.py (every
   invariant at every step, every record replayed byte for byte); prints the time taken.
2. Speed of plain random play through game.core.play (views, legal lists, agents) for 2 and 4 players:
   games per second and actions per second.
"""
from __future__ import annotations

import argparse
import time

from game.core.play import play_game
from game.core.records import record_to_text, replay
from tests.elios.helpers import GAME, seats
from tests.elios.test_playouts import play_out


def soak(games: int) -> None:
    started = time.perf_counter()
    ends: dict[str, int] = {}
    for seed in range(games):
        state = play_out(seed)
        record = state.record()
        assert record_to_text(replay(GAME, record).record()) == record_to_text(record), seed
        ends[state.end or "?"] = ends.get(state.end or "?", 0) + 1
    print(f"{games} checked games clean in {time.perf_counter() - started:.1f} s; ends: {ends}")


def speed(games: int) -> None:
    for players in (2, 4):
        agents = [GAME.agent("random") for _ in range(players)]
        actions = 0
        started = time.perf_counter()
        for seed in range(games):
            state = play_game(GAME, seats(players), agents, seed=seed)
            actions += len(state.rounds[0].actions)
        elapsed = time.perf_counter() - started
        print(f"random play, {players} players: {games / elapsed:.0f} games/s, {actions / elapsed:.0f} actions/s "
              f"({games} games, {actions / games:.0f} actions a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--speed", type=int, default=300)
    args = parser.parse_args()
    soak(args.games)
    speed(args.speed)


if __name__ == "__main__":
    main()
