"""`olympus-table host …`: a table for friends at other computers, without a window.

    olympus-table host --game tamoul --seats remote,remote,ai:hard [--bind 127.0.0.1] [--port 8765]
                       [--code ABC123] [--seed N] [--option K=V] [--data DIR] [--ai-pause S]
                       [--certificate PEM [--key PEM]] [--takeover-after S] [--stand-in-level LEVEL]
    olympus-table host --resume [--data DIR] [--bind …] [--port …]

It prints one line of JSON when the table is open (`{"listening": port, "code": …}`), waits for a
friend in every `remote` seat, plays one game and exits 0 when it has ended (its record in the records
folder, like a local game's). The autosave (`online-autosave.json`) and the seats' tokens
(`online-host.json`) are kept in the data folder, so `--resume` plays an interrupted game on and its
players take their seats back. It logs to `online-host.log` in the log folder and to the terminal.
Suitable for a small server or a container: it never imports pygame.
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import signal
import ssl
import sys
from pathlib import Path
from typing import Any, Sequence

from game.catalog import load_game, offered_game_ids
from game.core.userfiles import user_dirs
from game.net.host import Host, SeatPlan
from game.net.seats import SeatListError, read_seat_list

AI_NAMES = ("Ariadne", "Bion", "Chloe", "Damon", "Elpis", "Felix", "Galene", "Hector")
DEFAULT_PORT = 8765
MAX_SEED = 2**63 - 1


class UsageError(Exception):
    """A flag that cannot be used; the text says why."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="olympus-table host", description="Host a table for friends at other "
                                     "computers (no window); prints one JSON line when open.")
    parser.add_argument("--game", metavar="ID", help="game id: " + ", ".join(offered_game_ids()))
    parser.add_argument("--seats", metavar="LIST", help="one entry per seat: remote (a friend), ai or ai:<level>")
    parser.add_argument("--ai-level", default="normal", metavar="LEVEL", help="level of plain 'ai' seats")
    parser.add_argument("--seed", type=int, help="deal seed (default: random)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS", help="the address to listen on "
                        "(default 127.0.0.1, this computer only; 0.0.0.0 for every network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument("--code", help="the join code (default: a new random one)")
    parser.add_argument("--certificate", type=Path, metavar="PEM", help="the host's TLS certificate (chain): "
                        "guests then join with wss://")
    parser.add_argument("--key", type=Path, metavar="PEM", help="the certificate's private key (when not in "
                        "the certificate file)")
    parser.add_argument("--data", type=Path, metavar="DIR", help="where the autosave, tokens and records go "
                        "(default: the program's data folder)")
    parser.add_argument("--resume", action="store_true", help="play on the online game kept in the data folder")
    parser.add_argument("--ai-pause", type=float, default=1.0, metavar="SECONDS",
                        help="how long every AI move waits, so friends can react (default 1)")
    parser.add_argument("--takeover-after", type=float, default=60.0, metavar="SECONDS",
                        help="a friend missing this long has an AI keep the seat until they return "
                        "(default 60; 0: never)")
    parser.add_argument("--stand-in-level", default="normal", metavar="LEVEL",
                        help="the AI level that keeps a missing friend's seat (default normal)")
    parser.add_argument("--announce", metavar="NAME", help="announce the table on the local network under "
                        "this name, so friends' Join screens list it (mDNS; the join code is never announced)")
    parser.add_argument("--timeout", type=float, metavar="SECONDS", help="give up after this long (tests)")
    return parser


def seat_plans(spec: str, ai_level: str, levels: Sequence[str]) -> list[SeatPlan]:
    try:
        entries = read_seat_list(spec, ai_level, levels, "remote")
    except SeatListError as exc:
        raise UsageError(str(exc)) from None
    plans = [SeatPlan("remote") if level is None else SeatPlan("ai", level, AI_NAMES[seat % len(AI_NAMES)])
             for seat, level in enumerate(entries)]
    if not any(plan.kind == "remote" for plan in plans):
        raise UsageError("--seats needs at least one remote seat (a friend)")
    return plans


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """--option KEY=VALUE pairs, read as the other headless commands read them (game/__main__.py)."""
    from game.__main__ import parse_options as read_options

    try:
        return read_options(pairs)
    except SystemExit as exc:
        raise UsageError(str(exc.code)) from None


def tls_context(certificate: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The server's TLS context from its certificate and key, or None without a certificate."""
    if certificate is None:
        if key is not None:
            raise UsageError("--key needs --certificate")
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    # No TLS 1.3 session tickets. The websockets library reads each connection in a thread of its own while
    # another thread writes to it, and OpenSSL cannot read and write one connection at once: a guest
    # whose reader was taking the host's tickets while it sent its join request could lose that request,
    # and the join then hung until its timeout (about one join in 30 on a loaded machine). A guest never
    # resumes a session, so the tickets were of no use.
    context.num_tickets = 0
    try:
        context.load_cert_chain(certificate, key)
    except (OSError, ssl.SSLError) as exc:
        raise UsageError(f"the certificate {certificate} (key {key or 'in the same file'}) cannot be used: "
                         f"{getattr(exc, 'strerror', None) or exc}") from None
    return context


def make_host(args: argparse.Namespace, data_dir: Path) -> Host:
    host = _make_host(args, data_dir)
    if args.stand_in_level not in host.game.agent_levels():
        raise UsageError(f"--stand-in-level {args.stand_in_level!r} does not exist for {host.game.title}; choose "
                         f"from {', '.join(host.game.agent_levels())}")
    return host


def _make_host(args: argparse.Namespace, data_dir: Path) -> Host:
    kwargs = {"ai_pause": max(0.0, args.ai_pause),
              "takeover_after": args.takeover_after if args.takeover_after > 0 else None,
              "stand_in_level": args.stand_in_level}
    if args.resume:
        games = {gid: load_game(gid) for gid in offered_game_ids()}
        try:
            return Host.resume(games, data_dir, **kwargs)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if not args.game or not args.seats:
        raise UsageError("--game and --seats are needed (or --resume)")
    if args.game not in offered_game_ids():
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(offered_game_ids())}")
    game = load_game(args.game)
    plans = seat_plans(args.seats, args.ai_level, list(game.agent_levels()))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31 - 1)
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be from 0 to {MAX_SEED}")
    try:
        return Host.new(game, plans, parse_options(args.option), seed, data_dir, code=args.code, **kwargs)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    dirs = user_dirs()
    data_dir = args.data if args.data is not None else dirs.data
    log_dir = args.data if args.data is not None else dirs.logs
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        log_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"olympus-table host: cannot use {data_dir}: {exc}", file=sys.stderr)
        return 2
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr),
                                       logging.FileHandler(log_dir / "online-host.log", encoding="utf-8")]
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("olympus.host.websockets").setLevel(logging.WARNING)
    try:
        tls = tls_context(args.certificate, args.key)
        host = make_host(args, data_dir)
        port = host.serve(args.bind, args.port, tls, announce_as=args.announce)
    except UsageError as exc:
        print(f"olympus-table host: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"olympus-table host: cannot listen on {args.bind} port {args.port}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"listening": port, "bind": args.bind, "code": host.table.code, "game": host.game.id,
                      "tls": tls is not None}), flush=True)

    def stop(signum: int, _frame: Any) -> None:
        logging.getLogger("olympus.host").info("stopping (signal %d); the game is kept to resume", signum)
        host.stopping.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        status = host.run(timeout=args.timeout)
    finally:
        if host.server is not None:
            host.close()
    print(json.dumps({"finished": status == 0, "record": str(host.session.finished_record_path)
                      if host.session is not None and host.session.finished_record_path else None,
                      **host.stats, "refused": host.refused}), flush=True)
    return status
