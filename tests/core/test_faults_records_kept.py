"""Trimming the records folder never deletes what was not read: only finished records of ours go, the
oldest first, and the folder is trimmed where records are kept (at the end of every game), not only at
the title."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.replays import prune_records
from game.core.session import GameSession

ZEUS = load_game("zeus")
SEATS = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random"), SeatInfo("Chloe", "ai:random")]


def finished(seed: int) -> dict[str, Any]:
    return play_game(ZEUS, SEATS, [RandomAgent() for _ in SEATS], seed=seed).record()


def unfinished() -> dict[str, Any]:
    state = ZEUS.new_state(SEATS, ZEUS.normalize_options({}), 3)
    seat = state.waiting_for()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    return state.record()


def write(path: Path, text: str, age: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (1_700_000_000 + age, 1_700_000_000 + age))
    return path


def test_pruning_removes_only_finished_records_it_read_and_sets_damaged_ones_aside(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    good = [write(folder / f"zeus-2026-{i}.json", record_to_text(finished(i + 1)), 100 + i) for i in range(4)]
    truncated_text = record_to_text(finished(9))
    truncated = write(folder / "zeus-truncated.json", truncated_text[: len(truncated_text) // 2], 1)
    open_game = write(folder / "zeus-unfinished.json", record_to_text(unfinished()), 2)
    notes = write(folder / "notes.json", json.dumps({"my notes": "Bion bluffs"}), 3)
    newer = write(folder / "zeus-newer.json", record_to_text({**finished(11), "format": "olympus-record/7"}), 4)

    removed = prune_records(folder, 2)

    assert sorted(removed) == sorted(good[:2]), "only the two oldest finished records of ours go"
    assert all(p.exists() for p in good[2:])
    assert open_game.exists() and notes.exists() and newer.exists(), "what is not a finished record is left alone"
    assert not truncated.exists()
    kept = list(folder.glob("zeus-truncated.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == truncated_text[: len(truncated_text) // 2]
    assert len(removed.messages) == 1 and "zeus-truncated.json" in removed.messages[0]


def test_nothing_is_read_or_removed_while_the_folder_is_within_the_limit(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    damaged = write(folder / "zeus-x.json", "{", 1)
    assert prune_records(folder, 5) == [] and damaged.exists()


def test_a_game_that_ends_trims_the_records_folder_there_and_then(tmp_path: Path) -> None:
    """'Play again' after 'Play again': the folder never grows past the limit between two visits to the title."""
    records = tmp_path / "data" / "records"
    for i in range(3):
        write(records / f"zeus-old-{i}.json", record_to_text(finished(20 + i)), i)
    session = GameSession.new(ZEUS, SEATS, {}, 5, autosave_path=tmp_path / "data" / "autosave.json",
                              records_dir=records)
    session.records_kept = 2
    for rnd in finished(5)["rounds"]:
        for seat, text in rnd["actions"]:
            session.apply(seat, text)
    assert session.state.finished
    left = sorted(p.name for p in records.glob("*.json"))
    assert len(left) == 2 and session.finished_record_path is not None
    assert session.finished_record_path.name in left


def test_a_record_replaced_after_it_was_read_is_read_again_before_it_is_removed(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    paths = [write(folder / f"zeus-{i}.json", record_to_text(finished(30 + i)), 10 + i) for i in range(3)]
    assert prune_records(folder, 3) == []
    write(folder / "zeus-extra.json", record_to_text(finished(40)), 50)
    assert prune_records(folder, 3) == [paths[0]]          # read, judged, removed
    write(paths[1], json.dumps({"my notes": "now a note"}), 11)    # the player's file under a record's name
    write(folder / "zeus-extra2.json", record_to_text(finished(41)), 60)
    removed = prune_records(folder, 2)
    assert paths[1].exists() and removed == [paths[2]]
