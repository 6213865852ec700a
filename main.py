"""Olympus Table: start the program (the `olympus-table` command).

    olympus-table                                  the title menu
    olympus-table --game zeus --seats human,ai,ai  straight to a table (--ai-level, --seed, --option K=V)
    olympus-table --replay FILE                    watch a finished game's record again, every card open
    olympus-table --review FILE                    the post-game review of a record (the first human's moves)
    olympus-table --headless --frames 300 --screenshot out.png [--size 1280x720]
    olympus-table --bench [--game zeus] [--seats ai,ai,ai] [--frames 600] [--size 2560x1440]
    olympus-table --self-test
    olympus-table host --game tamoul --seats remote,remote,ai:hard   a table for friends at other computers,
                                                   without a window (game/net/host_command.py; host --help)
"""
from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence

DEFAULT_HEADLESS_FRAMES = 600
DEFAULT_SCREENSHOT_FRAMES = 60
BENCH_SIZE = (1280, 720)
BENCH_FRAMES = 600
MAX_SIZE = (7680, 4320)         # the largest window (8K); beyond it a window only costs gigabytes of memory
MAX_FRAMES = 10_000_000         # about 46 hours at 60 frames a second
MAX_SEED = 2**63 - 1

log = logging.getLogger("olympus")
MODULE_STARTED = time.perf_counter()


class UsageError(Exception):
    """A flag the player gave cannot be used; the message says why."""


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text[:40]!r}")
    width, height = (int(p) for p in parts)
    if width < 320 or height < 200:
        raise argparse.ArgumentTypeError(f"{text} is too small; the smallest window is 640x400")
    if width > MAX_SIZE[0] or height > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"{text} is too large; the largest window is {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return width, height


def parse_frames(text: str) -> int:
    """--frames: a whole number from 1 to MAX_FRAMES."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or not 1 <= int(text) <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MAX_FRAMES:,}, got {text[:40]!r}")
    return int(text)


def parse_seed(text: str) -> int:
    """--seed: a whole number from 0 to 2**63 - 1 (what a record keeps and every game accepts)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 19) or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to {MAX_SEED}, got {text[:40]!r}")
    return int(text)


def parse_png(text: str) -> Path:
    """--screenshot: a file name ending in .png (not empty, not a folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name for the PNG, such as shot.png")
    path = Path(text)
    if path.is_dir() or text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give a file name such as {Path(text) / 'shot.png'}")
    return path


def parse_file(text: str) -> Path:
    """--replay / --review: a file name (not empty)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the file name of a game record")
    return Path(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="olympus-table", description="Card games of the gods, against the AI or "
                                     "with friends on one computer.")
    table = parser.add_argument_group("start at a table")
    table.add_argument("--game", metavar="ID", help="game id, e.g. zeus")
    table.add_argument("--seats", metavar="LIST", help="one entry per seat: human, ai or ai:<level> "
                       "(e.g. human,ai,ai)")
    table.add_argument("--ai-level", default="normal", metavar="LEVEL", help="level of plain 'ai' seats "
                       "(default normal)")
    table.add_argument("--seed", type=parse_seed, help="deal seed (default: random)")
    table.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option; repeatable")
    table.add_argument("--replay", type=parse_file, metavar="FILE", help="open a game record in the replay viewer")
    table.add_argument("--review", type=parse_file, metavar="FILE", help="open a game record on the Review screen")
    runs = parser.add_argument_group("headless runs")
    runs.add_argument("--headless", action="store_true", help="no window, no sound, fixed 1/60 s steps")
    runs.add_argument("--frames", type=parse_frames, metavar="N", help="stop after N frames")
    runs.add_argument("--screenshot", type=parse_png, metavar="PNG", help="save the last frame as a PNG, then exit")
    runs.add_argument("--size", type=parse_size, metavar="WxH", help="window size for this run, e.g. 1280x720")
    runs.add_argument("--bench", action="store_true", help="time every frame of an all-AI game (at 1280x720 "
                      "unless --size says otherwise); the last line is JSON")
    runs.add_argument("--soak", action="store_true", help="play AI-only games one after another for --frames "
                      "frames (default 100000) per game and report memory at each quarter; the last lines are JSON")
    runs.add_argument("--idle-bench", action="store_true", help="percent of a core used at rest over 10 s (or "
                      "--frames seconds): the title, menus and each table waiting for its player, in a real window where "
                      "there is a screen (with --headless: the dummy driver); the last line is JSON")
    runs.add_argument("--self-test", action="store_true", help="check that this install can play, then exit")
    runs.add_argument("--exit-after-first-frame", action="store_true",
                      help="show the first title frame, print 'first-frame <seconds since start>' and exit "
                      "(the start-up benchmark uses it)")
    return parser


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """--option KEY=VALUE pairs: VALUE read as JSON when it is JSON (a number, true, a list), else as text.
    A number no game can use (1e999, NaN) is refused here with its key."""
    from game.core.userfiles import FileDamage, loads_strict

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option expects KEY=VALUE, got {pair[:80]!r}")
        try:
            options[key] = loads_strict(value)
        except FileDamage:
            raise UsageError(f"--option {key}: {value[:40]!r} is not a number any game can use") from None
        except (json.JSONDecodeError, RecursionError):
            options[key] = value
        except ValueError:          # more digits than Python converts
            raise UsageError(f"--option {key}: the number is far too long") from None
    return options


