"""Joining a friend's table: the host's address, its join code and your name, or a table picked from
those heard of on this network (found_tables.py); Join connects in a thread, so the window never waits
on the network, and the lobby follows (online_lobby.py)."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.net.discovery import FoundTable
from game.net.guest import GuestClient, JoinError
from scenes.screens.found_tables import FOUND_POLL_S, FoundTables, found_label
from scenes.screens.online_dialog import OnlineDialog, own_name, table_url
from scenes.screens.online_lobby import LobbyScene
from scenes.ui.i18n import _
from scenes.ui.theme import GOLD
from scenes.ui.widgets import ERROR, MUTED, Button, Control, TextField, draw_text, ellipsize, keyed, text_width

if TYPE_CHECKING:
    from scenes.scene import AppServices

JOIN_LOOK_S = 0.1           # how often, at rest, a join on its way is looked at


class JoinScene(OnlineDialog):
    """The host's address, its join code and your name; Join connects in the background."""

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.name = own_name(app)
        self.problem: str | None = None
        self.joining: threading.Thread | None = None
        self.result: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.tables = FoundTables()             # the tables heard of on this network
        self._news = False                      # the list of tables or the joining changed since last drawn

    def enter(self) -> None:
        self.tables.start()
        super().enter()

    def exit(self) -> None:
        self.tables.stop()

    def pick(self, table: FoundTable) -> None:
        """A table from the list: its address goes in the address field; the code is still the host's to
        give, so the code field takes the focus."""
        self.address = table.where
        self.problem = None
        self.relayout()
        code_field = next(c for c in self.focus.controls if getattr(c, "key", None) == "code")
        self.focus.focus_control(code_field)

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
        super().update(dt)
        if self.tables.update(dt):
            self.relayout()
            self._news = True
        if self.joining is None or self.joining.is_alive():
            return
        self.joining = None
        self._news = True
        client = self.result.pop("client", None)
        if client is None:
            self.problem = _("Could not join: {reason}").format(reason=self.result.pop("problem", ""))
            self.relayout()
            return
        self.app.stack.replace(LobbyScene(self.app, client, table_url(self.address), self.code, self.name))

    def next_look(self) -> float | None:
        """While the screen is open, the list of tables may grow by itself: looked at twice a second; a join
        on its way is looked at ten times a second."""
        return JOIN_LOOK_S if self.joining is not None else FOUND_POLL_S

    def next_change(self) -> float | None:
        """Now, when the list of tables or the join on its way changed; else as any screen of controls."""
        return 0.0 if self._news else super().next_change()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(46 * s))
        pad = int(28 * s)
        labels = {"address": _("Address"), "code": _("Join code"), "name": _("Your name")}
        label_size = max(12, int(18 * s))
        label_w = max(int(150 * s), max(text_width(label, label_size) for label in labels.values()) + int(14 * s))
        panel_w = min(int(width * 0.92), int(620 * s))
        listed = self.tables.listed
        found_row = max(28, int(38 * s))
        found_h = int(30 * s) + len(listed) * (found_row + int(8 * s))
        panel_h = self.band_h * 2 + pad * 3 + int(self.title_size * 1.4) + row * 4 + int(12 * s) * 3 + int(40 * s) \
            + found_h
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        x = self.panel.x + pad + label_w
        w = panel_w - 2 * pad - label_w
        y = self.panel.y + self.band_h + pad + int(self.title_size * 1.4)
        self.rows: list[tuple[str, int]] = []
        controls: list[Control] = []
        self.found_y = y
        y += int(30 * s)
        for index, table in enumerate(listed):
            rect = pygame.Rect(self.panel.x + pad, y, panel_w - 2 * pad, found_row)
            controls.append(keyed(Button(rect, found_label(self.app.catalog.games, table), lambda t=table: self.pick(t),
                                         style="secondary"), f"found-{index}"))
            y += found_row + int(8 * s)
        for key, hint, length in (("address", _("e.g. 192.168.1.20:8765"), 80), ("code", "K7MPQ2", 12),
                                  ("name", _("Your name"), 24)):
            label = labels[key]
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
        self._news = False
        self.draw_frame(surface, _("Join a friend's table"))
        size = max(12, int(18 * self.s))
        draw_text(surface, ellipsize(self.tables.words(), size, self.panel.w - int(56 * self.s)),
                  (self.panel.x + int(28 * self.s), self.found_y + int(12 * self.s)), size, MUTED, anchor="midleft")
        self.draw_labels(surface, self.rows, size, 28)
        words = _("Joining…") if self.joining is not None else self.problem
        if words:
            draw_text(surface, ellipsize(words, size, self.panel.w - int(56 * self.s)),
                      (self.panel.x + int(28 * self.s), self.problem_y), size, ERROR if self.problem else GOLD)
        self.focus.draw(surface)

