"""Where the program's own files are: from source, or inside a PyInstaller bundle.

Every asset path (YAML, fonts, art, sounds, rules texts) goes through `asset_path`, so the same code
finds its files in a checkout and in the packaged program.
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
