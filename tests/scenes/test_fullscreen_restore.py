"""Leaving fullscreen brings the window back at the size it had (issue: F11 returned at 1280×720)."""
from __future__ import annotations

import pygame
import pytest

from scenes.app import App


@pytest.fixture
def windowed_app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    app = App(headless=False)
    yield app
    pygame.display.quit()


def test_f11_back_to_windowed_returns_at_the_size_the_window_had(windowed_app: App) -> None:
    app = windowed_app
    app.screen = pygame.display.set_mode((1000, 600), pygame.RESIZABLE)   # resized without an event reaching us
    app.set_fullscreen(True)
    assert app.fullscreen
    app.set_fullscreen(False)
    assert app.size == (1000, 600)
    assert (app.settings.window_width, app.settings.window_height) == (1000, 600)


def test_a_stale_resize_right_after_leaving_fullscreen_is_not_adopted(windowed_app: App) -> None:
    app = windowed_app
    app.screen = pygame.display.set_mode((1000, 600), pygame.RESIZABLE)
    app.set_fullscreen(True)
    app.set_fullscreen(False)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    assert app.size == (1000, 600)
    app.update(1.5)   # later, a resize is the player's own again
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=560, size=(900, 560)))
    assert app.size == (900, 560)
