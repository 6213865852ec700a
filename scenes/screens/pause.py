"""The pause menu over a table: resume, read the rules, change settings, save or load a named game, leave.

The session autosaves after every action, so "Save and return to menu" and "Quit" only make sure
the latest state is on disk before leaving; the title then offers to resume it.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Callable

import pygame

from scenes.ui.i18n import _, reason_words
from scenes.ui import theme
from scenes.ui.theme import ui_scale
from scenes.ui.widgets import Button, Control, MenuScene, draw_dialog_frame, draw_text, keyed, wrap_text

if TYPE_CHECKING:
    from game.core.session import GameSession
    from scenes.scene import AppServices

log = logging.getLogger("olympus.pause")


class PauseOverlay(MenuScene):
    transparent = True

    def __init__(self, app: "AppServices", game_id: str, session: "GameSession | None" = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.session = session
        game = app.catalog.games.get(game_id)
        self.game_title = game.title if game is not None else game_id
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    # ----- actions -----------------------------------------------------------------------------------
    def resume_game(self) -> None:
        self.app.stack.pop()

    def show_rules(self) -> None:
        from scenes.screens.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.game_id))

    def show_settings(self) -> None:
        from scenes.screens.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def show_saves(self) -> None:
        from scenes.screens.saves import SavesScene

        self.app.stack.push(SavesScene(self.app, self.session))

    def _save(self) -> bool:
        if self.session is None:
            return True
        try:
            self.session.save()
            return True
        except OSError as exc:
            log.error("save failed: %s", exc)
            self.app.toast(_("The game could not be saved ({reason}). It was not left.").format(
                reason=reason_words(exc)))
            return False

    def save_and_leave(self) -> None:
        if self._save():
            self.app.back_to_title()

    def quit_program(self) -> None:
        if self._save():
            self.app.quit()

    on_escape = resume_game

    def status_line(self) -> str:
        """What leaving does to this game, under the title (wrapped, never cut)."""
        return _("{game} · saved after every move").format(game=self.game_title)

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        """The menu's buttons as (key, label, action, style): the key is the English label, the same in
        every language."""
        return [("Resume", _("Resume"), self.resume_game, "primary"),
                ("Rules", _("Rules"), self.show_rules, "secondary"),
                ("Settings", _("Settings"), self.show_settings, "secondary"),
                ("Save or load a game", _("Save or load a game"), self.show_saves, "secondary"),
                ("Save and return to menu", _("Save and return to menu"), self.save_and_leave, "secondary"),
                ("Quit", _("Quit"), self.quit_program, "secondary")]

    # ----- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        button_h = max(30, int(52 * s))
        gap = int(14 * s)
        self.title_size = max(20, min(int(46 * s), height // 12))
        self.text_size = max(12, int(19 * s))
        self.band_h = int(18 * s)
        panel_w = min(int(width * 0.9), max(int(460 * s), int(width * 0.4)))
        self.status_lines = wrap_text(self.status_line(), self.text_size, panel_w - int(40 * s))
        header = self.band_h + int(24 * s) + int(self.title_size * 1.25) + int(self.text_size * 2.2) \
            + int(self.text_size * 1.3) * (len(self.status_lines) - 1)
        specs = self.entries()
        room = height - 8 - header - int(24 * s) - self.band_h
        if len(specs) * (button_h + gap) > room:
            # A large UI scale: the buttons close up and shrink so every one stays on the panel.
            per_button = max(30, room // len(specs))
            gap = max(3, min(gap, per_button // 6))
            button_h = max(26, per_button - gap)
        panel_h = header + len(specs) * (button_h + gap) + int(24 * s) + self.band_h
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.y + header
        controls: list[Control] = []
        for key, label, action, style in specs:
            rect = pygame.Rect(self.panel.x + int(36 * s), y, panel_w - int(72 * s), button_h)
            controls.append(keyed(Button(rect, label, action, style=style), key))
            y += button_h + gap
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        y = band.bottom + int(16 * self.s)
        draw_text(surface, _("Paused"), (self.panel.centerx, y), self.title_size, theme.CREAM, "title", "midtop")
        y += int(self.title_size * 1.25)
        for line in self.status_lines:
            draw_text(surface, line, (self.panel.centerx, y), self.text_size, theme.PARCHMENT, "sans", "midtop")
            y += int(self.text_size * 1.3)
        self.focus.draw(surface)
