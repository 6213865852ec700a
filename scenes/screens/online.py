"""Playing with friends at other computers: host a table here, or join a friend's with its address and
code; wait in the lobby, then play your seat on the game's own table.

The host runs the game (`olympus-table host …`, game/net/); this computer only shows what the host
sends for its seat and proposes its moves (game/net/guest_session.py gives the table a session and a
state to read, fed by the host). Connecting happens in a thread, so the window never waits on the
network.
"""
from __future__ import annotations

import random
import threading
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.net.addresses import for_friends
from game.net.discovery import FoundTable, TableFinder
from game.net.guest import GuestClient, JoinError
from game.net.guest_session import FromHost, GuestSession
from scenes.ui.game_texts import option_label
from scenes.ui.i18n import _, is_named_you, ngettext, translate_message
from scenes.ui.theme import CREAM, GOLD, PARCHMENT
from scenes.ui.widgets import (ERROR, MUTED, Button, Control, MenuScene, Stepper, TextField,
                               draw_dialog_frame, draw_text, ellipsize, keyed, text_width, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices

DEFAULT_PORT = 8765
RECONNECT_EVERY_S = 2.0
PENDING_SHOWN_AFTER_S = 0.3     # a move the host has not answered after this long is said to be on its way
FOUND_POLL_S = 0.5              # how often the Join screen reads the list of tables heard of
LOOKING_S = 4.0                 # "Looking for tables…" until then; "none found" after
ANY_ADDRESS = ("", "0.0.0.0", "::")   # a table bound to one of these listens on every network
MAX_LISTED = 3                  # tables listed on the Join screen (the first in name order)


def own_name(app: "AppServices") -> str:
    """The name the others will see: the player's own, or none while it is the default "You" (which
    would read as the others' own "you"; the host then gives a guest's name)."""
    name = app.settings.player_name or ""
    return "" if is_named_you(name) else name


def table_url(address: str) -> str:
    """What the player typed (host, host:port, or a ws:// or wss:// address) as a WebSocket address."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address = f"{address}:{DEFAULT_PORT}"
    return f"ws://{address}"


class OnlineDialog(MenuScene):
    """The online screens' common frame: the felt, a dialog panel (`self.panel`) and its title."""

    panel: pygame.Rect

    def draw_frame(self, surface: pygame.Surface, title: str, gap: int = 16) -> pygame.Rect:
        """Felt, panel and title; returns the panel's top band (the title sits under it)."""
        from scenes.ui.widgets import draw_felt

        draw_felt(surface)
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        draw_text(surface, title, (self.panel.centerx, band.bottom + int(gap * self.s)), self.title_size, CREAM,
                  "title", "midtop")
        return band

    def draw_labels(self, surface: pygame.Surface, rows: list[tuple[str, int]], size: int, indent: int,
                    width: int | None = None) -> None:
        """Each row's label at the panel's left, cut to `width` (the labels' column) when given."""
        for label, y in rows:
            text = ellipsize(label, size, width) if width else label
            draw_text(surface, text, (self.panel.x + int(indent * self.s), y), size, PARCHMENT, anchor="midleft")


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
        self.finder: TableFinder | None = None
        self.found: list[FoundTable] = []       # the tables listed now (the finder's list when last read)
        self.looking_for = 0.0                  # seconds since the finder started

    def enter(self) -> None:
        self.finder = TableFinder()             # tables announced on this network, listed as they are heard
        super().enter()

    def exit(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

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
        self.looking_for += dt
        if self.finder is not None:
            found = self.finder.found()
            if found != self.found or (self.looking_for >= LOOKING_S and self.looking_for - dt < LOOKING_S):
                self.found = found
                self.relayout()
        if self.joining is None or self.joining.is_alive():
            return
        self.joining = None
        client = self.result.pop("client", None)
        if client is None:
            self.problem = _("Could not join: {reason}").format(reason=self.result.pop("problem", ""))
            self.relayout()
            return
        self.app.stack.replace(LobbyScene(self.app, client, table_url(self.address), self.code, self.name))

    def next_change(self) -> float | None:
        """While the screen is open, the list of tables may grow by itself: look at it twice a second."""
        blink = super().next_change()
        return FOUND_POLL_S if blink is None else min(blink, FOUND_POLL_S)

    def found_words(self) -> str:
        """The line over the list of tables heard of."""
        if self.found:
            return _("Tables on this network (ask the host for the code):")
        if self.looking_for < LOOKING_S:
            return _("Looking for tables on this network…")
        return _("No table found on this network: type the host's address.")

    def _found_label(self, table: FoundTable) -> str:
        known = self.app.catalog.games.get(table.game_id)
        game = known.title if known is not None else table.game_id
        seats = ngettext("{count} seat free", "{count} seats free", table.free_seats).format(count=table.free_seats)
        return _("{host}: {game}, {seats}").format(host=table.host_name, game=game, seats=seats)

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        row = max(30, int(46 * s))
        pad = int(28 * s)
        labels = {"address": _("Address"), "code": _("Join code"), "name": _("Your name")}
        label_size = max(12, int(18 * s))
        label_w = max(int(150 * s), max(text_width(label, label_size) for label in labels.values()) + int(14 * s))
        panel_w = min(int(width * 0.92), int(620 * s))
        listed = self.found[:MAX_LISTED]
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
            controls.append(keyed(Button(rect, self._found_label(table), lambda t=table: self.pick(t),
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
        self.draw_frame(surface, _("Join a friend's table"))
        size = max(12, int(18 * self.s))
        draw_text(surface, ellipsize(self.found_words(), size, self.panel.w - int(56 * self.s)),
                  (self.panel.x + int(28 * self.s), self.found_y + int(12 * self.s)), size, MUTED, anchor="midleft")
        self.draw_labels(surface, self.rows, size, 28)
        words = _("Joining…") if self.joining is not None else self.problem
        if words:
            draw_text(surface, ellipsize(words, size, self.panel.w - int(56 * self.s)),
                      (self.panel.x + int(28 * self.s), self.problem_y), size, ERROR if self.problem else GOLD)
        self.focus.draw(surface)


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

    def update(self, dt: float) -> None:
        if self.client.state.updates and self.client.state.seats:
            self.app.stack.replace(open_guest_table(self.app, self.client, self.url, self.code, self.name))
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

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 30)
        specs = [spec for spec in self.game.option_specs() if spec.kind != "pick"]
        rows = 2 + len(self.others) + len(specs) + 3
        row = max(22, min(int(40 * s), (height - 150) // (rows + 1)))
        gap = max(4, int(8 * s))
        pad = int(24 * s)
        panel_w = min(int(width * 0.94), int(640 * s))
        # The labels' column widens for a long option name (up to 40% of the panel; longer ones are cut).
        size = max(12, int(17 * s))
        widest = max([text_width(option_label(spec), size) for spec in specs] + [0])
        label_w = max(int(170 * s), min(int(panel_w * 0.4), widest + int(14 * s)))
        self.label_w = label_w
        panel_h = min(height - 8, self.band_h * 2 + pad * 2 + int(self.title_size * 1.3) + rows * (row + gap) + int(20 * s))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
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


def open_guest_table(app: "AppServices", client: GuestClient, url: str = "", code: str = "", name: str = "") -> Any:
    """The game's own table on a guest's session. The other seats' moves have already been made at the
    host, so they are shown as they come, without an AI's pretend thinking time; a friend's plate says
    "(online)" where an AI's says "(AI)"."""
    from scenes.tables import open_table

    guest = GuestSession(client)
    guest.records_dir, guest.records_kept = app.dirs.records, app.settings.records_kept
    table = open_table(app, guest)
    app.session = guest      # its messages are told, and it keeps the finished game's record (`tick`)
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
        session.state.settle()
        while session.state.refusals:      # the host refused our move: said in words; its position stands
            app.toast(_("The host refused your move: {reason}").format(
                reason=translate_message(session.state.refusals.pop(0))))
        if session.state.waits_long() and not reconnecting.get("slow"):
            reconnecting["slow"] = True
            app.toast(_("The host has not answered your move yet."))
        elif not session.state.awaiting:
            reconnecting["slow"] = False
        update(dt)

    table.update = update_or_reconnect
    draw = table.draw

    def draw_with_pending_move(surface: pygame.Surface) -> None:
        """A move of ours on its way to the host: said under the table's controls while it waits (a
        moment later, so a quick answer shows no flicker)."""
        draw(surface)
        awaiting = session.state.awaiting
        if awaiting and time.monotonic() - awaiting[0][1] > PENDING_SHOWN_AFTER_S:
            rect = table.layout.controls_rect       # said just above the move buttons, in two lines at most
            size = max(12, min(18, rect.width // 18))
            lines = wrap_text(_("Your move is on its way to the host…"), size, rect.width)[:2]
            y = rect.top - int(size * 1.3) * len(lines)
            for line in lines:
                draw_text(surface, line, (rect.centerx, y), size, GOLD, anchor="midtop")
                y += int(size * 1.3)

    table.draw = draw_with_pending_move
    for agent in table.agents.values():
        assert isinstance(agent, FromHost)
    return table
