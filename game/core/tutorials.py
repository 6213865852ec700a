"""What the player has done with the "Learn to play" tutorials, kept between runs.

One small user file (`tutorials.json` in the config folder), read through the guarded path so a
damaged file is set aside and the player starts afresh, never stuck:

    {"zeus": {"step": 3, "finished": false, "offered": true}}

`step` is the step to start again from, `finished` that the player reached the end (the first-time
offer is then never made), `offered` that the offer was made once already (it is not repeated).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.messages import Message, msg
from game.core.userfiles import atomic_write_json, read_guarded

FILE_NAME = "tutorials.json"


@dataclass(frozen=True)
class TutorialProgress:
    step: int = 0
    finished: bool = False
    offered: bool = False


def _checked(value: Any) -> dict[str, TutorialProgress]:
    """The file's games, each with a whole step and two flags (ValueError: another shape)."""
    if not isinstance(value, dict):
        raise ValueError("tutorials file must hold an object")
    games: dict[str, TutorialProgress] = {}
    for game_id, entry in value.items():
        if not isinstance(entry, dict):
            raise ValueError(f"tutorial entry {game_id!r} must be an object")
        step = entry.get("step", 0)
        if type(step) is not int or step < 0:
            raise ValueError(f"tutorial {game_id!r}: step must be a whole number 0 or more")
        finished, offered = entry.get("finished", False), entry.get("offered", False)
        if type(finished) is not bool or type(offered) is not bool:
            raise ValueError(f"tutorial {game_id!r}: finished and offered must be true or false")
        games[str(game_id)] = TutorialProgress(step, finished, offered)
    return games


def read_progress(path: Path) -> tuple[dict[str, TutorialProgress], Message | None]:
    """Every game's progress, and a message for the player when the file had to be set aside."""
    guarded = read_guarded(path, msg("The tutorial progress"), _checked, msg("The tutorials start afresh."))
    return (guarded.value or {}), guarded.message


def progress_of(path: Path, game_id: str) -> TutorialProgress:
    return read_progress(path)[0].get(game_id, TutorialProgress())


def remember(path: Path, game_id: str, **changes: Any) -> TutorialProgress:
    """Change one game's progress (`step=`, `finished=`, `offered=`) and write the file atomically."""
    games, _message = read_progress(path)
    current = asdict(games.get(game_id, TutorialProgress()))
    current.update(changes)
    games[game_id] = _checked({game_id: current})[game_id]
    atomic_write_json(path, {gid: asdict(p) for gid, p in sorted(games.items())})
    return games[game_id]
