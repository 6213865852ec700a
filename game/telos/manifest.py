"""Télos, as the program offers it: the one place this game is registered."""
from __future__ import annotations

from game.core.manifest import GameManifest

MANIFEST = GameManifest(
    id="telos",
    title="Télos",
    menu_order=20,
    engine="game.telos:load_game",
    table="scenes.telos.table:TelosTableScene",
    card_faces="scenes.telos.art:telos_faces",
    rules="rules/telos.md",
)
