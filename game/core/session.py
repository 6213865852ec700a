"""A game being played at the table: its state, who sits where, and an autosave after every action.

The autosave is the game record itself (rules/records.md), written atomically, so after a crash or
a kill the program can offer to resume exactly where it stopped. A finished game's record moves to
the records folder and is counted in the statistics (kept beside the records folder: `statistics.json`
in the data folder). A new game never silently replaces an unfinished one: an unfinished autosave it
would overwrite is moved into the saves first (`saves/` beside the autosave).
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.catalog import game_title
from game.core.actions import Action
from game.core.engine import Game, SeatInfo, State
from game.core.errors import RecordError
from game.core.events import Event
from game.core.records import read_record, record_to_text, replay
from game.core.saves import keep_unfinished_autosave, read_game_file
from game.core.statistics import record_finished_game
from game.core.userfiles import atomic_write_text

log = logging.getLogger("olympus.session")


class GameSession:
    def __init__(self, game: Game, state: State, autosave_path: Path | None = None,
                 records_dir: Path | None = None, statistics_path: Path | None = None) -> None:
        self.game = game
        self.state = state
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.records_dir = Path(records_dir) if records_dir else None
        self.finished_record_path: Path | None = None
        # Statistics live beside the records folder unless told otherwise; no records, no statistics.
        if statistics_path is None and self.records_dir is not None:
            statistics_path = self.records_dir.parent / "statistics.json"
        self.statistics_path = Path(statistics_path) if statistics_path else None
        self.kept_unfinished: Path | None = None   # where an unfinished game this one replaced was kept
        self.messages: list[str] = []              # what the player should be told (a statistics file set aside)

    @classmethod
    def new(cls, game: Game, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None, seed: int,
            autosave_path: Path | None = None, records_dir: Path | None = None) -> "GameSession":
        game.check_player_count(len(seats))
        state = game.new_state(seats, game.normalize_options(options), seed)
        session = cls(game, state, autosave_path, records_dir)
        if session.autosave_path is not None:
            session.kept_unfinished = keep_unfinished_autosave(
                session.autosave_path, session.autosave_path.parent / "saves", _title_of(session.autosave_path))
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
            if self.statistics_path is not None:
                message = record_finished_game(self.statistics_path, self.state.record())
                if message:
                    log.warning(message)
                    self.messages.append(message)
        if self.autosave_path is not None and self.autosave_path.exists():
            self.autosave_path.unlink()


def _title_of(autosave: Path) -> str:
    """The title of the game in an autosave, for naming it when it is kept ("Game" if unreadable)."""
    try:
        return game_title(read_record(autosave)["game"])
    except RecordError:
        return "Game"


def peek_autosave(path: Path, games: Mapping[str, Game] | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """(record, message): the unfinished game to offer for resuming, or a message if it is damaged.

    Read through the guarded path: any damage sets the file aside (never deleted) and is reported.
    With `games` (the games loaded in this run) a record that does not replay, or is for a game this
    program does not know, is damage too.
    """
    loaded = read_game_file(path, "The last unfinished game", games,
                            "Start a new game, or load one from the saves.")
    record = loaded.value
    if record is None or record.get("finished"):
        return None, loaded.message
    return record, None
