"""The screen shown when a scene fails unexpectedly: what happened, where the log is, and a way on.

The game is never lost: the session autosaved after the last action that went through, and nothing
here touches the autosave, so back at the title the player can resume it. The full traceback is in
the log file named on screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.ui.i18n import _
from scenes.ui import theme
from scenes.ui.widgets import (ERROR, Button, Control, MenuScene, draw_dialog_frame, draw_felt, draw_text, ellipsize,
                            keyed, text_width, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices



class ErrorScene(MenuScene):
    """Full screen (the failed scene is gone); Enter goes back to the title, Esc too. `where` names the
    screen that failed in English ("the table", app.describe_scene); it is shown translated."""

    def __init__(self, app: "AppServices", error: BaseException, where: str) -> None:
        super().__init__(app)
        self.what = f"{type(error).__name__}: {error}".strip().rstrip(":")
        self.where = where
        self.game_kept = app.dirs.autosave.exists()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    def to_title(self) -> None:
        self.app.back_to_title()

    on_escape = to_title

    def paragraphs(self) -> list[tuple[str, tuple[int, int, int], str]]:
        kept = (_("Your game is kept: it was saved after the last move that went through. Go back to the title "
                  "and choose Resume to play on.") if self.game_kept else
                _("No unfinished game was lost: there was none in progress, or it had already been kept."))
        stopped = _("{where} stopped with an unexpected error:").format(where=_(self.where))
        return [
            (stopped[:1].upper() + stopped[1:], theme.CREAM, "bold"),
            (self.what, ERROR, "sans"),
            (kept, theme.PARCHMENT, "sans"),
            (_("The details are in the log file: {path}").format(path=self.app.log_path), theme.PARCHMENT, "sans"),
        ]

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 40)
        self.title_size = min(self.title_size, max(18, height // 12))
        pad = int(30 * s)
        panel_w = min(int(width * 0.92), max(int(760 * s), int(width * 0.6)))
        button_h = max(30, int(50 * s))
        # The words get smaller until they fit the window (a large UI scale); never below 12 px.
        self.text_size = max(12, int(19 * s))
        while True:
            self.lines: list[tuple[str, tuple[int, int, int], str]] = []
            for text, colour, style in self.paragraphs():
                wrapped = wrap_text(text, self.text_size, panel_w - 2 * pad, style)
                self.lines += [(line, colour, style) for line in wrapped[:6]]
                self.lines.append(("", colour, style))
            self.line_h = int(self.text_size * 1.45)
            panel_h = (self.band_h * 2 + pad * 2 + int(self.title_size * 1.4) + self.line_h * len(self.lines)
                       + button_h + int(12 * s))
            if panel_h <= height - 8 or self.text_size <= 12:
                break
            self.text_size -= 1
        self.panel = pygame.Rect(0, 0, panel_w, min(panel_h, height - 8))
        self.panel.center = (width // 2, height // 2)
        self.pad = pad
        w = int((panel_w - 2 * pad - int(18 * s)) / 2)
        y = self.panel.bottom - self.band_h - pad - button_h + int(12 * s)
        back = Button(pygame.Rect(self.panel.x + pad, y, w, button_h), _("Back to the title"), self.to_title)
        leave = Button(pygame.Rect(self.panel.right - pad - w, y, w, button_h), _("Quit"), self.app.quit, style="secondary")
        return [keyed(back, "title"), keyed(leave, "quit")]

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        y = band.bottom + int(12 * self.s)
        size = self.title_size
        title = _("Something went wrong")
        while size > 14 and text_width(title, size, "title") > self.panel.w - 2 * self.pad:
            size -= 1
        draw_text(surface, title, (self.panel.centerx, y), size, theme.CREAM, "title", "midtop")
        y += int(self.title_size * 1.4)
        for text, colour, style in self.lines:
            if text:
                draw_text(surface, ellipsize(text, self.text_size, self.panel.w - 2 * self.pad, style),
                          (self.panel.x + self.pad, y), self.text_size, colour, style)
            y += self.line_h
        self.focus.draw(surface)
