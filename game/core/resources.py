"""Where the program's own files are: from source, inside a PyInstaller bundle, or an installed wheel.

Every asset path (YAML, fonts, art, sounds, rules texts) goes through `asset_path`, so the same code
finds its files wherever it runs. `assets/` always sits beside the `game` package: in a checkout, in
the Windows program folder (`app/`), and in a wheel installed by pip or pipx (pyproject.toml ships the
folder as data in site-packages, next to `game/`); a PyInstaller bundle puts it in `sys._MEIPASS`.
"""
from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder that holds `assets/`: the bundle's unpack folder, or the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def asset_path(*parts: str) -> Path:
    return app_root().joinpath("assets", *parts)
