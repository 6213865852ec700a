"""A full disk during play: the player is told the moment a save fails (once, not at every move), the
game goes on, the session keeps trying, and a game that ends meanwhile is never lost: its record and its
count are written at the first try that works, and the stale autosave is not offered in its place."""
from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.catalog import load_game
from game.core import session as session_module
from game.core import userfiles
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import read_record
from game.core.session import GameSession
from game.core.statistics import load_statistics

ZEUS = load_game("zeus")
SEATS = [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random")]


class Disk:
    """A disk that can be filled and emptied: while full, every atomic write fails with ENOSPC (only those
    into the folder `holding`, when given: the disk that holds it is full, other disks are not)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, holding: Path | None = None) -> None:
        self.full = False
        real = userfiles.atomic_write_text

        def write(path: Path, text: str) -> None:
            if self.full and (holding is None or Path(path).is_relative_to(holding)):
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
            real(path, text)

        monkeypatch.setattr(userfiles, "atomic_write_text", write)
        monkeypatch.setattr(session_module, "atomic_write_text", write)


def moves(seed: int = 4) -> list[tuple[int, str]]:
    record = play_game(ZEUS, SEATS, [RandomAgent() for _ in SEATS], seed=seed).record()
    return [(seat, text) for rnd in record["rounds"] for seat, text in rnd["actions"]]


def _end_on_a_full_disk(session: GameSession, disk: Disk) -> GameSession:
    """Play the session's game to its end, the disk filling three moves before it."""
    played = moves()
    for seat, text in played[:-3]:
        session.apply(seat, text)
    disk.full = True
    for seat, text in played[-3:]:
        session.apply(seat, text)
    return session


def new_session(tmp_path: Path) -> GameSession:
    return GameSession.new(ZEUS, SEATS, {}, 4, autosave_path=tmp_path / "autosave.json",
                           records_dir=tmp_path / "records")


def test_a_failed_save_is_told_once_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    session = new_session(tmp_path)
    played = moves()
    disk.full = True
    for seat, text in played[:5]:
        session.apply(seat, text)
    assert len(session.messages) == 1 and "could not be saved" in session.messages[0]
    assert "the disk is full" in session.messages[0] and session.pending
    disk.full = False
    session.apply(*played[5])
    assert "being saved again" in session.messages[-1] and not session.pending
    assert read_record(tmp_path / "autosave.json") == session.state.record()


def test_a_game_that_ends_on_a_full_disk_is_kept_when_space_returns(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    session = _end_on_a_full_disk(new_session(tmp_path), disk)
    assert session.state.finished and session.pending
    assert any("could not be kept yet" in m for m in session.messages)
    assert (tmp_path / "autosave.json").exists(), "the autosave stays until the game is kept"
    told = len(session.messages)
    session.tick(5.0)                                   # still full: nothing changes, nothing is lost
    assert session.finished_record_path is None and len(session.messages) == told
    session.tick(60.0)                                  # a minute on, the player is told again
    assert len(session.messages) == told + 1 and "could not be kept yet" in session.messages[-1]
    disk.full = False
    session.tick(5.0)                                   # the next try works
    assert not session.pending and session.finished_record_path is not None
    assert read_record(session.finished_record_path) == session.state.record()
    assert load_statistics(tmp_path / "statistics.json").value.games["zeus"].players["Ada"].games == 1
    assert not (tmp_path / "autosave.json").exists()
    assert "kept after all" in session.messages[-1]


def test_the_program_tells_the_player_at_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.headless import make_headless_app

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    disk = Disk(monkeypatch)
    app = make_headless_app((1280, 720))
    session = GameSession.new(ZEUS, SEATS, {}, 4, autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    app.open_table(session)
    app.frame(1 / 60)
    disk.full = True
    seat, text = moves()[0]
    session.apply(seat, text)
    app.frame(1 / 60)
    assert any("could not be saved" in toast.text for toast in app.toasts)
    app.shutdown()


def _finished_on_a_full_disk(app: Any, disk: Disk) -> GameSession:
    """A game at `app`'s table that ends while the disk is full (its record cannot be kept)."""
    session = GameSession.new(ZEUS, SEATS, {}, 4, autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    app.session = session
    _end_on_a_full_disk(session, disk)
    assert session.finished_unkept
    return session


def test_quitting_before_the_finished_game_is_kept_writes_it_elsewhere_and_keeps_it_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.headless import make_headless_app
    from scenes.screens.results import ConfirmOverlay

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    disk = Disk(monkeypatch, holding=app.dirs.data)      # the data folder's disk is full, the others are not
    session = _finished_on_a_full_disk(app, disk)
    app.quit()                                          # tried again, still full: written elsewhere, and asked
    app.stack.apply_pending()
    overlay = app.stack.top
    assert app.running and isinstance(overlay, ConfirmOverlay)
    copy = session.kept_elsewhere
    assert copy is not None and copy.parent == app.dirs.config / "unkept"
    assert read_record(copy) == session.state.record()
    assert str(copy.parent) in overlay.subtitle and "the disk is full" in overlay.subtitle
    overlay.choose(0)                                   # Quit
    assert not app.running
    app.shutdown()
    assert load_statistics(app.dirs.statistics_file).value is None or \
        "zeus" not in load_statistics(app.dirs.statistics_file).value.games

    disk.full = False                                   # space again: the next start keeps it
    again = make_headless_app((1280, 720))
    kept = list(again.dirs.records.glob("zeus-*.json"))
    assert len(kept) == 1 and read_record(kept[0]) == session.state.record()
    assert load_statistics(again.dirs.statistics_file).value.games["zeus"].players["Ada"].games == 1
    assert not list((again.dirs.config / "unkept").glob("*.json"))
    assert any("now in your records" in toast.text for toast in again.toasts)
    again.shutdown()
    third = make_headless_app((1280, 720))              # never counted twice
    assert load_statistics(third.dirs.statistics_file).value.games["zeus"].players["Ada"].games == 1
    third.shutdown()


def test_with_no_room_anywhere_the_player_is_told_it_would_be_lost_and_can_try_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.headless import make_headless_app
    from scenes.screens.results import ConfirmOverlay

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    disk = Disk(monkeypatch)                            # every disk full
    session = _finished_on_a_full_disk(app, disk)
    app.quit()
    app.stack.apply_pending()
    overlay = app.stack.top
    assert app.running and isinstance(overlay, ConfirmOverlay) and session.kept_elsewhere is None
    assert "only in this program's memory" in overlay.subtitle and "lost" in overlay.subtitle
    app.quit()                                          # the window's close button again: still one question
    app.stack.apply_pending()
    assert sum(isinstance(scene, ConfirmOverlay) for scene in app.stack.scenes) == 1
    disk.full = False                                   # the player freed some space
    overlay.choose(0)                                   # Try again
    assert not app.running and not session.pending
    assert read_record(session.finished_record_path) == session.state.record()
    app.shutdown()


def test_a_finished_game_left_for_the_title_is_still_kept_when_space_returns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.headless import make_headless_app

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    disk = Disk(monkeypatch)
    session = _finished_on_a_full_disk(app, disk)
    app.back_to_title()
    app.stack.apply_pending()
    assert app.session is None and app.unkept == [session]
    disk.full = False
    app.update(2.5)                                     # the next try, every 2 s
    assert not session.pending and session.finished_record_path is not None and app.unkept == []
    assert any("kept after all" in toast.text for toast in app.toasts)
    app.shutdown()
