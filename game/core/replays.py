"""Replays: the kept records of finished games, and any position of a record rebuilt on demand.

Every finished game's record is written to the records folder by the session, which trims the folder
right then (and the title at start). `prune_records` keeps the newest N of them (the `records_kept`
setting): older ones are removed only when there are more than N, and only files that were read and
are finished records of ours are ever counted or removed. A damaged record is set aside like any
damaged file; an unfinished game's record, a newer version's record, a file that is not a record at
all (a player's notes), a save, the autosave, a set-aside file: all are left alone.

`ReplayTimeline` is the record as a list of moves. Position k (0 = the opening deal, `len(moves)` =
the end) is built by replaying the record's first k actions from its round setups; a copy of the
state (`clone()`) is cached every `CACHE_EVERY` moves, so stepping back costs at most that many
actions, whatever the record's length. A copy rather than a `position()`: it is exact in every field,
so the state shown after a jump is the very state reached by stepping (a Télos state rebuilt by
`from_position` and played into a new round lists its undealt cards in another order; no view,
action or record differs, but the replay's own check compares whole positions).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.core.actions import Action
from game.core.engine import Game, SeatInfo, State
from game.core.errors import IllegalAction, RecordError
from game.core.messages import Message
from game.core.records import check_shape, replay
from game.core.saves import A_KEPT_RECORD, game_files
from game.core.userfiles import read_guarded

RECORDS_KEPT_STEPS = (20, 50, 100, 200, 500, 1000)
CACHE_EVERY = 16


class Pruned(list):
    """The records `prune_records` removed (a list of paths), with `messages` for the damaged ones it set
    aside on the way."""

    messages: list[Message]

    def __init__(self, removed: list[Path] | None = None, messages: list[Message] | None = None) -> None:
        super().__init__(removed or [])
        self.messages = list(messages or [])


class _NotOurs(Exception):
    """A readable JSON file in the records folder that is not a finished record of ours: left alone."""


def _finished_record(value: object) -> dict:
    """The check a file must pass to be trimmed: a finished record in our format. Something that is not a
    record at all, or not finished, is not ours to remove (`_NotOurs`); a record of ours with a wrong
    shape is damage (RecordError, set aside by the guarded read)."""
    if not isinstance(value, dict) or not isinstance(value.get("format"), str) \
            or not value["format"].startswith("olympus-record/"):
        raise _NotOurs()
    check_shape(value)              # a newer format: NewerRecord, left in place; a wrong shape: damage
    if value["finished"] is not True:
        raise _NotOurs()
    return value


# Files already read and found finished records of ours, by (path, size, modification time in ns): a file
# unchanged since is not read again, so trimming as each game ends reads only the new record.
_judged_finished: dict[tuple[str, int, int], bool] = {}


def _identity(path: Path) -> tuple[str, int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (str(path), info.st_size, info.st_mtime_ns)


def prune_records(folder: Path, keep: int) -> Pruned:
    """Remove the oldest finished-game records in `folder` beyond the newest `keep`; returns the removed
    files (their `messages`: the damaged files set aside on the way). A file is removed only after it was
    read and found a finished record of ours; nothing is read while the folder holds no more than `keep`
    files."""
    files = game_files(folder)
    if len(files) <= keep:
        return Pruned()
    finished: list[tuple[int, str, Path, tuple[str, int, int]]] = []
    messages: list[Message] = []
    for path in files:
        identity = _identity(path)
        if identity is None:
            continue
        if identity not in _judged_finished:
            try:
                loaded = read_guarded(path, A_KEPT_RECORD, _finished_record)
            except _NotOurs:
                continue
            if loaded.message is not None and not loaded.left_in_place:   # a newer version's: not ours to judge
                messages.append(loaded.message)
            if loaded.value is None:
                continue
            if _identity(path) != identity:     # changed while it was read: judge it again next time
                continue
            _judged_finished[identity] = True
        finished.append((identity[2], path.name, path, identity))
    finished.sort()
    removed = []
    for _mtime, _name, path, identity in finished[:max(0, len(finished) - keep)]:
        if _identity(path) != identity:
            continue            # replaced since it was read: never removed unread
        try:
            os.unlink(path)
            _judged_finished.pop(identity, None)
            removed.append(path)
        except OSError:
            continue        # a file we cannot remove stays; the next pruning tries again
    return Pruned(removed, messages)


@dataclass(frozen=True)
class Move:
    """One recorded action with where it stands: its round, its place in the round, who made it."""

    round_index: int
    index_in_round: int
    seat: int
    text: str


class ReplayTimeline:
    """A record's moves in order, and the state at any move (RecordError if the record does not replay)."""

    def __init__(self, game: Game, record: Mapping[str, Any]) -> None:
        check_shape(record)
        if record["game"] != game.id:
            raise RecordError(f"the record is for game {record['game']!r}, not {game.id!r}")
        replay(game, record, verify=True)      # a record that does not replay is refused here, once
        self.game = game
        self.record = dict(record)
        self.moves: list[Move] = [Move(r, i, int(seat), str(text))
                                  for r, rnd in enumerate(record["rounds"])
                                  for i, (seat, text) in enumerate(rnd["actions"])]
        self.round_starts: list[int] = []
        count = 0
        for rnd in record["rounds"]:
            self.round_starts.append(count)
            count += len(rnd["actions"])
        self._cache: dict[int, State] = {}

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def rounds(self) -> int:
        return len(self.round_starts)

    def round_at(self, k: int) -> int:
        """The round shown at position k: the round of the next move (the last round at the end)."""
        if k >= self.length:
            return self.rounds - 1
        return self.moves[k].round_index

    def move_in_round(self, k: int) -> int:
        """How many moves of position k's round have been made."""
        return k - self.round_starts[self.round_at(k)]

    def round_start_before(self, k: int) -> int:
        """⏮: the start of position k's round, or of the round before when k is already at a start."""
        r = self.round_at(k)
        start = self.round_starts[r]
        return start if start < k else self.round_starts[max(0, r - 1)]

    def round_start_after(self, k: int) -> int:
        """⏭: the start of the next round, or the end when k is in the last round."""
        r = self.round_at(k)
        return self.round_starts[r + 1] if r + 1 < self.rounds else self.length

    def fresh_state(self) -> State:
        """The game before its first move, dealt from the record's setups."""
        record = self.record
        seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
        return self.game.new_state(seats, self.game.normalize_options(record["options"]), record["seed"],
                                   setups=[rnd["setup"] for rnd in record["rounds"]])

    def state_at(self, k: int) -> State:
        """The state after the first k moves (0 <= k <= length), from the nearest cached position."""
        k = max(0, min(self.length, k))
        start = max((c for c in self._cache if c <= k), default=None)
        state = self._cache[start].clone() if start is not None else self.fresh_state()
        done = start or 0
        while done < k:
            self.apply_move(state, done)
            done += 1
            if done % CACHE_EVERY == 0 and done not in self._cache:
                self._cache[done] = state.clone()
        return state

    def apply_move(self, state: State, k: int) -> list:
        """Apply move k to `state` (which must be at position k); its events."""
        move = self.moves[k]
        try:
            return state.apply(move.seat, Action.parse(move.text))
        except (IllegalAction, ValueError) as exc:
            raise RecordError(f"move {k + 1} [{move.seat}, {move.text!r}] does not replay: {exc}") from exc
