"""Every kind of user file survives every kind of damage: one clear message, the file set aside under
`<name>.damaged-<time>` with its bytes untouched, and the program goes on with what it has.

The kinds of file: settings, the autosave, a named save, a finished game's record, the statistics.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.saves import list_game_files
from game.core.session import peek_autosave
from game.core.settings import Settings, load_settings
from game.core.statistics import Statistics, load_statistics
from game.core.userfiles import MAX_FILE_BYTES

ZEUS = load_game("zeus")
GAMES = {"zeus": ZEUS}
SEATS = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]


def zeus_record(finished: bool) -> dict[str, Any]:
    if finished:
        return play_game(ZEUS, SEATS, [RandomAgent() for _ in SEATS], seed=3).record()
    state = ZEUS.new_state(SEATS, ZEUS.normalize_options({}), 3)
    for _ in range(4):
        seat = state.waiting_for()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state.record()


UNFINISHED = zeus_record(False)
FINISHED = zeus_record(True)


# ----- the kinds of file: where it lives, a good example, and how the program reads it -------------------
class Kind:
    def __init__(self, name: str, relative: str, good: Any, read: Callable[[Path], tuple[bool, str | None]]):
        self.name, self.relative, self.good, self.read = name, relative, good, read


def read_settings(path: Path) -> tuple[bool, str | None]:
    loaded = load_settings(path)
    return loaded.settings != Settings() or loaded.message is None, loaded.message


def read_autosave(path: Path) -> tuple[bool, str | None]:
    record, message = peek_autosave(path, GAMES)
    return record is not None, message


def read_folder(path: Path) -> tuple[bool, str | None]:
    listed, messages = list_game_files(path.parent, GAMES)
    assert len(messages) <= 1
    return bool(listed), messages[0] if messages else None


def read_statistics(path: Path) -> tuple[bool, str | None]:
    loaded = load_statistics(path)
    assert loaded.value is not None
    return bool(loaded.value.games), loaded.message


STATS_V2 = {"format": "olympus-statistics", "version": 2, "games": {"zeus": {"lower_is_better": False, "players": {
    "Ada": {"games": 1, "wins": 1, "losses": 0, "score_sum": 3, "high_score": 3, "low_score": 3, "streak": 1,
            "best_streak": 1, "levels": {"random": {"games": 1, "wins": 1}},
            "recent": [{"won": True, "score": 3, "when": 1.0}]}}}}}

KINDS = {
    "settings": Kind("settings", "settings.json", {"sound_volume": 0.3}, read_settings),
    "autosave": Kind("autosave", "autosave.json", UNFINISHED, read_autosave),
    "save": Kind("save", "saves/Tuesday.json", UNFINISHED, read_folder),
    "record": Kind("record", "records/zeus-1.json", FINISHED, read_folder),
    "statistics": Kind("statistics", "statistics.json", STATS_V2, read_statistics),
}


def good_text(kind: Kind) -> str:
    return record_to_text(kind.good) if "format" in kind.good and kind.name != "statistics" else json.dumps(kind.good)


# ----- the kinds of damage every file can suffer ------------------------------------------------------------
def write_bytes(data: bytes) -> Callable[[Path, Kind], None]:
    return lambda path, kind: path.write_bytes(data)


def truncated(path: Path, kind: Kind) -> None:
    text = good_text(kind).encode("utf-8")
    path.write_bytes(text[: len(text) // 2])


def garbage_after(path: Path, kind: Kind) -> None:
    path.write_text(good_text(kind) + "}{", encoding="utf-8")


def huge(path: Path, kind: Kind) -> None:
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)     # sparse: large on paper, instant to make


def folder_in_its_place(path: Path, kind: Kind) -> None:
    path.mkdir()


def wrong_shape(path: Path, kind: Kind) -> None:
    data = dict(kind.good)
    key = {"settings": "fullscreen", "statistics": "games"}.get(kind.name, "seats")
    data[key] = "very"
    path.write_text(json.dumps(data), encoding="utf-8")


def nested(depth: int, opener: str, closer: str) -> Callable[[Path, Kind], None]:
    return lambda path, kind: path.write_text(opener * depth + closer * depth, encoding="utf-8")


DAMAGE: dict[str, Callable[[Path, Kind], None]] = {
    "empty": write_bytes(b""),
    "blank": write_bytes(b"  \n\t\n"),
    "truncated": truncated,
    "not_utf8": write_bytes(b"\xff\xfe{\x00"),
    "binary_nul": write_bytes(b"\x00" * 64),
    "not_json": write_bytes(b"this is not what the program wrote\n"),
    "garbage_after_json": garbage_after,
    "json_list": write_bytes(b"[1, 2, 3]"),
    "json_number": write_bytes(b"12"),
    "json_null": write_bytes(b"null"),
    "wrong_shape": wrong_shape,
    "deeply_nested_lists": nested(100_000, "[", "]"),
    "deeply_nested_objects": nested(50_000, '{"a":', "}"),
    "nested_below_the_parser_limit": nested(300, "[", "]"),
    "huge": huge,
    "folder_in_its_place": folder_in_its_place,
}


def place(tmp_path: Path, kind: Kind) -> Path:
    path = tmp_path / kind.relative
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def assert_set_aside(path: Path, message: str | None, before: bytes | None) -> None:
    assert message, "the player must be told"
    assert "could not be read" in message and "kept as" in message
    assert not path.exists()
    kept = list(path.parent.glob(f"{path.name}.damaged-*"))
    assert len(kept) == 1 and kept[0].name in message
    if before is not None:
        assert kept[0].read_bytes() == before, "a damaged file is never changed"


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("kind_name", sorted(KINDS))
def test_damaged_file_gives_one_message_and_is_set_aside(tmp_path: Path, kind_name: str, damage: str) -> None:
    kind = KINDS[kind_name]
    path = place(tmp_path, kind)
    DAMAGE[damage](path, kind)
    before = path.read_bytes() if path.is_file() and damage != "huge" else None
    usable, message = kind.read(path)
    assert not usable
    assert_set_aside(path, message, before)
    # The program goes on: the next read finds no file and no complaint.
    assert kind.read(path)[1] is None


@pytest.mark.parametrize("kind_name", sorted(KINDS))
def test_a_good_file_of_each_kind_is_read_without_a_message(tmp_path: Path, kind_name: str) -> None:
    kind = KINDS[kind_name]
    path = place(tmp_path, kind)
    path.write_text(good_text(kind), encoding="utf-8")
    usable, message = kind.read(path)
    assert usable and message is None and path.exists()


def test_a_byte_order_mark_from_a_text_editor_is_harmless(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"sound_volume": 0.3}).encode())
    loaded = load_settings(path)
    assert loaded.message is None and loaded.settings.sound_volume == 0.3


# ----- damage only a game file can have -------------------------------------------------------------------
def foreign_game(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "game": "chess"}


def newer_format(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "format": "olympus-record/9"}


def does_not_replay(record: dict[str, Any]) -> dict[str, Any]:
    rounds = [dict(r) for r in record["rounds"]]
    rounds[0]["actions"] = [[1, "play 999"]] + list(rounds[0]["actions"])
    return {**record, "rounds": rounds}


def wrong_totals(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "totals": [t + 1 for t in record["totals"]]}


RECORD_DAMAGE = {"foreign_game_id": (foreign_game, "does not know"),
                 "does_not_replay": (does_not_replay, "not legal"), "totals_do_not_replay": (wrong_totals, "totals")}


@pytest.mark.parametrize("damage", sorted(RECORD_DAMAGE))
@pytest.mark.parametrize("kind_name", ["autosave", "save", "record"])
def test_damaged_game_record_is_set_aside(tmp_path: Path, kind_name: str, damage: str) -> None:
    kind = KINDS[kind_name]
    path = place(tmp_path, kind)
    change, words = RECORD_DAMAGE[damage]
    path.write_text(record_to_text(change(kind.good)), encoding="utf-8")
    before = path.read_bytes()
    usable, message = kind.read(path)
    assert not usable and message is not None and words in message
    assert_set_aside(path, message, before)


@pytest.mark.parametrize("kind_name", ["autosave", "save", "record"])
def test_a_game_file_from_a_newer_version_is_left_in_place_untouched(tmp_path: Path, kind_name: str) -> None:
    kind = KINDS[kind_name]
    path = place(tmp_path, kind)
    path.write_text(record_to_text(newer_format(kind.good)), encoding="utf-8")
    before = path.read_bytes()
    usable, message = kind.read(path)
    assert not usable and message is not None and "newer version" in message and "left as it is" in message
    assert path.read_bytes() == before and not list(path.parent.glob("*.damaged-*"))


def test_statistics_from_a_newer_version_are_left_in_place_and_nothing_is_counted_over_them(tmp_path: Path) -> None:
    from game.core.statistics import record_finished_game

    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({**STATS_V2, "version": 7}), encoding="utf-8")
    before = path.read_bytes()
    loaded = load_statistics(path)
    assert loaded.value == Statistics() and loaded.message and "newer version" in loaded.message
    assert loaded.left_in_place and "counts no games" in loaded.message
    message = record_finished_game(path, FINISHED)
    assert message is not None and "newer version" in message
    assert path.read_bytes() == before and not list(tmp_path.glob("statistics.json.damaged-*"))
