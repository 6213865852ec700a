"""Which table scene plays which game: the `table` reference of each game's manifest, imported only
when a table opens, so one broken table cannot stop the others (or slow the start)."""
from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from game.core import manifest as manifests
from game.core.manifest import ManifestError

if TYPE_CHECKING:
    from game.core.session import GameSession
    from scenes.scene import AppServices
    from scenes.scene import Scene


def has_table(game_id: str) -> bool:
    """Whether the game is registered with a table (a game still without one is not offered)."""
    found = manifests.registry().get(game_id)
    return found is not None and found.offered


def table_problem(game_id: str) -> str | None:
    """Why a registered game's table cannot open, checked without importing it (None: it can).

    Finding the module catches a table file that is missing or misnamed at start-up; a missing class
    in it shows when the table opens, and in the self-test.
    """
    found = manifests.registry().get(game_id)
    if found is None or found.table is None:
        return None
    module_name = found.table.split(":")[0]
    try:
        spec = importlib.util.find_spec(module_name)
    except (ImportError, ValueError) as exc:
        return f"its table {found.table!r} cannot be found ({type(exc).__name__}: {exc})"
    if spec is None:
        return f"the manifest of {game_id} names the table {found.table!r}, but there is no module {module_name!r}"
    return None


def table_class(game_id: str) -> type:
    """The table scene class the game's manifest names (imported now)."""
    found = manifests.registry()[game_id]
    if found.table is None:
        raise ManifestError(f"{found.title} has no table yet")
    return manifests.resolve(game_id, found.table)


def open_table(app: "AppServices", session: "GameSession") -> "Scene":
    """The table scene for a session's game: `TableScene(app, session)`."""
    return table_class(session.game.id)(app, session)
