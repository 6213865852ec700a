"""The tables announced on this network, as the Join screen lists them (scenes/screens/online_join.py).

They are heard in the background (game/net/discovery.py); the screen reads the list twice a second and
shows the first few in name order, a line over them saying what was found, and a button per table.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.net.discovery import FoundTable, TableFinder
from scenes.ui.i18n import _, ngettext

FOUND_POLL_S = 0.5              # how often the Join screen reads the list of tables heard of
LOOKING_S = 4.0                 # "Looking for tables…" until then; "none found" after
MAX_LISTED = 3                  # tables listed on the Join screen (the first in name order)


class FoundTables:
    """The tables heard of while the Join screen is open: `start` when it opens, `stop` when it closes,
    `update` every frame (True when what the screen shows has changed)."""

    def __init__(self) -> None:
        self.finder: TableFinder | None = None
        self.found: list[FoundTable] = []       # the tables listed now (the finder's list when last read)
        self.looking_for = 0.0                  # seconds since the finder started

    def start(self) -> None:
        self.finder = TableFinder()             # tables announced on this network, listed as they are heard

    def stop(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def update(self, dt: float) -> bool:
        """Read the finder's list; True when it changed, or when "Looking for tables…" has just given way
        to "none found"."""
        self.looking_for += dt
        if self.finder is None:
            return False
        found = self.finder.found()
        if found != self.found or (self.looking_for >= LOOKING_S and self.looking_for - dt < LOOKING_S):
            self.found = found
            return True
        return False

    @property
    def listed(self) -> list[FoundTable]:
        """The tables the screen has room for."""
        return self.found[:MAX_LISTED]

    def words(self) -> str:
        """The line over the list of tables heard of."""
        if self.found:
            return _("Tables on this network (ask the host for the code):")
        if self.looking_for < LOOKING_S:
            return _("Looking for tables on this network…")
        return _("No table found on this network: type the host's address.")


def found_label(games: Mapping[str, Any], table: FoundTable) -> str:
    """A found table's button: who hosts it, the game (by its title when this program has it), free seats."""
    known = games.get(table.game_id)
    game = known.title if known is not None else table.game_id
    seats = ngettext("{count} seat free", "{count} seats free", table.free_seats).format(count=table.free_seats)
    return _("{host}: {game}, {seats}").format(host=table.host_name, game=game, seats=seats)
