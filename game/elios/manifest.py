"""Elios, as the program offers it: the one place this game is registered."""
from __future__ import annotations

from game.core.manifest import GameManifest

MANIFEST = GameManifest(
    id="elios",
    title="Elios",
    menu_order=40,
    engine="game.elios:load_game",
    table="scenes.elios.table:EliosTableScene",
    card_faces="scenes.elios.art:elios_faces",
    rules="rules/elios.md",
)
