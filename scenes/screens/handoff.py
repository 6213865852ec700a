"""The pass-and-play screen: hides the whole table until the next player says they are there.

It is opaque on purpose: nothing private may show while the computer changes hands. A click
anywhere (or Enter) confirms; Esc opens the table's pause menu over this screen, so leaving, the
rules or the settings are at hand while the table itself stays hidden.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from scenes.ui.i18n import _
from scenes.ui import theme
from scenes.ui.theme import fitting_size, ui_scale
from scenes.ui.widgets import (Button, Control, MenuScene, draw_felt, draw_meander, draw_text, ellipsize, keyed,
                            text_width, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices


class HandoffOverlay(MenuScene):
    transparent = False

    def __init__(self, app: "AppServices", seat_name: str, on_ready: Callable[[], None], reason: str = "",
                 on_menu: Callable[[], None] | None = None, on_undo: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_undo = on_undo      # Ctrl+Z: the player who just moved takes it back before handing over
        self.seat_name = seat_name
        self.on_ready = on_ready
        self.reason = reason
        self.on_menu = on_menu
        self.pressed = False        # the mouse went down on this screen (a click anywhere confirms)
        self.done = False
        self.relayout()

    def ready(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.stack.pop()
        self.on_ready()

    def speech_title(self) -> str:
        """What speech says as this screen comes up (scenes/ui/speech.py): the words it shows."""
        return " ".join(part for part in (
            _("Pass the computer to {name}").format(name=self.seat_name) + ".", _("Everyone else, look away") + ".",
            self.reason, _("Press Enter or click anywhere when only you can see the screen. Esc: menu.")) if part)

    def on_escape(self) -> None:
        """Esc opens the pause menu over this opaque screen: nothing of the table shows, nothing is revealed."""
        if self.on_menu is not None:
            self.on_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click anywhere on the screen confirms, as the words under the button promise."""
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and self.on_undo is not None):
            self.on_undo()
            return True
        if super().handle_event(event):
            return True
        # Pressed and released here: the release of a click made on the table before this screen came
        # up confirms nothing.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.ready()
        return True

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        self.big = max(20, int(50 * s))
        self.text_size = max(13, int(24 * s))
        button_h = max(34, int(60 * s))
        label = _("I am {name}: show my cards").format(name=self.seat_name)
        button_w = min(int(width * 0.9), text_width(label, int(button_h * 0.42), "bold") + 2 * button_h)
        rect = pygame.Rect(0, 0, button_w, button_h)
        rect.midtop = (width // 2, int(height * 0.62))
        return [keyed(Button(rect, label, self.ready, hotkey=pygame.K_RETURN), "ready")]

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, height = surface.get_size()
        s = self.s
        band_h = int(22 * s)
        draw_meander(surface, pygame.Rect(0, int(height * 0.16), width, band_h), theme.TERRACOTTA)
        draw_meander(surface, pygame.Rect(0, int(height * 0.84) - band_h, width, band_h), theme.TERRACOTTA)
        y = int(height * 0.28)
        line = _("Pass the computer to {name}").format(name=self.seat_name)
        big = fitting_size(line, self.big, int(width * 0.92), "title")
        line = ellipsize(line, big, int(width * 0.92), "title")     # a name too long even at the smallest size
        draw_text(surface, line, (width // 2, y), big, theme.GOLD, "title", "midtop")
        y += int(big * 1.45)
        draw_text(surface, _("Everyone else, look away"), (width // 2, y), self.text_size, theme.CREAM, "bold", "midtop")
        y += int(self.text_size * 1.8)
        for text in wrap_text(self.reason, self.text_size, int(width * 0.8)) if self.reason else []:
            draw_text(surface, text, (width // 2, y), self.text_size, theme.PARCHMENT, "sans", "midtop")
            y += int(self.text_size * 1.4)
        self.focus.draw(surface)
        hint = _("Press Enter or click anywhere when only you can see the screen. Esc: menu.")
        hint_size = max(11, int(17 * s))
        y = self.focus.controls[0].rect.bottom + int(16 * s)
        for text in wrap_text(hint, hint_size, int(width * 0.96)):
            draw_text(surface, text, (width // 2, y), hint_size, theme.PARCHMENT, "sans", "midtop")
            y += int(hint_size * 1.3)
