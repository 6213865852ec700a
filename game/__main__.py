"""Headless commands: `python -m game selfplay …`, `tournament …`, `bench …`, `review …` and `soak-faults`.

selfplay writes one record per game (`<game>-<seed>.json`), and never overwrites a record already there
unless given `--force`: it checks every file it would write before playing, so a refused run writes
nothing. tournament prints each seat's win rate with its 95% confidence interval and, as its last line,
one line of JSON with the figures. review prints, as its last line, the JSON of a post-game review of
one seat of a record (game/core/review.py), with how long it took. soak-faults runs the reliability
probes in bulk (game/core/fault_probes.py: damaged user files, odd names, hostile YAML, bad command lines,
engine input, two writers, a second copy, kill -9 during a write) and prints, as its last line, one line
of JSON with how many held and each one that did not; its exit status is 1 when any did not.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.errors import ContentError
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.userfiles import FileDamage, atomic_write_text, loads_strict

EXIT_WOULD_OVERWRITE = 3
SEAT_NAMES = ("Ariadne", "Bion", "Chloe", "Damon", "Elpis", "Felix", "Galene", "Hector")


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SystemExit(f"--option expects KEY=VALUE, got {pair!r}")
        key, value = pair.split("=", 1)
        try:
            options[key] = loads_strict(value)
        except FileDamage:
            raise SystemExit(f"--option {key}: {value[:40]!r} is not a number any game can use") from None
        except (json.JSONDecodeError, RecursionError):
            options[key] = value
        except ValueError:
            raise SystemExit(f"--option {key}: the number is far too long") from None
    return options


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    game.check_player_count(args.players)
    options = game.normalize_options(parse_options(args.option))
    out = Path(args.out)
    targets = [out / f"{args.game}-{args.seed + i}.json" for i in range(args.games)]
    existing = [path for path in targets if path.exists()]
    if existing and not args.force:
        shown = ", ".join(path.name for path in existing[:5]) + (f" and {len(existing) - 5} more" if len(existing) > 5 else "")
        print(f"error: {len(existing)} of the records this run would write already exist in {out}: {shown}. "
              "Nothing was written; use --force to overwrite them, or another --seed or --out.", file=sys.stderr)
        return EXIT_WOULD_OVERWRITE
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        seats = [SeatInfo(SEAT_NAMES[s], f"ai:{args.ai}") for s in range(args.players)]
        agents = [game.agent(args.ai) for _ in seats]
        state = play_game(game, seats, agents, options=options, seed=seed)
        atomic_write_text(targets[i], record_to_text(state.record()))
    elapsed = time.perf_counter() - started
    print(json.dumps({"game": args.game, "games": args.games, "out": str(out), "seconds": round(elapsed, 2)}))
    return 0


Z_95 = 1.959964  # the standard normal quantile for a two-sided 95% interval


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a win rate: unlike rate ± z·SE it stays inside [0, 1] and is
    honest for small counts and rates near 0 or 1, which short tournaments often give."""
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def cmd_tournament(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    n = len(levels)
    game.check_player_count(n)
    for level in levels:
        game.agent(level)  # unknown levels fail before any game is played
    options = game.normalize_options(parse_options(args.option))
    wins = [0] * n
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        # Entry e of --seats sits at seat (e + i) % n, so every entry plays every position.
        entry_at_seat = [(s - i) % n for s in range(n)]
        seats = [SeatInfo(SEAT_NAMES[s], f"ai:{levels[entry_at_seat[s]]}") for s in range(n)]
        agents = [game.agent(levels[entry_at_seat[s]]) for s in range(n)]
        state = play_game(game, seats, agents, options=options, seed=seed)
        for seat in state.winners:
            wins[entry_at_seat[seat]] += 1
    elapsed = time.perf_counter() - started
    rates = [round(w / args.games, 4) for w in wins]
    intervals = [wilson_interval(w, args.games) for w in wins]
    for e, level in enumerate(levels):
        low, high = intervals[e]
        print(f"entry {e} ({level}): won {wins[e]} of {args.games} games, win rate {rates[e]:.1%}"
              f" (95% CI {low:.1%}–{high:.1%})")
    print(f"{args.games} games in {elapsed:.1f} s")
    print(json.dumps({"game": args.game, "games": args.games, "seats": levels, "win_rate": rates,
                      "win_rate_ci95": [[round(low, 4), round(high, 4)] for low, high in intervals]}))
    return 0


def cmd_bench_moves(args: argparse.Namespace) -> int:
    from game.bench_moves import print_time_moves

    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    print_time_moves(load_game(args.game), levels, args.games, args.seed)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.compare_plain:
        from game.bench_real import print_compare_plain

        print_compare_plain(load_game(args.game), args.players, args.seconds, args.runs)
        return 0
    from game.bench import print_bench

    print_bench(load_game(args.game), args.players, args.seconds)
    return 0


def cmd_bench_replay(args: argparse.Namespace) -> int:
    from game.bench_replay import print_compare_replay

    print_compare_replay(load_game(args.game), args.players, args.seconds, args.runs, args.records)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from game.core.records import read_record
    from game.core.review import reviewable_seats, review_record

    record = read_record(Path(args.record))
    game = load_game(record["game"])
    seat = args.seat if args.seat is not None else reviewable_seats(record)[0]

    def progress(done: int, total: int) -> None:
        if not args.quiet:
            print(f"review: {done} of {total} decisions", file=sys.stderr, flush=True)

    review = review_record(game, record, seat, iterations=args.iterations, seed=args.seed, progress=progress)
    unjudged = f", {review.not_judged} not judged" if review.not_judged else ""
    print(f"{len(review.moves)} decisions judged, {review.forced} forced{unjudged}, {len(review.marked)} marked, "
          f"in {review.seconds:.1f} s")
    print(json.dumps(review.to_json()))
    return 0


def cmd_soak_faults(args: argparse.Namespace) -> int:
    from game.core.fault_probes import GROUPS, run_probes

    groups = args.group or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        print(f"error: no probe group {', '.join(unknown)}; choose from {', '.join(GROUPS)}", file=sys.stderr)
        return 2
    summary = run_probes(groups, args.match)
    for failure in summary["failed"]:
        print(f"did not hold: {failure['probe']}: {failure['what_happened']}")
    print(f"soak-faults: {summary['held']} of {summary['probes']} probes held in {summary['seconds']} s")
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if not summary["failed"] else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="play AI-vs-AI games and write one record per game")
    sp.add_argument("--game", required=True)
    sp.add_argument("--players", type=int, required=True)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--out", required=True)
    sp.add_argument("--ai", default="normal")
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--force", action="store_true", help="overwrite records already in --out")
    sp.set_defaults(run=cmd_selfplay)
    tp = sub.add_parser("tournament", help="play AI levels against each other and print win rates")
    tp.add_argument("--game", required=True)
    tp.add_argument("--seats", required=True, help="AI levels or benchmark opponents (bench-…), one per seat, e.g. normal,random")
    tp.add_argument("--games", type=int, default=100)
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    tp.set_defaults(run=cmd_tournament)
    bp = sub.add_parser("bench", help="time random legal play and the search's determinize-and-playout loop")
    bp.add_argument("--game", required=True)
    bp.add_argument("--players", type=int, required=True)
    bp.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop (per run with --compare-plain)")
    bp.add_argument("--compare-plain", action="store_true", help="Tamoul, Elios: whole games of realistic play "
                    "per CPU second against a plain implementation of the rules, run by run (game/bench_real.py)")
    bp.add_argument("--runs", type=int, default=5, help="with --compare-plain: pairs of runs (default 5)")
    bp.set_defaults(run=cmd_bench)
    brp = sub.add_parser("bench-replay", help="time replaying records against a plain replay, and rebuilding a "
                         "long game's state; the last line is JSON")
    brp.add_argument("--game", required=True)
    brp.add_argument("--players", type=int, required=True)
    brp.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run (default 2)")
    brp.add_argument("--runs", type=int, default=5, help="pairs of runs, alternating (default 5)")
    brp.add_argument("--records", type=int, default=12, help="records of the normal AI to replay (default 12)")
    brp.set_defaults(run=cmd_bench_replay)
    mp = sub.add_parser("bench-moves", help="time one AI seat's decisions (wall and CPU) over whole games at its "
                        "real budget; the last line is JSON")
    mp.add_argument("--game", required=True)
    mp.add_argument("--seats", required=True, help="the timed level first, then the others, e.g. hard,normal,normal")
    mp.add_argument("--games", type=int, default=1)
    mp.add_argument("--seed", type=int, default=1)
    mp.set_defaults(run=cmd_bench_moves)
    rp = sub.add_parser("review", help="review one seat's moves of a game record with the hard AI's judgement; "
                        "the last line is JSON")
    rp.add_argument("record", help="a game record (.json)")
    rp.add_argument("--seat", type=int, help="the seat to review (default: the first human seat, else 0)")
    rp.add_argument("--iterations", type=int, help="effort per decision: search iterations (Zeus, Télos), "
                    "sampled positions (Tamoul) or search depth in turns (Elios); default: the game's own")
    rp.add_argument("--seed", type=int, default=1)
    rp.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    rp.set_defaults(run=cmd_review)
    fp = sub.add_parser("soak-faults", help="run the reliability probes in bulk (damaged files, odd names, hostile "
                        "YAML, bad command lines, engine input, two copies, kill -9); the last line is JSON")
    fp.add_argument("--group", action="append", metavar="NAME",
                    help="only this group of probes (files, names, yaml, command_line, engine, processes); repeatable")
    fp.add_argument("--match", default="", metavar="TEXT", help="only the probes whose name contains TEXT")
    fp.set_defaults(run=cmd_soak_faults)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (ContentError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
