"""A damaged game file is told in the player's language, its detail included ("'seed' moet een geheel
getal zijn"), while the file's name and the keys and values it holds stay as the file writes them."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.errors import RecordError
from game.core.messages import Message
from game.core.play import play_game
from game.core.records import read_record, replay
from game.core.saves import list_game_files
from scenes.ui import i18n

Change = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Change:
    return lambda record: record.__setitem__(key, value)


def _illegal_action(record: dict[str, Any]) -> None:
    record["rounds"][0]["actions"][0][1] = "play 99"


def _wrong_score(record: dict[str, Any]) -> None:
    record["rounds"][0]["score"] = [5, 5]


# (damage, an English word of the detail that must not be left in the Dutch message, a Dutch word it must have)
DAMAGE: dict[str, tuple[Change, str, str]] = {
    "wrong format": (_set("format", "x"), "must be", "moet"),
    "wrong kind": (_set("seed", "x"), "whole number", "geheel getal"),
    "bad seat": (_set("seats", [{"x": 1}, {"name": "B", "controller": "ai:random"}]), "must have", "moet"),
    "illegal action": (_illegal_action, "is not legal", "mag niet"),
    "wrong totals": (_set("totals", [9, 9]), "record says", "spelverslag zegt"),
    "wrong score": (_wrong_score, "replay scores", "naspelen geeft"),
    "unknown option": (_set("options", {"zzz": 1}), "has no option", "heeft geen optie"),
}


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = load_game("zeus")
    seats = [SeatInfo("A", "human"), SeatInfo("B", "ai:random")]
    return play_game(game, seats, [game.agent("random")] * 2, seed=1).record()


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_saved_game_is_told_in_dutch_with_its_detail(damage, record, tmp_path, dutch) -> None:
    change, english, dutch_words = DAMAGE[damage]
    damaged = copy.deepcopy(record)
    change(damaged)
    (tmp_path / "my game.json").write_text(json.dumps(damaged), encoding="utf-8")
    files, messages = list_game_files(tmp_path, {"zeus": load_game("zeus")})
    assert files == [] and len(messages) == 1
    said = i18n.translate_message(messages[0])
    assert said.startswith("Een opgeslagen spel (my game.json) kon niet worden gelezen: ")
    assert english not in said and dutch_words in said, said
    assert "my game.json.damaged-" in said            # the set-aside file's name, as it is on disk
    assert english in str(messages[0])                 # the same message is English text for logs and tests


def test_a_save_from_a_newer_version_is_told_in_dutch_and_left_as_it_is(record, tmp_path, dutch) -> None:
    newer = {**record, "format": "olympus-record/9"}
    (tmp_path / "my game.json").write_text(json.dumps(newer), encoding="utf-8")
    files, messages = list_game_files(tmp_path, {"zeus": load_game("zeus")})
    assert files == [] and len(messages) == 1
    said = i18n.translate_message(messages[0])
    assert "nieuwere versie" in said and "newer version" not in said and "left as it is" not in said
    assert (tmp_path / "my game.json").exists() and not list(tmp_path.glob("*.damaged-*"))


def test_every_reason_a_record_is_refused_for_is_a_message(record, tmp_path) -> None:
    game = load_game("zeus")
    for change, _english, _dutch in DAMAGE.values():
        damaged = copy.deepcopy(record)
        change(damaged)
        with pytest.raises(RecordError) as refused:
            replay(game, damaged)
        assert isinstance(refused.value.args[0], Message), refused.value
    path = Path(tmp_path) / "empty.json"
    path.write_text("", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        read_record(path)
    assert isinstance(refused.value.args[0], Message)
    assert str(path) in str(refused.value)


def test_a_refusal_reason_is_said_in_the_players_language(dutch) -> None:
    refused = RecordError(Message("record has {recorded} rounds; the replay has {replayed}", {"recorded": 3, "replayed": 2}))
    assert i18n.reason_words(refused) == "het spelverslag heeft 3 rondes; naspelen geeft er 2"
    assert i18n.reason_words(FileNotFoundError(2, "No such file or directory")) == "het bestand of de map ervan ontbreekt"
    assert i18n.reason_words(ValueError("plain text")) == "plain text"


@pytest.mark.parametrize("text, english", [('{"format": ', "Expecting"), ('{"n": ' + "9" * 5000 + "}", "Exceeds")])
def test_a_file_that_is_not_json_is_told_in_dutch_without_pythons_english(tmp_path, dutch, text, english) -> None:
    """Python's JSON errors are English sentences ("Expecting value"); the player reads where the file
    breaks (line and column) in their own language instead."""
    from game.core.userfiles import FileDamage, read_json

    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileDamage) as caught:
        read_json(path)
    words = i18n.translate_message(caught.value.reason)
    assert english not in words and "JSON" in words
    assert words != str(caught.value.reason), "the reason was not translated"


def test_a_full_disk_and_a_missing_permission_are_told_in_dutch(dutch) -> None:
    """The system's words for a failed write are English; the common failures are said in ours."""
    import errno

    full = OSError(errno.ENOSPC, "No space left on device")
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert i18n.reason_words(full) == "de schijf is vol"
    assert "Permission" not in i18n.reason_words(denied) and i18n.reason_words(denied)
    odd = OSError(errno.EXDEV, "Invalid cross-device link")
    assert i18n.reason_words(odd) == "Invalid cross-device link"     # no words of ours: the system's own
