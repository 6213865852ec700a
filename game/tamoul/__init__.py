"""Tamoul (game id `tamoul`): the memory game of the Cabo family. Rules: rules/tamoul.md (A-1..A-17)."""
from __future__ import annotations

from pathlib import Path

from game.core.resources import asset_path
from game.tamoul.content import TamoulContent, load_content
from game.tamoul.game import TamoulGame
from game.tamoul.state import TamoulState
from game.tamoul.view import SlotView, TamoulView

__all__ = ["SlotView", "TamoulContent", "TamoulGame", "TamoulState", "TamoulView", "load_game", "load_game_from"]


def load_game() -> TamoulGame:
    """The game from the shipped assets/decks/tamoul.yaml (ContentError if it is damaged)."""
    return load_game_from(asset_path("decks", "tamoul.yaml"))


def load_game_from(path: Path | str) -> TamoulGame:
    return TamoulGame(load_content(path))
