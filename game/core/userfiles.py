"""Files on the player's machine: where they live, written atomically, damaged ones set aside.

Settings go to the user config dir; saves, autosave, records and statistics to the user data dir;
logs to the user log dir (platformdirs). `OLYMPUS_HOME` moves all of them under one folder, which
tests and portable installs use.

Every user file is read through `read_json` (bytes -> UTF-8 -> JSON, with a size and depth limit) and
`read_guarded` (plus the kind's own check): whatever is wrong with a file becomes one `FileDamage`
with a reason a player can read, the file is renamed `<name>.damaged-<time>`, and the caller goes on
without it. A damaged file is never overwritten and never deleted.

Two kinds of trouble are not damage and leave the file where it is, untouched: a file written by a newer
version of the program (`NewerFile`: the newer copy still reads it) and a file that cannot be opened at
all (no permission: renaming it would only hide it). Only regular files are read (a FIFO or a device in a
file's place is refused before it is opened), never more than `MAX_FILE_BYTES`, and a number JSON
cannot hold honestly (`1e999`, `NaN`, `Infinity`) is damage.
"""
from __future__ import annotations

import errno
import json
import logging
import math
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

import platformdirs

from game.core.messages import Message, msg

APP_NAME = "OlympusTable"

MAX_FILE_BYTES = 16 * 1024 * 1024   # a long game's record is well under 1 MB; anything this big is not ours
MAX_JSON_DEPTH = 64                 # our files nest a few levels; deeper is damage, and deep enough breaks Python
NESTED_TOO_DEEPLY = msg("it is nested far too deeply")

T = TypeVar("T")


@dataclass(frozen=True)
class UserDirs:
    config: Path
    data: Path
    logs: Path

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def records(self) -> Path:
        return self.data / "records"

    @property
    def autosave(self) -> Path:
        return self.data / "autosave.json"

    @property
    def statistics_file(self) -> Path:
        return self.data / "statistics.json"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    def ensure(self) -> "UserDirs":
        for folder in (self.config, self.data, self.logs, self.saves, self.records):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def user_dirs() -> UserDirs:
    home = os.environ.get("OLYMPUS_HOME")
    if home:
        base = Path(home)
        return UserDirs(base / "config", base / "data", base / "logs")
    return UserDirs(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )


def atomic_write_text(path: Path, text: str) -> None:
    """Write a whole file or nothing: temporary file in the same folder, fsync, rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def set_aside(path: Path) -> Path:
    """Move a damaged file out of the way (never overwrite it) and return its new name."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


# The system's own words for a failed read or write are English (its C locale); the common ones are said
# in words a player reads in their language, the rest keep the system's text.
OS_REASONS = {
    errno.ENOSPC: msg("the disk is full"),
    errno.EDQUOT: msg("the disk quota is used up"),
    errno.EACCES: msg("there is no permission for it"),
    errno.EPERM: msg("there is no permission for it"),
    errno.EROFS: msg("the disk is read-only"),
    errno.ENOENT: msg("the file or its folder is missing"),
    errno.EISDIR: msg("it is a folder"),
    errno.ENOTDIR: msg("a file stands where a folder should be"),
    errno.EEXIST: msg("a file stands where a folder should be"),
    errno.ENAMETOOLONG: msg("the name is too long"),
    errno.EIO: msg("the disk could not be read or written"),
}


def os_reason(exc: OSError) -> Message | str:
    """Why a read or write failed, for a player: our sentence for the common failures, else the system's."""
    return OS_REASONS.get(exc.errno, exc.strerror or str(exc)) if exc.errno is not None else (exc.strerror or str(exc))


class FileDamage(Exception):
    """A user file that cannot be used; the message says why, in words for the player."""

    leave_in_place = False          # True: the file is not ours to move (see NewerFile, Unopenable)

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason        # the Message itself (str(exc) would be plain English text)


class NewerFile(FileDamage):
    """A file written by a newer version of the program: this one cannot read it, the newer one still
    can, so it is left where it is, untouched."""

    leave_in_place = True


class Unopenable(FileDamage):
    """A file that cannot be opened (no permission, say): nothing is known to be wrong with it, so it is
    left where it is; moving it would only hide it from the player who can fix the permission."""

    leave_in_place = True


LEAVE_IN_PLACE_ERRNOS = {errno.EACCES, errno.EPERM}


def _finite(text: str) -> float:
    """A JSON number as a float; one too large for a float (1e999) is damage, not infinity."""
    value = float(text)
    if not math.isfinite(value):
        raise FileDamage(msg("it holds a number too large to use ({number})", number=text[:40]))
    return value


def _no_constant(text: str) -> float:
    raise FileDamage(msg("it holds a number too large to use ({number})", number=text))


def loads_strict(text: str) -> Any:
    """`json.loads` that refuses what JSON does not allow but Python accepts: NaN, Infinity and numbers
    that overflow a float (FileDamage naming the number)."""
    return json.loads(text, parse_float=_finite, parse_constant=_no_constant)


