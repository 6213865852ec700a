"""Tamoul, as the program offers it: the one place this game is registered."""
from __future__ import annotations

from game.core.manifest import GameManifest

MANIFEST = GameManifest(
    id="tamoul",
    title="Tamoul",
    menu_order=30,
    engine="game.tamoul:load_game",
    table="scenes.tamoul.table:TamoulTableScene",
    card_faces="scenes.tamoul.art:tamoul_faces",
    rules="rules/tamoul.md",
)
