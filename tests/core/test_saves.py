"""Named saves: saved, listed with what the list shows, renamed, deleted; a new game keeps the
unfinished one it replaces."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.catalog import load_game, registered_game_ids
from game.core.engine import SeatInfo
from game.core.records import record_to_text
from game.core.saves import (delete_save, list_game_files, rename_save, save_game, save_name_problem)
from game.core.session import GameSession


def started_session(game_id: str, tmp_path: Path, moves: int = 3) -> GameSession:
    game = load_game(game_id)
    seats = [SeatInfo("Ada", "human")] + [SeatInfo(f"Bot {i}", "ai:random") for i in range(game.min_players)]
    session = GameSession.new(game, seats, {}, 11, autosave_path=tmp_path / "autosave.json",
                              records_dir=tmp_path / "records")
    for _ in range(moves):
        seat = [s for s in session.state.waiting_for()][0]
        if seat < 0:
            session.apply(seat, session.state.chance_action())
        else:
            session.apply(seat, session.state.legal_actions(seat)[0])
    return session


@pytest.mark.parametrize("game_id", registered_game_ids())
def test_every_registered_game_saves_lists_and_loads(game_id: str, tmp_path: Path) -> None:
    session = started_session(game_id, tmp_path)
    game = session.game
    path = save_game(tmp_path / "saves", "Tuesday night", session.state.record())
    listed, messages = list_game_files(tmp_path / "saves", {game_id: game})
    assert messages == [] and [f.name for f in listed] == ["Tuesday night"]
    entry = listed[0]
    assert entry.game_id == game_id and entry.playable and entry.seat_names[0] == "Ada"
    assert entry.progress_text() == "round 1" and entry.scores_text().startswith("Ada ")
    loaded = GameSession.resume(game, path)
    assert record_to_text(loaded.state.record()) == record_to_text(session.state.record())


def test_rename_and_delete(tmp_path: Path) -> None:
    session = started_session("zeus", tmp_path)
    saves = tmp_path / "saves"
    path = save_game(saves, "one", session.state.record())
    save_game(saves, "two", session.state.record())
    with pytest.raises(ValueError, match="already exists"):
        save_game(saves, "one", session.state.record())
    with pytest.raises(ValueError, match="already exists"):
        rename_save(path, "two")
    renamed = rename_save(path, "three")
    assert renamed.name == "three.json" and not path.exists()
    delete_save(renamed)
    assert sorted(p.name for p in saves.iterdir()) == ["two.json"]


@pytest.mark.parametrize("name, words", [("", "name"), ("a/b", "/"), (".hidden", "dot"), ("x" * 61, "60"),
                                         ("tab\there", "control")])
def test_unusable_names_are_refused_with_a_reason(name: str, words: str) -> None:
    problem = save_name_problem(name)
    assert problem is not None and words in problem


def test_a_new_game_keeps_the_unfinished_one_in_the_saves(tmp_path: Path) -> None:
    old = started_session("zeus", tmp_path)
    old_text = record_to_text(old.state.record())
    new = started_session("telos", tmp_path, moves=0)
    assert new.kept_unfinished is not None and new.kept_unfinished.parent == tmp_path / "saves"
    assert new.kept_unfinished.name.startswith("Unfinished Zeus on the Loose")
    assert new.kept_unfinished.read_text(encoding="utf-8") == old_text
    assert (tmp_path / "autosave.json").exists()
