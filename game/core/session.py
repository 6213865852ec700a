"""A game being played at the table: its state, who sits where, and an autosave after every action.

The autosave is the game record itself (rules/records.md), written atomically, so after a crash or
a kill the program can offer to resume exactly where it stopped. A finished game's record moves to
the records folder and is counted in the statistics (kept beside the records folder: `statistics.json`
in the data folder). A new game never silently replaces an unfinished one: an unfinished autosave it
would overwrite is moved into the saves first (`saves/` beside the autosave).

A write that fails (a full disk, a folder gone read-only) never stops the game: the player is told at
once, in words, and the session tries again after every move and every few seconds (`tick`) until it
works, then says so. A finished game whose record could not be kept stays in memory and is kept at the
first try that works; the autosave is not removed before that. Keeping a record trims the records
folder to the player's limit (`records_kept`) there and then. If the program must stop while that still
fails, the finished record is written to the first of a few other folders that takes it (`keep_elsewhere`,
`unkept_folders`: the config and log folders, then the system's temporary folder, often another disk) and
kept from there at the next start (`keep_unkept_records`).
"""
from __future__ import annotations

import getpass
import logging
import tempfile
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.catalog import game_title
from game.core.actions import Action
from game.core.engine import Game, SeatInfo, State
from game.core.errors import RecordError
from game.core.events import Event
from game.core.messages import Message, msg, msg_n
from game.core.records import read_record, record_to_text, replay
from game.core.replays import prune_records
from game.core.saves import KEPT_NAME, keep_unfinished_autosave, read_game_file
from game.core.statistics import record_finished_game
from game.core.userfiles import FileDamage, UserDirs, atomic_write_text, os_reason, read_regular_bytes

log = logging.getLogger("olympus.session")

