"""The title menu: the program's name, the games that can be played, resume, saved games, statistics,
settings, quit.

Starting a new game while an unfinished one waits to be resumed asks first, naming that game; it is
kept in the saved games unless the player says to drop it.

A game is offered when its content loaded (the catalog) and its manifest names a table (scenes.tables),
in the manifests' menu order. A game whose manifest or content failed is named at the foot of the
screen with the reason, one line each.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.catalog import game_title
from game.core.errors import RecordError
from game.core.replays import prune_records
from game.core.session import GameSession, finish_archiving, peek_autosave
from game.core.userfiles import set_aside
from scenes import tables
from scenes.screens.game_progress import ONE_ROUND
from scenes.ui.i18n import _, join_names, reason_words
from scenes.screens.results import ConfirmOverlay
from scenes.ui import theme
from scenes.ui.theme import ui_scale
from scenes.ui.widgets import (ERROR, Button, Control, MenuScene, draw_felt, draw_meander, draw_panel, draw_text,
                            ellipsize, keyed, label_widths, text_width)

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.title")

PROGRAM_NAME = "Olympus Table"     # a name: the same in every language


def playable_games(app: "AppServices") -> list[Any]:
    """Games with content and a table, in catalog (menu) order."""
    return [game for game_id, game in app.catalog.games.items() if tables.has_table(game_id)]


class TitleScene(MenuScene):
    hover_focus = True

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        self.games = playable_games(app)
        self.autosave: dict[str, Any] | None = None
        self.resume_possible = False
        self.resume_title = ""
        self.resume_names: list[str] = []
        self.resume_round = 1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.finish_interrupted_archiving()
        self.read_autosave()
        self.trim_records()
        self.relayout()

    def trim_records(self) -> None:
        """Keep the newest `records_kept` finished games (only the oldest beyond the limit go)."""
        try:
            removed = prune_records(self.app.dirs.records, self.app.settings.records_kept)
        except OSError as exc:
            log.warning("records not trimmed: %s", exc)
            return
        for message in removed.messages:
            log.warning(message)
            self.app.toast(message)
        if removed:
            log.info("removed %d old records beyond the newest %d", len(removed), self.app.settings.records_kept)

    def finish_interrupted_archiving(self) -> None:
        """A game that finished as the program stopped is kept and counted now (never twice)."""
        try:
            messages = finish_archiving(self.app.dirs.autosave, self.app.dirs.records, self.app.dirs.statistics_file)
        except OSError as exc:
            log.warning("the last finished game could not be kept yet: %s", exc)
            return
        for message in messages:
            log.warning(message)
            self.app.toast(message)

    # ----- resume -------------------------------------------------------------------------------------
    def read_autosave(self) -> None:
        record, message = peek_autosave(self.app.dirs.autosave, self.app.catalog.games)
        if message:
            log.warning(message)
            self.app.toast(message)
        self.autosave = record
        self.resume_possible = False
        if record is not None:
            game = self.app.catalog.games.get(record["game"])
            names = [seat["name"] for seat in record["seats"]]
            title = game.title if game is not None else game_title(record["game"])
            self.resume_title = title
            self.resume_names = names
            self.resume_round = max(1, len(record["rounds"]))
            self.resume_game_id = record["game"]
            self.resume_possible = game is not None and tables.has_table(record["game"])

    @property
    def resume_note(self) -> str:
        """Who is playing and the round, or why the unfinished game cannot be resumed (in today's language)."""
        if self.autosave is None:
            return ""
        if not self.resume_possible:
            return _("{game} cannot be played in this version, so the saved game cannot be resumed.").format(
                game=self.resume_title)
        if self.resume_game_id in ONE_ROUND:
            return join_names(self.resume_names)
        return _("{names} · round {round}").format(names=join_names(self.resume_names), round=self.resume_round)

    def resume_game(self) -> None:
        if self.autosave is None:
            return
        game = self.app.catalog.games.get(self.autosave["game"])
        if game is None:
            return
        path = self.app.dirs.autosave
        try:
            session = GameSession.resume(game, path, autosave_path=path, records_dir=self.app.dirs.records)
        except (RecordError, OSError) as exc:
            log.error("resume failed: %s", exc)
            moved = set_aside(path) if path.exists() else path
            self.app.toast(_("The last game could not be resumed ({reason}); it was kept as {file}.").format(
                reason=reason_words(exc), file=moved.name))
            self.autosave = None
            self.relayout()
            return
        self.app.open_table(session)

    # ----- other actions ------------------------------------------------------------------------------
    def play(self, game_id: str, offered: bool = False) -> None:
        """Set up a new game; with an unfinished one waiting, ask first (keep it, drop it, cancel). The first
        time, a game whose tutorial was never finished offers it first (scenes/screens/learn.py)."""
        from scenes.screens.learn import offer_first_time

        if not offered and offer_first_time(self.app, game_id, lambda: self.play(game_id, offered=True)):
            return
        if self.autosave is None:
            self.open_setup(game_id)
            return
        from scenes.screens.saves import confirm_ending_unfinished

        game = self.app.catalog.games[game_id]
        # Keeping needs nothing now: the new game moves the unfinished one into the saves when it
        # really starts (GameSession.new), so leaving the setup without starting changes nothing.
        confirm_ending_unfinished(self.app, _("Start a new game?"),
                                  _("A new game of {game} ends").format(game=game.title), self.autosave,
                                  lambda: self.open_setup(game_id), lambda: None, self.drop_unfinished)

    def drop_unfinished(self) -> None:
        """The player chose to drop the unfinished game."""
        log.info("unfinished game dropped by the player: %s", self.app.dirs.autosave)
        self.app.dirs.autosave.unlink(missing_ok=True)
        self.autosave = None
        self.relayout()

    def open_setup(self, game_id: str) -> None:
        from scenes.screens.setup import SetupScene

        game = self.app.catalog.games[game_id]
        try:
            setup = SetupScene(self.app, game)
        except Exception as exc:  # a game package half-way through an update must not close the program
            log.exception("setup for %s failed", game_id)
            self.app.toast(_("{game} cannot be set up right now ({reason}).").format(
                game=game.title, reason=f"{type(exc).__name__}: {exc}"))
            return
        self.app.stack.push(setup)

    def rules(self, game_id: str) -> None:
        from scenes.screens.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, game_id))

    def settings(self) -> None:
        from scenes.screens.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def saved_games(self) -> None:
        from scenes.screens.saves import SavesScene

        self.app.stack.push(SavesScene(self.app))

    def replays(self) -> None:
        """The finished games kept to watch again, newest first."""
        from scenes.screens.replays import ReplaysScene

        self.app.stack.push(ReplaysScene(self.app))

    def learn(self) -> None:
        """A guided first game on the real table (scenes/screens/learn.py)."""
        from scenes.screens.learn import choose_tutorial

        choose_tutorial(self.app)

    def statistics(self) -> None:
        from scenes.screens.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def on_escape(self) -> None:
        self.app.stack.push(ConfirmOverlay(self.app, _("Quit {program}?").format(program=PROGRAM_NAME),
                                           [(_("Quit"), self.app.quit), (_("Stay"), lambda: None)]))

    def resume(self) -> None:
        """Back from setup, rules or settings: an autosave may have appeared or gone."""
        self.read_autosave()
        self.relayout()

    def online(self) -> None:
        from scenes.screens.online import OnlineScene

        self.app.stack.push(OnlineScene(self.app))

    # ----- layout -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        button_h = max(30, int(52 * s))
        gap = int(14 * s)
        # Many games and an unfinished one: the buttons close up so the whole menu stays in the window.
        footer = int(24 * s) + len(self.app.catalog.errors) * int(22 * s)
        from scenes.screens.learn import games_with_tutorials

        self.learnable = bool(games_with_tutorials(self.app))
        rows = len(self.games) + 3 + (1 if self.autosave is not None else 0) + (1 if self.learnable else 0)
        fixed = int(18 * s) + int(10 * s) + int(24 * s) + (int(28 * s) if self.autosave is not None else 0)
        # In a low window the title gives way first (down to 22 px), so the buttons keep 30 px a row.
        self.title_size = max(28, min(int(height * 0.12), int(width * 0.085)))
        self.title_top = int(height * 0.07)
        while True:
            self.band_h = max(10, int(self.title_size * 0.32))
            self.menu_top = self.title_top + self.band_h * 2 + int(self.title_size * 1.55) + int(26 * s)
            room = height - footer - self.menu_top - fixed
            if rows * 30 <= room or self.title_size <= 22:
                break
            self.title_size -= 2
            self.title_top = max(4, int(height * 0.03))
        self.show_keys = True
        if s > 1 and rows * (button_h + gap) > room:
            # A large UI scale: the name and its bands, and the key hint under the menu, give way first.
            self.title_size = max(28, int(self.title_size * 0.6))
            self.title_top = int(height * 0.03)
            self.band_h = max(10, int(self.title_size * 0.32))
            self.menu_top = self.title_top + self.band_h * 2 + int(self.title_size * 1.55) + int(10 * s)
            self.show_keys = False
            footer = int(8 * s) + len(self.app.catalog.errors) * int(22 * s)
            room = height - footer - self.menu_top - fixed
        if rows * (button_h + gap) > room:
            per_row = max(30, room // rows)
            button_h = max(26, int(per_row * 0.8))
            gap = max(4, per_row - button_h)
        column_w = min(int(width * 0.86), int(560 * s))
        rules_w = int(column_w * 0.28)
        x = (width - column_w) // 2
        y = self.menu_top + int(18 * s)
        controls: list[Control] = []
        self.captions: list[tuple[str, int, tuple[int, int, int]]] = []
        if self.autosave is not None:
            playable = self.resume_possible
            label = _("Resume {game}").format(game=self.resume_title)
            controls.append(keyed(Button(pygame.Rect(x, y, column_w, button_h), label, self.resume_game, enabled=playable),
                                  "resume"))
            y += button_h + int(4 * s)
            self.captions.append((self.resume_note, y, theme.PARCHMENT if playable else ERROR))
            y += int(24 * s) + gap
        for game in self.games:
            play = Button(pygame.Rect(x, y, column_w - rules_w - gap, button_h), _("Play {game}").format(game=game.title),
                          lambda g=game.id: self.play(g), style="primary" if self.autosave is None else "secondary")
            rules = Button(pygame.Rect(x + column_w - rules_w, y, rules_w, button_h), _("Rules"),
                           lambda g=game.id: self.rules(g), style="secondary")
            controls += [keyed(play, f"play-{game.id}"), keyed(rules, f"rules-{game.id}")]
            y += button_h + gap
        if not self.games:
            self.captions.append((_("No game can be offered right now."), y, ERROR))
            y += int(30 * s) + gap
        y += int(10 * s)
        # Games kept, then the rest: two rows whose labels fit in either language.
        if self.learnable:      # a guided first game, for the games that have one (scenes/screens/learn.py)
            controls.append(keyed(Button(pygame.Rect(x, y, column_w, button_h), _("Learn to play"), self.learn,
                                         style="secondary"), "learn"))
            y += button_h + gap
        if self.games:          # a seat at a friend's table (scenes/screens/online.py)
            controls.append(keyed(Button(pygame.Rect(x, y, column_w, button_h), _("Play with friends online"),
                                         self.online, style="secondary"), "online"))
            y += button_h + gap
        for row in (((_("Saved games"), self.saved_games, "saves"), (_("Replays"), self.replays, "replays")),
                    ((_("Statistics"), self.statistics, "statistics"), (_("Settings"), self.settings, "settings"),
                     (_("Quit"), self.on_escape, "quit"))):
            cell_x = x
            widths = label_widths([label for label, _action, _key in row], column_w, gap, button_h)
            for (label, action, key), cell in zip(row, widths):
                rect = pygame.Rect(cell_x, y, cell, button_h)
                controls.append(keyed(Button(rect, label, action, style="secondary"), key))
                cell_x += cell + gap
            y += button_h + gap
        y -= gap
        self.panel = pygame.Rect(x - int(28 * s), self.menu_top, column_w + int(56 * s), y - self.menu_top + int(24 * s))
        # Sit the menu a little above the middle of the free space under the title.
        shift = max(0, (height - footer - self.menu_top - self.panel.h) // 4)
        self.panel.y += shift
        for control in controls:
            control.rect.y += shift
        self.captions = [(text, cy + shift, colour) for text, cy, colour in self.captions]
        self.error_lines = [
            "⚠ " + _("{game} cannot be offered: {reason}").format(game=game_title(game_id),
                                                                  reason=" ".join(message.split()))
            for game_id, message in self.app.catalog.errors.items()
        ]
        return controls

    # ----- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, height = surface.get_size()
        s = self.s
        self.draw_title(surface, width)
        draw_panel(surface, self.panel, 200)
        for text, y, colour in self.captions:
            draw_text(surface, ellipsize(text, max(11, int(16 * s)), self.panel.w - int(40 * s)),
                      (width // 2, y), max(11, int(16 * s)), colour, "sans", "midtop")
        self.focus.draw(surface)
        size = max(11, int(15 * s))
        y = height - int(12 * s)
        for line in reversed(self.error_lines):
            text = ellipsize(line, size, width - int(40 * s))
            rect = draw_text(surface, text, (width // 2, y), size, ERROR, "sans", "midbottom")
            y = rect.y - int(4 * s)
        if not self.error_lines and self.show_keys:
            hint = _("↑ ↓ choose · Enter select · Esc quit · F11 fullscreen")
            draw_text(surface, hint, (width // 2, height - int(12 * s)), max(11, int(15 * s)), theme.PARCHMENT, "sans",
                      "midbottom")

    def draw_title(self, surface: pygame.Surface, width: int) -> None:
        """Cream serif capitals between two terracotta meander bands, like a painted amphora frieze."""
        band_w = min(width - int(40 * self.s), int(self.title_size * 7.6))
        band_x = (width - band_w) // 2
        top = pygame.Rect(band_x, self.title_top, band_w, self.band_h)
        draw_meander(surface, top, theme.TERRACOTTA, theme.INK)
        text_y = top.bottom + int(self.title_size * 0.18)
        name = PROGRAM_NAME.upper()
        size = self.title_size
        while size > 16 and text_width(name, size, "title") > band_w:
            size -= 2
        shadow = max(2, size // 18)
        draw_text(surface, name, (width // 2 + shadow, text_y + shadow), size, theme.TERRACOTTA_DARK, "title", "midtop")
        rect = draw_text(surface, name, (width // 2, text_y), size, theme.CREAM, "title", "midtop")
        bottom = pygame.Rect(band_x, rect.bottom + int(self.title_size * 0.1), band_w, self.band_h)
        draw_meander(surface, bottom, theme.TERRACOTTA, theme.INK)
        tag_size = max(11, int(self.title_size * 0.24))
        tagline = _("Card games of the gods, against the AI or with friends")
        draw_text(surface, ellipsize(tagline, tag_size, width - 20), (width // 2, bottom.bottom + int(self.title_size * 0.14)),
                  tag_size, theme.GOLD, "sans", "midtop")
