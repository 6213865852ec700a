"""The player's settings in the running program (a part of `App`, scenes/app.py).

Read once at the start, where the language and the palette are applied before anything is drawn; a
change (`update_settings`, from the settings screens) is saved at once and applied to what is already
on screen: the language, the palette, speech, the UI scale, fullscreen and the window's size. A window
the player drags bigger is saved once it stops (`SETTINGS_SAVE_DELAY`), not per pixel. A settings file
that cannot be written costs only the keeping: the player is told, and the settings apply until they quit.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.settings import Settings, load_settings, save_settings
from scenes.ui import i18n, theme
from scenes.ui.i18n import _, reason_words
from scenes.ui.theme import default_ui_scale, set_ui_scale_setting

if TYPE_CHECKING:
    from game.core.userfiles import UserDirs
    from scenes.scene import SceneStack
    from scenes.ui.speech import Speaker

log = logging.getLogger("olympus")

SETTINGS_SAVE_DELAY = 0.6   # a window being dragged bigger is saved once it stops, not per pixel


class AppSettings:
    """`App`'s settings: `self.settings`, kept in `self.dirs.settings_file`. Applying them uses the
    App's window (`size`, `set_fullscreen`, `set_window_size`), scene stack, speech and `toast`."""

    settings: Settings
    dirs: "UserDirs"
    headless: bool
    stack: "SceneStack"
    speech: "Speaker"
    fullscreen: bool
    _windowed_size: tuple[int, int]
    _settings_save_in: float        # seconds until the window's size is saved (negative: nothing to save)

    def _read_settings(self) -> None:
        """The settings file (a damaged one is set aside and said), its language and palette applied.
        Headless runs (tests, screenshots, the benchmark) speak English unless the settings choose a
        language, so they are the same on every computer; a window follows the system's language."""
        loaded = load_settings(self.dirs.settings_file)
        self.settings = loaded.settings
        self._settings_save_in = -1.0
        i18n.set_language(i18n.chosen_language(self.settings.language, follow_system=not self.headless))
        theme.use_palette(self.settings.high_contrast)
        if loaded.message:
            log.warning(loaded.message)
            self.toast(loaded.message)

    def _choose_ui_scale(self) -> None:
        """Apply the player's UI scale; at the first start pick one from the screen's size and keep it
        (headless runs use 100 % and store nothing, so they are the same on every computer)."""
        if self.settings.ui_scale == 0 and not self.headless:
            chosen = default_ui_scale(pygame.display.get_desktop_sizes()[0])
            self.settings = replace(self.settings, ui_scale=chosen)
            self._save_settings()
            log.info("UI scale chosen from the screen: %d%%", chosen)
        set_ui_scale_setting(self.settings.ui_scale or 100)

    def update_settings(self, new: Settings) -> None:
        """Take new settings at once: save them and apply what affects the window."""
        new = new.validated()
        old, self.settings = self.settings, new
        self._save_settings()
        if new.language != old.language:
            self.set_language(i18n.chosen_language(new.language, follow_system=not self.headless))
        self.speech.enabled = new.speech
        if new.high_contrast != theme.high_contrast:
            theme.use_palette(new.high_contrast)
            theme.refresh_after_palette(self.stack.scenes)
        if (new.ui_scale or 100) != (old.ui_scale or 100):      # 0: not chosen yet, 100 %
            set_ui_scale_setting(new.ui_scale or 100)
            self.stack.resize(self.size)       # every scene, also those under the top one, at the new scale
        if new.fullscreen != old.fullscreen:
            self.set_fullscreen(new.fullscreen)
        new_size = (new.window_width, new.window_height)
        if new_size != (old.window_width, old.window_height) and new_size != self._windowed_size:
            self.set_window_size(new_size)

    def set_language(self, code: str) -> None:
        """Speak `code` from the next frame on: every scene is laid out again in the new words."""
        if code == i18n.current_language():
            return
        i18n.set_language(code)
        log.info("language: %s", code)
        self.stack.language_changed(self.size)

    def _save_settings(self) -> None:
        try:
            save_settings(self.dirs.settings_file, self.settings)
        except OSError as exc:
            log.error("settings not saved: %s", exc)
            self.toast(_("Your settings could not be saved ({reason}); they apply until you quit.").format(
                reason=reason_words(exc)))

    # ----- the window's size, saved once a drag stops -----------------------------------------------------
    def _save_window_size_soon(self) -> None:
        """The player resized the window: its size is saved once it has stood still a moment."""
        self._settings_save_in = SETTINGS_SAVE_DELAY

    def _window_size_save_wait(self) -> float | None:
        """Seconds until a resized window's size is saved (None: nothing waits to be saved)."""
        return self._settings_save_in if self._settings_save_in >= 0 else None

    def _window_size_save_due(self, dt: float) -> None:
        """Count down to saving a resized window's size (each frame)."""
        if self._settings_save_in >= 0:
            self._settings_save_in -= dt
            if self._settings_save_in < 0:
                self._remember_window_size()

    def _save_window_size_now(self) -> None:
        """A size still waiting to be saved is saved now (the program is closing)."""
        if self._settings_save_in >= 0:
            self._settings_save_in = -1.0
            self._remember_window_size()

    def _remember_window_size(self) -> None:
        width, height = self._windowed_size
        if (width, height) != (self.settings.window_width, self.settings.window_height):
            self.settings = replace(self.settings, window_width=width, window_height=height).validated()
            self._save_settings()

