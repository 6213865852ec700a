"""Zeus on the Loose, as the program offers it: the one place this game is registered."""
from __future__ import annotations

from game.core.manifest import GameManifest, GameSetting

MANIFEST = GameManifest(
    id="zeus",
    title="Zeus on the Loose",
    menu_order=10,
    engine="game.zeus:load_game",
    table="scenes.zeus.table:ZeusTableScene",
    card_faces="scenes.zeus.art:zeus_faces",
    sounds=("zeus_steal",),
    settings=(
        GameSetting(
            name="sneak_window_s",
            label="Zeus sneak window",
            help="Zeus on the Loose: how long you may sneak in a match.",
            kind="number",
            default=1.5,
            steps=tuple(round(0.5 + i * 0.25, 2) for i in range(19)),     # 0.5 .. 5.0 s
            minimum=0.3,
            maximum=10.0,
            shown="{:.2f} s",
        ),
    ),
    rules="rules/zeus.md",
)
