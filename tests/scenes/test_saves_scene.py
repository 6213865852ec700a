"""Saved games from the pause menu and the title, and starting a new game over an unfinished one:
saved, listed, renamed, deleted after a confirmation, loaded; nothing unfinished ends without asking."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.tables as tables
from game.catalog import Catalog
from game.core.engine import SeatInfo
from game.core.records import read_record, record_to_text
from game.core.session import GameSession
from scenes.headless import make_headless_app
from scenes.screens.pause import PauseOverlay
from scenes.screens.results import ConfirmOverlay
from scenes.screens.saves import RenameOverlay, SaveRow, SavesScene
from scenes.scene import Scene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.ui.widgets import Button, TextField
from tests.core.countgame import CountGame


class CountTable(Scene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "has_table", lambda game_id: game_id == "count")
    monkeypatch.setattr(tables, "open_table", lambda app, session: CountTable(app, session))
    return make_headless_app((1280, 720), catalog=Catalog(games={"count": CountGame()}))


def new_session(app, seed: int = 4, moves: int = 2) -> GameSession:
    session = GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Ariadne", "ai:random")], None, seed,
                              autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    for _ in range(moves):
        seat = session.state.waiting_for()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    return session


def settle(app) -> None:
    app.stack.apply_pending()
    app.frame(1 / 60)


def press(app, scene, label: str) -> None:
    button = next(c for c in scene.focus.controls if isinstance(c, Button) and c.label == label)
    assert button.enabled, f"{label} is not enabled"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=button.rect.center, button=1))
    settle(app)


def type_into(app, scene, text: str) -> None:
    field = next(c for c in scene.focus.controls if isinstance(c, TextField))
    scene.focus.focus_control(field)
    field.text, field.caret = "", 0
    field.on_change("")
    for ch in text:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def rows(scene) -> list[SaveRow]:
    return [c for c in scene.focus.controls if isinstance(c, SaveRow)]


def test_save_from_the_pause_menu_then_rename_delete_and_load_from_the_title(app):
    session = new_session(app)
    app.stack.push(CountTable(app, session))
    app.stack.push(PauseOverlay(app, "count", session))
    settle(app)
    press(app, app.stack.top, "Save or load a game")
    saves = app.stack.top
    assert isinstance(saves, SavesScene) and rows(saves) == []
    type_into(app, saves, "Before dinner")
    press(app, saves, "Save")
    assert (app.dirs.saves / "Before dinner.json").read_text(encoding="utf-8") == record_to_text(session.state.record())
    [row] = rows(saves)
    assert row.entry.name == "Before dinner" and row.entry.seat_names == ["Io", "Ariadne"]
    assert row.entry.progress_text() == "round 1" and row.entry.scores_text() == "Io 0 · Ariadne 0"

    # A name already taken asks before replacing; a bad name is refused with its reason.
    press(app, saves, "Save")
    assert isinstance(app.stack.top, ConfirmOverlay) and "Replace" in app.stack.top.title
    press(app, app.stack.top, "Cancel")
    type_into(app, saves, "a/b")          # a character a file name cannot hold is not even typed
    assert saves.name_text == "ab"
    type_into(app, saves, "   ")
    press(app, saves, "Save")
    assert saves.name_problem == "Give the save a name." and len(rows(saves)) == 1

    press(app, saves, "Rename")
    rename = app.stack.top
    assert isinstance(rename, RenameOverlay)
    type_into(app, rename, "After dinner")
    press(app, rename, "Rename")
    assert isinstance(app.stack.top, SavesScene)
    assert [r.entry.name for r in rows(saves)] == ["After dinner"]

    # Load from the title: the unfinished game (the autosave) is named, and kept unless dropped.
    app.back_to_title()
    settle(app)
    title = app.stack.top
    press(app, title, "Saved games")
    saves = app.stack.top
    [row] = rows(saves)
    saves.focus.focus_control(row)
    saves.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    settle(app)                     # Enter on the selected row loads it, as the Load button does
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmOverlay) and "Count to Ten with Io and Ariadne, round 1" in " ".join(confirm.subtitle_lines)
    assert "After dinner" in " ".join(confirm.subtitle_lines)
    press(app, confirm, "Keep it")
    assert isinstance(app.stack.top, CountTable) and len(app.stack.scenes) == 1
    assert read_record(app.dirs.autosave) == read_record(app.dirs.saves / "After dinner.json")
    kept = [p.name for p in app.dirs.saves.iterdir() if p.name.startswith("Unfinished")]
    assert len(kept) == 1

    # Delete asks first; "Keep it" keeps it.
    app.back_to_title()
    settle(app)
    press(app, app.stack.top, "Saved games")
    saves = app.stack.top
    saves.select(next(r.entry for r in rows(saves) if r.entry.name == "After dinner"))
    press(app, saves, "Delete")
    assert isinstance(app.stack.top, ConfirmOverlay) and "After dinner" in app.stack.top.title
    press(app, app.stack.top, "Keep it")
    assert (app.dirs.saves / "After dinner.json").exists()
    press(app, saves, "Delete")
    press(app, app.stack.top, "Delete")
    assert not (app.dirs.saves / "After dinner.json").exists()
    assert [r.entry.name for r in rows(saves)] == [kept[0][:-5]]


def test_a_new_game_over_an_unfinished_one_asks_naming_it_and_keeps_it(app):
    old = new_session(app, seed=4)
    old_text = record_to_text(old.state.record())
    show_title = TitleScene(app)
    app.stack.push(show_title)
    settle(app)
    press(app, show_title, "Play Count to Ten")
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmOverlay) and confirm.title == "Start a new game?"
    assert "Count to Ten with Io and Ariadne, round 1" in " ".join(confirm.subtitle_lines)
    press(app, confirm, "Cancel")
    assert app.stack.top is show_title and app.dirs.autosave.exists()

    press(app, show_title, "Play Count to Ten")
    press(app, app.stack.top, "Keep it")
    assert isinstance(app.stack.top, SetupScene)
    new = GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Bion", "ai:random")], None, 5,
                          autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    app.open_table(new)
    settle(app)
    assert new.kept_unfinished is not None and new.kept_unfinished.read_text(encoding="utf-8") == old_text
    assert any("kept in the saved games" in t.text for t in app.toasts)


def test_dropping_the_unfinished_game_is_the_players_choice(app):
    new_session(app, seed=4)
    title = TitleScene(app)
    app.stack.push(title)
    settle(app)
    press(app, title, "Play Count to Ten")
    press(app, app.stack.top, "Drop it")
    assert isinstance(app.stack.top, SetupScene) and not app.dirs.autosave.exists()
    assert not app.dirs.saves.exists() or not list(app.dirs.saves.iterdir())