def read_regular_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Anything else (a folder, a FIFO, a device, a
    socket) is refused before it is opened for reading, so nothing hangs or fills memory; OSError for a
    file that cannot be opened, FileDamage for one that is not a usable file."""
    path = Path(path)
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise FileDamage(msg("it is a folder, not a file"))
    if not stat.S_ISREG(info.st_mode):
        raise FileDamage(msg("it is not a plain file (a device or a pipe stands in its place)"))
    if info.st_size > limit:
        raise FileDamage(msg("it is far too large ({size} bytes)", size=f"{info.st_size:,}"))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)       # non-blocking: a FIFO swapped in after the check cannot hang the open
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FileDamage(msg("it is not a plain file (a device or a pipe stands in its place)"))
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise FileDamage(msg("it is far too large ({size} bytes)", size=f"{len(raw):,}+"))
    return raw


def _depth_exceeds(value: Any, limit: int) -> bool:
    """True when `value` nests deeper than `limit` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def read_json(path: Path) -> Any:
    """The JSON value in a user file; FileDamage naming what is wrong (never another exception)."""
    path = Path(path)
    try:
        raw = read_regular_bytes(path)
    except OSError as exc:
        kind = Unopenable if exc.errno in LEAVE_IN_PLACE_ERRNOS else FileDamage
        raise kind(msg("it cannot be read ({reason})", reason=os_reason(exc))) from None
    if not raw.strip():
        raise FileDamage(msg("it is empty"))
    try:
        text = raw.decode("utf-8-sig")   # a byte-order mark from a text editor is harmless
    except UnicodeDecodeError as exc:
        raise FileDamage(msg("it is not UTF-8 text (bad byte at position {position})", position=exc.start)) from None
    try:
        value = loads_strict(text)
    except json.JSONDecodeError as exc:
        # Where, not Python's own English words for what: the player reads this in their language.
        raise FileDamage(msg("it is not valid JSON (line {line}, column {column})", line=exc.lineno,
                             column=exc.colno)) from None
    except RecursionError:
        raise FileDamage(NESTED_TOO_DEEPLY) from None
    except ValueError as exc:     # e.g. a number with more digits than Python converts
        raise FileDamage(msg("it is not valid JSON (it holds a value too large to read)")) from None
    if _depth_exceeds(value, MAX_JSON_DEPTH):
        raise FileDamage(NESTED_TOO_DEEPLY)
    return value


@dataclass(frozen=True)
class Guarded(Generic[T]):
    """What a guarded read gives: the checked value, or None with the message for the player."""

    value: T | None
    message: Message | None = None
    kept_as: Path | None = None
    left_in_place: bool = False     # a newer version's file, or one that cannot be opened: not moved


CHECK_FAILURES = (FileDamage, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                  OverflowError)


def read_guarded(path: Path, what: Message, check: Callable[[Any], T], consequence: Message | None = None) -> Guarded[T]:
    """Read `path` as JSON and `check` it (which raises on a wrong shape); on any damage set the file
    aside and say so in one message: "<what> (<file>) could not be read: <reason>. It was kept as …".
    `what` ("A saved game") and `consequence` ("Statistics start afresh.") are sentences for the player.

    A missing file is not damage: `Guarded(None)`.
    """
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return Guarded(None)
    try:
        return Guarded(check(read_json(path)))
    except CHECK_FAILURES as exc:
        reason = exc.reason if isinstance(exc, FileDamage) else _reason(exc)
        if not isinstance(exc, (FileDamage, RecursionError)):     # the developer's account, for the log
            logging.getLogger("olympus.files").info("%s: %s", path.name, str(exc)[:500])
        if getattr(exc, "leave_in_place", False):
            return Guarded(None, _with_consequence(msg(
                "{what} ({file}) could not be read: {reason}. It was left as it is.", what=what, file=path.name,
                reason=reason), consequence), left_in_place=True)
    try:
        moved = set_aside(path)
    except OSError as exc:
        return Guarded(None, _with_consequence(msg(
            "{what} ({file}) could not be read: {reason}. It could not be moved aside either ({problem}); it "
            "was left as it is.", what=what, file=path.name, reason=reason, problem=os_reason(exc)),
            consequence))
    return Guarded(None, _with_consequence(msg("{what} ({file}) could not be read: {reason}. It was kept as {kept}.",
                                               what=what, file=path.name, reason=reason, kept=moved.name),
                                           consequence), moved)


def _reason(exc: BaseException) -> str:
    """Why a check refused a file: its own sentence when it wrote one, else a plain sentence for the player
    (the check's English account goes to the log, where a developer reads it)."""
    if isinstance(exc, RecursionError):
        return NESTED_TOO_DEEPLY
    if exc.args and isinstance(exc.args[0], Message):
        return exc.args[0]
    return msg("its contents are not in the form the program expects")


def _with_consequence(message: Message, consequence: Message | None) -> Message:
    return msg("{message} {consequence}", message=message, consequence=consequence) if consequence else message
