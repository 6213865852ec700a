"""Playing with friends at other computers: the menu that hosts a table here, joins a friend's, or plays
on an online game this computer hosted and stopped.

The screens behind it, one module each: the Host screen (online_host.py), the Join screen
(online_join.py, with the tables heard of on this network from found_tables.py), the lobby
(online_lobby.py), and the guest's seat on the game's own table (scenes/table/online_seat.py). The host
runs the game (`olympus-table host …`, game/net/); this computer only shows what the host sends for its
seat and proposes its moves. Connecting happens in a thread, so the window never waits on the network.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.screens.online_dialog import DEFAULT_PORT, OnlineDialog
from scenes.screens.online_host import HostScene, sit_at_own_table
from scenes.screens.online_join import JoinScene
from scenes.ui.i18n import _
from scenes.ui.widgets import ERROR, Button, Control, draw_text, ellipsize, keyed, text_width

if TYPE_CHECKING:
    from scenes.scene import AppServices


class OnlineScene(OnlineDialog):
    """Play with friends online: host a table here, or join a friend's."""

    def __init__(self, app: "AppServices") -> None:
        from game.net.host import kept_online_game

        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.problem: str | None = None
        # A game this computer hosted and stopped in the middle of: offered first, to play on.
        self.kept = kept_online_game(app.catalog.games, app.dirs.data)

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(48 * s))
        pad = int(28 * s)
        entries = [("host", _("Host a table"), self.host, "primary"),
                   ("join", _("Join a friend's table"), self.join, "primary"),
                   ("back", _("Back"), self.on_escape, "secondary")]
        if self.kept is not None:
            title = self.app.catalog.games[self.kept.game_id].title
            entries.insert(0, ("resume", _("Play on: your online game of {game}").format(game=title), self.resume,
                               "primary"))
        title_w = text_width(_("Play with friends online"), self.title_size, "title")
        panel_w = min(int(width * 0.94), max(int(520 * s), title_w + 2 * pad))
        problem_h = int(30 * s) if self.problem else 0
        self.panel = pygame.Rect(0, 0, panel_w, self.band_h * 2 + pad * 2 + int(self.title_size * 1.4)
                                 + row * len(entries) + int(16 * s) * (len(entries) - 1) + problem_h)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.y + self.band_h + pad + int(self.title_size * 1.4)
        self.problem_y = self.panel.bottom - self.band_h - pad // 2 - problem_h // 2
        controls = []
        for key, label, action, style in entries:
            controls.append(keyed(Button(pygame.Rect(self.panel.x + pad, y, panel_w - 2 * pad, row), label, action,
                                         style=style), key))
            y += row + int(16 * s)
        return controls

    def host(self) -> None:
        self.app.stack.push(HostScene(self.app))

    def join(self) -> None:
        self.app.stack.push(JoinScene(self.app))

    def resume(self) -> None:
        """Open the kept online game again where it stopped, on the port it had (the friends' programs
        keep trying that address and take their seats back with their tokens), and sit at seat 1."""
        from game.net.host import Host

        kept = self.kept
        if kept is None:
            return
        try:
            host = Host.resume(self.app.catalog.games, self.app.dirs.data, ai_pause=1.0)
            port = host.serve(HostScene.bind, kept.port or DEFAULT_PORT)
        except (OSError, ValueError) as exc:
            self.problem = _("The online game could not be opened again: {reason}").format(reason=str(exc))
            self.relayout()
            return
        problem = sit_at_own_table(self.app, host, port, token=host.table.tokens[0])
        if problem is not None:
            self.problem = problem
            self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, _("Play with friends online"))
        if self.problem:
            size = max(12, int(16 * self.s))
            draw_text(surface, ellipsize(self.problem, size, self.panel.w - int(40 * self.s)),
                      (self.panel.centerx, self.problem_y), size, ERROR, anchor="center")
        self.focus.draw(surface)

