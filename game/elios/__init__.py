"""Elios: group your coloured beams, then place them on the sun under a rising tower of discs
(rules/elios.md, E-1..E-13)."""
from __future__ import annotations

from pathlib import Path

from game.core.resources import asset_path
from game.elios.content import load_content
from game.elios.game import EliosGame


def load_game() -> EliosGame:
    """The game from the shipped assets/decks/elios.yaml (ContentError if it is damaged)."""
    return load_game_from(asset_path("decks", "elios.yaml"))


def load_game_from(path: Path | str) -> EliosGame:
    return EliosGame(load_content(path))
