"""Elios, as the program offers it: the one place this game is registered.

The engine, its commands and the conformance suite use it now; the menu offers Elios once its table
exists (`table` is None until then)."""
from __future__ import annotations

from game.core.manifest import GameManifest

MANIFEST = GameManifest(
    id="elios",
    title="Elios",
    menu_order=40,
    engine="game.elios:load_game",
    table=None,
)
