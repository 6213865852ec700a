"""How long a player waits for the title menu: from source and from the packaged bundle.

Each run starts the program so that it draws the title menu once and exits:
- with `--exit-after-first-frame` when main.py offers it (it then prints
  `first-frame <seconds since process start>` right after the first title frame is shown, and
  the figure is the wall time until that line arrives);
- otherwise with `--frames 1` (one frame of the title menu, then exit), and the figure is the
  wall time until the process has exited: the same start-up plus a few milliseconds of shutdown.
Either way it is what a player waits, interpreter and bootloader included. One warm-up run (fills
the disk cache, the compiled-module cache and the user folders) is not counted; the median of the
rest is reported, with the best run beside it (the machine may be busy with other work).

    python build/startup_bench.py [--runs 5] [--no-bundle]

Prints one line of JSON, e.g.
    {"source_first_frame_s": 0.41, "bundle_first_frame_s": 0.52, "bundle_mb": 37.4, ...}
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle_plan as plan  # noqa: E402

FIRST_FRAME_FLAG = "--exit-after-first-frame"
FIRST_FRAME_PREFIX = "first-frame"
ONE_FRAME_FLAGS = ("--frames", "1")
RUN_TIMEOUT_S = 30.0
DIST = plan.REPO_ROOT / "dist"


class BenchError(RuntimeError):
    pass


def first_frame_flags(program: list[str], env: dict[str, str]) -> tuple[str, ...]:
    """The exact first-frame flag if this build of the program has it, else one frame and exit."""
    helped = subprocess.run([*program, "--help"], cwd=plan.REPO_ROOT, env=env, capture_output=True, text=True,
                            timeout=RUN_TIMEOUT_S)
    if helped.returncode != 0:
        raise BenchError(f"{' '.join(program)} --help failed (status {helped.returncode}):\n{helped.stderr[-2000:]}")
    return (FIRST_FRAME_FLAG,) if FIRST_FRAME_FLAG in helped.stdout else ONE_FRAME_FLAGS


def time_to_first_frame(command: list[str], env: dict[str, str]) -> tuple[float, float | None]:
    """(wall seconds until the first-frame line, or until a clean exit when the program prints none;
    the seconds the program itself reported, if it did)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errors:   # a file: a chatty stderr cannot block
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=plan.REPO_ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=errors, text=True)
        watchdog = threading.Timer(RUN_TIMEOUT_S, process.kill)   # a program that never stops is stopped
        watchdog.start()
        try:
            for line in process.stdout or ():
                if line.startswith(FIRST_FRAME_PREFIX):
                    wall = time.perf_counter() - started
                    process.wait(timeout=RUN_TIMEOUT_S)
                    if process.returncode != 0:
                        raise BenchError(f"{command[0]} exited with {process.returncode} after its first frame")
                    return wall, _reported_seconds(line)
            process.wait(timeout=RUN_TIMEOUT_S)
            wall = time.perf_counter() - started
            if not watchdog.is_alive():
                raise BenchError(f"{' '.join(command)} did not finish within {RUN_TIMEOUT_S:.0f} s")
            if process.returncode != 0:
                errors.seek(0)
                raise BenchError(f"{' '.join(command)} failed (status {process.returncode}):\n"
                                 f"{errors.read()[-2000:]}")
            return wall, None
        except subprocess.TimeoutExpired as exc:
            raise BenchError(f"{' '.join(command)} did not exit within {RUN_TIMEOUT_S:.0f} s") from exc
        finally:
            watchdog.cancel()
            if process.poll() is None:
                process.kill()
                process.wait()


def _reported_seconds(line: str) -> float | None:
    parts = line.split()
    try:
        return float(parts[1])
    except (IndexError, ValueError):
        return None


def measure(program: list[str], runs: int) -> dict[str, object]:
    """Median wall (and reported) seconds over `runs` runs, after one uncounted warm-up run."""
    with tempfile.TemporaryDirectory(prefix="olympus-bench-") as home:
        # Compiled modules are cached (outside the checkout) as on a player's machine, even where the
        # environment says not to write them; the warm-up run fills the cache.
        env = dict(os.environ, OLYMPUS_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONPYCACHEPREFIX=str(Path(home) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        command = [*program, *first_frame_flags(program, env)]
        time_to_first_frame(command, env)
        results = [time_to_first_frame(command, env) for _ in range(runs)]
    walls = [wall for wall, _ in results]
    reported = [value for _, value in results if value is not None]
    return {
        "first_frame_s": round(statistics.median(walls), 3),
        "best_s": round(min(walls), 3),   # the least disturbed run, on a machine shared with other work
        "reported_s": round(statistics.median(reported), 3) if reported else None,
        "method": " ".join(command[len(program):]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="counted runs per variant (default 5)")
    parser.add_argument("--no-bundle", action="store_true", help="measure from source only")
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    try:
        source = measure([sys.executable, str(plan.ENTRY_SCRIPT)], args.runs)
        figures.update(source_first_frame_s=source["first_frame_s"])
        best = {"source_best_s": source["best_s"]}
        if not args.no_bundle:
            executable = DIST / plan.APP_NAME / plan.APP_NAME
            if not executable.is_file():
                raise BenchError(f"no bundle at {executable}: run `make dist` first")
            bundle = measure([str(executable)], args.runs)
            archives = sorted(DIST.glob(f"{plan.APP_NAME}-{plan.version()}-*.tar.gz"))
            figures.update(
                bundle_first_frame_s=bundle["first_frame_s"],
                bundle_mb=round(plan.folder_bytes(executable.parent) / 2**20, 1),
                archive_mb=round(archives[-1].stat().st_size / 2**20, 1) if archives else None,
                bundle_reported_s=bundle["reported_s"],
            )
            best["bundle_best_s"] = bundle["best_s"]
        figures.update(best, source_reported_s=source["reported_s"], method=source["method"])
    except BenchError as exc:
        print(f"startup-bench: {exc}", file=sys.stderr)
        return 1
    figures.update(runs=args.runs, video_driver=os.environ.get("SDL_VIDEODRIVER", "default"), cores=os.cpu_count())
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
