"""The reliability probe, in bulk: every kind of user file under every kind of damage, odd names, hostile
deck YAML, bad command lines, engine input fuzz, two writers on one statistics file, a second copy on one
data folder, kill -9 during a write. `python -m game soak-faults` runs them and prints, as its last line,
one line of JSON: how many probes ran, how many held, and each one that did not, with what happened.

The test suite keeps one fast case of each kind (tests/core/test_faults_*.py); this command runs them all,
outside the suite, when the files or the engines change. Each probe runs in a fresh temporary folder and
under a time limit, so a probe that hangs (a FIFO read) is reported as a failure instead of hanging the run.

A probe holds when the program ends in a clear message (a `Message`, a `ContentError`, an `IllegalAction`,
a usage line on stderr) with nothing lost: a damaged file is set aside with its bytes unchanged, a file
that is not damage (a newer version's) is left in place untouched, a refused action changes no state.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[2]
PROBE_SECONDS = 20.0


@dataclass
class Outcome:
    group: str
    name: str
    held: bool
    detail: str = ""
    seconds: float = 0.0


Probe = Callable[[Path], str | None]      # returns None when the probe held, else what went wrong


def _within(seconds: float, job: Callable[[], Any]) -> tuple[bool, Any]:
    """Run `job` in a daemon thread; (finished, its result or the exception it raised)."""
    box: list[Any] = []

    def run() -> None:
        try:
            box.append(job())
        except BaseException as exc:     # the probe judges what was raised
            box.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    return (not worker.is_alive(), box[0] if box else None)


# ----- user files -------------------------------------------------------------------------------------------
def _records() -> dict[str, dict[str, Any]]:
    from game.catalog import load_game
    from game.core.agents import RandomAgent
    from game.core.engine import SeatInfo
    from game.core.play import play_game

    zeus = load_game("zeus")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]
    done = play_game(zeus, seats, [RandomAgent() for _ in seats], seed=3).record()
    state = zeus.new_state(seats, zeus.normalize_options({}), 3)
    for _ in range(4):
        seat = state.waiting_for()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return {"finished": done, "unfinished": state.record()}


STATS = {"format": "olympus-statistics", "version": 2, "games": {"zeus": {"lower_is_better": False, "players": {
    "Ada": {"games": 1, "wins": 1, "losses": 0, "score_sum": 3, "high_score": 3, "low_score": 3, "streak": 1,
            "best_streak": 1, "levels": {}, "recent": [{"won": True, "score": 3, "when": 1.0}]}}}}}


def _file_kinds(records: dict[str, dict[str, Any]]) -> dict[str, tuple[str, Any, Callable[[Path], Any]]]:
    """kind -> (file name, a good value, a reader returning the player's message or None)."""
    from game.catalog import load_game
    from game.core.saves import list_game_files
    from game.core.session import peek_autosave
    from game.core.settings import load_last_setups, load_settings
    from game.core.statistics import load_statistics

    games = {"zeus": load_game("zeus")}

    def folder(path: Path) -> Any:
        _listed, messages = list_game_files(path.parent, games)
        return messages[0] if messages else None

    return {
        "settings": ("settings.json", {"sound_volume": 0.3}, lambda p: load_settings(p).message),
        "autosave": ("autosave.json", records["unfinished"], lambda p: peek_autosave(p, games)[1]),
        "save": ("saves/Tuesday.json", records["unfinished"], folder),
        "record": ("records/zeus-1.json", records["finished"], folder),
        "statistics": ("statistics.json", STATS, lambda p: load_statistics(p).message),
        "last_setups": ("last_setups.json", {"zeus": {"count": 3}}, lambda p: load_last_setups(p).message),
    }


def _damages() -> dict[str, Callable[[Path, Any, str], bool]]:
    """damage -> writes the damage at the path (given the good value); returns whether the file must be left
    in place (True) rather than set aside."""

    def raw(data: bytes) -> Callable[[Path, Any, str], bool]:
        return lambda path, good, kind: bool(path.write_bytes(data)) and False

    def text(make: Callable[[Any], str], left: bool = False) -> Callable[[Path, Any, str], bool]:
        def write(path: Path, good: Any, kind: str) -> bool:
            path.write_text(make(good), encoding="utf-8")
            return left
        return write

    def changed(change: Callable[[dict[str, Any], str], None],
                left: Callable[[str], bool] = lambda kind: False) -> Callable[[Path, Any, str], bool]:
        def write(path: Path, good: Any, kind: str) -> bool:
            value = json.loads(json.dumps(good))
            change(value, kind)
            path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
            return left(kind)
        return write

    def name(odd: str) -> Callable[[dict[str, Any], str], None]:
        def change(value: dict[str, Any], kind: str) -> None:
            if "seats" in value:
                value["seats"][0]["name"] = odd
            elif kind == "statistics":
                players = value["games"]["zeus"]["players"]
                players[odd] = players.pop("Ada")
            elif kind == "settings":
                value["player_name"] = odd
            else:
                value["zeus"]["seats"] = [{"human": True, "level": "normal", "name": odd}]
        return change

    def newer(value: dict[str, Any], kind: str) -> None:
        if "seats" in value:
            value["format"] = "olympus-record/9"
        elif kind == "statistics":
            value["version"] = 9
        else:
            value["version"] = 9                      # settings and setups carry no version: an unknown key

    def fifo(path: Path, good: Any, kind: str) -> bool:
        os.mkfifo(path)
        return False

    def zero(path: Path, good: Any, kind: str) -> bool:
        path.symlink_to("/dev/zero")
        return False

    def huge(path: Path, good: Any, kind: str) -> bool:
        with open(path, "wb") as handle:
            handle.truncate(17 * 1024 * 1024)
        return False

    damages: dict[str, Callable[[Path, Any, str], bool]] = {
        "empty": raw(b""), "blank": raw(b"  \n\t"), "not_utf8": raw(b"\xff\xfe{\x00"), "nul_bytes": raw(b"\x00" * 64),
        "not_json": raw(b"this is not what the program wrote"), "json_list": raw(b"[1, 2]"), "json_null": raw(b"null"),
        "truncated": text(lambda good: json.dumps(good)[: len(json.dumps(good)) // 2]),
        "garbage_after": text(lambda good: json.dumps(good) + "}{"),
        "deep_lists": raw(b"[" * 100_000 + b"]" * 100_000), "deep_objects": raw(b'{"a":' * 50_000 + b"}" * 50_000),
        "huge": huge, "folder": lambda path, good, kind: bool(path.mkdir()) and False,
        "infinite_number": text(lambda good: json.dumps(good)[:-1] + ', "x": 1e999}'),
        "nan": text(lambda good: json.dumps(good)[:-1] + ', "x": NaN}'),
        "long_digits": text(lambda good: json.dumps(good)[:-1] + ', "x": ' + "9" * 5000 + "}"),
        "nul_in_name": changed(name("Ada\x00")), "bidi_in_name": changed(name("\u202eAda")),
        "long_name": changed(name("A" * 100_000)),
        "newer_version": changed(newer, left=lambda kind: kind in ("autosave", "save", "record", "statistics")),
    }
    if hasattr(os, "mkfifo"):
        damages["fifo"] = fifo
    if Path("/dev/zero").exists():
        damages["dev_zero"] = zero
    return damages


# Where no message is right: a name cleaned where it enters (the player's name in the settings, a seat's name
# in a remembered setup), and a key a newer version may add to a file that has no version.
QUIETLY_FINE = {(kind, damage) for kind in ("settings", "last_setups")
                for damage in ("nul_in_name", "bidi_in_name", "long_name", "newer_version")}


def file_probes() -> Iterator[tuple[str, Probe]]:
    records = _records()
    kinds = _file_kinds(records)
    for damage_name, damage in _damages().items():
        for kind_name, (relative, good, read) in kinds.items():
            def probe(home: Path, relative: str = relative, good: Any = good, read: Callable[[Path], Any] = read,
                      damage: Callable[[Path, Any, str], bool] = damage, kind: str = kind_name) -> str | None:
                path = home / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                left = damage(path, good, kind)
                before = path.read_bytes() if path.is_file() and not path.is_symlink() and \
                    path.stat().st_size < 1_000_000 else None
                done, result = _within(PROBE_SECONDS, lambda: read(path))
                if not done:
                    return "the read did not end"
                if isinstance(result, BaseException):
                    return f"{type(result).__name__}: {str(result)[:200]}"
                if not result:
                    if (kind, damage_name) in QUIETLY_FINE:
                        return None
                    if kind in ("save", "record") and damage_name in ("fifo", "dev_zero"):
                        return None          # a folder's listing takes only files and folders: never opened
                    return "no message for the player"
                kept = list(path.parent.glob(f"{path.name}.damaged-*"))
                if left:
                    return None if path.exists() and not kept else "a newer version's file was moved"
                if path.exists() or path.is_symlink() or len(kept) != 1:
                    return "the damaged file was not set aside"
                if before is not None and kept[0].read_bytes() != before:
                    return "the set-aside file changed"
                return None
            yield f"file/{kind_name}/{damage_name}", probe


# ----- names ----------------------------------------------------------------------------------------------
ODD_NAMES = {"nul": "a\x00b", "rtl_override": "evil\u202eevas", "isolate": "a\u2066b", "rlm": "x\u200fy",
             "bell": "a\x07", "del": "a\x7f", "line_separator": "a\u2028b", "emoji_60": "😀" * 60,
             "cjk_90": "漢" * 90, "slash": "a/b", "dot_first": ".hidden", "blank": "   ", "surrogate": "a\ud800"}


def name_probes() -> Iterator[tuple[str, Probe]]:
    from game.core.saves import save_game, save_name_problem

    for label, odd in ODD_NAMES.items():
        def probe(home: Path, odd: str = odd) -> str | None:
            problem = save_name_problem(odd)
            if problem is None:
                try:
                    save_game(home, odd, {"format": "x"})
                except OSError as exc:
                    return f"accepted, then the write failed: {exc}"
                return None if (home / f"{odd.strip()}.json").exists() else "accepted but not written"
            return None if isinstance(problem, str) and problem else "no reason given"
        yield f"name/{label}", probe


# ----- deck YAML --------------------------------------------------------------------------------------------
def _laughs(levels: int) -> str:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(levels):
        lines.append(f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]")
    return "\n".join(lines) + "\n"


def _first_key_line(text: bytes) -> bytes:
    """The file's first top-level `key: value` line (to repeat it)."""
    for line in text.splitlines(keepends=True):
        if line[:1].isalpha() and b":" in line:
            return line if line.endswith(b"\n") else line + b"\n"
    return b"x: 1\nx: 2\n"


def _load_deck(game: str, path: Path) -> Any:
    """A game's content read from `path` through the game's own loader (ContentError on any problem)."""
    import importlib

    if game == "zeus":
        from game.zeus.deck import load_deck

        return load_deck(path)
    return importlib.import_module(f"game.{game}.content").load_content(path)


def yaml_probes() -> Iterator[tuple[str, Probe]]:
    from game.core.errors import ContentError

    deck_files = {"zeus": "zeus.yaml", "telos": "telos.yaml", "tamoul": "tamoul.yaml", "elios": "elios.yaml"}
    good = {game: (ROOT / "assets" / "decks" / name).read_bytes() for game, name in deck_files.items()}
    hostile: dict[str, Callable[[bytes], bytes]] = {
        "not_utf8": lambda text: text.replace(b"\n", b" # caf\xe9\n", 3),
        "billion_laughs": lambda text: _laughs(9).encode(),
        "alias_at_end": lambda text: text + b"\nx: &x [1]\ny: *x\n",
        "python_tag": lambda text: text + b"\nz: !!python/object/apply:os.system ['true']\n",
        "deep_nesting": lambda text: b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n",
        "truncated": lambda text: text[: len(text) // 2],
        "tabs": lambda text: text.replace(b"  ", b"\t", 5),
        "empty": lambda text: b"",
        "nul": lambda text: text[:100] + b"\x00" + text[100:],
        "duplicate_key": lambda text: text + b"\n" + _first_key_line(text),
        "huge_line": lambda text: text + b"\nhuge: " + b"x" * 5_000_000 + b"\n",
    }
    for game, content in good.items():
        for label, make in hostile.items():
            def probe(home: Path, game: str = game, make: Callable[[bytes], bytes] = make,
                      content: bytes = content) -> str | None:
                path = home / deck_files[game]
                path.write_bytes(make(content))
                done, result = _within(PROBE_SECONDS, lambda: _load_deck(game, path))
                if not done:
                    return "loading did not end"
                if isinstance(result, ContentError):
                    return None if result.file and (result.line is not None or result.key) else "no file or key named"
                if isinstance(result, BaseException):
                    return f"{type(result).__name__}: {str(result)[:200]}"
                return "the hostile file was accepted"
            yield f"yaml/{game}/{label}", probe


# ----- command lines ---------------------------------------------------------------------------------------
BAD_COMMAND_LINES = [
    ["--seats", ""], ["--game", ""], ["--game", " "], ["--ai-level", ""], ["--game", "chess"],
    ["--game", "zeus", "--seats", "human,robot"], ["--game", "zeus", "--seats", "ai:godlike,ai"],
    ["--game", "zeus", "--seats", ",,,"], ["--game", "zeus", "--seats", "human," * 40],
    ["--size", "999999999999999999999x600"], ["--size", "100000x100000"], ["--size", "0x0"], ["--size", "x"],
    ["--size", "1280x"], ["--size", "-1280x720"], ["--size", "١٢٨٠x٧٢٠"], ["--size", ""],
    ["--screenshot", ""], ["--screenshot", "/"], ["--frames", "0"], ["--frames", "-5"], ["--frames", "1e9"],
    ["--frames", "9" * 30], ["--seed", "-1"], ["--seed", "9" * 40], ["--seed", "٣"], ["--seed", ""],
    ["--option", "x"], ["--option", "=1"], ["--game", "zeus", "--option", "reaction_ms=1e999"],
    ["--game", "zeus", "--option", "reaction_ms=NaN"], ["--game", "zeus", "--option", "nope=1"],
    ["--game", "zeus", "--option", "target=" + "9" * 5000], ["--replay", ""], ["--review", ""],
    ["--replay", "/dev/zero"], ["--replay", "/nonexistent/record.json"], ["--replay", "/"],
    ["--seats", "human,ai"], ["--bench", "--seats", "human,ai"], ["--bench", "--game", "chess"],
]


def command_line_probes() -> Iterator[tuple[str, Probe]]:
    for i, argv in enumerate(BAD_COMMAND_LINES):
        def probe(home: Path, argv: list[str] = argv) -> str | None:
            env = {**os.environ, "OLYMPUS_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
            extra = ["--headless", "--frames", "2"] if "--bench" not in argv and "--frames" not in argv else []
            try:
                done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv, *extra], env=env, cwd=home,
                                      capture_output=True, text=True, timeout=PROBE_SECONDS * 3)
            except subprocess.TimeoutExpired:
                return "it did not end"
            if "Traceback" in done.stderr:
                return "a traceback: " + done.stderr.strip().splitlines()[-1][:200]
            said = done.stderr.strip()
            if not said:
                return f"nothing said (exit status {done.returncode})"
            return None
        yield f"command_line/{i:02d}/{' '.join(argv)[:40]}", probe


# ----- engine input ----------------------------------------------------------------------------------------
ODD_DIGITS = ("¹", "٣", "٠", "３", "𝟙", "²", "Ⅲ", "½")


def engine_probes(steps: int = 150) -> Iterator[tuple[str, Probe]]:
    from game.catalog import load_game
    from game.core.engine import SeatInfo
    from game.core.errors import IllegalAction

    for game_id in ("zeus", "telos", "tamoul", "elios"):
        def probe(home: Path, game_id: str = game_id) -> str | None:
            game = load_game(game_id)
            count = max(game.min_players, min(3, game.max_players))
            state = game.new_state([SeatInfo(f"P{i}", "human") for i in range(count)], game.normalize_options({}), 9)
            rng = random.Random(game_id)
            for _ in range(steps):
                if state.finished:
                    break
                for seat in range(count):
                    legal = [str(a) for a in state.legal_actions(seat)]
                    odd = []
                    for text in legal[:6]:
                        for digit in ODD_DIGITS:
                            swapped = "".join(digit if c.isascii() and c.isdigit() else c for c in text)
                            if swapped != text:
                                odd.append(swapped)
                    odd += [f"{verb} {d}" for verb in ("intercept", "keep", "peek", "place", "play") for d in ODD_DIGITS]
                    odd += ["", " ", "play", "play  7a", "PLAY 7a", "play 7a\n", "x" * 10_000, "play " + "9" * 5000]
                    for text in odd:
                        before = state.position()
                        try:
                            state.apply(seat, text)
                        except IllegalAction:
                            if state.position() != before:
                                return f"a refusal of {text[:40]!r} changed the state"
                            continue
                        except Exception as exc:
                            return f"{text[:40]!r} raised {type(exc).__name__}: {str(exc)[:120]}"
                        return f"{text[:40]!r} was accepted"
                seat = state.waiting_for()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            return None
        yield f"engine/{game_id}/odd_input", probe


# ----- two copies, two writers, kill -9 --------------------------------------------------------------------
COUNTER = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from game.core.statistics import record_finished_game
record = {record}
for i in range({count}):
    record_finished_game(Path({path!r}), {{**record, "seed": {base} + i}})
"""

HOLDER = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from game.core.data_folder import open_user_dirs
from game.core.userfiles import UserDirs
home = Path({home!r})
opened = open_user_dirs(UserDirs(home / "config", home / "data", home / "logs"))
print("held" if opened.saving else "not held", flush=True)
time.sleep(60)
"""

KILLED = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from game.core import userfiles
def slow(fd):
    print("writing", flush=True)
    time.sleep(60)
userfiles.os.fsync = slow
userfiles.atomic_write_text(Path({path!r}), "x" * 100000)
"""


def process_probes(count: int = 100) -> Iterator[tuple[str, Probe]]:
    def two_counters(home: Path) -> str | None:
        from game.core.statistics import load_statistics

        record = _records()["finished"]
        path = home / "statistics.json"
        workers = [subprocess.Popen([sys.executable, "-c", COUNTER.format(root=str(ROOT), record=repr(record),
                                                                          count=count, path=str(path), base=w * 10**6)])
                   for w in range(2)]
        for worker in workers:
            worker.wait(PROBE_SECONDS * 10)
        counted = load_statistics(path).value.games["zeus"].players["Ada"].games
        return None if counted == 2 * count else f"counted {counted} of {2 * count}"

    def second_copy(home: Path) -> str | None:
        from game.core.data_folder import open_user_dirs
        from game.core.userfiles import UserDirs

        holder = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT), home=str(home))],
                                  stdout=subprocess.PIPE, text=True)
        try:
            if holder.stdout is None or holder.stdout.readline().strip() != "held":
                return "the first copy did not get the folder"
            opened = open_user_dirs(UserDirs(home / "config", home / "data", home / "logs"))
            try:
                if opened.saving or not opened.in_use:
                    return "the second copy was not told"
                if opened.dirs.data == home / "data":
                    return "the second copy uses the first one's folder"
            finally:
                opened.close()
        finally:
            holder.kill()
            holder.wait()
        return None

    def killed_writer(home: Path) -> str | None:
        from game.core.data_folder import open_user_dirs
        from game.core.userfiles import UserDirs

        dirs = UserDirs(home / "config", home / "data", home / "logs").ensure()
        writer = subprocess.Popen([sys.executable, "-c", KILLED.format(root=str(ROOT), path=str(dirs.autosave))],
                                  stdout=subprocess.PIPE, text=True)
        if writer.stdout is None or writer.stdout.readline().strip() != "writing":
            return "the writer did not start"
        writer.kill()
        writer.wait()
        opened = open_user_dirs(dirs)
        try:
            left = [p.name for p in dirs.data.iterdir() if p.name.endswith(".tmp")]
            return None if not left and opened.removed_temporary else f"left behind: {left}"
        finally:
            opened.close()

    yield "processes/two_statistics_writers", two_counters
    yield "processes/second_copy_on_one_folder", second_copy
    if hasattr(os, "kill") and os.name == "posix":
        yield "processes/kill_during_a_write", killed_writer


GROUPS: dict[str, Callable[[], Iterator[tuple[str, Probe]]]] = {
    "files": file_probes, "names": name_probes, "yaml": yaml_probes, "command_line": command_line_probes,
    "engine": engine_probes, "processes": process_probes,
}


def run_probes(groups: list[str] | None = None, match: str = "") -> dict[str, Any]:
    """Run the probes of `groups` (all when None) whose name contains `match`; the summary as JSON data."""
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    for group in groups or list(GROUPS):
        for name, probe in GROUPS[group]():
            if match and match not in name:
                continue
            home = Path(tempfile.mkdtemp(prefix="olympus-probe-"))
            began = time.perf_counter()
            try:
                problem = probe(home)
            except Exception as exc:      # a probe that breaks is a failure to report, not the end of the run
                problem = f"the probe itself failed: {type(exc).__name__}: {str(exc)[:200]}"
            finally:
                shutil.rmtree(home, ignore_errors=True)
            outcomes.append(Outcome(group, name, problem is None, problem or "", round(time.perf_counter() - began, 3)))
    failed = [o for o in outcomes if not o.held]
    by_group: dict[str, list[int]] = {}
    for outcome in outcomes:
        counts = by_group.setdefault(outcome.group, [0, 0])
        counts[0] += 1
        counts[1] += outcome.held
    return {"probes": len(outcomes), "held": len(outcomes) - len(failed),
            "groups": {g: {"probes": c[0], "held": c[1]} for g, c in by_group.items()},
            "failed": [{"probe": o.name, "what_happened": o.detail} for o in failed],
            "slowest": sorted(((o.seconds, o.name) for o in outcomes), reverse=True)[:3],
            "seconds": round(time.perf_counter() - started, 2)}
