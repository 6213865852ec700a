"""Opening the player's folders at start: usable, not in use by another copy, tidied after a crash.

`open_user_dirs` answers three questions before anything is read or written:

1. Can the folders be made and written to? A file where the data folder should be, a folder without
   write permission or a full disk: the player is told in words (`problem`) and may play on without
   saving, in a temporary stand-in folder that is removed at the end (`dirs` then points there).
2. Is another copy of the program using the same data folder? The first copy holds a lock for its whole
   run (game/core/locking.py); a second copy is told so and may play on without saving, with the first
   copy's settings copied into its stand-in folder, so it never touches the first one's autosave,
   records or statistics.
3. Are there temporary files left by a copy killed while writing (`.<name>.<random>.tmp`, made by
   `atomic_write_text`)? Only the copy holding the lock removes them, so no write in progress is touched.
"""
from __future__ import annotations

import logging
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from game.core.locking import INSTANCE_LOCK, FileLock
from game.core.messages import Message, msg
from game.core.userfiles import FileDamage, UserDirs, os_reason, read_regular_bytes

log = logging.getLogger("olympus.files")

# What `atomic_write_text` leaves behind when it is stopped between making its temporary file and renaming
# it: a dot, the file's name, a dot, tempfile's eight random characters, ".tmp".
TEMPORARY_FILE = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


@dataclass
class OpenedDirs:
    """The folders this run uses, and why they are not the player's own when they are not."""

    dirs: UserDirs
    problem: Message | None = None          # for the player; None: the player's own folders, locked
    in_use: bool = False                    # the problem is another copy of the program
    lock: FileLock | None = None
    removed_temporary: tuple[Path, ...] = ()
    stand_in: Path | None = None            # the temporary folder used instead (removed by `close`)

    @property
    def saving(self) -> bool:
        return self.problem is None

    def close(self) -> None:
        """At the end of the run: let go of the lock; remove a stand-in folder and all it holds."""
        if self.lock is not None:
            _let_go(self.lock)
            self.lock = None
        if self.stand_in is not None:
            shutil.rmtree(self.stand_in, ignore_errors=True)
            self.stand_in = None


# One program copy is one process: a process that opens the same folders twice (tests make many Apps)
# shares its one lock; the lock goes when the last user lets go of it (or the process ends).
_held: dict[Path, tuple[FileLock, int]] = {}


def _take(path: Path) -> FileLock | None:
    """The lock on `path` for this process (None: another process holds it); OSError if it cannot be made."""
    key = path.resolve()
    if key in _held:
        lock, users = _held[key]
        _held[key] = (lock, users + 1)
        return lock
    lock = FileLock(path)
    if not lock.acquire(blocking=False):
        return None
    _held[key] = (lock, 1)
    return lock


def _let_go(lock: FileLock) -> None:
    key = lock.path.resolve()
    held, users = _held.get(key, (lock, 1))
    if users > 1:
        _held[key] = (held, users - 1)
        return
    _held.pop(key, None)
    held.release()


def _probe(folder: Path) -> None:
    """Make `folder` if needed and show that a file can be written in it and removed (OSError if not)."""
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=".olympus-probe-", dir=folder)
    try:
        with open(handle, "wb") as probe:
            probe.write(b"ok")
    finally:
        Path(name).unlink(missing_ok=True)


def stand_in_dirs(copy_settings_from: Path | None = None) -> tuple[UserDirs, Path]:
    """Folders in a new temporary folder, for a run that saves nothing of the player's; the player's
    settings are copied in when they can be read, so the language and name stay the same."""
    base = Path(tempfile.mkdtemp(prefix="olympus-table-unsaved-"))
    dirs = UserDirs(base / "config", base / "data", base / "logs").ensure()
    if copy_settings_from is not None:
        try:
            dirs.settings_file.write_bytes(read_regular_bytes(copy_settings_from))
        except (OSError, FileDamage):
            pass
    return dirs, base


def remove_temporary_files(dirs: UserDirs, older_than_s: float = 0.0) -> tuple[Path, ...]:
    """Remove what interrupted atomic writes left in the player's folders; returns what was removed."""
    import time

    removed = []
    now = time.time()
    for folder in (dirs.config, dirs.data, dirs.saves, dirs.records):
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for path in entries:
            if not TEMPORARY_FILE.match(path.name):
                continue
            try:
                if not path.is_file() or path.is_symlink() or now - path.stat().st_mtime < older_than_s:
                    continue
                path.unlink()
                removed.append(path)
            except OSError:
                continue
    if removed:
        log.info("removed %d temporary files left by an interrupted write", len(removed))
    return tuple(removed)


def open_user_dirs(dirs: UserDirs) -> OpenedDirs:
    """The player's folders, checked, locked and tidied; or a stand-in and the reason (see the module)."""
    try:
        for folder in (dirs.config, dirs.data, dirs.logs):
            _probe(folder)
        dirs.ensure()
    except OSError as exc:
        folder = Path(exc.filename) if getattr(exc, "filename", None) else dirs.data
        stand_in, base = stand_in_dirs(dirs.settings_file if dirs.settings_file.is_file() else None)
        log.warning("the data folders cannot be used (%s); playing without saving in %s", exc, base)
        return OpenedDirs(stand_in, msg("The folder where Olympus Table keeps your games and settings cannot be "
                                        "used ({folder}: {reason}).", folder=str(folder), reason=os_reason(exc)),
                          stand_in=base)
    try:
        lock = _take(dirs.data / INSTANCE_LOCK)
    except OSError as exc:
        stand_in, base = stand_in_dirs(dirs.settings_file)
        return OpenedDirs(stand_in, msg("The folder where Olympus Table keeps your games and settings cannot be "
                                        "used ({folder}: {reason}).", folder=str(dirs.data), reason=os_reason(exc)),
                          stand_in=base)
    if lock is None:
        stand_in, base = stand_in_dirs(dirs.settings_file)
        log.warning("another copy of the program uses %s; this one plays without saving", dirs.data)
        return OpenedDirs(stand_in, msg("Another copy of Olympus Table is already running with the same folder "
                                        "({folder}).", folder=str(dirs.data)), in_use=True, stand_in=base)
    return OpenedDirs(dirs, lock=lock, removed_temporary=remove_temporary_files(dirs))
