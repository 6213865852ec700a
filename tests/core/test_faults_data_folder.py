"""The data folder under faults: unusable (a file in its place), used by another copy of the program, left
with temporary files by a kill -9 during a write. The player is told in words and plays on without saving
only if they agree; a second copy never touches the first one's files."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.data_folder import open_user_dirs, remove_temporary_files
from game.core.fault_probes import HOLDER, KILLED    # the same child programs the soak command runs
from game.core.userfiles import UserDirs

ROOT = Path(__file__).resolve().parents[2]


def home_dirs(home: Path) -> UserDirs:
    return UserDirs(home / "config", home / "data", home / "logs")


def start_app(home: Path, monkeypatch: pytest.MonkeyPatch):
    from scenes.headless import make_headless_app
    from scenes.screens.title import TitleScene

    monkeypatch.setenv("OLYMPUS_HOME", str(home))
    app = make_headless_app((1280, 720))
    app.stack.push(TitleScene(app))
    if not app.folders.saving:
        app.ask_to_play_without_saving()
    app.frame(1 / 60)
    return app


def test_a_file_where_the_data_folder_should_be_is_told_and_nothing_is_written(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.screens.results import ConfirmOverlay

    home = tmp_path / "home"
    home.write_text("not a folder", encoding="utf-8")
    app = start_app(home, monkeypatch)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmOverlay) and dialog.title == "Play without saving?"
    assert "cannot be used" in dialog.subtitle and "a file stands where a folder should be" in dialog.subtitle
    stand_in = app.folders.stand_in
    assert stand_in is not None and app.dirs.data.is_relative_to(stand_in)
    dialog.choose(1)            # Quit
    assert not app.running
    app.shutdown()
    assert home.read_text(encoding="utf-8") == "not a folder" and not stand_in.exists()


def test_a_data_folder_that_cannot_be_completed_is_told(tmp_path: Path) -> None:
    dirs = home_dirs(tmp_path)
    dirs.data.mkdir(parents=True)
    (dirs.data / "saves").write_text("a file where the saves folder goes", encoding="utf-8")
    opened = open_user_dirs(dirs)
    try:
        assert not opened.saving and "cannot be used" in opened.problem and not opened.in_use
    finally:
        opened.close()
    assert (dirs.data / "saves").is_file()


def test_a_second_copy_on_the_same_folder_is_told_and_leaves_the_first_ones_files_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.catalog import load_game
    from game.core.engine import SeatInfo
    from game.core.session import GameSession

    first = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT), home=str(tmp_path))],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "held"
        autosave = tmp_path / "data" / "autosave.json"
        autosave.write_text("the first copy's game", encoding="utf-8")
        app = start_app(tmp_path, monkeypatch)
        dialog = app.stack.top
        assert app.folders.in_use and "Another copy" in dialog.subtitle and "keeps nothing" in dialog.subtitle
        dialog.choose(0)        # play without saving
        app.frame(1 / 60)
        assert app.running
        zeus = load_game("zeus")
        session = GameSession.new(zeus, [SeatInfo("Ada", "human"), SeatInfo("Bion", "ai:random")], {}, 4,
                                  autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
        seat = session.state.waiting_for()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
        assert autosave.read_text(encoding="utf-8") == "the first copy's game"
        assert not (tmp_path / "data" / "saves").exists() or not any((tmp_path / "data" / "saves").iterdir())
        app.shutdown()
    finally:
        first.kill()
        first.wait()
    # The first copy is gone (killed): the lock went with it, and the next start is a normal one.
    opened = open_user_dirs(home_dirs(tmp_path))
    try:
        assert opened.saving
    finally:
        opened.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no kill -9 here")
def test_temporary_files_left_by_a_kill_during_a_write_are_removed_at_start(tmp_path: Path) -> None:
    dirs = home_dirs(tmp_path)
    dirs.ensure()
    writer = subprocess.Popen([sys.executable, "-c", KILLED.format(root=str(ROOT),
                                                                         path=str(dirs.autosave))],
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "writing"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    left = [p for p in dirs.data.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].name.startswith(".autosave.json.")
    mine = dirs.data / "notes.tmp"
    mine.write_text("not ours", encoding="utf-8")
    opened = open_user_dirs(dirs)
    try:
        assert opened.removed_temporary == tuple(left)
        assert not left[0].exists() and mine.exists() and not dirs.autosave.exists()
    finally:
        opened.close()


def test_only_temporary_files_of_ours_are_removed(tmp_path: Path) -> None:
    dirs = home_dirs(tmp_path)
    dirs.ensure()
    ours = [dirs.config / ".settings.json.ab12_x9Z.tmp", dirs.saves / ".My game.json.k2j4h5g6.tmp"]
    theirs = [dirs.data / "draft.tmp", dirs.records / ".hidden.json", dirs.data / ".x.tmp"]
    for path in ours + theirs:
        path.write_text("…", encoding="utf-8")
    assert sorted(remove_temporary_files(dirs)) == sorted(ours)
    assert all(p.exists() for p in theirs)
