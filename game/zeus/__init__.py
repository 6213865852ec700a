"""Zeus on the Loose (game id `zeus`): rules engine, view and AI. Rules: rules/zeus.md."""
from __future__ import annotations

from pathlib import Path

from game.core.resources import asset_path
from game.zeus.deck import CardDef, ZeusDeck, load_deck
from game.zeus.game import ZeusGame
from game.zeus.state import ZeusState
from game.zeus.view import ZeusView

__all__ = ["CardDef", "ZeusDeck", "ZeusGame", "ZeusState", "ZeusView", "load_game", "load_game_from"]


def load_game_from(path: Path | str) -> ZeusGame:
    """The game with the deck in `path` (ContentError if the file is broken)."""
    return ZeusGame(load_deck(path))


def load_game() -> ZeusGame:
    return load_game_from(asset_path("decks", "zeus.yaml"))
