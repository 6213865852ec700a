"""Statistics: counted per game and player name from finished records, migrated from an old file, kept
across a session's end."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.session import GameSession, finish_archiving, keep_finished_record
from game.core.statistics import (VERSION, Statistics, load_statistics, lower_is_better, record_finished_game,
                                  save_statistics)


def record(winners: list[int], totals: list[int], *, game: str = "zeus", finished: bool = True) -> dict[str, Any]:
    seats = [{"name": "Ada", "controller": "human"}, {"name": "Bion", "controller": "ai:easy"},
             {"name": "Chloe", "controller": "ai:normal"}]
    return {"format": "olympus-record/1", "game": game, "seats": seats, "options": {}, "seed": 1, "rounds": [],
            "totals": totals, "winners": winners, "finished": finished}


def test_wins_losses_scores_streaks_and_levels_are_counted_per_game_and_player() -> None:
    stats = Statistics()
    for when, (winners, totals) in enumerate([([0], [3, 1, 0]), ([0], [3, 2, 2]), ([1], [1, 3, 0]), ([0], [3, 0, 0])]):
        stats.add_record(record(winners, totals), when=float(when))
    stats.add_record(record([], [0, 0, 0], finished=False))          # an unfinished game is not counted
    ada = stats.games["zeus"].players["Ada"]
    assert (ada.games, ada.wins, ada.losses) == (4, 3, 1)
    assert (ada.high_score, ada.low_score, ada.average_score) == (3, 1, 2.5)
    assert (ada.streak, ada.best_streak) == (1, 2)
    assert {level: (r.games, r.wins) for level, r in ada.levels.items()} == {"easy": (4, 3), "normal": (4, 3)}
    assert [r.won for r in ada.recent] == [True, True, False, True]
    assert stats.player_names() == ["Ada"]          # AI seats are not players with statistics
    assert stats.games["zeus"].lower_is_better is False and ada.best_score(False) == 3


def test_a_game_won_with_the_lowest_total_makes_the_lowest_score_the_best() -> None:
    assert lower_is_better([10, 25, 30], {0}) is True
    assert lower_is_better([10, 25, 30], {1, 2}) is False
    assert lower_is_better([5, 5], {0, 1}) is None
    stats = Statistics()
    stats.add_record(record([0], [10, 25, 30], game="tamoul"))
    game = stats.games["tamoul"]
    assert game.lower_is_better and game.players["Ada"].best_score(True) == 10


def test_an_old_format_file_is_migrated_not_discarded(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    old = {"version": 1, "players": {"Ada": {"zeus": {"games": 5, "wins": 2}, "telos": {"games": 1, "wins": 1}}}}
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = load_statistics(path)
    assert loaded.message is None and path.exists()
    ada = loaded.value.games["zeus"].players["Ada"]
    assert (ada.games, ada.wins, ada.losses) == (5, 2, 3)
    assert loaded.value.games["telos"].players["Ada"].wins == 1
    # The next finished game is added to the migrated counts and the file is written in the new format.
    assert record_finished_game(path, record([0], [3, 1, 0])) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == VERSION and data["games"]["zeus"]["players"]["Ada"]["games"] == 6
    assert not list(tmp_path.glob("*.damaged-*"))


def test_statistics_round_trip_through_their_file(tmp_path: Path) -> None:
    stats = Statistics()
    stats.add_record(record([0], [3, 1, 0]), when=12.5)
    path = tmp_path / "statistics.json"
    save_statistics(path, stats)
    assert load_statistics(path).value == stats


def test_a_session_counts_its_game_when_it_ends(tmp_path: Path) -> None:
    zeus = load_game("zeus")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]
    played = play_game(zeus, seats, [RandomAgent() for _ in seats], seed=8)
    actions = [(seat, text) for rnd in played.record()["rounds"] for seat, text in rnd["actions"]]
    session = GameSession.new(zeus, seats, {}, 8, records_dir=tmp_path / "records")
    for seat, text in actions:
        session.apply(seat, text)
    assert session.state.finished
    stats = load_statistics(tmp_path / "statistics.json").value
    ada = stats.games["zeus"].players["Ada"]
    assert ada.games == 1 and ada.wins == (0 in played.winners)
    assert ada.levels["random"].games == 1


def test_the_same_finished_game_is_counted_once(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    game = record([0], [3, 1, 0])
    record_finished_game(path, game)
    record_finished_game(path, game)
    record_finished_game(path, record([1], [1, 3, 0]))
    assert load_statistics(path).value.games["zeus"].players["Ada"].games == 2


def _finished_session_files(tmp_path: Path) -> tuple[Path, Path, str]:
    """A finished zeus game's record text, and the folders a session keeps it in."""
    zeus = load_game("zeus")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]
    played = play_game(zeus, seats, [RandomAgent() for _ in seats], seed=8)
    return tmp_path / "autosave.json", tmp_path / "records", record_to_text(played.record())


def test_a_game_stopped_while_being_kept_is_kept_and_counted_at_the_next_start(tmp_path: Path) -> None:
    autosave, records, text = _finished_session_files(tmp_path)
    autosave.write_text(text, encoding="utf-8")      # stopped after the last action, before keeping it
    assert finish_archiving(autosave, records, None) == []
    kept = list(records.glob("zeus-*-8.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert load_statistics(tmp_path / "statistics.json").value.games["zeus"].players["Ada"].games == 1
    assert not autosave.exists()


def test_a_game_stopped_after_being_kept_is_neither_kept_nor_counted_twice(tmp_path: Path) -> None:
    autosave, records, text = _finished_session_files(tmp_path)
    autosave.write_text(text, encoding="utf-8")
    keep_finished_record(json.loads(text), records, tmp_path / "statistics.json")   # kept and counted, then stopped
    finish_archiving(autosave, records, None)
    assert len(list(records.glob("*.json"))) == 1
    assert load_statistics(tmp_path / "statistics.json").value.games["zeus"].players["Ada"].games == 1
    assert not autosave.exists()


def test_an_unfinished_autosave_is_left_for_resuming(tmp_path: Path) -> None:
    autosave, records, text = _finished_session_files(tmp_path)
    data = json.loads(text)
    data["finished"] = False
    autosave.write_text(json.dumps(data), encoding="utf-8")
    assert finish_archiving(autosave, records, None) == [] and autosave.exists() and not records.exists()