RETRY_SECONDS = 2.0     # while a save fails, how often it is tried again without a move
REMIND_SECONDS = 60.0   # while a save still fails, how often the player is told again


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
        self.messages: list[Message] = []          # what the player should be told (a statistics file set aside)
        self.records_kept: int | None = None       # the records folder's limit (the setting); None: no trimming
        self.save_failing: Message | None = None   # why the last autosave failed (None: it is up to date)
        self.keep_failing: Message | None = None   # why the finished game could not be kept yet
        self.kept_elsewhere: Path | None = None    # where the finished game was written when its folder was full
        self._retry_in = RETRY_SECONDS
        self._remind_in = REMIND_SECONDS

    @classmethod
    def new(cls, game: Game, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None, seed: int,
            autosave_path: Path | None = None, records_dir: Path | None = None,
            kept_name: str = KEPT_NAME) -> "GameSession":
        """A new game; an unfinished one it replaces is kept in the saves as `kept_name` ({name}: the
        game and the time)."""
        game.check_player_count(len(seats))
        state = game.new_state(seats, game.normalize_options(options), seed)
        session = cls(game, state, autosave_path, records_dir)
        if session.autosave_path is not None:
            session.kept_unfinished = keep_unfinished_autosave(
                session.autosave_path, session.autosave_path.parent / "saves", _title_of(session.autosave_path),
                kept_name)
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

    def undo(self, seat: int) -> Message | None:
        """Take back `seat`'s last move when game/core/undo.py allows it: the state is rebuilt from the
        record without that move and autosaved, so the move leaves no trace. Returns None when done, else
        the reason it is refused (nothing changed). A finished game is never undone, so statistics and
        the records folder never see an undo."""
        from game.core.undo import state_before_last

        try:
            before = state_before_last(self.game, self.state, seat)
        except ValueError as exc:
            return exc.args[0]
        self.state = before
        self.save()
        return None

    def save(self) -> None:
        """Write the autosave; a failure is told once (and logged), and the next move or `tick` tries again."""
        if self.autosave_path is None:
            return
        try:
            atomic_write_text(self.autosave_path, record_to_text(self.state.record()))
        except OSError as exc:
            self.save_failing = self._told(self.save_failing, exc, msg(
                "Your game could not be saved ({reason}). The program keeps trying; free some space or check "
                "the folder.", reason=os_reason(exc)))
            return
        if self.save_failing is not None:
            self.save_failing = None
            log.info("autosave works again")
            self.messages.append(msg("Your game is being saved again."))

    def _told(self, failing: Message | None, exc: OSError, message: Message) -> Message:
        """A write failed: the first failure of a run of them is logged and told; later ones only keep it."""
        if failing is not None:
            return failing
        log.error("%s (%s)", message, exc)
        self.messages.append(message)
        return message

    @property
    def pending(self) -> bool:
        """Something still waits to be written: the autosave, or the finished game's record."""
        return self.save_failing is not None or self.keep_failing is not None

    def tick(self, dt: float) -> None:
        """Called every frame by the program: while a write is pending, try it again every few seconds."""
        if not self.pending:
            self._remind_in = REMIND_SECONDS
            return
        self._retry_in -= dt
        if self._retry_in <= 0:
            self._retry_in = RETRY_SECONDS
            self.retry()
        self._remind_in -= dt
        if self._remind_in <= 0 and self.pending:     # still failing: say it again, the first toast is long gone
            self._remind_in = REMIND_SECONDS
            self.messages.append(self.keep_failing or self.save_failing)

    def retry(self) -> None:
        """Try the pending writes again now (also at quit)."""
        if self.save_failing is not None and not self.state.finished:
            self.save()
        if self.state.finished and self.pending:
            if self.save_failing is not None:
                self.save()
            self._archive()

    @property
    def finished_unkept(self) -> bool:
        """The game is over and its record is not in the records folder yet (the writes fail)."""
        return self.state.finished and self.keep_failing is not None

    def keep_elsewhere(self, folders: Sequence[Path]) -> Path | None:
        """The program must stop while the finished game cannot be kept: write its record into the first
        of `folders` that takes it (once), for `keep_unkept_records` at the next start. Returns where it
        went; None if no folder took it (it is then only in memory)."""
        if not self.finished_unkept:
            return None
        if self.kept_elsewhere is None:
            self.kept_elsewhere = write_record_elsewhere(self.state.record(), folders)
        return self.kept_elsewhere

    def save_as(self, path: Path) -> None:
        atomic_write_text(path, record_to_text(self.state.record()))

    def _archive(self) -> None:
        """Keep the finished record, count it, then remove the autosave — in that order, each step safe to
        repeat, so a kill anywhere in between is finished by `finish_archiving` at the next start. A write
        that fails leaves the autosave in place and is tried again (`retry`)."""
        if self.finished_record_path is None:
            try:
                self.finished_record_path, messages = keep_finished_record(
                    self.state.record(), self.records_dir, self.statistics_path, self.records_kept)
            except OSError as exc:
                self.keep_failing = self._told(self.keep_failing, exc, msg(
                    "The finished game could not be kept yet ({reason}). The program keeps trying; do not quit "
                    "until it says it was kept.", reason=os_reason(exc)))
                return
            for message in messages:
                log.warning(message)
            self.messages.extend(messages)
            if self.keep_failing is not None:
                self.keep_failing = None
                self.messages.append(msg("The finished game was kept after all."))
        if self.autosave_path is not None and self.autosave_path.exists():
            try:
                self.autosave_path.unlink()
            except OSError as exc:      # the next start finishes the job (finish_archiving)
                log.warning("the finished game's autosave was not removed: %s", exc)


def keep_finished_record(record: Mapping[str, Any], records_dir: Path | None,
                         statistics_path: Path | None, keep: int | None = None) -> tuple[Path | None, list[Message]]:
    """Write a finished record into the records folder (unless the same record is already there), trim the
    folder to the newest `keep` finished records (when given), and count the game in the statistics
    (which count a game once). Returns the record's path and messages for the player."""
    path: Path | None = None
    messages = []
    if records_dir is not None:
        text = record_to_text(record)
        path = _already_kept(records_dir, record, text)
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = records_dir / f"{record['game']}-{stamp}-{record['seed']}.json"
            atomic_write_text(path, text)
        if keep is not None:
            messages.extend(prune_records(records_dir, keep).messages)
    if statistics_path is not None:
        message = record_finished_game(statistics_path, record)
        if message:
            messages.append(message)
    return path, messages


def _already_kept(records_dir: Path, record: Mapping[str, Any], text: str) -> Path | None:
    """The file in the records folder holding exactly this record, if any (only same-seed names are read)."""
    if not records_dir.is_dir():
        return None
    wanted = text.encode("utf-8")
    for candidate in sorted(records_dir.glob(f"{record['game']}-*-{record['seed']}.json")):
        try:
            if read_regular_bytes(candidate, len(wanted)) == wanted:
                return candidate
        except (OSError, FileDamage):
            continue
    return None


