"""Which games the program has: the registered manifests (game/<id>/manifest.py), and each game
loaded from its YAML through its manifest's engine.

A game whose manifest is broken, or whose content fails to load, is left out with its message, and
the others still load.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core import manifest as manifests
from game.core.engine import Game
from game.core.errors import ContentError
from game.core.manifest import GameManifest, ManifestError


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
    """Every game whose manifest is registered, offered in the menu or not yet (the conformance suite
    runs over all of them), in menu order."""
    return manifests.registry().ids()


def offered_game_ids() -> tuple[str, ...]:
    """The registered games that have a table, in menu order."""
    return tuple(m.id for m in manifests.registry().manifests if m.offered)


def game_manifest(game_id: str) -> GameManifest:
    """The manifest of a registered game (LookupError naming the problem otherwise)."""
    return manifests.registry()[game_id]


def game_title(game_id: str) -> str:
    """A game's title for messages, also when it cannot be loaded (its id when it has no manifest)."""
    found = manifests.registry().get(game_id)
    return found.title if found is not None else game_id


def manifest_problems() -> dict[str, str]:
    """A message per game package whose manifest is broken."""
    return dict(manifests.registry().problems)


def load_game(game_id: str) -> Game:
    """Build a registered game through its manifest's engine (ContentError when its YAML is damaged,
    ManifestError when the engine reference does not resolve, LookupError for an unknown game)."""
    entry = game_manifest(game_id)
    load = manifests.resolve(game_id, entry.engine)
    game = load()
    if not isinstance(game, Game):
        raise ManifestError(f"the engine {entry.engine!r} of {game_id} returned {type(game).__name__}, not a Game")
    return game


def load_catalog(game_ids: tuple[str, ...] | None = None) -> Catalog:
    """Load `game_ids` (every registered game when None, with the broken manifests as errors)."""
    catalog = Catalog()
    if game_ids is None:
        game_ids = registered_game_ids()
        catalog.errors.update(manifest_problems())
    for game_id in game_ids:
        try:
            catalog.games[game_id] = load_game(game_id)
        except (ContentError, ManifestError) as exc:
            catalog.errors[game_id] = str(exc)
    return catalog
