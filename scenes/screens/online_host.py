"""Hosting a table for friends from this program: the Host screen (the game, each other seat a friend or
an AI at a level, the game's options, the port), and taking this computer's own seat at it."""
from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.net.guest import GuestClient, JoinError
from scenes.screens.online_dialog import DEFAULT_PORT, OnlineDialog, own_name
from scenes.screens.online_lobby import LobbyScene
from scenes.ui.game_texts import option_label
from scenes.ui.i18n import _
from scenes.ui.theme import CREAM
from scenes.ui.widgets import ERROR, Button, Control, Stepper, TextField, draw_text, ellipsize, keyed, text_width

if TYPE_CHECKING:
    from scenes.scene import AppServices

FRIEND = "friend"


class HostScene(OnlineDialog):
    """Host a table from here: the game, each other seat (a friend or an AI at a level), the port. The
    host runs in this program (game/net/host.py, in a thread) and this computer takes seat 1 through it,
    like any guest, so the lobby and the table are the same as a friend's."""

    bind = "0.0.0.0"        # every network of this computer (tests use 127.0.0.1)

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        from scenes.screens.title import playable_games

        self.games = playable_games(app)
        self.game_index = 0
        self.others: list[str] = []
        self.port = str(DEFAULT_PORT)
        self.problem: str | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.label_w = 0
        self.options: dict[str, Any] = {}
        self._fit_seats()

    @property
    def game(self) -> Any:
        return self.games[self.game_index]

    def _fit_seats(self) -> None:
        """At least the game's fewest players (a friend first), at most its most; the game's options at
        their defaults (the same options the local setup offers)."""
        game = self.game
        self.options = {spec.name: spec.default for spec in game.option_specs()}
        while len(self.others) + 1 < game.min_players:
            self.others.append(FRIEND if not self.others else "normal")
        del self.others[game.max_players - 1:]
        levels = list(game.agent_levels())
        self.others = [o if o == FRIEND or o in levels else (levels[0] if levels else FRIEND) for o in self.others]

    def _choices(self) -> list[str]:
        return [FRIEND, *[level for level in self.game.agent_levels() if level != "random"]]

    def _describe(self, choice: str) -> str:
        from scenes.screens.setup import level_name

        return _("a friend") if choice == FRIEND else _("AI ({level})").format(level=level_name(choice))

    def set_game(self, game: Any) -> None:
        self.game_index = self.games.index(game)
        self._fit_seats()
        self.relayout()

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value
        self.problem = None

    def _option_control(self, spec: Any, rect: pygame.Rect) -> Control:
        """The setup screen's control for one option (a switch, a list to step through, or a number)."""
        from scenes.screens.setup import option_control

        def said(words: str) -> None:
            self.problem = words or None

        return option_control(spec, self.options[spec.name], rect,
                              lambda v, name=spec.name: self.set_option(name, v), said)

    def set_seat(self, index: int, choice: str) -> None:
        self.others[index] = choice
        self.problem = None

    def add_seat(self) -> None:
        if len(self.others) + 1 < self.game.max_players:
            self.others.append(FRIEND)
            self.relayout()

    def remove_seat(self) -> None:
        if len(self.others) + 1 > self.game.min_players:
            self.others.pop()
            self.relayout()

    def start(self) -> None:
        from game.net.host import Host, SeatPlan

        if FRIEND not in self.others:
            self.problem = _("Make at least one seat a friend's.")
            self.relayout()
            return
        if not (self.port.isdigit() and 1024 <= int(self.port) <= 65535):
            self.problem = _("The port is a number from 1024 to 65535.")
            self.relayout()
            return
        names = iter(("Ariadne", "Bion", "Chloe", "Damon", "Elpis", "Felix"))
        plans = [SeatPlan("remote")] + [SeatPlan("remote") if o == FRIEND else SeatPlan("ai", o, next(names))
                                        for o in self.others]
        seed = random.SystemRandom().randrange(1, 2**31 - 1)
        try:
            host = Host.new(self.game, plans, dict(self.options), seed, self.app.dirs.data, ai_pause=1.0)
            port = host.serve(self.bind, int(self.port), announce_as=own_name(self.app))
        except (OSError, ValueError) as exc:
            self.problem = _("The table could not be opened: {reason}").format(reason=str(exc))
            self.relayout()
            return
        problem = sit_at_own_table(self.app, host, port, seat=0)
        if problem is not None:
            self.problem = problem
            self.relayout()

    @staticmethod
    def _specs(game: Any) -> list[Any]:
        """The game's options this screen offers (a pick is the local setup's alone)."""
        return [spec for spec in game.option_specs() if spec.kind != "pick"]

    def _rows(self, game: Any, others: int) -> int:
        """The screen's rows for `game` with `others` seats besides ours: the game, our seat, theirs, the
        add/remove buttons, the options, the port and the start/back buttons."""
        return 2 + others + len(self._specs(game)) + 3

    def layout(self, size: tuple[int, int]) -> list[Control]:
        """The rows from a fixed top: choosing another game or adding a seat keeps the game's arrows and
        every row above the change where they were, under the mouse (the panel grows or shrinks below).
        The row height and the labels' column fit every game, so they do not change with the game
        either; the top moves up only for a panel that would otherwise leave the window."""
        width, height = size
        s = self.scale_dialog(size, 30)
        specs = self._specs(self.game)
        rows = self._rows(self.game, len(self.others))
        most_rows = max(self._rows(game, game.max_players - 1) for game in self.games)
        row = max(22, min(int(40 * s), (height - 150) // (most_rows + 1)))
        gap = max(4, int(8 * s))
        pad = int(24 * s)
        panel_w = min(int(width * 0.94), int(640 * s))
        # The labels' column widens for a long option name of any game (up to 40% of the panel; longer
        # ones are cut).
        size = max(12, int(17 * s))
        widest = max([text_width(option_label(spec), size) for game in self.games for spec in self._specs(game)]
                     + [0])
        label_w = max(int(170 * s), min(int(panel_w * 0.4), widest + int(14 * s)))
        self.label_w = label_w

        def panel_height(rows: int) -> int:
            return min(height - 8, self.band_h * 2 + pad * 2 + int(self.title_size * 1.3) + rows * (row + gap)
                       + int(20 * s))

        # The top: where the tallest game at its fewest players would be centred.
        usual_rows = max(self._rows(game, game.min_players - 1) for game in self.games)
        top = (height - panel_height(usual_rows)) // 2
        panel_h = panel_height(rows)
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.centerx = width // 2
        self.panel.top = max(4, min(top, height - 4 - panel_h))
        x, w = self.panel.x + pad + label_w, panel_w - 2 * pad - label_w
        y = self.panel.y + self.band_h + pad + int(self.title_size * 1.3)
        self.rows: list[tuple[str, int]] = []
        controls: list[Control] = [keyed(Stepper(pygame.Rect(x, y, w, row), self.games, self.game_index, self.set_game,
                                                 lambda g: g.title), "game")]
        self.rows.append((_("Game"), y + row // 2))
        y += row + gap
        self.rows.append((_("Seat {number}").format(number=1), y + row // 2))
        self.you_y = y + row // 2
        y += row + gap
        for index, choice in enumerate(self.others):
            choices = self._choices()
            controls.append(keyed(Stepper(pygame.Rect(x, y, w, row), choices, choices.index(choice) if choice in choices
                                          else 0, lambda c, i=index: self.set_seat(i, c), self._describe),
                                  f"seat-{index}"))
            self.rows.append((_("Seat {number}").format(number=index + 2), y + row // 2))
            y += row + gap
        half = (w - gap) // 2
        controls.append(keyed(Button(pygame.Rect(x, y, half, row), _("Add a seat"), self.add_seat, style="secondary",
                                     enabled=len(self.others) + 1 < self.game.max_players), "add"))
        controls.append(keyed(Button(pygame.Rect(x + half + gap, y, half, row), _("Remove a seat"), self.remove_seat,
                                     style="secondary", enabled=len(self.others) + 1 > self.game.min_players), "remove"))
        y += row + gap
        for spec in specs:
            controls.append(keyed(self._option_control(spec, pygame.Rect(x, y, w, row)), f"option-{spec.name}"))
            self.rows.append((option_label(spec), y + row // 2))
            y += row + gap
        controls.append(keyed(TextField(pygame.Rect(x, y, int(w * 0.4), row), self.port,
                                        lambda text: setattr(self, "port", text), max_length=5,
                                        allowed=str.isdigit), "port"))
        self.rows.append((_("Port"), y + row // 2))
        self.problem_y = y + row + gap // 2
        y += row + gap + int(22 * s)
        controls.append(keyed(Button(pygame.Rect(self.panel.x + pad, y, (panel_w - 2 * pad - gap) // 2, row),
                                     _("Open the table"), self.start), "start"))
        controls.append(keyed(Button(pygame.Rect(self.panel.centerx + gap // 2, y, (panel_w - 2 * pad - gap) // 2, row),
                                     _("Back"), self.on_escape, style="secondary"), "back"))
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, _("Host a table for friends"), gap=12)
        size = max(12, int(17 * self.s))
        self.draw_labels(surface, self.rows, size, 24, self.label_w - int(8 * self.s))
        draw_text(surface, _("you, at this computer"), (self.panel.x + int(24 * self.s) + self.label_w, self.you_y),
                  size, CREAM, anchor="midleft")
        if self.problem:
            draw_text(surface, ellipsize(self.problem, size, self.panel.w - int(48 * self.s)),
                      (self.panel.x + int(24 * self.s), self.problem_y), size, ERROR)
        self.focus.draw(surface)


def sit_at_own_table(app: "AppServices", host: Any, port: int, **seat: Any) -> str | None:
    """Run the table this computer hosts and take its first seat (`seat=0` when new, its `token` when
    played on) through the host like any friend; the lobby follows. The reason in words when the seat
    could not be taken (the table is closed again)."""
    threading.Thread(target=host.run, name="host", daemon=True).start()
    url = f"ws://127.0.0.1:{port}"
    name = own_name(app)
    try:
        client = GuestClient.connect(url, host.table.code, name, **seat)
    except JoinError as exc:
        host.close()
        return str(exc)
    app.stack.replace(LobbyScene(app, client, url, host.table.code, name, host=host))
    return None

