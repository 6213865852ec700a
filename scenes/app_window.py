"""The program's window (a part of `App`, scenes/app.py): opened at the size the player last left it
(fitted to the screen), resized by dragging or a settings preset, fullscreen on F11 or from the settings.

Coming back from fullscreen some window managers send a resize to an older size for a moment; that is
refused for `RESTORE_GUARD_SECONDS` and the window's own size set again. A size given on the command line
is for that run only; a window the player drags is remembered (scenes/app_settings.py saves it).
"""
from __future__ import annotations

import logging
import os
import warnings
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.resources import asset_path
from scenes.ui.theme import ui_scale

if TYPE_CHECKING:
    from game.core.settings import Settings
    from scenes.scene import SceneStack

log = logging.getLogger("olympus")

WINDOW_TITLE = "Olympus Table"
MIN_WINDOW = (640, 400)
RESTORE_GUARD_SECONDS = 1.0   # after leaving fullscreen, how long a window manager's stale resize is refused
# Room a remembered window leaves on its screen for the title bar, borders and a task bar.
SCREEN_ALLOWANCE = (32, 96)


def fit_to_screens(size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """A remembered window size that fits the screen the window opens on, title bar and task bar
    included. pygame does not say which screen that will be, so the size fits every screen: a window
    made large on a big monitor opens whole on a laptop's small one (never below `MIN_WINDOW`)."""
    screens = [d for d in desktops if d[0] > 0 and d[1] > 0]
    if not screens:
        return size
    room_w = min(w for w, _h in screens) - SCREEN_ALLOWANCE[0]
    room_h = min(h for _w, h in screens) - SCREEN_ALLOWANCE[1]
    return (max(MIN_WINDOW[0], min(size[0], room_w)), max(MIN_WINDOW[1], min(size[1], room_h)))


class AppWindow:
    """`App`'s window: `self.screen`, its size and the fullscreen switch. Sizes and fullscreen are kept in
    the settings (`update_settings`, `_remember_window_size` of scenes/app_settings.py)."""

    settings: "Settings"
    headless: bool
    stack: "SceneStack"
    screen: pygame.Surface
    fullscreen: bool
    _remember_size: bool
    _windowed_size: tuple[int, int]
    _restoring_window: float        # seconds in which a resize to another size is not adopted

    def _open_window(self, size: tuple[int, int] | None) -> None:
        """The display, the window's title and icon, the UI scale (chosen from the screen at the first
        start), and the window at `size` or the remembered one."""
        if self.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # Real pixels on high-DPI Windows screens instead of a blurry upscaled window (SDL ≥ 2.24).
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(WINDOW_TITLE)
        self._set_icon()
        self._choose_ui_scale()
        self._windowed_size = size or (self.settings.window_width, self.settings.window_height)
        if size is None and not self.headless:   # a size given on the command line is taken as asked
            self._windowed_size = fit_to_screens(self._windowed_size, pygame.display.get_desktop_sizes())
        self.fullscreen = self.settings.fullscreen and not self.headless and size is None
        self._restoring_window = 0.0   # seconds in which a resize to another size is not adopted
        self.screen = self._set_mode()

    @staticmethod
    def _set_icon() -> None:
        """The program's icon in the title bar and task bar (a missing icon only costs the icon)."""
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "olympus-table-64.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("window icon not set: %s", exc)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            return pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        width, height = self._windowed_size
        size = (max(MIN_WINDOW[0], width), max(MIN_WINDOW[1], height))
        with warnings.catch_warnings():
            # Leaving fullscreen, some X11 window managers keep the window at the screen's size and
            # pygame warns "forcibly resized"; the window is then restored and sized below.
            warnings.simplefilter("ignore", RuntimeWarning)
            surface = pygame.display.set_mode(size, 0 if self.headless else pygame.RESIZABLE)
        if not self.headless and surface.get_size() != size:
            window = pygame.Window.from_display_module()
            window.restore()
            window.size = size
            surface = pygame.display.get_surface()
        return surface

    def _apply_window(self) -> None:
        self.screen = self._set_mode()
        self.stack.resize(self.size)

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen on or off. Going fullscreen first notes the window's real size (it may have been
        resized or maximised without a resize event reaching us); coming back restores exactly that
        size, and for a moment a window manager's resize to some older size is answered by setting
        ours again instead of being adopted."""
        if self.headless or on == self.fullscreen:
            return
        if on:
            self._windowed_size = self.screen.get_size()
            self._remember_window_size()
        else:
            self._restoring_window = RESTORE_GUARD_SECONDS
        self.fullscreen = on
        self._apply_window()
        if self.settings.fullscreen != on:
            self.update_settings(replace(self.settings, fullscreen=on))

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (a settings preset; never bigger than the screen); remembered for the next start."""
        self._windowed_size = size if self.headless else fit_to_screens(size, pygame.display.get_desktop_sizes())
        if not self.fullscreen:
            self._apply_window()

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def _window_event(self, event: pygame.event.Event) -> bool:
        """A resize or F11, handled here (True); any other event is the scenes'."""
        if event.type == pygame.VIDEORESIZE and not self.fullscreen and self._restoring_window > 0 \
                and (event.w, event.h) != self._windowed_size:
            self.screen = self._set_mode()   # a stale size from leaving fullscreen: keep the window's own
            self.stack.resize(self.size)
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._windowed_size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            current = pygame.display.get_surface()
            if current is None or current.get_size() != self._windowed_size:
                self.screen = self._set_mode()
            else:
                self.screen = current
            self.stack.resize(self.size)
            if self._remember_size:
                self._save_window_size_soon()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return True
        return False

    def _window_tick(self, dt: float) -> None:
        self._restoring_window = max(0.0, self._restoring_window - dt)
