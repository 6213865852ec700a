"""A remembered window never opens bigger than the screen (issue 20, item 2: after playing at 2540×1400,
a start on a 1280×720 screen put the title and the bottom buttons off-screen)."""
from __future__ import annotations

import pygame
import pytest

from game.core.settings import Settings, save_settings
from game.core.userfiles import user_dirs
from scenes.app import App
from scenes.app_window import MIN_WINDOW, SCREEN_ALLOWANCE, fit_to_screens


def test_a_size_bigger_than_the_screen_is_fitted_with_room_for_the_title_bar() -> None:
    width, height = fit_to_screens((2540, 1400), [(1280, 720)])
    assert width <= 1280 - SCREEN_ALLOWANCE[0] and height <= 720 - SCREEN_ALLOWANCE[1]
    assert fit_to_screens((1000, 600), [(1920, 1080)]) == (1000, 600)   # a size that fits is kept
    assert fit_to_screens((2540, 1400), [(2560, 1440), (1280, 720)])[1] <= 720 - SCREEN_ALLOWANCE[1]
    assert fit_to_screens((2540, 1400), [(600, 380)]) == MIN_WINDOW


@pytest.fixture
def big_saved_window(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    save_settings(user_dirs().ensure().settings_file, Settings(window_width=2540, window_height=1400))
    yield
    pygame.display.quit()


def test_a_window_saved_at_2540x1400_opens_inside_the_screen(big_saved_window) -> None:
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    app = App(headless=False)
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1], (app.size, desktop)
    app.set_window_size((2540, 1400))   # a settings preset bigger than the screen is fitted too
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]


def test_a_size_asked_for_on_the_command_line_is_taken_as_asked(big_saved_window) -> None:
    app = App(headless=False, size=(1300, 800))
    assert app.size == (1300, 800)
