"""A program at rest uses next to no CPU: the app draws only when something changed (input, motion, a timer
the screen shows) and sleeps otherwise; while anything moves, frames still come at the full rate."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import load_game
import scenes.app
from scenes.app import FPS, App
from scenes.screens.title import TitleScene
from scenes.table.rest import PULSE_STEP, next_ring_step, ring_growth
from scenes.tables import open_table
from tests.scenes.table_driving import DT, open_session, run, show, wait_after_each_frame


@pytest.fixture
def real_time_app(tmp_path, monkeypatch):
    """An app stepping by the real clock, as a window does (headless only in having no screen)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = App(headless=True, size=(800, 500))
    yield app
    app.shutdown()


def test_the_title_at_rest_draws_a_couple_of_frames_a_second_not_sixty(real_time_app: App, monkeypatch) -> None:
    wake = 0.4                                   # the quiet wake shortened, so the test takes seconds, not tens
    monkeypatch.setattr(scenes.app, "REST_WAKE_QUIET", wake)
    started = time.perf_counter()
    real_time_app.run(TitleScene(real_time_app), max_frames=5)
    seconds = time.perf_counter() - started
    assert real_time_app.seconds_at_rest() is None
    assert seconds >= 3 * wake * 0.9, f"5 frames at rest took only {seconds:.2f} s"


def test_input_ends_a_rest_at_once(real_time_app: App) -> None:
    show(real_time_app, TitleScene(real_time_app))
    real_time_app.frame(1 / FPS)                    # shown once: a screen not yet drawn is drawn at once
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    started = time.perf_counter()
    real_time_app.rest()
    assert time.perf_counter() - started < 0.1
    assert real_time_app._woken_by and real_time_app.seconds_at_rest() == 0.0   # the key is handled next frame


def test_motion_runs_at_the_full_frame_rate(real_time_app: App) -> None:
    game = load_game("zeus")
    table = show(real_time_app, open_table(real_time_app, open_session(game, [("Ann", "human"), ("Zoe", "ai")], 3, {})))
    assert real_time_app.seconds_at_rest() == 0.0   # the opening deal is to be shown
    started = time.perf_counter()
    real_time_app.run(max_frames=30)
    seconds = time.perf_counter() - started
    assert table.tweens.busy or table.events        # still dealing: all 30 frames were in motion
    assert seconds < 30 / FPS * 2.5, f"30 frames in motion took {seconds:.2f} s"


def test_a_table_waiting_for_its_player_asks_only_for_the_turn_rings_pixel_steps(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = App(headless=True, fixed_dt=DT, size=(1280, 720))
    wait_after_each_frame(app)
    game = load_game("telos")
    table = show(app, open_table(app, open_session(game, [("Ann", "human"), ("Zoe", "ai"), ("Bob", "ai")], 4, {})))
    run(app, 3000, until=lambda: table.idle and not table._in_motion() and 0 in table._waiting())
    assert 0 in table._waiting() and not table.tweens.busy
    wait = table.next_change()
    assert wait is not None and 0 < wait <= 0.5
    assert ring_growth(table.clock + wait) != ring_growth(table.clock)
    table.tweens.add(table, 0.3, clock=table.clock)  # anything moving: every frame again
    assert table.next_change() == 0.0


def test_the_turn_rings_next_step_is_its_next_pixel_change() -> None:
    for clock in (0.0, 0.13, 0.4, 1.1, 2.7):
        step = next_ring_step(clock)
        assert ring_growth(clock + step) != ring_growth(clock)
        assert ring_growth(clock + step - PULSE_STEP) == ring_growth(clock)


def test_a_focused_text_field_wakes_for_its_caret_only(real_time_app: App) -> None:
    from scenes.ui.widgets import MenuScene, TextField

    class NameScreen(MenuScene):
        def layout(self, size):
            self.field = TextField(pygame.Rect(10, 10, 200, 40), "Ann", lambda text: None)
            return [self.field]

    screen = show(real_time_app, NameScreen(real_time_app))
    screen.focus.focus(0)
    wait = screen.next_change()
    assert wait is not None and 0 < wait <= 0.6
    screen.field.focused = False
    assert screen.next_change() is None
