"""The title's Replays screen lists the kept records newest first and opens one in the viewer; the
title trims the records to the limit; `--replay FILE` opens a good file and explains a bad one."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import main
from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from scenes.headless import make_headless_app
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.replays import RecordRow, ReplaysScene, winners_text
from scenes.screens.title import TitleScene
from scenes.ui.widgets import Button


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    app.dirs.ensure()
    return app


def record_text(game_id: str, seed: int) -> str:
    game = load_game(game_id)
    seats = [SeatInfo(name, "ai:random") for name in ("Io", "Ariadne", "Bion")[:max(game.min_players, 3)]]
    return record_to_text(play_game(game, seats, [game.agent("random") for _ in seats], seed=seed).record())


def keep(folder: Path, name: str, text: str, age_minutes: int) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    stamp = 1_800_000_000 - 60 * age_minutes
    os.utime(path, (stamp, stamp))
    return path


def settle(app) -> None:
    app.stack.apply_pending()
    app.frame(1 / 60)


def press(app, scene, label: str) -> None:
    button = next(c for c in scene.focus.controls if isinstance(c, Button) and c.label == label)
    assert button.enabled, f"{label} is not enabled"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=button.rect.center, button=1))
    settle(app)


def test_the_title_lists_recent_games_newest_first_and_opens_one_to_replay(app):
    records = app.dirs.records
    keep(records, "zeus-old.json", record_text("zeus", 1), age_minutes=30)
    keep(records, "telos-new.json", record_text("telos", 2), age_minutes=1)
    keep(records, "tamoul-mid.json", record_text("tamoul", 3), age_minutes=10)
    title = TitleScene(app)
    app.stack.clear_to(title)
    settle(app)
    press(app, title, "Replays")
    listing = app.stack.top
    assert isinstance(listing, ReplaysScene)
    assert [e.path.name for e in listing.entries] == ["telos-new.json", "tamoul-mid.json", "zeus-old.json"]
    rows = [c for c in listing.focus.controls if isinstance(c, RecordRow)]
    assert rows[0].title == "Télos" and rows[0].entry.seat_names == ["Io", "Ariadne", "Bion"]
    assert winners_text(rows[0].entry).startswith("Winner")
    app.frame(1 / 60)       # the list draws
    press(app, listing, "Watch")
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.game.id == "telos"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    settle(app)
    assert app.stack.top is listing


def test_the_title_trims_the_records_to_the_limit_oldest_first(app):
    text = record_text("zeus", 1)
    paths = [keep(app.dirs.records, f"zeus-{i}.json", text, age_minutes=100 - i) for i in range(5)]
    app.settings = replace(app.settings, records_kept=3)
    TitleScene(app)
    assert [p.exists() for p in paths] == [False, False, True, True, True]


def test_replay_flag_opens_a_good_record(app, tmp_path):
    path = keep(tmp_path, "game.json", record_text("elios", 4), age_minutes=0)
    scene = main.replay_scene(app, path)
    assert isinstance(scene, ReplayScene) and scene.game.id == "elios"
    assert main.main(["--headless", "--replay", str(path), "--frames", "5"]) == 0


@pytest.mark.parametrize("content", [b"\xff", b'{"format": "olympus-record/1"', b"[" * 5000 + b"]" * 5000,
                                     b'{"format": "olympus-record/1", "game": "chess", "seats": [], "options": {},'
                                     b' "seed": 1, "rounds": [], "totals": [], "winners": [], "finished": true}'])
def test_replay_flag_on_a_damaged_or_foreign_file_says_why_and_goes_on(app, tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    scene = main.replay_scene(app, path)
    assert isinstance(scene, TitleScene)
    assert any("The replay bad.json could not be opened" in t.text for t in app.toasts)
    assert "could not be opened" in capsys.readouterr().err
    assert path.read_bytes() == content     # the player's own file is left as it is


def test_a_record_that_does_not_replay_is_refused_by_the_flag(app, tmp_path):
    text = record_text("zeus", 2).replace('"play ', '"play X', 1)
    path = keep(tmp_path, "broken.json", text, age_minutes=0)
    assert isinstance(main.replay_scene(app, path), TitleScene)
    assert any("broken.json" in t.text for t in app.toasts)


def test_a_damaged_kept_record_is_set_aside_with_a_message_and_the_others_are_listed(app):
    good = keep(app.dirs.records, "zeus-good.json", record_text("zeus", 1), age_minutes=5)
    keep(app.dirs.records, "zeus-bad.json", "{\"format\": ", age_minutes=1)
    listing = ReplaysScene(app)
    assert [e.path for e in listing.entries] == [good]
    assert not (app.dirs.records / "zeus-bad.json").exists()
    assert any(p.name.startswith("zeus-bad.json.damaged-") for p in app.dirs.records.iterdir())
    assert any("zeus-bad.json" in t.text for t in app.toasts)
