"""A guest's seat at a friend's online game, on the game's own table.

The host runs the game (game/net/); this computer's table shows what the host sends for its seat and
proposes its moves through a `GuestSession` (game/net/guest_session.py), read like a local session. What
a table does differently at an online seat is one job, kept here so a game's table needs nothing for it
and a table at this computer carries none of it:
- the other seats' moves were made at the host already: they are shown as they come, without an AI's
  pretend thinking time;
- a friend at another computer is a person: "(online)" on the plate where an AI's says "(AI)";
- the connection (`HostLink`): a lost connection is said and the seat taken back in the background; the
  host's goodbye, a refused move and a slow answer are said in words;
- a move of ours on its way to the host is said under the table's controls.

`OnlineSeat` is mixed in front of the game's own table class (`online_table_class`), so its hooks wrap
the whole game table exactly as they would wrap the kit's: `update` and `draw` run the game's first,
`_ai_delay` and `_role` start from the game's answer.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.net.guest import GuestClient
from game.net.guest_session import FromHost, GuestSession
from scenes.ui.i18n import _, translate_message
from scenes.ui.theme import GOLD
from scenes.ui.widgets import draw_text, wrap_text

if TYPE_CHECKING:
    from game.core.actions import Action
    from scenes.scene import AppServices
    from scenes.table.base import TableScene
    _GameTable = TableScene        # what the mixin is put in front of, for the type checker
else:
    _GameTable = object

RECONNECT_EVERY_S = 2.0
PENDING_SHOWN_AFTER_S = 0.3     # a move the host has not answered after this long is said to be on its way
HOST_LOOK_S = 0.1               # how often, at rest, the table looks at what the host sent


@dataclass(frozen=True)
class Rejoin:
    """How to take the seat back on a new connection: the host's address, the join code and our name
    (no address: a lost connection is not tried again)."""

    url: str = ""
    code: str = ""
    name: str = ""


class HostLink:
    """The connection to the host as the player hears of it. `follow()` once a frame takes in what the
    host sent and returns the lines to tell the player; a lost connection is taken back in a thread
    (tried every few seconds), so no frame waits on the network."""

    def __init__(self, session: GuestSession, rejoin: Rejoin) -> None:
        self.session = session
        self.rejoin = rejoin
        self._rejoining: threading.Thread | None = None
        self._back = threading.Event()      # set by the thread once the seat is taken back
        self._told_bye = False
        self._told_slow = False

    def follow(self) -> list[str]:
        """What the host sent is taken in (`settle`); the lines to say this frame, in order."""
        session, said = self.session, []
        if session.lost and self.rejoin.url and self._rejoining is None:
            said.append(_("The connection to the host was lost. Reconnecting…"))
            self._rejoining = threading.Thread(target=self._take_seat_back, name="reconnect", daemon=True)
            self._rejoining.start()
        if session.client.state.bye is not None and not self._told_bye:
            self._told_bye = True           # the host closed the table: said in its words
            said.append(translate_message(session.client.state.bye))
        if self._back.is_set():
            self._back.clear()
            self._rejoining = None
            said.append(_("Back at the table."))
        state = session.state
        state.settle()
        while state.refusals:               # the host refused our move: said in words; its position stands
            said.append(_("The host refused your move: {reason}").format(
                reason=translate_message(state.refusals.pop(0))))
        if state.waits_long() and not self._told_slow:
            self._told_slow = True
            said.append(_("The host has not answered your move yet."))
        elif not state.awaiting:
            self._told_slow = False
        return said

    def _take_seat_back(self) -> None:
        """The seat taken back with its token; the table goes on from the host's snapshot."""
        rejoin = self.rejoin
        while self.session.lost and not self.session.reconnect(rejoin.url, rejoin.code, rejoin.name):
            time.sleep(RECONNECT_EVERY_S)
        self._back.set()


class OnlineSeat(_GameTable):
    """The table's side of an online seat, in front of the game's table class (`online_table_class`)."""

    session: GuestSession

    def __init__(self, app: "AppServices", session: GuestSession, rejoin: Rejoin = Rejoin()) -> None:
        super().__init__(app, session)      # the game's table
        self.link = HostLink(session, rejoin)
        self.own_seat = session.client.state.seat
        self.seat_kinds = [entry.get("kind") for entry in session.client.state.seats]
        self._said_pending = False      # the last frame said a move of ours is on its way

    def _ai_delay(self, legal: list["Action"], reaction: bool) -> float | None:
        """The other seats' moves are made at the host: no thinking time (None still means "not yet")."""
        delay = super()._ai_delay(legal, reaction)
        return None if delay is None else 0.0

    def _role(self, seat: int) -> str:
        """A friend at another computer is a person, not an AI: "(online)" after the name."""
        if seat != self.own_seat and seat < len(self.seat_kinds) and self.seat_kinds[seat] == "remote":
            return " " + _("(online)")
        return super()._role(seat)

    def next_look(self) -> float | None:
        """The host's moves and words arrive on the network in the background: looked at ten times a second
        (news makes the table move, or a toast show, and the frame is drawn)."""
        return HOST_LOOK_S

    def next_change(self) -> float | None:
        """The game table's own, and the moment a move of ours on its way is to be said (or no longer)."""
        change = super().next_change()
        awaiting = self.session.state.awaiting
        if not awaiting:
            return 0.0 if self._said_pending else change
        if self._said_pending:
            return change
        say_in = max(0.0, awaiting[0][1] + PENDING_SHOWN_AFTER_S - time.monotonic())
        return say_in if change is None else min(change, say_in)

    def update(self, dt: float) -> None:
        """The host's news first (told as toasts), then the game table's frame."""
        for line in self.link.follow():
            self.app.toast(line)
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then a move of ours on its way to the host, said under the table's controls while
        it waits (a moment later, so a quick answer shows no flicker)."""
        super().draw(surface)
        awaiting = self.session.state.awaiting
        self._said_pending = bool(awaiting) and time.monotonic() - awaiting[0][1] > PENDING_SHOWN_AFTER_S
        if self._said_pending:
            rect = self.layout.controls_rect    # said just above the move buttons
            size = max(12, min(18, rect.width // 18))
            lines = wrap_text(_("Your move is on its way to the host…"), size, rect.width)[:2]
            y = rect.top - int(size * 1.3) * len(lines)
            for line in lines:
                draw_text(surface, line, (rect.centerx, y), size, GOLD, anchor="midtop")
                y += int(size * 1.3)


@cache
def online_table_class(table_class: type["TableScene"]) -> type["TableScene"]:
    """The game's own table class with `OnlineSeat` in front (made once per game)."""
    return type(table_class)(f"Online{table_class.__name__}", (OnlineSeat, table_class),
                             {"__doc__": f"{table_class.__name__} at a guest's online seat."})


def open_guest_table(app: "AppServices", client: GuestClient, rejoin: Rejoin = Rejoin()) -> "TableScene":
    """The game's own table on a guest's session for `client`'s seat; the app's session from now on
    (its messages are told, and it keeps the finished game's record)."""
    from scenes.tables import table_class

    guest = GuestSession(client)
    guest.records_dir, guest.records_kept = app.dirs.records, app.settings.records_kept
    table = online_table_class(table_class(guest.game.id))(app, guest, rejoin)
    app.session = guest
    for agent in table.agents.values():
        assert isinstance(agent, FromHost)
    return table
