"""Build the program's wheel (`make wheel`): dist/olympus_table-<version>-py3-none-any.whl.

The wheel holds main.py, game/, scenes/ and assets/ (pyproject.toml), and `olympus-table` is its command;
`pipx install dist/olympus_table-*.whl` (or `pip install`) gives a working program anywhere Python 3.11+
and the dependencies' wheels exist (README, "Install").

It is built from a copy of exactly those files in a scratch folder: setuptools would otherwise build in
./build, which is this folder, and a file left there by an earlier build could end up in the wheel.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "main.py", "game", "scenes", "assets")


def build_wheel(target: Path) -> Path:
    """The wheel, written into `target`; returns its path."""
    target.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    with tempfile.TemporaryDirectory(prefix="olympus-wheel-") as scratch:
        source = Path(scratch) / "source"
        source.mkdir()
        for name in SOURCES:
            path = REPO / name
            if path.is_dir():
                shutil.copytree(path, source / name, ignore=ignore)
            else:
                shutil.copy2(path, source / name)
        built = Path(scratch) / "wheel"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(built),
                        str(source)], check=True)
        wheels = list(built.glob("*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"make_wheel: expected one wheel, pip wrote {[w.name for w in wheels]}")
        final = target / wheels[0].name
        shutil.move(str(wheels[0]), final)
    return final


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="where to write the wheel (default dist/)")
    args = parser.parse_args(argv)
    wheel = build_wheel(args.dist)
    print(f"make_wheel: {wheel} ({wheel.stat().st_size / 2**20:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
