"""Which wheel pip picks for each runtime dependency, per platform and Python version (README, "Install").

    python build/dependency_wheels.py            # a Markdown table; the last line is JSON

For every dependency in pyproject.toml, every platform below and every Python version we support, pip
resolves the dependency with `--only-binary=:all:` for that platform (`pip install --dry-run
--report`, so only metadata is fetched). A cell names the wheel's tag; "none" means pip found no
wheel, and `pip install olympus-table` would have to compile that dependency there. Needs network.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHONS = ("3.11", "3.12", "3.13")
PLATFORMS = {
    "Windows x86_64": ["win_amd64"],
    "macOS arm64": ["macosx_11_0_arm64"],
    "macOS x86_64": ["macosx_10_13_x86_64", "macosx_10_9_x86_64"],
    "Linux x86_64": ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"],
    "Linux aarch64": ["manylinux_2_28_aarch64", "manylinux_2_17_aarch64", "manylinux2014_aarch64"],
}


def dependencies() -> list[str]:
    with (REPO / "pyproject.toml").open("rb") as handle:
        return list(tomllib.load(handle)["project"]["dependencies"])


def picked_wheel(requirement: str, platforms: list[str], python: str) -> str | None:
    """The file name of the wheel pip would install, or None when it finds none."""
    with tempfile.TemporaryDirectory() as target:
        options = [arg for tag in platforms for arg in ("--platform", tag)]
        result = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed", "--no-deps",
             "--only-binary=:all:", "--python-version", python, *options, "--target", target,
             "--report", "-", requirement], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return None
    report = json.loads(result.stdout)
    for item in report.get("install", []):
        url = item.get("download_info", {}).get("url", "")
        return url.rsplit("/", 1)[-1]
    return None


def main() -> int:
    table: dict[str, dict[str, dict[str, str | None]]] = {}
    for requirement in dependencies():
        name = re.split(r"[<>=!~ ;\[]", requirement, maxsplit=1)[0]
        requirement, _, marker = requirement.partition(";")
        table[name] = {}
        for platform, tags in PLATFORMS.items():
            if "win32" in marker and not platform.startswith("Windows"):
                continue        # a dependency of one system only (comtypes: speech on Windows)
            table[name][platform] = {python: picked_wheel(requirement.strip(), tags, python) for python in PYTHONS}
    print("| dependency | " + " | ".join(PLATFORMS) + " |")
    print("|---|" + "---|" * len(PLATFORMS))
    for name, rows in table.items():
        cells = []
        for platform in PLATFORMS:
            if platform not in rows:
                cells.append("not needed")
                continue
            files = rows[platform]
            found = [python for python, file in files.items() if file]
            version = next((file.split("-")[1] for file in files.values() if file), "")
            cells.append(f"{version} ({', '.join(found)})" if len(found) == len(PYTHONS) else
                         f"{version} ({', '.join(found) or 'none'}; missing {', '.join(set(PYTHONS) - set(found))})")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print(json.dumps(table))
    missing = [(n, p, v) for n, rows in table.items() for p, files in rows.items() for v, f in files.items() if not f]
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
