"""The statistics screen: a game and a player picked, their figures and a chart, from the file the
session fills; an empty file says what will appear."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import Catalog
from game.core.statistics import Statistics, save_statistics
from scenes.headless import make_headless_app
from scenes.screens.statistics import StatisticsScene, figure_rows
from scenes.ui.widgets import Stepper
from tests.core.countgame import CountGame


def record(game: str, name: str, won: bool, total: int) -> dict:
    seats = [{"name": name, "controller": "human"}, {"name": "Bion", "controller": "ai:easy"}]
    return {"format": "olympus-record/1", "game": game, "seats": seats, "options": {}, "seed": 1, "rounds": [],
            "totals": [total, 1], "winners": [0] if won else [1], "finished": True}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    return make_headless_app((1280, 720), catalog=Catalog(games={"count": CountGame()}))


def test_the_screen_shows_each_game_and_player_with_a_chart(app):
    stats = Statistics()
    for i in range(12):
        stats.add_record(record("zeus", "Io", i % 3 != 0, 3 + i % 4 if i % 3 else 0), when=float(i))
    stats.add_record(record("telos", "Io", True, 9))
    stats.add_record(record("telos", "Pat", False, 0))
    save_statistics(app.dirs.statistics_file, stats)
    scene = StatisticsScene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.frame(1 / 60)
    game_stepper, player_stepper = [c for c in scene.focus.controls if isinstance(c, Stepper)]
    assert game_stepper.describe(game_stepper.value) == "Zeus on the Loose" and player_stepper.value == "Io"
    rows = dict(figure_rows(stats.games["zeus"], stats.games["zeus"].players["Io"]))
    assert rows["Games"] == "12" and rows["Wins"] == "8" and rows["Against AI: Easy"] == "won 8 of 12"
    # The chart draws gold bars for wins: some of its pixels are gold.
    surface = app.screen
    gold = sum(1 for x in range(640, 1240, 3) for y in range(150, 600, 3) if surface.get_at((x, y))[:3] == (230, 184, 60))
    assert gold > 20
    game_stepper.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert [c for c in scene.focus.controls if isinstance(c, Stepper)][1].values == ["Io", "Pat"]


def test_with_no_finished_games_the_screen_says_what_will_appear(app):
    scene = StatisticsScene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.frame(1 / 60)
    assert scene.game_ids == [] and [c.label for c in scene.focus.controls] == ["Done"]


def test_a_damaged_statistics_file_is_reported_and_kept(app):
    app.dirs.statistics_file.write_bytes(b"\xff\xfe")
    scene = StatisticsScene(app)
    assert scene.game_ids == [] and any("statistics" in t.text for t in app.toasts)
    assert list(app.dirs.data.glob("statistics.json.damaged-*"))
