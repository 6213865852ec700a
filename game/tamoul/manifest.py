"""Tamoul, as the program offers it: the one place this game is registered.

The engine, its commands and the conformance suite use it now; the menu offers Tamoul once its table
exists (`table` is None until then)."""
from __future__ import annotations

from game.core.manifest import GameManifest

MANIFEST = GameManifest(
    id="tamoul",
    title="Tamoul",
    menu_order=30,
    engine="game.tamoul:load_game",
    table=None,
)
