"""The App: scene stack changes wait for the frame's end, settings survive damage, catalog errors are kept."""
from __future__ import annotations

import json
import logging
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.app as app_module
from game.catalog import Catalog
from game.core.errors import ContentError
from game.core.settings import Settings
from game.core.userfiles import user_dirs
from scenes.headless import make_headless_app
from scenes.scene import Scene
from tests.core.countgame import CountGame


class Recorder(Scene):
    """Notes what the stack did to it, and can ask the stack for changes while handling a frame."""

    def __init__(self, app, name: str, log: list[str]) -> None:
        super().__init__(app)
        self.name, self.log = name, log

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def update(self, dt: float) -> None:
        self.log.append(f"update {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 200, 10))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    return make_headless_app((800, 500), catalog=Catalog(games={"count": CountGame()}))


def test_push_waits_for_the_end_of_the_frame(app):
    log: list[str] = []
    app.stack.push(Recorder(app, "a", log))
    assert len(app.stack) == 0
    app.frame(1 / 60)
    assert log == ["enter a"]            # not updated in the frame it was pushed in
    app.frame(1 / 60)
    assert log == ["enter a", "update a"]


def test_pop_and_replace_asked_during_update_apply_after_draw(app):
    log: list[str] = []
    first, second = Recorder(app, "a", log), Recorder(app, "b", log)
    app.stack.push(first)
    app.stack.push(second)
    app.stack.apply_pending()
    log.clear()
    second.update = lambda dt: (log.append("update b"), app.stack.pop())  # type: ignore[method-assign]
    app.frame(1 / 60)
    assert log == ["update b", "exit b", "resume a"]
    assert app.stack.top is first
    log.clear()
    third = Recorder(app, "c", log)
    app.stack.replace(third)
    assert app.stack.top is first
    app.frame(1 / 60)
    assert log == ["update a", "exit a", "enter c"]
    assert app.stack.scenes == (third,)


def test_frame_draws_the_top_scene(app):
    app.stack.push(Recorder(app, "a", []))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert tuple(app.screen.get_at((400, 250)))[:3] == (10, 200, 10)


def test_damaged_settings_give_defaults_a_message_and_are_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    dirs = user_dirs().ensure()
    dirs.settings_file.write_text("{ this is not json", encoding="utf-8")
    app = make_headless_app((800, 500), catalog=Catalog())
    assert app.settings == Settings()
    assert any("settings file could not be read" in t.text for t in app.toasts)
    kept = list(dirs.config.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    assert not dirs.settings_file.exists()     # nothing was written over it


def test_update_settings_saves_at_once(app):
    app.update_settings(Settings(player_name="Io", sound_volume=0.3))
    saved = json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))
    assert saved["player_name"] == "Io" and saved["sound_volume"] == 0.3
    assert app.settings.player_name == "Io"


def test_window_size_preset_resizes_and_relayouts(app):
    sizes: list[tuple[int, int]] = []
    scene = Recorder(app, "a", [])
    scene.resize = sizes.append  # type: ignore[method-assign]
    app.stack.push(scene)
    app.stack.apply_pending()
    app.update_settings(Settings(window_width=1024, window_height=600))
    assert app.size == (1024, 600)
    assert sizes == [(1024, 600)]


def test_videoresize_reaches_the_scenes(app):
    sizes: list[tuple[int, int]] = []
    scene = Recorder(app, "a", [])
    scene.resize = sizes.append  # type: ignore[method-assign]
    app.stack.push(scene)
    app.stack.apply_pending()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600)))
    app.frame(1 / 60)
    assert app.size == (960, 600)
    assert sizes == [(960, 600)]


def test_a_dragged_window_size_is_remembered_once_it_settles(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    from scenes.app import App

    app = App(headless=True, fixed_dt=1 / 60, catalog=Catalog(), remember_size=True)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    app.frame(1 / 60)
    assert not app.dirs.settings_file.exists()       # not on every pixel of a drag
    for _ in range(60):
        app.frame(1 / 60)
    saved = json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))
    assert (saved["window_width"], saved["window_height"]) == (1000, 640)


def test_toasts_fade_after_their_time(app):
    app.toast("Saved.")
    assert [t.text for t in app.toasts] == ["Saved."]
    app.frame(1 / 60)
    app.update(app_module.TOAST_SECONDS)
    assert app.toasts == []


def test_a_game_whose_content_fails_is_left_out_with_its_reason(monkeypatch):
    def fake_load(game_ids):
        if game_ids == ("bad",):
            raise ContentError("assets/decks/bad.yaml", "cards", 3, "a list")
        if game_ids == ("gone",):
            raise ModuleNotFoundError("No module named 'game.gone'")
        return Catalog(games={"count": CountGame()})

    monkeypatch.setattr(app_module, "load_catalog", fake_load)
    catalog = app_module.load_catalog_safely(("count", "bad", "gone"))
    assert list(catalog.games) == ["count"]
    assert "bad.yaml" in catalog.errors["bad"] and "cards" in catalog.errors["bad"]
    assert "game.gone" in catalog.errors["gone"]


def test_logging_goes_to_a_file_in_the_log_folder(app):
    logging.getLogger("olympus.test").warning("a line for the log")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "a line for the log" in (app.dirs.logs / "olympus-table.log").read_text(encoding="utf-8")


def test_quit_ends_the_loop(app):
    app.stack.push(Recorder(app, "a", []))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=50) == 0
    assert not app.running and app.frame_count == 1