def seat_controllers(spec: str, ai_level: str, levels: Sequence[str]) -> list[str]:
    """`human,ai,ai:easy` -> controllers; unknown words and levels are refused with the choices."""
    from game.net.seats import SeatListError, read_seat_list

    try:
        return ["human" if level is None else f"ai:{level}" for level in read_seat_list(spec, ai_level, levels, "human")]
    except SeatListError as exc:
        raise UsageError(str(exc)) from None


def seat_names(controllers: Sequence[str], player_name: str) -> list[str]:
    """The player's own name for the first human seat ("You" in the player's language while it is the
    default), Greek names for the others, all different."""
    from scenes.ui.i18n import _
    from scenes.screens.setup import GREEK_NAMES, default_player_name

    player_name = default_player_name(player_name)

    names: list[str] = []
    spare = [n for n in GREEK_NAMES if n.casefold() != player_name.casefold()]
    humans = 0
    for controller in controllers:
        if controller == "human":
            humans += 1
            names.append(player_name if humans == 1 else _("Player {number}").format(number=humans))
        else:
            names.append(spare.pop(0) if spare else f"Oracle {len(names) + 1}")
    return names


def make_session(app: Any, game_id: str, controllers: Sequence[str], options: dict[str, Any], seed: int | None,
                 autosave: bool) -> Any:
    from game.core.engine import SeatInfo
    from game.core.session import GameSession

    names = seat_names(controllers, app.settings.player_name)
    seats = [SeatInfo(name, controller) for name, controller in zip(names, controllers)]
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31 - 1)
    log.info("table from the command line: %s %s seed %d", game_id, list(controllers), seed)
    from scenes.ui.i18n import _

    try:
        return GameSession.new(app.catalog.get(game_id), seats, options, seed,
                               autosave_path=app.dirs.autosave if autosave else None,
                               records_dir=app.dirs.records if autosave else None,
                               kept_name=_("Unfinished {name}"))
    except ValueError as exc:   # unknown game, wrong player count, bad option: the player's words
        raise UsageError(str(exc)) from None


def catalog_game(app: Any, game_id: str) -> Any:
    try:
        return app.catalog.get(game_id)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def replay_scene(app: Any, path: Path) -> Any:
    """The replay viewer on the record in `path`, or the title with a message saying why it cannot be
    shown (a damaged, foreign or unreplayable file; the file itself is left as it is)."""
    from scenes.ui.i18n import _
    from scenes.screens.replay_viewer import ReplayScene

    return _record_scene(app, path, "replay", _("The replay {file}").format(file=path.name),
                         lambda game, record, title: ReplayScene(app, game, record, title=title))


