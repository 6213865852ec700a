"""How long a Windows player waits for the title menu: the installed program, started through Wine.

    python build/windows_startup_bench.py EXE [--runs 5]

EXE is the installed `olympus-table.exe` (a Linux path); WINEPREFIX, DISPLAY and the SDL variables
come from the environment (build/ci_windows_check.sh sets them). Each run is timed by
build/startup_bench.py's method: from starting `wine olympus-table.exe --exit-after-first-frame` (the
launcher, then Python) until the program prints its first-frame line, after one uncounted warm-up.
Wine's server and services are started first and kept running between runs, as Windows is already
running on a player's machine; they are stopped at the end. Prints one line of JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_windows  # noqa: E402
import startup_bench  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exe", type=Path, help="the installed olympus-table.exe")
    parser.add_argument("--runs", type=int, default=5, help="counted runs (default 5)")
    args = parser.parse_args(argv)
    wine = make_windows.wine_command()
    if wine is None or not args.exe.is_file():
        print(f"windows_startup_bench: need wine and {args.exe}", file=sys.stderr)
        return 1
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    # Wine's server and services up first, and kept up (-p): otherwise a run that finds them gone
    # counts their start, and they would hold the benchmark's output pipe open.
    subprocess.run(["wineserver", "-p"], check=False, timeout=60, **quiet)
    subprocess.run([wine, "cmd", "/c", "exit"], check=False, timeout=300, **quiet)
    try:
        figures = startup_bench.measure([wine, str(args.exe)], args.runs)
    except startup_bench.BenchError as exc:
        print(f"windows_startup_bench: {exc}", file=sys.stderr)
        return 1
    finally:
        subprocess.run(["wineserver", "-k"], check=False, timeout=60, **quiet)
    figures.update(runs=args.runs, video_driver=os.environ.get("SDL_VIDEODRIVER", "default"),
                   display=os.environ.get("DISPLAY"), cores=os.cpu_count())
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
