"""Player settings: what they are, their defaults, and loading them without ever losing a file.

A damaged settings file gives the defaults and a message; the file is set aside, not overwritten.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.core.userfiles import atomic_write_json, set_aside

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")


@dataclass(frozen=True)
class Settings:
    animation_speed: str = "normal"      # one of ANIMATION_SPEEDS
    sound_volume: float = 0.7            # 0.0 .. 1.0
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    sneak_window_s: float = 1.5          # how long a Zeus sneak stays on offer to humans
    ai_delay_s: float = 0.7              # human-like pause before an AI move is shown
    player_name: str = "You"

    def validated(self) -> "Settings":
        """Clamp values into range so a hand-edited file cannot break the program."""
        return replace(
            self,
            animation_speed=self.animation_speed if self.animation_speed in ANIMATION_SPEEDS else "normal",
            sound_volume=min(1.0, max(0.0, float(self.sound_volume))),
            window_width=max(640, min(7680, int(self.window_width))),
            window_height=max(400, min(4320, int(self.window_height))),
            sneak_window_s=min(10.0, max(0.3, float(self.sneak_window_s))),
            ai_delay_s=min(5.0, max(0.0, float(self.ai_delay_s))),
            player_name=str(self.player_name)[:24] or "You",
        )

    @property
    def animation_factor(self) -> float:
        """Multiplier on animation durations (0 = instant)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}[self.animation_speed]


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    message: str | None = None   # what to tell the player, if the file was damaged


def load_settings(path: Path) -> LoadedSettings:
    path = Path(path)
    if not path.exists():
        return LoadedSettings(Settings())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        known = {f.name: f.type for f in fields(Settings)}
        defaults = asdict(Settings())
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                continue  # a setting from a newer version: ignore, keep the rest
            default = defaults[name]
            if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (type(default), int, float)):
                raise ValueError(f"'{name}' has the wrong kind of value")
            values[name] = type(default)(value)
        return LoadedSettings(Settings(**values).validated())
    except (OSError, ValueError, TypeError) as exc:
        moved = set_aside(path)
        return LoadedSettings(
            Settings(),
            f"Your settings file could not be read ({exc}); defaults are in use. "
            f"The old file was kept as {moved.name}.",
        )


def save_settings(path: Path, settings: Settings) -> None:
    atomic_write_json(path, asdict(settings.validated()))