def review_scene(app: Any, path: Path) -> Any:
    """The Review screen on the record in `path`, or the title with a message saying why it cannot be
    shown (as `replay_scene`, and for a game whose AI cannot review)."""
    from game.core.errors import RecordError
    from game.core.review import can_review
    from scenes.ui.i18n import _
    from scenes.screens.review import ReviewScene

    def make(game: Any, record: Any, title: str) -> Any:
        if not can_review(game):
            raise RecordError(_("{game} has no searching AI to review a game with").format(game=game.title))
        return ReviewScene(app, game, record, title=title)

    return _record_scene(app, path, "review", _("The review of {file}").format(file=path.name), make)


def _record_scene(app: Any, path: Path, what: str, described: str, make: Any) -> Any:
    """A scene `make(game, record, title)` on the record in `path`, or the title screen with a message
    (logged, printed and shown, in the player's language) when the file cannot be read or shown; the
    file is left as it is."""
    from game.core.errors import RecordError
    from game.core.records import read_record
    from scenes.ui.i18n import _, reason_words
    from scenes.tables import has_table
    from scenes.screens.title import TitleScene

    try:
        record = read_record(path)
        game = app.catalog.games.get(record["game"])
        if game is None or not has_table(record["game"]):
            raise RecordError(_("it is a record of {game}, a game this version cannot show").format(
                game=repr(record["game"])))
        scene = make(game, record, f"{game.title} · {path.name}")
    except (RecordError, ValueError, KeyError, TypeError, IndexError) as exc:
        message = _("{what} could not be opened: {reason}").format(what=described, reason=reason_words(exc))
        log.warning(message)
        print(f"olympus-table: {message}", file=sys.stderr)
        app.toast(message)
        return TitleScene(app)
    log.info("%s of %s (%s)", what, path, record["game"])
    return scene


def run_self_test() -> int:
    try:
        module = importlib.import_module("scenes.self_test")
    except ModuleNotFoundError as exc:
        if exc.name != "scenes.self_test":
            raise
        print("olympus-table: the self-test is not part of this build (scenes/self_test.py is missing)",
              file=sys.stderr)
        return 1
    return int(module.main())


def run_bench(args: argparse.Namespace) -> int:
    from scenes.headless import make_headless_app, run_frames
    from scenes.screens.setup import default_level
    from scenes.tables import has_table, open_table

    game_id = args.game or "zeus"
    frames = args.frames or BENCH_FRAMES
    size = args.size or BENCH_SIZE
    app = make_headless_app(size)
    if not has_table(game_id):
        raise UsageError(f"no table for game {game_id!r}")
    game = catalog_game(app, game_id)
    level = "normal" if "normal" in game.agent_levels() else default_level(list(game.agent_levels()))
    if args.seats:
        controllers = seat_controllers(args.seats, level, list(game.agent_levels()))
        if "human" in controllers:
            raise UsageError("--bench plays AI seats only; use ai or ai:<level> in --seats")
    else:
        controllers = [f"ai:{level}"] * max(game.min_players, min(3, game.max_players))
    count = len(controllers)
    session = make_session(app, game_id, controllers, parse_options(args.option), args.seed, False)
    app.stack.push(open_table(app, session))
    times = run_frames(app, frames)
    app.shutdown()
    summary = {"game": game_id, **times.summary(), "seats": count, "size": f"{size[0]}x{size[1]}"}
    print(f"bench: {game_id}, {count} AI seats, {summary['frames']} frames at "
          f"{size[0]}x{size[1]}: median {summary['p50_ms']} ms, 99th percentile {summary['p99_ms']} ms, "
          f"worst {summary['max_ms']} ms per frame")
    print(json.dumps(summary))
    return 0


SOAK_FRAMES = 100_000


def run_soak_command(args: argparse.Namespace) -> int:
    """Memory over long AI-only play: each game (or --game) at its largest table, easy AI seats, games
    following one another; one JSON line per game with resident MiB at the start and each quarter."""
    from scenes.headless import make_headless_app, run_soak
    from scenes.tables import open_table

    app = make_headless_app(args.size or BENCH_SIZE)
    games = [args.game] if args.game else [game_id for game_id in app.catalog.games]
    for game_id in games:
        game = catalog_game(app, game_id)
        level = "easy" if "easy" in game.agent_levels() else next(iter(game.agent_levels()))
        controllers = seat_controllers(args.seats, level, list(game.agent_levels())) if args.seats \
            else [f"ai:{level}"] * game.max_players
        if "human" in controllers:
            raise UsageError("--soak plays AI seats only; use ai or ai:<level> in --seats")

        def new_table(seed: int, game_id: str = game_id, controllers: list[str] = controllers) -> Any:
            return open_table(app, make_session(app, game_id, controllers, parse_options(args.option), seed, False))

        result = run_soak(app, game_id, new_table, args.frames or SOAK_FRAMES, len(controllers))
        print(json.dumps(result.summary()), flush=True)
    app.shutdown()
    return 0


