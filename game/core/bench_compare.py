"""Engine speed, side by side with another checkout of this project:
`python -m game.core.bench_compare --other DIR --game ID --players N [--seconds S] [--runs R]`.

A speed-up is only worth quoting when both engines are measured the same way at the same moment on
a machine shared with other work. So each run times random legal play (whole games, every decision
uniform over the legal actions, the same driver for both) in a fresh process for each checkout, the
two alternating run by run, each for `S` seconds of that process's CPU time. The driver acts through
`State.advance` where the checkout has it (no events: what the lean path is for), else `apply`.

The last line printed is JSON: every run's games per CPU second for both, and the ratios' min,
median and max.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence

THIS_CHECKOUT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter with the checkout to measure first on the path. It imports nothing from
# this checkout, so the same words measure an older engine that has no `advance` and no chance seat.
DRIVER = r"""
import json, os, random, sys, time
sys.path.insert(0, sys.argv[1])
import game
if not os.path.abspath(game.__file__).startswith(os.path.join(os.path.abspath(sys.argv[1]), "")):
    sys.exit(f"the game package came from {game.__file__}, not from {sys.argv[1]}")
from game.catalog import load_game
from game.core.engine import SeatInfo

game = load_game(sys.argv[2])
players, seconds, seed = int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])


def play(seed):
    seats = [SeatInfo(f"Seat {s + 1}", "ai:random") for s in range(players)]
    state = game.new_state(seats, game.normalize_options({}), seed)
    act = getattr(state, "advance", state.apply)
    rng = random.Random(f"bench/{seed}")
    actions = 0
    while not state.finished:
        waiting = state.waiting_for()
        acting = state.to_act()
        acted = False
        if len(acting) > len(waiting):
            reactors = [s for s in acting if state.is_reaction(s)]
            rng.shuffle(reactors)
            for seat in reactors:
                legal = state.legal_actions(seat)
                if legal:
                    choice = rng.randrange(len(legal) + 1)  # the last choice declines
                    if choice < len(legal):
                        act(seat, legal[choice])
                        acted = True
                        break
        if not acted:
            seat = waiting[0]
            act(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


games = actions = 0
started = time.process_time()
while True:
    actions += play(seed + games)
    games += 1
    spent = time.process_time() - started
    if spent >= seconds:
        break
print(json.dumps({"games": games, "actions": actions, "cpu_s": spent}))
"""


def measure(checkout: Path, game_id: str, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """One run of random legal play in a fresh process for `checkout`: games, actions, CPU seconds."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(checkout), game_id, str(players), str(seconds), str(seed)],
        cwd=checkout, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"measuring {checkout} failed:\n{done.stderr}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["games_per_s"] = figures["games"] / figures["cpu_s"]
    return figures


def compare(other: Path, game_id: str, players: int, seconds: float, runs: int, seed: int = 1) -> dict[str, Any]:
    """`runs` interleaved pairs of runs (the other checkout first, then this one); ratios this/other."""
    other_rates: list[float] = []
    these_rates: list[float] = []
    for _ in range(runs):
        other_rates.append(measure(other, game_id, players, seconds, seed)["games_per_s"])
        these_rates.append(measure(THIS_CHECKOUT, game_id, players, seconds, seed)["games_per_s"])
    ratios = [mine / theirs for mine, theirs in zip(these_rates, other_rates)]
    return {
        "game": game_id, "players": players, "clock": "cpu", "seconds_per_run": seconds, "runs": runs,
        "other": str(other), "other_games_per_s": [round(r, 1) for r in other_rates],
        "games_per_s": [round(r, 1) for r in these_rates],
        "speedup_min": round(min(ratios), 2), "speedup_median": round(statistics.median(ratios), 2),
        "speedup_max": round(max(ratios), 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.core.bench_compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", required=True, type=Path, help="the other checkout's root folder")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", required=True, type=int)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run (default 2)")
    parser.add_argument("--runs", type=int, default=5, help="pairs of runs, alternating (default 5)")
    args = parser.parse_args(argv)
    figures = compare(args.other.resolve(), args.game, args.players, args.seconds, args.runs)
    print(f"{args.game}, {args.players} players: this checkout plays {figures['speedup_median']}x the other's "
          f"random games per CPU second (median of {args.runs}; min {figures['speedup_min']}, "
          f"max {figures['speedup_max']})")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
