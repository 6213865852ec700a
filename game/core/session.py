"""A game being played at the table: its state, who sits where, and an autosave after every action.

The autosave is the game record itself (rules/records.md), written atomically, so after a crash or
a kill the program can offer to resume exactly where it stopped. A finished game's record moves to
the records folder.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import Game, SeatInfo, State
from game.core.errors import RecordError
from game.core.events import Event
from game.core.records import read_record, record_to_text, replay
from game.core.userfiles import atomic_write_text, set_aside


class GameSession:
    def __init__(self, game: Game, state: State, autosave_path: Path | None = None,
                 records_dir: Path | None = None) -> None:
        self.game = game
        self.state = state
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.records_dir = Path(records_dir) if records_dir else None
        self.finished_record_path: Path | None = None

    @classmethod
    def new(cls, game: Game, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None, seed: int,
            autosave_path: Path | None = None, records_dir: Path | None = None) -> "GameSession":
        game.check_player_count(len(seats))
        state = game.new_state(seats, game.normalize_options(options), seed)
        session = cls(game, state, autosave_path, records_dir)
        session.save()
        return session

    @classmethod
    def resume(cls, game: Game, record_path: Path, autosave_path: Path | None = None,
               records_dir: Path | None = None) -> "GameSession":
        """Rebuild a game from a saved record (RecordError if it is damaged or does not replay)."""
        record = read_record(record_path)
        state = replay(game, record, verify=False)
        return cls(game, state, autosave_path, records_dir)

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.state.seats

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.state.seats) if s.is_human)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Apply through the engine (IllegalAction leaves everything unchanged), then autosave."""
        events = self.state.apply(seat, action)
        self.save()
        if self.state.finished:
            self._archive()
        return events

    def save(self) -> None:
        if self.autosave_path is not None:
            atomic_write_text(self.autosave_path, record_to_text(self.state.record()))

    def save_as(self, path: Path) -> None:
        atomic_write_text(path, record_to_text(self.state.record()))

    def _archive(self) -> None:
        if self.records_dir is not None and self.finished_record_path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.finished_record_path = self.records_dir / f"{self.game.id}-{stamp}-{self.state.seed}.json"
            self.save_as(self.finished_record_path)
        if self.autosave_path is not None and self.autosave_path.exists():
            self.autosave_path.unlink()


def peek_autosave(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(record, message): the unfinished game to offer for resuming, or a message if it is damaged.

    A damaged autosave is set aside (never deleted) and reported.
    """
    if not path.exists():
        return None, None
    try:
        record = read_record(path)
    except RecordError as exc:
        moved = set_aside(path)
        return None, f"The last unfinished game could not be read ({exc}); it was kept as {moved.name}."
    if record.get("finished"):
        return None, None
    return record, None
