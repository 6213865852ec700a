"""A headless guest that plays its seat with one of the game's AI agents: `python -m game.net.bot`.

    python -m game.net.bot ws://127.0.0.1:8765 CODE [--name N] [--level random] [--token-file F]
                           [--record F] [--seed N] [--retry SECONDS]

It joins (or, when `--token-file` holds a token, takes its seat back), plays until the host says the
game is over, and exits 0. With `--retry`, a lost connection (the host gone, the network down) is tried
again with its token until the host is back, as a player's program says "reconnecting…". `--record` writes every frame the host sent, as it arrived, one per line
(`R <monotonic seconds> <text>`), and each action it sent (`S <seconds> <text>`): the tests read it to
prove what left the host, and the loopback measurement reads it for timings. A seat's agent reads only
the view rebuilt from what arrived, so a game played this way also checks that views travel whole.
"""
from __future__ import annotations

import argparse
import logging
import random
import sys
import time
from pathlib import Path
from typing import IO, Any, Sequence

from websockets.exceptions import ConnectionClosed

from game.core.userfiles import atomic_write_text
from game.net.guest import GuestClient, JoinError
from game.net.protocol import encode

EXIT_JOIN_REFUSED = 2
EXIT_HOST_GONE = 3
IDLE_LIMIT = 120.0     # seconds without any news from the host before giving up
PACE = 0.02            # seconds at least between two actions: quick, yet well inside the host's rate limit


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.bot", description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("code")
    parser.add_argument("--name", default="")
    parser.add_argument("--level", default="random")
    parser.add_argument("--token-file", type=Path)
    parser.add_argument("--record", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ca-file", help="trust this certificate for a wss:// host (its self-signed one)")
    parser.add_argument("--retry", type=float, default=0.0, metavar="SECONDS",
                        help="when the connection is lost, keep trying to take the seat back this long")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="bot %(levelname)s %(message)s")
    record: IO[str] | None = args.record.open("a", encoding="utf-8") if args.record else None

    def keep(prefix: str, text: str) -> None:
        if record is not None:
            record.write(f"{prefix} {time.monotonic():.6f} {text}\n")
            record.flush()

    rng = random.Random(args.seed)
    token = args.token_file.read_text(encoding="utf-8").strip() if args.token_file and args.token_file.is_file() \
        else None
    status = EXIT_HOST_GONE
    give_up = time.monotonic() + args.retry
    first = True
    while first or (status == EXIT_HOST_GONE and time.monotonic() < give_up):
        if not first:
            print("bot: reconnecting…", file=sys.stderr)
            time.sleep(0.2)
        first = False
        try:
            client = GuestClient.connect(args.url, args.code, args.name, token=token, ca_file=args.ca_file,
                                         on_message=lambda raw: keep("R", raw))
        except JoinError as exc:
            print(f"bot: {exc}", file=sys.stderr)
            status = EXIT_JOIN_REFUSED if token is None or exc.by_host else EXIT_HOST_GONE
            continue
        token = client.state.token
        if args.token_file is not None and token:
            atomic_write_text(args.token_file, token)
        original_send = client.send

        def send(message: dict, original_send: Any = original_send) -> None:
            keep("S", encode(message))
            original_send(message)

        client.send = send  # type: ignore[method-assign]
        try:
            status = play(client, args.level, rng)
        except (ConnectionClosed, OSError):     # the host went away while we were sending
            status = EXIT_HOST_GONE
        finally:
            client.close()
        if status == EXIT_HOST_GONE:
            give_up = time.monotonic() + args.retry
    if record is not None:
        record.close()
    return status


def play(client: GuestClient, level: str, rng: random.Random) -> int:
    """Answer every decision of our seat with the agent until the game is over."""
    assert client.game is not None
    agent = client.game.agent(level)
    seen = -1
    while True:
        if not client.wait_update(seen, timeout=IDLE_LIMIT):
            print("bot: the host said nothing for too long", file=sys.stderr)
            return EXIT_HOST_GONE
        state = client.state
        if state.over is not None:
            return 0
        if client.closed:
            print(f"bot: the host closed the connection ({client.close_reason})", file=sys.stderr)
            return EXIT_HOST_GONE
        seen = state.version
        if state.finished or state.view is None:
            continue
        if not state.legal and not (not state.lists_all and state.seat in state.waiting):
            continue
        choice = agent.choose(state.view, list(state.legal), rng, optional=state.reaction)
        if choice is None:
            continue
        refusals, events = len(state.refused), len(state.events)
        time.sleep(PACE)
        client.act(choice)
        if not answered(client, refusals, events) and not state.reaction and client.state.version == seen \
                and state.legal:
            client.act(state.legal[0])   # our agent's move was refused: the first listed one is legal
            answered(client, len(client.state.refused), len(client.state.events))
        seen = -1 if client.state.version != seen else seen


def answered(client: GuestClient, refusals: int, events: int) -> bool:
    """Wait until the host has taken our action (an event of our seat arrived: True) or refused it
    (False), so the next decision is made on a table that already shows our move."""
    seat = client.state.seat
    while True:
        state = client.state
        if len(state.refused) > refusals:
            return False
        if any(e.seat == seat for e in state.events[events:]) or state.over is not None or client.closed:
            return True
        if not client.wait_update(state.version, timeout=IDLE_LIMIT, refusals=refusals):
            return False


if __name__ == "__main__":
    sys.exit(main())
