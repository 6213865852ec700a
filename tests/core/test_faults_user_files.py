"""User files under faults a careless user or a hostile file brings: each ends in one clear message, the
file set aside (or, when it is not damage, left in place untouched), nothing hangs and nothing is lost."""
from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.errors import RecordError
from game.core.play import play_game
from game.core.records import read_record, record_to_text
from game.core.saves import list_game_files, save_game, save_name_problem
from game.core.session import peek_autosave
from game.core.settings import Settings, load_settings
from game.core.statistics import load_statistics, record_finished_game
from game.core.userfiles import FileDamage, read_guarded, read_json

ZEUS = load_game("zeus")
GAMES = {"zeus": ZEUS}
SEATS = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]
POSIX = os.name == "posix"


def unfinished() -> dict[str, Any]:
    state = ZEUS.new_state(SEATS, ZEUS.normalize_options({}), 3)
    for _ in range(3):
        seat = state.waiting_for()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state.record()


def finished(seed: int = 3) -> dict[str, Any]:
    return play_game(ZEUS, SEATS, [RandomAgent() for _ in SEATS], seed=seed).record()


# ----- 27.2: a file that cannot be opened is not renamed ----------------------------------------------------
@pytest.mark.skipif(not POSIX or os.geteuid() == 0, reason="file permissions do not bind root")
def test_a_file_without_read_permission_is_left_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    try:
        loaded = load_statistics(path)
        assert loaded.left_in_place and loaded.message and "permission" in loaded.message
        assert path.exists() and not list(tmp_path.glob("*.damaged-*"))
    finally:
        path.chmod(0o644)


