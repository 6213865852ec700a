"""Télos: the trick-taking game where you keep your lowest card for the last trick (rules/telos.md)."""
from __future__ import annotations

from pathlib import Path

from game.core.resources import asset_path
from game.telos.content import load_content
from game.telos.game import TelosGame


def load_game() -> TelosGame:
    """The game from the shipped assets/decks/telos.yaml (ContentError if it is damaged)."""
    return load_game_from(asset_path("decks", "telos.yaml"))


def load_game_from(path: Path | str) -> TelosGame:
    return TelosGame(load_content(path))
