"""Files on the player's machine: where they live, written atomically, damaged ones set aside.

Settings go to the user config dir; saves, autosave, records and statistics to the user data dir;
logs to the user log dir (platformdirs). `OLYMPUS_HOME` moves all of them under one folder, which
tests and portable installs use.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "OlympusTable"


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