def test_an_unopenable_file_is_left_where_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, whoever runs the tests: opening fails with 'permission denied'."""
    import errno

    from game.core import userfiles

    path = tmp_path / "autosave.json"
    path.write_text(record_to_text(unfinished()), encoding="utf-8")
    real_open = os.open

    def denied(name: Any, *args: Any, **kwargs: Any) -> int:
        if Path(name) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(userfiles.os, "open", denied)
    record, message = peek_autosave(path, GAMES)
    assert record is None and message and "left as it is" in message
    assert path.exists() and not list(tmp_path.glob("*.damaged-*"))


# ----- 7: a FIFO or a device in a file's place ----------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_settings_does_not_hang_the_start(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    result: list[Any] = []
    reader = threading.Thread(target=lambda: result.append(load_settings(path)), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():       # unblock the old code's reader so the test run can end
        with open(path, "w") as writer:
            writer.write("{}")
        reader.join(5)
        pytest.fail("reading a FIFO hung")
    loaded = result[0]
    assert loaded.settings == Settings() and loaded.message and "not a plain file" in loaded.message


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_an_endless_device_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.symlink_to("/dev/zero")
    with pytest.raises(FileDamage) as caught:
        read_json(path)
    assert "not a plain file" in caught.value.reason
    with pytest.raises(RecordError):
        read_record(Path("/dev/zero"))          # --replay /dev/zero


# ----- 8: numbers JSON cannot hold ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ['{"window_width": 1e999}', '{"sound_volume": NaN}', '{"ai_delay_s": -Infinity}'])
def test_a_non_finite_number_in_the_settings_is_damage(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings() and loaded.message and "too large" in loaded.message
    assert list(tmp_path.glob("settings.json.damaged-*"))


# ----- 16: an AI level the game does not have -------------------------------------------------------------
def test_an_autosave_naming_an_unknown_ai_level_is_set_aside(tmp_path: Path) -> None:
    record = unfinished()
    record["seats"][1]["controller"] = "ai:godlike"
    path = tmp_path / "autosave.json"
    path.write_text(record_to_text(record), encoding="utf-8")
    found, message = peek_autosave(path, GAMES)
    assert found is None and message and "ai:godlike" in message
    assert not path.exists() and list(tmp_path.glob("autosave.json.damaged-*"))


# ----- 6 and 9: names and record fields checked on the way in -------------------------------------------------
@pytest.mark.parametrize("name", ["Ada\x00", "\u202eAda", "A" * 100_000])
def test_a_record_with_a_name_that_cannot_be_drawn_is_damage(tmp_path: Path, name: str) -> None:
    record = unfinished()
    record["seats"][0]["name"] = name
    path = tmp_path / "autosave.json"
    path.write_text(record_to_text(record), encoding="utf-8")
    found, message = peek_autosave(path, GAMES)
    assert found is None and message and "name" in message and len(message) < 600


def test_a_record_with_an_action_far_too_long_is_damage(tmp_path: Path) -> None:
    from game.core.records import MAX_ACTION_CHARS

    record = unfinished()
    record["rounds"][0]["actions"].append([0, "play " + ",".join(["7a"] * 200_000)])
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "long.json").write_text(record_to_text(record), encoding="utf-8")
    listed, messages = list_game_files(tmp_path / "saves", GAMES)
    assert listed == [] and len(messages) == 1 and "far too long" in messages[0] and len(messages[0]) < 600
    assert MAX_ACTION_CHARS < 200_000


def test_settings_clean_the_players_name() -> None:
    assert Settings(player_name="A\x00da\u202e").validated().player_name == "Ada"
    assert Settings(player_name="\x00").validated().player_name == "You"


# ----- 17: statistics checked for values, not only shapes -----------------------------------------------------
GOOD_PLAYER = {"games": 2, "wins": 1, "losses": 1, "score_sum": 5, "high_score": 4, "low_score": 1, "streak": -1,
               "best_streak": 1, "levels": {"random": {"games": 2, "wins": 1}},
               "recent": [{"won": True, "score": 4, "when": 1.0}, {"won": False, "score": 1, "when": 2.0}]}


def stats_with(player: dict[str, Any], name: str = "Ada") -> dict[str, Any]:
    return {"format": "olympus-statistics", "version": 2,
            "games": {"zeus": {"lower_is_better": False, "players": {name: player}}}}


@pytest.mark.parametrize("change", [
    {"games": 10**40}, {"wins": 3}, {"losses": -1}, {"streak": 50}, {"best_streak": 2},
    {"levels": {"random": {"games": 2, "wins": 9}}}, {"score_sum": 10**30}, {"high_score": 0, "low_score": 3},
    {"recent": [{"won": True, "score": 4, "when": -5.0}]},
])
def test_absurd_statistics_values_are_damage(tmp_path: Path, change: dict[str, Any]) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(stats_with({**GOOD_PLAYER, **change})), encoding="utf-8")
    loaded = load_statistics(path)
    assert not loaded.value.games and loaded.message and "could not be read" in loaded.message
    assert list(tmp_path.glob("statistics.json.damaged-*"))


def test_good_statistics_are_read(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(stats_with(GOOD_PLAYER)), encoding="utf-8")
    loaded = load_statistics(path)
    assert loaded.message is None and loaded.value.games["zeus"].players["Ada"].games == 2


@pytest.mark.parametrize("name", ["Ada\x00", "A" * 1000, "\u202eAda"])
def test_statistics_with_a_name_that_cannot_be_drawn_are_damage(tmp_path: Path, name: str) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(stats_with(GOOD_PLAYER, name)), encoding="utf-8")
    loaded = load_statistics(path)
    assert not loaded.value.games and loaded.message and list(tmp_path.glob("statistics.json.damaged-*"))


# ----- 19: a damaged last_setups.json is set aside, not overwritten ----------------------------------------
def test_a_damaged_setups_file_is_set_aside_before_a_new_one_is_written(tmp_path: Path) -> None:
    from game.core.settings import load_last_setups, store_last_setup

    path = tmp_path / "last_setups.json"
    damaged = b'{"telos": {"count": 4}, "zeus": {"count": 3'
    path.write_bytes(damaged)
    message = store_last_setup(path, "elios", {"count": 2})
    assert message and "could not be read" in message
    kept = list(tmp_path.glob("last_setups.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert json.loads(path.read_text(encoding="utf-8")) == {"elios": {"count": 2}}
    assert load_last_setups(path).message is None


def test_a_setups_file_that_cannot_be_moved_aside_is_not_written_over(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import userfiles
    from game.core.settings import store_last_setup

    path = tmp_path / "last_setups.json"
    path.write_bytes(b"[1, 2")

    def cannot_move(_path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(userfiles, "set_aside", cannot_move)
    assert store_last_setup(path, "zeus", {"count": 3})
    assert path.read_bytes() == b"[1, 2"


# ----- 20 and 27.5: save names -----------------------------------------------------------------------------
def test_a_save_name_too_long_in_bytes_is_refused_with_words(tmp_path: Path) -> None:
    name = "😀" * 60
    problem = save_name_problem(name)
    assert problem and "too long for a file name" in problem
    assert save_name_problem("é" * 60) is None          # 120 bytes: fine
    with pytest.raises(ValueError):
        save_game(tmp_path, name, unfinished())


@pytest.mark.parametrize("name", ["evil\u202eevas", "a\u2066b", "x\u200fy", "nul\x00l"])
def test_a_save_name_with_a_bidi_or_control_character_is_refused(name: str) -> None:
    problem = save_name_problem(name)
    assert problem and "control character" in problem


def test_the_forbidden_characters_and_a_control_character_are_both_named() -> None:
    problem = save_name_problem("a/b:c\x01")
    assert problem and "/" in problem and ":" in problem and "control character" in problem


# ----- 11 and 12: counting never loses a game ---------------------------------------------------------------
def test_a_guarded_read_of_a_missing_file_is_no_damage(tmp_path: Path) -> None:
    assert read_guarded(tmp_path / "none.json", "x", lambda v: v).message is None


def _count_games(path: str, start: int, count: int) -> None:
    record = finished(7)
    for i in range(start, start + count):
        record_finished_game(Path(path), {**record, "seed": i})


@pytest.mark.skipif(sys.platform == "win32", reason="fork start method")
def test_two_processes_counting_into_one_statistics_file_lose_no_count(tmp_path: Path) -> None:
    import multiprocessing

    path = tmp_path / "statistics.json"
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_count_games, args=(str(path), 1000 * w, 25)) for w in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert all(worker.exitcode == 0 for worker in workers)
    loaded = load_statistics(path)
    assert loaded.message is None
    assert loaded.value.games["zeus"].players["Ada"].games == 50
