"""Driving a game table headless in tests: the app fixture, opening a table on a session, running frames
and pressing keys. Each table's tests import these, so every table is driven the same way."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import pygame
import pytest

from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.app import App

DT = 1 / 60


def app_fixture(defaults: dict[str, Any] | None = None, game_settings: dict[str, str] | None = None) -> Any:
    """A `make_app` fixture: `make_app(size=..., **settings)` opens a headless app with its home in the
    test's temporary folder. `defaults` are settings used unless the test names them; `game_settings`
    maps a setting the test may name to the game it is stored under."""
    game_settings = game_settings or {}

    @pytest.fixture
    def make_app(tmp_path, monkeypatch):
        monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))

        def make(size=(1280, 720), **settings) -> App:
            app = App(headless=True, fixed_dt=DT, size=size)
            wait_after_each_frame(app)
            per_game = {name: settings.pop(name, None) for name in game_settings}
            app.settings = replace(app.settings, **{**(defaults or {}), **settings})
            for name, value in per_game.items():
                if value is not None:
                    app.settings = app.settings.with_game_value(game_settings[name], name, value)
            return app

        return make

    return make_app


def open_session(game: Any, seats: list[tuple[str, str]], seed: int, options: Any, setups=(),
                 setup_options: Any = None) -> GameSession:
    """A session of `game`: dealt from the recorded `setups` when given (with `setup_options` when the
    game wants them prepared), else a fresh deal from `seed`."""
    infos = [SeatInfo(name, controller) for name, controller in seats]
    if setups:
        state = game.new_state(infos, options if setup_options is None else setup_options, seed, setups=setups)
        return GameSession(game, state)
    return GameSession.new(game, infos, options, seed)


def show(app: App, scene: Any) -> Any:
    """Put `scene` on top of the app at once."""
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def run(app: App, frames: int, until: Callable[[], bool] | None = None) -> int:
    """Run up to `frames` frames, stopping early once `until()` holds; returns the frames it took.

    A test app's frames end by waiting for the AI's thinking (`wait_after_each_frame`), so a test sees the
    same frames on an idle machine and a busy one (the table itself never waits: the frame tests check it)."""
    for i in range(frames):
        app.frame(DT)
        if until is not None and until():
            return i
    return frames


def wait_after_each_frame(app: App) -> None:
    """Make every frame of this test app end by waiting for the AI's answers (see `run`)."""
    frame = app.frame

    def frame_then_wait(dt: float) -> None:
        frame(dt)
        wait_for_thinking(app)

    app.frame = frame_then_wait  # type: ignore[method-assign]


def wait_for_thinking(app: App) -> None:
    """Block until the AI and hint threads of every scene on the stack have answered."""
    for scene in app.stack.scenes:
        for runner in (getattr(scene, "ai", None), getattr(scene, "hint_runner", None)):
            if runner is not None:
                runner.wait_all()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.frame(DT)


def open_tutorial(app: App, game_id: str) -> Any:
    """A game's "Learn to play" table, opened as the title menu opens it (at the last step reached)."""
    from scenes.screens import learn

    learn.open_tutorial(app, game_id)
    app.stack.apply_pending()
    return app.stack.top


def play_tutorial(app: App, table: Any, press: Callable[[Any], None], frames: int = 2400) -> None:
    """Play every learner step of `table`'s tutorial as a person would, `press(action)` making the move with
    the real keys: each step must come, its bubble and lit places must draw, and its move must be taken."""
    surface = pygame.Surface(app.size)
    tutorial = table.coach.tutorial
    for number, index in enumerate(tutorial.step_indexes()):
        run(app, frames, until=table._coach_visible)
        assert table.coach.at == index and table._coach_visible(), f"step {number + 1} never came"
        lit, beside = table._tutorial_target(tutorial.script[index])
        assert lit and beside.width > 0
        table.draw(surface)
        press(tutorial.script[index].wanted)
        run(app, 3)
        assert table.coach.at > index, f"step {number + 1} was not taken"


def until_coach(app: App, table: Any, frames: int = 1500) -> None:
    """Run until a tutorial's coach bubble is up (the learner's step) or a question is asked (its end)."""
    from scenes.screens.results import ConfirmOverlay

    run(app, frames, until=lambda: table._coach_visible() or isinstance(app.stack.top, ConfirmOverlay))
