"""Tamoul, as the program offers it: the one place this game is registered."""
from __future__ import annotations

from game.core.manifest import GameManifest, GameSetting

MANIFEST = GameManifest(
    id="tamoul",
    title="Tamoul",
    menu_order=30,
    engine="game.tamoul:load_game",
    table="scenes.tamoul.table:TamoulTableScene",
    card_faces="scenes.tamoul.art:tamoul_faces",
    settings=(
        GameSetting(
            name="look_seconds",
            label="Tamoul look time",
            help="Tamoul: how long a card you look at stays face up (hold the mouse button or Space to keep it up).",
            kind="number",
            default=2.5,
            steps=tuple(round(1.0 + i * 0.5, 1) for i in range(19)),     # 1.0 .. 10.0 s
            minimum=0.5,
            maximum=30.0,
            shown="{:.1f} s",
        ),
    ),
    rules="rules/tamoul.md",
)
