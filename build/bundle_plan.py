"""What goes into the packaged program, kept apart from the spec so tests can check it without PyInstaller.

The spec (build/olympus_table.spec) reads everything from here: the entry script, the data folders,
the modules to bundle and the ones to leave out, the icon per platform, and the version.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
ASSETS = REPO_ROOT / "assets"
ENTRY_SCRIPT = REPO_ROOT / "main.py"
APP_NAME = "olympus-table"          # the one-folder bundle's folder and executable name
DISPLAY_NAME = "Olympus Table"      # the macOS .app name
BUNDLE_ID = "org.olympustable.OlympusTable"
ICON_BASE = ASSETS / "icons" / "olympus-table"

# Packages whose every module is bundled: games and tables are imported by name at run time
# (the manifests name them; game/core/manifest.py finds the manifests), which PyInstaller's import
# scan cannot follow. `manifest_modules` adds whatever a manifest names, wherever it lives.
APP_PACKAGES = ("game", "scenes")

# Never needed at run time; some are pulled in only through optional imports. Leaving them out
# keeps the bundle small and start-up fast.
EXCLUDES = (
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "numpy", "pytest", "_pytest", "pluggy", "py", "xdist", "execnet", "iniconfig", "pygments",
    "PyInstaller", "altgraph", "pip", "setuptools", "pkg_resources", "wheel", "distutils",
    "lib2to3", "pydoc_data", "test", "tests", "unittest.test", "sqlite3", "xmlrpc",
    "pygame.tests", "pygame.examples", "pygame.docs", "pygame.__pyinstaller",
    "pygame.surfarray", "pygame.sndarray",
    # Babel extracts and compiles the message catalogs at build time (build/message_catalogs.py); the
    # program reads the compiled .mo files in assets/locale with the standard library's gettext.
    "babel",
)


def version() -> str:
    """The project version, from pyproject.toml: one source for the archive name and the .app."""
    with (REPO_ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def asset_datas() -> list[tuple[str, str]]:
    """(source, destination) pairs: every file and folder of assets/, kept under `assets/`.

    In a one-folder bundle of PyInstaller 6 they land in `_internal/assets/`, which is
    `sys._MEIPASS/assets`, exactly where game.core.resources.asset_path looks.
    """
    pairs: list[tuple[str, str]] = []
    for entry in sorted(ASSETS.iterdir()):
        if entry.name.startswith(".") or entry.name == "__pycache__":
            continue
        destination = f"assets/{entry.name}" if entry.is_dir() else "assets"
        pairs.append((str(entry), destination))
    return pairs


def package_modules() -> list[str]:
    """Every module of the program's own packages, by dotted name."""
    modules: list[str] = []
    for package in APP_PACKAGES:
        for path in sorted((REPO_ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
            if parts[-1] == "__main__":
                continue   # command-line entry points, not used by the program
            if parts[-1] == "__init__":
                parts.pop()
            modules.append(".".join(parts))
    return modules


def manifest_modules() -> list[str]:
    """Every game's manifest module and every module a manifest names (engine, table, card faces),
    read from the manifests themselves. A broken manifest stops the build with its message: a
    bundle must not ship a game it cannot offer."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    from game.core.manifest import discover

    registry = discover("game")
    if registry.problems:
        raise SystemExit("bundle_plan: " + "; ".join(f"{game_id}: {problem}"
                                                     for game_id, problem in registry.problems.items()))
    modules: list[str] = []
    for entry in registry.manifests:
        modules += [f"game.{entry.id}.manifest", *entry.modules()]
    return modules


def app_modules() -> list[str]:
    """The modules to bundle: the program's packages, and everything the game manifests name."""
    return list(dict.fromkeys(package_modules() + manifest_modules()))


def icon_file(platform: str | None = None) -> str | None:
    """Windows wants .ico, macOS .icns; on Linux an executable has no icon (the .desktop file names it)."""
    platform = platform or sys.platform
    if platform == "darwin":
        return str(ICON_BASE.with_suffix(".icns"))
    if platform.startswith("win"):
        return str(ICON_BASE.with_suffix(".ico"))
    return None


def archive_name(platform_tag: str = "linux-x86_64") -> str:
    return f"{APP_NAME}-{version()}-{platform_tag}"


def folder_bytes(folder: Path) -> int:
    """Bytes on disk in a folder, counting a symlinked file once (PyInstaller links the libraries)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
