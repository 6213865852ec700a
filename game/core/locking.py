"""Locks between copies of the program that share one data folder, with the operating system's own file
locking (fcntl.flock on Linux and macOS, msvcrt.locking on Windows).

The lock belongs to an open file handle, not to a file's existence: when a process ends in any way (a
crash, kill -9, a power cut) the system lets go of its locks, so a stale lock file never blocks a later
start. The lock files themselves are empty and stay in place.

Two uses:
- `FileLock(data / INSTANCE_LOCK)`, held for the whole run: the copy that holds it owns the autosave and
  the other files of the data folder; a second copy finds it taken and plays without saving (or stops).
- `lock_for(path)` (a file `.<name>.lock` beside it) around a read-change-write of one file (the
  statistics), so two writers never lose each other's update.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from types import TracebackType

if os.name == "nt":   # pragma: no cover - exercised on Windows only
    import msvcrt
else:
    import fcntl

INSTANCE_LOCK = ".olympus-table.lock"
WAIT_STEP_S = 0.01


class LockTimeout(OSError):
    """Another process held the lock for longer than we were willing to wait."""


class FileLock:
    """An exclusive lock on `path` (created if missing). `acquire(blocking=False)` says whether it was
    free; as a context manager it waits up to `timeout` seconds (LockTimeout after that)."""

    def __init__(self, path: Path, timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, blocking: bool = True) -> bool:
        """Take the lock; False (without waiting) when another process holds it and not `blocking`.
        OSError when the lock file cannot be made at all (a folder without write permission)."""
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + self.timeout
        while True:
            if _try_lock(fd):
                self._fd = fd
                return True
            if not blocking:
                os.close(fd)
                return False
            if time.monotonic() >= deadline:
                os.close(fd)
                raise LockTimeout(f"{self.path} stayed locked for {self.timeout:.0f} s")
            time.sleep(WAIT_STEP_S)

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        finally:
            os.close(fd)

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.release()


def _try_lock(fd: int) -> bool:
    try:
        if os.name == "nt":   # pragma: no cover
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (BlockingIOError, PermissionError):
        return False
    except OSError as exc:
        if os.name == "nt":   # pragma: no cover - msvcrt says "permission denied" (EACCES/EDEADLK) when taken
            return False
        raise exc
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":   # pragma: no cover
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


def lock_for(path: Path, timeout: float = 10.0) -> FileLock:
    """The lock that guards a read-change-write of `path` (a file beside it, `<name>.lock`)."""
    path = Path(path)
    return FileLock(path.with_name(f".{path.name}.lock"), timeout)
