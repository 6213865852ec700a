"""Playing at a friend's table: join it with its address and code, wait in the lobby, then play your
seat on the game's own table.

The host runs the game (`olympus-table host …`, game/net/); this computer only shows what the host
sends for its seat and proposes its moves (game/net/guest_session.py gives the table a session and a
state to read, fed by the host). Connecting happens in a thread, so the window never waits on the
network.
"""
from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.net.guest import GuestClient, JoinError
from game.net.guest_session import FromHost, GuestSession
from scenes.ui.i18n import _, translate_message
from scenes.ui.theme import CREAM, GOLD, PARCHMENT
from scenes.ui.widgets import (ERROR, MUTED, Button, Control, MenuScene, TextField, draw_dialog_frame, draw_text,
                               ellipsize, keyed)

if TYPE_CHECKING:
    from scenes.scene import AppServices

DEFAULT_PORT = 8765
RECONNECT_EVERY_S = 2.0


def table_url(address: str) -> str:
    """What the player typed (host, host:port, or a ws:// or wss:// address) as a WebSocket address."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address = f"{address}:{DEFAULT_PORT}"
    return f"ws://{address}"


class JoinScene(MenuScene):
    """The host's address, its join code and your name; Join connects in the background."""

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.name = app.settings.player_name or ""
        self.problem: str | None = None
        self.joining: threading.Thread | None = None
        self.result: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _set(self, field: str, text: str) -> None:
        setattr(self, field, text)
        self.problem = None

    def join(self) -> None:
        if self.joining is not None:
            return
        if not self.address.strip() or not self.code.strip():
            self.problem = _("Type the host's address and its join code.")
            self.relayout()
            return
        url, code, name = table_url(self.address), self.code, self.name

        def connect() -> None:
            try:
                self.result["client"] = GuestClient.connect(url, code, name)
            except JoinError as exc:
                self.result["problem"] = str(exc)
            except (OSError, ValueError) as exc:
                self.result["problem"] = str(exc)

        self.joining = threading.Thread(target=connect, name="join", daemon=True)
        self.joining.start()

    def update(self, dt: float) -> None:
        if self.joining is None or self.joining.is_alive():
            return
        self.joining = None
        client = self.result.pop("client", None)
        if client is None:
            self.problem = _("Could not join: {reason}").format(reason=self.result.pop("problem", ""))
            self.relayout()
            return
        self.app.stack.replace(LobbyScene(self.app, client, table_url(self.address), self.code, self.name))

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(46 * s))
        pad = int(28 * s)
        label_w = int(150 * s)
        panel_w = min(int(width * 0.92), int(620 * s))
        panel_h = self.band_h * 2 + pad * 3 + int(self.title_size * 1.4) + row * 4 + int(12 * s) * 3 + int(40 * s)
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        x = self.panel.x + pad + label_w
        w = panel_w - 2 * pad - label_w
        y = self.panel.y + self.band_h + pad + int(self.title_size * 1.4)
        self.rows: list[tuple[str, int]] = []
        controls: list[Control] = []
        for key, label, hint, length in (("address", _("Address"), _("e.g. 192.168.1.20:8765"), 80),
                                         ("code", _("Join code"), "K7MPQ2", 12),
                                         ("name", _("Your name"), _("Your name"), 24)):
            field = TextField(pygame.Rect(x, y, w, row), getattr(self, key),
                              lambda text, key=key: self._set(key, text), hint=hint, max_length=length,
                              on_commit=lambda _text: self.join())
            controls.append(keyed(field, key))
            self.rows.append((label, y + row // 2))
            y += row + int(12 * s)
        self.problem_y = y
        y += int(28 * s)
        half = (panel_w - 2 * pad - int(18 * s)) // 2
        controls.append(keyed(Button(pygame.Rect(self.panel.x + pad, y, half, row), _("Join"), self.join), "join"))
        controls.append(keyed(Button(pygame.Rect(self.panel.right - pad - half, y, half, row), _("Back"),
                                     self.on_escape, style="secondary"), "back"))
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        from scenes.ui.widgets import draw_felt

        draw_felt(surface)
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        draw_text(surface, _("Join a friend's table"), (self.panel.centerx, band.bottom + int(16 * self.s)),
                  self.title_size, CREAM, "title", "midtop")
        size = max(12, int(18 * self.s))
        for label, y in self.rows:
            draw_text(surface, label, (self.panel.x + int(28 * self.s), y), size, PARCHMENT, anchor="midleft")
        words = _("Joining…") if self.joining is not None else self.problem
        if words:
            draw_text(surface, ellipsize(words, size, self.panel.w - int(56 * self.s)),
                      (self.panel.x + int(28 * self.s), self.problem_y), size, ERROR if self.problem else GOLD)
        self.focus.draw(surface)


class LobbyScene(MenuScene):
    """Who sits where, who has joined; the game opens on its table as soon as the host starts it."""

    def __init__(self, app: "AppServices", client: GuestClient, url: str = "", code: str = "", name: str = "") -> None:
        super().__init__(app)
        self.client = client
        self.url, self.code, self.name = url, code, name
        self.panel = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float) -> None:
        if self.client.state.updates and self.client.state.seats:
            self.app.stack.replace(open_guest_table(self.app, self.client, self.url, self.code, self.name))
        elif self.client.closed:
            self.app.toast(_("The host closed the connection."))
            self.app.stack.pop()

    def on_escape(self) -> None:
        self.client.close()
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(46 * s))
        panel_w = min(int(width * 0.92), int(620 * s))
        self.panel = pygame.Rect(0, 0, panel_w, min(height - 20, int(520 * s)))
        self.panel.center = (width // 2, height // 2)
        leave = Button(pygame.Rect(self.panel.centerx - int(110 * s), self.panel.bottom - int(28 * s) - row,
                                   int(220 * s), row), _("Leave"), self.on_escape, style="secondary")
        return [keyed(leave, "leave")]

    def draw(self, surface: pygame.Surface) -> None:
        from scenes.ui.widgets import draw_felt

        draw_felt(surface)
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        state = self.client.state
        title = self.client.game.title if self.client.game is not None else ""
        draw_text(surface, _("{game} at a friend's table").format(game=title),
                  (self.panel.centerx, band.bottom + int(16 * self.s)), self.title_size, CREAM, "title", "midtop")
        size = max(12, int(19 * self.s))
        y = band.bottom + int(20 * self.s) + int(self.title_size * 1.6)
        for seat, entry in enumerate(state.seats):
            if entry.get("kind") == "ai":
                who = _("{name} (AI)").format(name=entry.get("name", ""))
            elif seat == state.seat:
                who = _("{name} (you)").format(name=entry.get("name", ""))
            else:
                who = entry.get("name") or _("a free seat")
            here = entry.get("present") or entry.get("kind") == "ai"
            draw_text(surface, ellipsize(who, size, self.panel.w - int(200 * self.s)),
                      (self.panel.x + int(40 * self.s), y), size, CREAM if here else MUTED)
            if entry.get("kind") != "ai":
                draw_text(surface, _("here") if here else _("waiting"), (self.panel.right - int(40 * self.s), y), size,
                          GOLD if here else MUTED, anchor="topright")
            y += int(size * 1.6)
        draw_text(surface, _("The game begins when every seat is taken."), (self.panel.centerx, y + int(10 * self.s)),
                  size, PARCHMENT, anchor="midtop")
        if state.bye is not None:
            draw_text(surface, translate_message(state.bye), (self.panel.centerx, y + int(40 * self.s)), size, ERROR,
                      anchor="midtop")
        self.focus.draw(surface)


def open_guest_table(app: "AppServices", client: GuestClient, url: str = "", code: str = "", name: str = "") -> Any:
    """The game's own table on a guest's session. The other seats' moves have already been made at the
    host, so they are shown as they come, without an AI's pretend thinking time; a friend's plate says
    "(online)" where an AI's says "(AI)"."""
    from scenes.tables import open_table

    table = open_table(app, GuestSession(client))
    pace = table._ai_delay

    def no_thinking_time(legal: list[Any], reaction: bool) -> float | None:
        delay = pace(legal, reaction)
        return None if delay is None else 0.0

    table._ai_delay = no_thinking_time
    role = table._role
    kinds = [entry.get("kind") for entry in client.state.seats]

    def role_online(seat: int) -> str:
        """A friend at another computer is a person, not an AI: "(online)" after the name."""
        if seat != client.state.seat and seat < len(kinds) and kinds[seat] == "remote":
            return " " + _("(online)")
        return role(seat)

    table._role = role_online
    session = table.session
    update = table.update
    reconnecting: dict[str, Any] = {}

    def update_or_reconnect(dt: float) -> None:
        """A lost connection: "Reconnecting…", and the seat taken back with its token in the background
        (tried every few seconds); the table goes on from the host's snapshot."""
        if session.lost and url and reconnecting.get("thread") is None:
            app.toast(_("The connection to the host was lost. Reconnecting…"))

            def again() -> None:
                while session.lost and not session.reconnect(url, code, name):
                    time.sleep(RECONNECT_EVERY_S)
                reconnecting["back"] = True

            reconnecting["thread"] = threading.Thread(target=again, name="reconnect", daemon=True)
            reconnecting["thread"].start()
        if session.client.state.bye is not None and not reconnecting.get("told"):
            reconnecting["told"] = True         # the host closed the table: say so, in its words
            app.toast(translate_message(session.client.state.bye))
        if reconnecting.pop("back", False):
            reconnecting["thread"] = None
            app.toast(_("Back at the table."))
        update(dt)

    table.update = update_or_reconnect
    for agent in table.agents.values():
        assert isinstance(agent, FromHost)
    return table
