"""Dialogs over the table: round and game results, and yes/no confirmations.

A button pops the dialog first, then runs its action, so an action may itself change scenes
(next round, back to the menu) without fighting the dialog. In a headless run a results dialog
presses its first button after 2 s, so an all-AI game keeps playing with nobody at the keyboard.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from scenes.ui import theme
from scenes.ui.theme import ui_scale
from scenes.ui.widgets import (Button, Control, MenuScene, draw_dialog_frame, draw_text, ellipsize, keyed, text_width,
                            wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices

HEADLESS_AUTO_CONTINUE_S = 2.0


class ResultsOverlay(MenuScene):
    """Title, optional subtitle, a two-column table of rows, and a row of buttons (Enter = first)."""

    transparent = True
    auto_continue_s: float | None = HEADLESS_AUTO_CONTINUE_S

    def __init__(self, app: "AppServices", title: str, rows: Sequence[tuple[str, str]],
                 buttons: Sequence[tuple[str, Callable[[], None]]], subtitle: str = "",
                 menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.menu = menu        # what Esc opens over a results dialog: the table's pause menu
        self.title = title
        self.rows = [(str(a), str(b)) for a, b in rows]
        self.button_specs = list(buttons)
        self.subtitle = subtitle
        self.elapsed = 0.0
        self.chosen = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    def choose(self, index: int) -> None:
        """Close the dialog, then run the button's action (once, however fast the clicks come)."""
        if self.chosen or not self.button_specs:
            return
        self.chosen = True
        self.app.stack.pop()
        self.button_specs[index][1]()

    def on_escape(self) -> None:
        """Esc means the last button when it is a way back ("Cancel", "Stay"); over a result with one way
        on, it opens the table's pause menu (rules, settings, save, quit), as Esc does at the table."""
        if len(self.button_specs) > 1:
            self.choose(len(self.button_specs) - 1)
        elif self.menu is not None:
            self.menu()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        """The dialog at the UI scale; when it does not fit the window (a large UI scale, many rows) it
        gets smaller a step at a time until it does."""
        s = ui_scale(size)
        while True:
            controls = self._layout_at(size, s)
            if self.fits or s <= 0.5:
                return controls
            s = max(0.5, s * 0.9)

    def _layout_at(self, size: tuple[int, int], s: float) -> list[Control]:
        width, height = size
        self.s = s
        panel_w = min(int(width * 0.9), max(int(560 * s), int(width * 0.5)))
        pad = int(28 * s)
        self.title_size = max(18, int(40 * s))
        self.text_size = max(12, int(20 * s))
        # A long title ("Ariadne takes the last trick") is shown whole: a smaller size, else two lines.
        room = panel_w - 2 * pad
        while self.title_size > max(16, int(26 * s)) and text_width(self.title, self.title_size, "title") > room:
            self.title_size -= 1
        self.title_lines = wrap_text(self.title, self.title_size, room, "title") or [""]
        self.subtitle_lines = wrap_text(self.subtitle, self.text_size, panel_w - 2 * pad) if self.subtitle else []
        line_h = int(self.text_size * 1.5)
        band_h = int(18 * s)
        button_h = max(30, int(50 * s))
        labels = [label for label, _ in self.button_specs]
        gap = int(18 * s)
        widths = self._button_widths(labels, button_h, room, gap)
        stacked = widths is None        # too many answers for one row: one above the other, each whole
        if widths is None:
            widths = [min(room, max(text_width(label, int(button_h * 0.42), "bold") + button_h for label in labels))
                      ] * len(labels)
        buttons_h = (len(labels) * button_h + (len(labels) - 1) * (gap // 2)) if stacked else button_h
        fixed = (band_h + pad + int(self.title_size * 1.3) * len(self.title_lines)
                 + len(self.subtitle_lines) * line_h + pad + buttons_h + pad + band_h)
        available = int(height * 0.92) - fixed
        self.row_h = max(int(self.text_size * 1.3), min(int(44 * s), available // max(1, len(self.rows)))) if self.rows else 0
        panel_h = fixed + self.row_h * len(self.rows) + (pad // 2 if self.rows else 0)
        self.fits = panel_h <= height - 8
        self.panel = pygame.Rect(0, 0, panel_w, min(panel_h, height - 8))
        self.panel.center = (width // 2, height // 2)
        self.pad, self.band_h, self.line_h = pad, band_h, line_h

        controls: list[Control] = []
        if stacked:
            x, y = self.panel.centerx - widths[0] // 2, self.panel.bottom - band_h - pad - buttons_h
        else:
            x = self.panel.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
            y = self.panel.bottom - band_h - pad - button_h
        for i, (label, w) in enumerate(zip(labels, widths)):
            button = Button(pygame.Rect(x, y, w, button_h), label, lambda i=i: self.choose(i),
                            style="primary" if i == 0 else "secondary")
            controls.append(keyed(button, f"button-{i}"))
            if stacked:
                y += button_h + gap // 2
            else:
                x += w + gap
        return controls

    @staticmethod
    def _button_widths(labels: list[str], button_h: int, room: int, gap: int) -> list[int] | None:
        """The buttons' widths side by side within `room` (narrowed a little if need be), or None when a
        label would no longer fit its button: then they stand in a column."""
        size = int(button_h * 0.42)
        needed = [text_width(label, size, "bold") + button_h // 2 for label in labels]
        widths = [max(int(button_h * 3), n + button_h // 2) for n in needed]
        total = sum(widths) + gap * (len(widths) - 1)
        if total > room:
            shrink = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * shrink) for w in widths]
        if any(w < n for w, n in zip(widths, needed)):
            return None
        return widths

    def update(self, dt: float) -> None:
        super().update(dt)
        self.elapsed += dt
        if self.app.headless and self.auto_continue_s is not None and self.elapsed >= self.auto_continue_s:
            self.choose(0)

    def next_change(self) -> float | None:
        """A headless run's dialog goes on by itself after `auto_continue_s`: a timer the app must wake for."""
        change = super().next_change()
        if self.app.headless and self.auto_continue_s is not None:
            due = max(0.0, self.auto_continue_s - self.elapsed)
            return due if change is None else min(change, due)
        return change

    def draw(self, surface: pygame.Surface) -> None:
        panel = self.panel
        draw_dialog_frame(surface, panel, self.band_h, dim_alpha=160, inset=max(2, panel.h // 120))
        y = panel.y + self.band_h + self.pad
        for line in self.title_lines:
            title = ellipsize(line, self.title_size, panel.w - 2 * self.pad, "title")
            draw_text(surface, title, (panel.centerx, y), self.title_size, theme.CREAM, "title", "midtop")
            y += int(self.title_size * 1.3)
        for line in self.subtitle_lines:
            draw_text(surface, line, (panel.centerx, y), self.text_size, theme.PARCHMENT, "sans", "midtop")
            y += self.line_h
        if self.rows:
            y += self.pad // 2
            left, right = panel.x + self.pad, panel.right - self.pad
            size = min(self.text_size, int(self.row_h * 0.6))
            for i, (name, value) in enumerate(self.rows):
                row = pygame.Rect(left, y, right - left, self.row_h)
                if i % 2 == 0:
                    shade = pygame.Surface(row.size, pygame.SRCALPHA)
                    shade.fill((255, 255, 255, 18))
                    surface.blit(shade, row)
                value_rect = draw_text(surface, value, (right - self.pad // 2, row.centery), size, theme.GOLD, "bold",
                                       "midright")
                room = value_rect.x - left - self.pad
                draw_text(surface, ellipsize(name, size, room), (left + self.pad // 2, row.centery), size, theme.CREAM,
                          "sans", "midleft")
                y += self.row_h
        self.focus.draw(surface)


class ConfirmOverlay(ResultsOverlay):
    """A question with answers; never answers itself, even in a headless run."""

    auto_continue_s = None

    def __init__(self, app: "AppServices", question: str, answers: Sequence[tuple[str, Callable[[], None]]],
                 detail: str = "") -> None:
        super().__init__(app, question, (), answers, detail)