def seconds_since_process_start() -> float:
    """Seconds since this process started (Linux: from /proc, so interpreter start-up counts too)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat_file:
            start_ticks = int(stat_file.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as uptime_file:
            uptime = float(uptime_file.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - MODULE_STARTED


def run_app(args: argparse.Namespace) -> int:
    from scenes.headless import HEADLESS_DT, save_screenshot, use_dummy_drivers

    if args.headless:
        use_dummy_drivers()
    from scenes.app import App
    from scenes.tables import has_table, open_table

    app = App(headless=args.headless, fixed_dt=HEADLESS_DT if args.headless else None, size=args.size)
    if args.replay is not None:
        first = replay_scene(app, args.replay)
    elif args.review is not None:
        first = review_scene(app, args.review)
    elif args.game:
        if not has_table(args.game):
            raise UsageError(f"no table for game {args.game!r}")
        game = catalog_game(app, args.game)
        controllers = seat_controllers(args.seats or ",".join(["human"] + ["ai"] * (max(3, game.min_players) - 1)),
                                       args.ai_level, list(game.agent_levels()))
        session = make_session(app, args.game, controllers, parse_options(args.option), args.seed,
                               autosave=not args.headless)
        session.records_kept = app.settings.records_kept
        app.session = session       # its messages (a save that failed) are shown
        first = open_table(app, session)
    else:
        from scenes.screens.title import TitleScene

        first = TitleScene(app)
    frames = args.frames
    if frames is None and args.screenshot is not None:
        frames = DEFAULT_SCREENSHOT_FRAMES
    if frames is None and args.headless:
        frames = DEFAULT_HEADLESS_FRAMES
    if args.exit_after_first_frame:
        frames = 1
    status = app.run(first, max_frames=frames)
    if args.exit_after_first_frame:
        print(f"first-frame {seconds_since_process_start():.3f}", flush=True)
    if args.screenshot is not None:
        path = save_screenshot(app, args.screenshot)
        print(f"screenshot saved: {path}")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()   # AI processes (game/core/remote_agent.py) inside the packaged program
    from game.core.wine import avoid_wmi_under_wine

    avoid_wmi_under_wine()             # the Windows build under Wine: see game/core/wine.py
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # keep stdout for our own lines
    if sys.platform.startswith("linux"):
        # We draw on the window surface in software; SDL's accelerated framebuffer path only adds
        # start-up time (0.2-0.3 s in set_mode under X11, measured) and nothing per frame.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["host"]:     # the headless online host: no window, no pygame
        from game.net.host_command import main as host_main

        return host_main(arguments[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    for flag in ("game", "seats", "ai_level"):
        value = getattr(args, flag)
        if value is not None and not value.strip():
            expected = {"game": "a game id such as zeus", "seats": "one entry per seat, such as human,ai,ai",
                        "ai_level": "an AI level such as normal"}[flag]
            parser.error(f"--{flag.replace('_', '-')} is empty; expected {expected}")
    try:
        if args.self_test:
            return run_self_test()
        if args.bench:
            return run_bench(args)
        if args.soak:
            return run_soak_command(args)
        if args.idle_bench:
            from scenes.headless import run_idle_bench

            driver, shares = run_idle_bench(float(args.frames or 10), [args.game] if args.game else None,
                                            window=not args.headless)
            print(json.dumps({"video_driver": driver, "cpu_percent_at_rest": shares}))
            return 0
        if (args.seats or args.option or args.seed is not None) and not args.game and not args.bench:
            raise UsageError("--seats, --seed and --option need --game")
        return run_app(args)
    except UsageError as exc:
        print(f"olympus-table: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