def finish_archiving(autosave: Path, records_dir: Path | None, statistics_path: Path | None) -> list[Message]:
    """At start-up: an autosave holding a finished game means the program stopped while keeping it (after
    the last action, before the autosave was removed). Finish the job — keep the record and count it if
    that had not happened yet — and remove the autosave. Returns messages for the player; an unreadable
    autosave is left to the guarded reader."""
    autosave = Path(autosave)
    if not autosave.is_file():
        return []
    try:
        record = read_record(autosave)
    except RecordError:
        return []
    if not record.get("finished"):
        return []
    if statistics_path is None and records_dir is not None:
        statistics_path = Path(records_dir).parent / "statistics.json"
    _, messages = keep_finished_record(record, Path(records_dir) if records_dir else None, statistics_path)
    autosave.unlink()
    log.info("finished keeping the last game (%s), which had been interrupted", record["game"])
    return messages


UNKEPT_FOLDER = "unkept"


def unkept_folders(dirs: UserDirs) -> list[Path]:
    """Where a finished game goes when the data folder cannot take it at quit, in the order tried: beside
    the settings, beside the log, then the system's temporary folder (often another disk; one per user)."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError, ImportError):
        user = "player"
    temporary = Path(tempfile.gettempdir()) / f"olympus-table-{''.join(c for c in user if c.isalnum()) or 'player'}"
    return [dirs.config / UNKEPT_FOLDER, dirs.logs / UNKEPT_FOLDER, temporary / UNKEPT_FOLDER]


def keep_unkept_records(folders: Sequence[Path], records_dir: Path | None,
                        statistics_path: Path | None) -> list[Message]:
    """At start-up: finished games written elsewhere at the last quit (`GameSession.keep_elsewhere`) are
    kept in the records folder and counted (never twice), and their copies removed. A copy that cannot be
    read is left where it is (logged); a write that fails leaves the rest for the next start."""
    kept = 0
    messages: list[Message] = []
    for folder in folders:
        if not Path(folder).is_dir():
            continue
        for path in sorted(Path(folder).glob("*.json")):
            try:
                record = read_record(path)
            except RecordError as exc:
                log.warning("a finished game written at the last quit cannot be read (%s): %s", path, exc)
                continue
            if not record.get("finished"):
                continue
            try:
                _, found = keep_finished_record(record, records_dir, statistics_path)
                path.unlink()
            except OSError as exc:
                log.warning("the finished game in %s could not be kept yet: %s", path, exc)
                return messages
            messages.extend(found)
            kept += 1
            log.info("kept the finished game written to %s at the last quit", path)
    if kept:
        messages.append(msg_n("{count} finished game that could not be written last time is now in your records.",
                              "{count} finished games that could not be written last time are now in your records.",
                              kept))
    return messages


def _title_of(autosave: Path) -> str:
    """The title of the game in an autosave, for naming it when it is kept ("Game" if unreadable)."""
    try:
        return game_title(read_record(autosave)["game"])
    except RecordError:
        return "Game"


def peek_autosave(path: Path, games: Mapping[str, Game] | None = None) -> tuple[dict[str, Any] | None, Message | None]:
    """(record, message): the unfinished game to offer for resuming, or a message if it is damaged.

    Read through the guarded path: any damage sets the file aside (never deleted) and is reported.
    With `games` (the games loaded in this run) a record that does not replay, or is for a game this
    program does not know, is damage too.
    """
    loaded = read_game_file(path, msg("The last unfinished game"), games,
                            msg("Start a new game, or load one from the saves."), resumable=True)
    record = loaded.value
    if record is None or record.get("finished"):
        return None, loaded.message
    return record, None


def write_record_elsewhere(record: dict[str, Any], folders: Sequence[Path]) -> Path | None:
    """A finished record the records folder would not take, written into the first of `folders` that
    takes it, for `keep_unkept_records` at the next start; None if none did (it is only in memory)."""
    text = record_to_text(record)
    name = f"{record['game']}-{time.strftime('%Y%m%d-%H%M%S')}-{record.get('seed')}.json"
    for folder in folders:
        try:
            atomic_write_text(Path(folder) / name, text)
        except OSError as exc:
            log.warning("the finished game could not be written to %s either: %s", folder, exc)
            continue
        log.warning("the finished game was written to %s, to be kept at the next start", Path(folder) / name)
        return Path(folder) / name
    return None
