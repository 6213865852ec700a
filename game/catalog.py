"""Which games the program offers: each complete game's package, loaded from its YAML.

A game whose content fails to load is left out with its message, and the others still load.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from game.core.engine import Game
from game.core.errors import ContentError

# Complete games only, in menu order. A game is added here when its issue is resolved.
GAME_IDS: tuple[str, ...] = ("zeus", "telos")


@dataclass
class Catalog:
    games: dict[str, Game] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def get(self, game_id: str) -> Game:
        if game_id in self.games:
            return self.games[game_id]
        if game_id in self.errors:
            raise ValueError(f"{game_id} cannot be offered: {self.errors[game_id]}")
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(self.games) or 'none'}")


def registered_game_ids() -> tuple[str, ...]:
    """Every game whose engine is registered, offered in the menu or not yet (the conformance suite
    runs over all of them)."""
    return GAME_IDS


def load_game(game_id: str) -> Game:
    """Import `game.<id>` and build its Game from the shipped YAML (raises ContentError)."""
    module = importlib.import_module(f"game.{game_id}")
    return module.load_game()


def load_catalog(game_ids: tuple[str, ...] = GAME_IDS) -> Catalog:
    catalog = Catalog()
    for game_id in game_ids:
        try:
            catalog.games[game_id] = load_game(game_id)
        except ContentError as exc:
            catalog.errors[game_id] = str(exc)
    return catalog
