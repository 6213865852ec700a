"""The lobby of an online table: who sits where and who has joined; the game opens on its table (the
guest's seat, scenes/table/online_seat.py) as soon as the host starts it. At the table this computer
hosts, it also shows the join code and the addresses friends join at."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.net.addresses import for_friends
from game.net.guest import GuestClient
from scenes.screens.online_dialog import OnlineDialog
from scenes.table.online_seat import Rejoin, open_guest_table
from scenes.ui.i18n import _, translate_message
from scenes.ui.theme import CREAM, GOLD, PARCHMENT
from scenes.ui.widgets import ERROR, MUTED, Button, Control, draw_text, ellipsize, keyed, text_width, wrap_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

ANY_ADDRESS = ("", "0.0.0.0", "::")   # a table bound to one of these listens on every network
NETWORK_LOOK_S = 0.1    # how often, at rest, the lobby looks at what the host sent (a guest arrives, the game starts)


class LobbyScene(OnlineDialog):
    """Who sits where, who has joined; the game opens on its table as soon as the host starts it."""

    def __init__(self, app: "AppServices", client: GuestClient, url: str = "", code: str = "", name: str = "",
                 host: Any = None) -> None:
        super().__init__(app)
        self.client = client
        self.url, self.code, self.name = url, code, name
        self.host = host        # the table this program hosts (None at a friend's)
        # This computer's addresses as the system lists them, looked up once (not at every frame).
        self.addresses = "" if host is None else for_friends() if host.bind in ANY_ADDRESS else host.bind
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shown: object = None      # what the host had said when the lobby was last drawn (`_news`)

    def _news(self) -> object:
        """What the lobby shows of the host's word: the seats (who is here), our seat, the game, a goodbye."""
        state = self.client.state
        seats = tuple(tuple(sorted((k, str(v)) for k, v in entry.items())) for entry in state.seats)
        return seats, state.seat, state.bye, self.client.game, self.client.closed, len(state.updates)

    def next_look(self) -> float | None:
        """The host's word arrives on the network in the background: looked at ten times a second."""
        return NETWORK_LOOK_S

    def next_change(self) -> float | None:
        """Now, when the host said something the lobby does not show yet; else as any screen of controls."""
        return 0.0 if self._news() != self._shown else super().next_change()

    def update(self, dt: float) -> None:
        if self.client.state.updates and self.client.state.seats:
            self.app.stack.replace(open_guest_table(self.app, self.client, Rejoin(self.url, self.code, self.name)))
        elif self.client.closed:
            self.app.toast(_("The host closed the connection."))
            self.app.stack.pop()

    def on_escape(self) -> None:
        self.client.close()
        if self.host is not None:
            self.host.close()
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(46 * s))
        title_w = text_width(self.title(), self.title_size, "title")
        panel_w = min(int(width * 0.94), max(int(620 * s), title_w + int(56 * s)))
        self.panel = pygame.Rect(0, 0, panel_w, min(height - 20, int(520 * s)))
        self.panel.center = (width // 2, height // 2)
        leave = Button(pygame.Rect(self.panel.centerx - int(110 * s), self.panel.bottom - int(28 * s) - row,
                                   int(220 * s), row), _("Leave"), self.on_escape, style="secondary")
        return [keyed(leave, "leave")]

    def title(self) -> str:
        game = self.client.game.title if self.client.game is not None else ""
        if self.host is not None:       # this computer hosts: it is not "a friend's" table
            return _("{game} at your table").format(game=game)
        return _("{game} at a friend's table").format(game=game)

    def draw(self, surface: pygame.Surface) -> None:
        self._shown = self._news()
        state = self.client.state
        band = self.draw_frame(surface, self.title())
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
        if self.host is not None:
            # The code on a line of its own, large: the one thing the host must read out to friends.
            y += int(40 * self.s)
            code_size = max(16, int(28 * self.s))
            draw_text(surface, _("Join code: {code}").format(code=self.host.table.code), (self.panel.centerx, y),
                      code_size, GOLD, "title", "midtop")
            y += int(code_size * 1.5)
            where = _("Friends join at {address}, port {port}.").format(address=self.addresses, port=self.host.port)
            if self.host.announcement is not None:
                where += " " + _("On this network they also find the table in their Join list.")
            for line in wrap_text(where, size, self.panel.w - int(60 * self.s))[:4]:
                draw_text(surface, line, (self.panel.centerx, y), size, PARCHMENT, anchor="midtop")
                y += int(size * 1.4)
            y -= int(40 * self.s)
        if state.bye is not None:
            draw_text(surface, translate_message(state.bye), (self.panel.centerx, y + int(40 * self.s)), size, ERROR,
                      anchor="midtop")
        self.focus.draw(surface)

