"""Whole online games on this computer only (127.0.0.1): a host process and one bot process per friend.

The tests play with it, and `python -m game.net.loopback` measures what the README reports: messages
and bytes each guest receives per move, and the time from a guest's action to every guest having it.
Every process listens on and connects to the loopback address only.

    python -m game.net.loopback [--game tamoul] [--seats remote,remote,ai:normal] [--games 3]
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


@dataclass
class Transcript:
    """What one bot kept: every frame received and every message sent, with monotonic times."""

    received: list[tuple[float, str]] = field(default_factory=list)
    sent: list[tuple[float, str]] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> "Transcript":
        transcript = cls()
        if not path.is_file():
            return transcript
        for line in path.read_text(encoding="utf-8").splitlines():
            kind, stamp, text = line.split(" ", 2)
            (transcript.received if kind == "R" else transcript.sent).append((float(stamp), text))
        return transcript


@dataclass
class TableRun:
    """A host process and its bots, started in a folder of their own."""

    folder: Path
    host: subprocess.Popen
    port: int
    code: str
    bots: dict[int, subprocess.Popen] = field(default_factory=dict)

    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def start_bot(self, index: int, level: str = "random", seed: int = 0, name: str = "",
                  retry: float = 0.0) -> subprocess.Popen:
        """Bot `index` (its token and transcript files are numbered), joining or taking its seat back;
        with `retry`, it tries that long to take its seat back after losing the host."""
        bot = subprocess.Popen(
            [sys.executable, "-m", "game.net.bot", self.url(), self.code, "--name", name or f"Friend {index}",
             "--level", level, "--seed", str(seed), "--token-file", str(self.folder / f"bot{index}.token"),
             "--record", str(self.folder / f"bot{index}.rec"), "--retry", str(retry)],
            cwd=ROOT, env=_env(self.folder), stdout=subprocess.DEVNULL, stderr=open(self.folder / f"bot{index}.err", "ab"))
        self.bots[index] = bot
        return bot

    def transcript(self, index: int) -> Transcript:
        return Transcript.read(self.folder / f"bot{index}.rec")

    def wait(self, timeout: float) -> dict[str, Any]:
        """Wait for the host to finish; its last line of JSON (the game's figures)."""
        try:
            out, _ = self.host.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise
        for bot in self.bots.values():
            try:
                bot.wait(timeout=10)
            except subprocess.TimeoutExpired:
                bot.kill()
                bot.wait()
        lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        return lines[-1] if lines else {}

    def stop(self) -> None:
        for process in [self.host, *self.bots.values()]:
            if process.poll() is None:
                process.kill()
                process.wait()


def start_host(folder: Path, game: str, seats: str, seed: int, *, ai_pause: float = 0.01,
               extra: Sequence[str] = (), timeout: float = 120.0, port: int = 0) -> TableRun:
    """A host process on a loopback port (0: a free one); returns once it listens. `extra` may hold
    `--resume` (then `game`, `seats` and `seed` come from the folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    args = ["host", "--resume"] if "--resume" in extra else ["host", "--game", game, "--seats", seats,
                                                             "--seed", str(seed)]
    args += [a for a in extra if a != "--resume"]
    host = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args, "--bind", LOOPBACK, "--port", str(port), "--data", str(folder),
         "--ai-pause", str(ai_pause), "--timeout", str(timeout)],
        cwd=ROOT, env=_env(folder), stdout=subprocess.PIPE, stderr=open(folder / "host.err", "ab"), text=True)
    assert host.stdout is not None
    first = host.stdout.readline()
    try:
        opened = json.loads(first)
    except ValueError:
        host.kill()
        raise RuntimeError(f"the host did not open: {first!r}; {(folder / 'host.err').read_text()[-2000:]}")
    return TableRun(folder, host, int(opened["listening"]), str(opened["code"]))


def play(folder: Path, game: str, seats: str, seed: int, levels: Sequence[str] = (), *, ai_pause: float = 0.01,
         timeout: float = 120.0) -> tuple[TableRun, dict[str, Any]]:
    """One whole game: a host and a bot for every remote seat; returns the run and the host's figures."""
    run = start_host(folder, game, seats, seed, ai_pause=ai_pause, timeout=timeout)
    remote = seats.split(",").count("remote")
    try:
        for index in range(remote):
            run.start_bot(index, levels[index] if index < len(levels) else "random", seed=seed + index)
        return run, run.wait(timeout)
    finally:
        run.stop()


def free_port() -> int:
    """A loopback port nobody listens on now (for a host that must come back on the same port)."""
    import socket

    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def kill_hard(process: subprocess.Popen) -> None:
    """kill -9, as a crash or a pulled plug would."""
    os.kill(process.pid, signal.SIGKILL)
    process.wait()


def _env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["OLYMPUS_HOME"] = str(folder / "home")            # never the player's own folders
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    for proxy in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        env.pop(proxy, None)                              # loopback only, never through anything else
    return env


# ----- figures ---------------------------------------------------------------------------------------
def figures(run: TableRun, guests: int, record: dict[str, Any]) -> dict[str, Any]:
    """Per move: messages and bytes each guest received; the time from each guest action to the last
    guest receiving the update it made (milliseconds, median and worst). An action is found in the
    record at or after the version it was made on, so an action refused or overtaken is not counted."""
    moves = [(int(seat), text) for rnd in record["rounds"] for seat, text in rnd["actions"]]
    transcripts = [run.transcript(i) for i in range(guests)]
    arrival: list[dict[int, float]] = []
    seats: list[int] = []
    for transcript in transcripts:
        seen: dict[int, float] = {}
        for stamp, text in transcript.received:
            message = json.loads(text)
            if message.get("type") == "update":
                seen.setdefault(int(message["version"]), stamp)
            elif message.get("type") == "welcome":
                seats.append(int(message["seat"]))
        arrival.append(seen)
    sent_at: dict[int, float] = {}     # record index -> when the (last) message proposing it was sent
    for seat, transcript in zip(seats, transcripts):
        for stamp, text in transcript.sent:
            message = json.loads(text)
            if message.get("type") != "act":
                continue
            base = int(message["base"])
            taken = next((k for k in range(base, min(len(moves), base + 4)) if moves[k] == (seat, message["action"])),
                         None)
            if taken is not None and all(taken + 1 in seen for seen in arrival):
                sent_at[taken] = stamp
    delays = [max(seen[taken + 1] for seen in arrival) - stamp for taken, stamp in sent_at.items()]
    received = sum(len(t.received) for t in transcripts)
    size = sum(len(text.encode()) for t in transcripts for _, text in t.received)
    return {"guests": guests, "moves": len(moves),
            "messages_per_move_per_guest": round(received / max(1, len(moves)) / max(1, guests), 2),
            "bytes_per_move_per_guest": round(size / max(1, len(moves)) / max(1, guests)),
            "action_to_all_guests_ms": {"median": round(statistics.median(delays) * 1000, 2) if delays else None,
                                        "worst": round(max(delays) * 1000, 2) if delays else None,
                                        "count": len(delays)}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.loopback", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tamoul")
    parser.add_argument("--seats", default="remote,remote,remote,ai:normal")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--folder", type=Path, default=Path("build/out/loopback"))
    parser.add_argument("--ai-pause", type=float, default=0.2)
    args = parser.parse_args(argv)
    results = []
    for number in range(args.games):
        run, done = play(args.folder / f"{args.game}-{number}", args.game, args.seats, seed=100 + number,
                         ai_pause=args.ai_pause)
        record = json.loads(Path(done["record"]).read_text(encoding="utf-8"))
        result = figures(run, args.seats.split(",").count("remote"), record)
        print(json.dumps(result), flush=True)
        results.append(result)
    delays = [r["action_to_all_guests_ms"]["median"] for r in results if r["action_to_all_guests_ms"]["median"]]
    print(json.dumps({"game": args.game, "seats": args.seats, "games": len(results),
                      "messages_per_move_per_guest": round(statistics.mean(r["messages_per_move_per_guest"]
                                                                           for r in results), 2),
                      "bytes_per_move_per_guest": round(statistics.mean(r["bytes_per_move_per_guest"] for r in results)),
                      "median_of_game_medians_ms": round(statistics.median(delays), 2) if delays else None,
                      "worst_ms": max((r["action_to_all_guests_ms"]["worst"] or 0) for r in results),
                      "actions_timed": sum(r["action_to_all_guests_ms"]["count"] for r in results)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
