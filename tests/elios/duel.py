"""Win rates of Elios AI levels against each other, outside the test suite:

    python -m tests.elios.duel --seats normal,random --games 300 [--seed 1]

Seats rotate from game to game (game g puts level i in seat (i + g) % players), every game through
game.core.play with its own seed. A shared win counts for every winner; the last line is JSON.
"""
from __future__ import annotations

import argparse
import json
import time

from game.core.engine import SeatInfo
from game.core.play import play_game
from tests.elios.helpers import GAME


def duel(levels: list[str], games: int, seed: int) -> dict[str, object]:
    players = len(levels)
    wins = [0] * players
    started = time.perf_counter()
    for g in range(games):
        level_at = [levels[(s - g) % players] for s in range(players)]
        owner = [(s - g) % players for s in range(players)]  # which entry of `levels` sits in seat s
        seats = [SeatInfo(f"{level_at[s]}-{s}", f"ai:{level_at[s]}") for s in range(players)]
        agents = [GAME.agent(level) for level in level_at]
        state = play_game(GAME, seats, agents, seed=seed * 100_000 + g)
        for winner in state.winners:
            wins[owner[winner]] += 1
    return {"game": "elios", "games": games, "seats": levels, "win_rate": [round(w / games, 3) for w in wins],
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="normal,random")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(duel(args.seats.split(","), args.games, args.seed)))


if __name__ == "__main__":
    main()
