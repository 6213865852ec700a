"""A crash never loses the game: a scene that raises gives the error screen (what happened, the log
file), the traceback goes to the log, the autosave is untouched, and the title offers to resume."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging

import pygame
import pytest

import scenes.tables as tables
from game.catalog import Catalog
from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.screens.error import ErrorScene
from scenes.headless import make_headless_app
from scenes.scene import Scene
from scenes.screens.title import TitleScene
from tests.core.countgame import CountGame


class BrokenTable(Scene):
    """A table with a bug: it fails on its third frame (or while drawing, or on a key)."""

    fail_in = "update"

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.frames = 0

    def update(self, dt: float) -> None:
        self.frames += 1
        if self.fail_in == "update" and self.frames == 3:
            raise KeyError("trick_winner")

    def draw(self, surface: pygame.Surface) -> None:
        if self.fail_in == "draw":
            raise ZeroDivisionError("division by zero")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.fail_in == "event" and event.type == pygame.KEYDOWN:
            raise AttributeError("'NoneType' object has no attribute 'seat'")
        return False


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "has_table", lambda game_id: game_id == "count")
    monkeypatch.setattr(tables, "open_table", lambda app, session: BrokenTable(app, session))
    return make_headless_app((1280, 720), catalog=Catalog(games={"count": CountGame()}))


@pytest.mark.parametrize("fail_in, words", [("update", "KeyError: 'trick_winner'"),
                                            ("draw", "ZeroDivisionError: division by zero"),
                                            ("event", "AttributeError")])
def test_a_failing_scene_shows_the_error_screen_and_the_game_resumes(app, monkeypatch, caplog, fail_in, words):
    monkeypatch.setattr(BrokenTable, "fail_in", fail_in)
    session = GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Bion", "ai:random")], None, 7,
                              autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    seat = session.state.waiting_for()[0]
    session.apply(seat, session.state.legal_actions(seat)[0])
    saved = app.dirs.autosave.read_bytes()
    app.open_table(session)
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    with caplog.at_level(logging.ERROR, logger="olympus"):
        for _ in range(5):
            app.frame(1 / 60)
    assert app.running
    screen = app.stack.top
    assert isinstance(screen, ErrorScene) and len(app.stack.scenes) == 1
    assert words in screen.what and screen.where == "BrokenTable"
    text = " ".join(line for line, _colour, _style in screen.lines)
    assert str(app.log_path).replace(" ", "") in text.replace(" ", "")
    assert "Resume" in text
    assert any(r.exc_info and "unexpected error" in r.getMessage() for r in caplog.records)
    assert app.dirs.autosave.read_bytes() == saved, "the autosave is kept as the last good move left it"
    # Back to the title: the game is offered and resumes.
    next(c for c in screen.focus.controls if c.label == "Back to the title").activate()
    app.frame(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.resume_possible
    monkeypatch.setattr(BrokenTable, "fail_in", "nothing")
    title.resume_game()
    app.frame(1 / 60)
    assert isinstance(app.stack.top, BrokenTable)
    assert app.stack.top.session.state.record() == session.state.record()


def test_the_error_screen_fits_a_small_window(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500), catalog=Catalog(games={"count": CountGame()}))
    app.stack.push(ErrorScene(app, RuntimeError("x" * 400), "table"))
    app.frame(1 / 60)
    screen = app.stack.top
    assert screen.panel.top >= 0 and screen.panel.bottom <= 500
    for control in screen.focus.controls:
        assert screen.panel.contains(control.rect)
