"""Which table scene plays which game. Imported lazily so one broken table cannot stop the others."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.session import GameSession
    from scenes.app import App
    from scenes.scene import Scene

TABLE_SCENES: dict[str, str] = {
    "zeus": "scenes.zeus_table:ZeusTableScene",
    "telos": "scenes.telos_table:TelosTableScene",
}


def has_table(game_id: str) -> bool:
    return game_id in TABLE_SCENES


def open_table(app: "App", session: "GameSession") -> "Scene":
    """The table scene for a session's game: `TableScene(app, session)`."""
    module_name, class_name = TABLE_SCENES[session.game.id].split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(app, session)
