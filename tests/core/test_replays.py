"""Replays in the engine layer: the kept-records limit removes only the oldest records, and a record's
timeline gives the same state at every move whether stepped forward, back or from a cached position."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.errors import RecordError
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.replays import CACHE_EVERY, ReplayTimeline, prune_records
from game.core.settings import Settings, load_settings, save_settings


def finished_record(game_id: str = "zeus", seed: int = 3) -> dict:
    game = load_game(game_id)
    seats = [SeatInfo(f"P{i}", "ai:random") for i in range(max(3, game.min_players))]
    return play_game(game, seats, [game.agent("random") for _ in seats], seed=seed).record()


def write_records(folder: Path, count: int) -> list[Path]:
    """`count` record files, oldest first (file times one minute apart)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = record_to_text(finished_record())
    paths = []
    for i in range(count):
        path = folder / f"zeus-2026010{i}-000000-{i}.json"
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_700_000_000 + 60 * i, 1_700_000_000 + 60 * i))
        paths.append(path)
    return paths


def test_the_limit_removes_only_the_oldest_records_beyond_it(tmp_path):
    records = tmp_path / "records"
    paths = write_records(records, 5)
    damaged = records / "zeus-old.json.damaged-20260101-000000"
    damaged.write_text("{", encoding="utf-8")
    save = tmp_path / "saves" / "My game.json"
    save.parent.mkdir()
    save.write_text(paths[0].read_text(encoding="utf-8"), encoding="utf-8")

    assert prune_records(records, 5) == []          # not over the limit: nothing goes
    removed = prune_records(records, 3)
    assert sorted(removed) == sorted(paths[:2])
    assert all(p.exists() for p in paths[2:])
    assert damaged.exists() and save.exists()       # a set-aside file and a save are never counted or removed


def test_the_records_limit_is_a_setting_kept_and_clamped(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().records_kept == 200
    save_settings(path, Settings(records_kept=50))
    assert load_settings(path).settings.records_kept == 50
    assert Settings(records_kept=0).validated().records_kept == 1


def test_every_position_is_the_same_stepped_forward_or_rebuilt_from_a_cached_position():
    game = load_game("zeus")
    record = finished_record("zeus", seed=4)
    timeline = ReplayTimeline(game, record)
    assert timeline.length == sum(len(r["actions"]) for r in record["rounds"]) > CACHE_EVERY * 2
    walking = timeline.fresh_state()
    expected = [walking.position()]
    for k in range(timeline.length):
        timeline.apply_move(walking, k)
        expected.append(walking.position())
    for k in reversed(range(timeline.length + 1)):        # stepping back, from the cache
        assert timeline.state_at(k).position() == expected[k]
    assert timeline.state_at(timeline.length).record() == record


def test_round_jumps_land_on_round_starts():
    timeline = ReplayTimeline(load_game("telos"), finished_record("telos", seed=5))
    assert timeline.rounds > 2
    second = timeline.round_starts[1]
    assert timeline.round_start_after(0) == second
    assert timeline.round_start_before(second + 3) == second
    assert timeline.round_start_before(second) == 0
    assert timeline.round_start_after(timeline.round_starts[-1]) == timeline.length
    assert timeline.round_at(second) == 1 and timeline.move_in_round(second + 2) == 2


def test_a_record_that_does_not_replay_is_refused_with_the_reason():
    record = finished_record()
    record["rounds"][0]["actions"][0] = [0, "play NOTACARD"]
    with pytest.raises(RecordError):
        ReplayTimeline(load_game("zeus"), record)
    with pytest.raises(RecordError, match="not 'telos'"):
        ReplayTimeline(load_game("telos"), finished_record())
