"""Statistics: every finished game counted per game and per player name.

For each game and each human player's name: games, wins, losses, the sum, highest and lowest of the
final scores, the current and longest winning streaks, games and wins per AI level faced, and the most
recent results (for the chart). Whether a game's best score is its highest or its lowest is read from
the games themselves (the winners' totals against the others'), so no game's rule is repeated here.

The file carries a version. An older file is migrated on load (and written back in the new format at
the next save), never discarded; a damaged one is set aside by the guarded reader and counting starts
afresh beside it. A file from a newer version (or one that cannot be opened) is left in place untouched
and this version counts nothing while it is there: it never starts a second file over it.

Values are checked, not only shapes: counts are whole numbers in range and agree with each other
(wins + losses = games, a streak no longer than the games), names are short printable text, so a
hand-edited or corrupted file cannot garble the Statistics screen. Every update is a read-change-write
under a file lock (game/core/locking.py), so two copies of the program never lose a count.

Versions:
- 1: `{"version": 1, "players": {name: {game_id: {"games": n, "wins": n}}}}` — counts only.
- 2: `{"format": "olympus-statistics", "version": 2, "games": {game_id: {"lower_is_better": bool,
  "players": {name: PlayerStats}}}, "counted": [fingerprint, ...]}` — `counted` (optional, absent in
  older files) names the last games counted, so finishing an interrupted archiving never counts twice.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping

from game.core.locking import lock_for
from game.core.messages import Message, msg
from game.core.names import name_problem
from game.core.userfiles import FileDamage, Guarded, NewerFile, atomic_write_json, read_guarded

FORMAT = "olympus-statistics"
VERSION = 2
RECENT_KEPT = 20
COUNTED_KEPT = 50       # fingerprints of the last games counted, so a game is never counted twice
MAX_COUNT = 10**9       # more games than anyone plays: a larger count is damage
MAX_SCORE = 10**9       # a final score (or a sum of scores) beyond this is damage
MAX_GAMES = 1000        # game ids in one file
MAX_PLAYERS = 10_000    # player names per game


def record_fingerprint(record: Mapping[str, Any]) -> str:
    """A short digest of a record's content: the same finished game always gives the same fingerprint."""
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:20]


@dataclass
class LevelRecord:
    games: int = 0
    wins: int = 0


@dataclass
class Result:
    """One finished game as the chart shows it."""

    won: bool
    score: int
    when: float


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    losses: int = 0
    score_sum: int = 0
    high_score: int | None = None
    low_score: int | None = None
    streak: int = 0                 # wins in a row now (>0) or losses in a row now (<0)
    best_streak: int = 0            # the longest run of wins
    levels: dict[str, LevelRecord] = field(default_factory=dict)
    recent: list[Result] = field(default_factory=list)

    @property
    def average_score(self) -> float | None:
        return self.score_sum / self.games if self.games else None

    def best_score(self, lower_is_better: bool) -> int | None:
        return self.low_score if lower_is_better else self.high_score

    def add(self, won: bool, score: int, levels_faced: set[str], when: float) -> None:
        self.games += 1
        self.wins += won
        self.losses += not won
        self.score_sum += score
        self.high_score = score if self.high_score is None else max(self.high_score, score)
        self.low_score = score if self.low_score is None else min(self.low_score, score)
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.best_streak = max(self.best_streak, self.streak)
        for level in sorted(levels_faced):
            record = self.levels.setdefault(level, LevelRecord())
            record.games += 1
            record.wins += won
        self.recent = (self.recent + [Result(won, score, when)])[-RECENT_KEPT:]


@dataclass
class GameStats:
    lower_is_better: bool = False
    players: dict[str, PlayerStats] = field(default_factory=dict)


@dataclass
class Statistics:
    games: dict[str, GameStats] = field(default_factory=dict)
    # The last games counted (fingerprints): counting is finished again after a crash, never twice.
    counted: list[str] = field(default_factory=list)

    def player_names(self) -> list[str]:
        return sorted({name for g in self.games.values() for name in g.players}, key=str.casefold)

    def add_record(self, record: Mapping[str, Any], when: float | None = None) -> None:
        """Count a finished game's record for every human seat (an unfinished one is not counted)."""
        if not record.get("finished"):
            return
        self.counted = (self.counted + [record_fingerprint(record)])[-COUNTED_KEPT:]
        when = time.time() if when is None else when
        totals = list(record["totals"])
        winners = set(record["winners"])
        game = self.games.setdefault(record["game"], GameStats())
        direction = lower_is_better(totals, winners)
        if direction is not None:
            game.lower_is_better = direction
        levels = {seat["controller"].partition(":")[2] for seat in record["seats"]
                  if seat["controller"].startswith("ai:")}
        for seat, info in enumerate(record["seats"]):
            if info["controller"] != "human":
                continue
            player = game.players.setdefault(info["name"], PlayerStats())
            player.add(seat in winners, int(totals[seat]), levels, when)


def lower_is_better(totals: list[int], winners: set[int]) -> bool | None:
    """Whether this finished game was won with the lower totals (None: it does not tell, all equal)."""
    won = [totals[s] for s in winners]
    lost = [t for s, t in enumerate(totals) if s not in winners]
    if not won or not lost:
        return None
    if max(won) < min(lost) or (max(won) <= min(lost) and min(won) < max(lost)):
        return True
    if min(won) > max(lost) or (min(won) >= max(lost) and max(won) > min(lost)):
        return False
    return None


# ----- the file -------------------------------------------------------------------------------------------
def _int(value: Any, where: str, low: int = -MAX_SCORE, high: int = MAX_SCORE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FileDamage(msg("'{key}' must be a whole number, found {value}", key=where, value=repr(value)[:40]))
    if not low <= value <= high:
        raise FileDamage(msg("'{key}' must be from {low} to {high}, found {value}", key=where, low=low, high=high,
                             value=repr(value)[:40]))
    return value


def _count(value: Any, where: str) -> int:
    return _int(value, where, 0, MAX_COUNT)


def _optional_int(value: Any, where: str) -> int | None:
    return None if value is None else _int(value, where)


def _name(value: Any, where: str) -> str:
    """A player's name or a game id as a key: short printable text (else damage)."""
    problem = name_problem(str(value))
    if problem is not None:
        raise FileDamage(msg("'{key}' holds a name that cannot be shown: {problem}", key=where[:80], problem=problem))
    return str(value)


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FileDamage(msg("'{key}' must be an object", key=where))
    return value


def _player_from_json(data: Any, where: str) -> PlayerStats:
    data = _object(data, where)
    levels = {_name(level, f"{where}.levels"): LevelRecord(
                  _count(_object(v, f"{where}.levels.{level}").get("games"), f"{where}.levels.{level}.games"),
                  _count(v.get("wins"), f"{where}.levels.{level}.wins"))
              for level, v in _object(data.get("levels", {}), f"{where}.levels").items()}
    recent_raw = data.get("recent", [])
    if not isinstance(recent_raw, list):
        raise FileDamage(msg("'{key}' must be a list", key=f"{where}.recent"))
    recent = []
    for i, entry in enumerate(recent_raw):
        entry = _object(entry, f"{where}.recent[{i}]")
        when = entry.get("when")
        if not isinstance(entry.get("won"), bool) or isinstance(when, bool) or not isinstance(when, (int, float)) \
                or not 0 <= when < 10**11:
            raise FileDamage(msg("'{key}' must say whether it was won and when", key=f"{where}.recent[{i}]"))
        recent.append(Result(entry["won"], _int(entry.get("score"), f"{where}.recent[{i}].score"), float(when)))
    player = PlayerStats(
        games=_count(data.get("games"), f"{where}.games"), wins=_count(data.get("wins"), f"{where}.wins"),
        losses=_count(data.get("losses"), f"{where}.losses"),
        score_sum=_int(data.get("score_sum"), f"{where}.score_sum", -MAX_SCORE * MAX_COUNT, MAX_SCORE * MAX_COUNT),
        high_score=_optional_int(data.get("high_score"), f"{where}.high_score"),
        low_score=_optional_int(data.get("low_score"), f"{where}.low_score"),
        streak=_int(data.get("streak"), f"{where}.streak", -MAX_COUNT, MAX_COUNT),
        best_streak=_count(data.get("best_streak"), f"{where}.best_streak"),
        levels=levels, recent=recent[-RECENT_KEPT:],
    )
    _check_agrees(player, where)
    return player


def _check_agrees(player: PlayerStats, where: str) -> None:
    """The counts of one player must tell one story (a file edited by hand often does not)."""
    problems = []
    if player.wins + player.losses != player.games:
        problems.append(msg("the wins and losses must add up to the games"))
    if abs(player.streak) > player.games or player.best_streak > player.wins:
        problems.append(msg("a streak cannot be longer than the games or wins"))
    if player.streak > 0 and player.best_streak < player.streak:
        problems.append(msg("the best streak cannot be shorter than the current one"))
    if any(level.wins > level.games or level.games > player.games for level in player.levels.values()):
        problems.append(msg("the games and wins per level cannot be more than the games"))
    if len(player.recent) > player.games:
        problems.append(msg("there are more recent results than games"))
    if player.high_score is not None and player.low_score is not None and player.low_score > player.high_score:
        problems.append(msg("the lowest score is higher than the highest"))
    if problems:
        raise FileDamage(msg("'{key}' does not add up: {rule}", key=where[:80], rule=problems[0]))


def _migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 counted games and wins only: keep those counts, everything else starts empty."""
    games: dict[str, Any] = {}
    for name, per_game in _object(data.get("players"), "players").items():
        for game_id, counts in _object(per_game, f"players.{name}").items():
            counts = _object(counts, f"players.{name}.{game_id}")
            played = _int(counts.get("games"), f"players.{name}.{game_id}.games")
            wins = _int(counts.get("wins"), f"players.{name}.{game_id}.wins")
            if not 0 <= wins <= played:
                raise FileDamage(msg("'{key}' has more wins than games", key=f"players.{name}.{game_id}"))
            games.setdefault(game_id, {"lower_is_better": False, "players": {}})["players"][name] = {
                "games": played, "wins": wins, "losses": played - wins, "score_sum": 0, "high_score": None,
                "low_score": None, "streak": 0, "best_streak": 0, "levels": {}, "recent": []}
    return {"format": FORMAT, "version": 2, "games": games}


MIGRATIONS = {1: _migrate_v1}   # version -> the function that lifts a file of that version by one


def statistics_from_json(data: Any) -> Statistics:
    """A statistics file's contents, migrated to the current version (FileDamage says what is wrong)."""
    data = _object(data, "the file")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise FileDamage(msg("'{key}' must be a whole number from 1, found {value}", key="version",
                             value=repr(version)))
    if version > VERSION:
        raise NewerFile(msg("it was written by a newer version of Olympus Table (statistics version {version}; "
                             "this version reads up to {newest})", version=version, newest=VERSION))
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    if data.get("format") != FORMAT:
        raise FileDamage(msg("'{key}' must be {value}", key="format", value=repr(FORMAT)))
    stats = Statistics()
    games = _object(data.get("games"), "games")
    if len(games) > MAX_GAMES:
        raise FileDamage(msg("'{key}' holds far too many entries ({count})", key="games", count=len(games)))
    for game_id, game in games.items():
        game_id = _name(game_id, "games")
        game = _object(game, f"games.{game_id}")
        if not isinstance(game.get("lower_is_better"), bool):
            raise FileDamage(msg("'{key}' must be true or false", key=f"games.{game_id}.lower_is_better"))
        raw_players = _object(game.get("players"), f"games.{game_id}.players")
        if len(raw_players) > MAX_PLAYERS:
            raise FileDamage(msg("'{key}' holds far too many entries ({count})", key=f"games.{game_id}.players",
                                 count=len(raw_players)))
        players = {_name(name, f"games.{game_id}.players"): _player_from_json(p, f"games.{game_id}.players.{name}")
                   for name, p in raw_players.items()}
        stats.games[game_id] = GameStats(game["lower_is_better"], players)
    counted = data.get("counted", [])
    if not isinstance(counted, list) or not all(isinstance(c, str) for c in counted):
        raise FileDamage(msg("'{key}' must be a list of game fingerprints", key="counted"))
    stats.counted = counted[-COUNTED_KEPT:]
    return stats


def statistics_to_json(stats: Statistics) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION,
            "games": {game_id: asdict(game) for game_id, game in stats.games.items()},
            "counted": list(stats.counted)}


STARTS_AFRESH = msg("Statistics start afresh; the old file is untouched.")
COUNTS_NOTHING = msg("This version counts no games while that file is there.")


def load_statistics(path: Path) -> Guarded[Statistics]:
    """The statistics (empty when there is no file yet), or empty ones and a message when the file is
    damaged (set aside, never overwritten) or from a newer version or unopenable (left in place, and
    `left_in_place` tells the caller to write nothing over it)."""
    loaded = read_guarded(path, msg("The statistics file"), statistics_from_json)
    if loaded.value is None:
        if loaded.message is None:
            return Guarded(Statistics())
        consequence = COUNTS_NOTHING if loaded.left_in_place else STARTS_AFRESH
        return Guarded(Statistics(), msg("{message} {consequence}", message=loaded.message, consequence=consequence),
                       loaded.kept_as, loaded.left_in_place)
    return loaded


def save_statistics(path: Path, stats: Statistics) -> None:
    atomic_write_json(path, statistics_to_json(stats))


def record_finished_game(path: Path, record: Mapping[str, Any]) -> Message | None:
    """Add a finished game to the statistics file (once: a game already counted is not counted again);
    returns a message when the old file had to be set aside, or could not be counted into (a newer
    version's file: the game is not counted and the file is not touched). The read-change-write holds
    the file's lock, so a second copy of the program counting at the same moment loses nothing."""
    with lock_for(path):
        loaded = load_statistics(path)
        if loaded.left_in_place:
            return loaded.message
        stats = loaded.value if loaded.value is not None else Statistics()
        if record_fingerprint(record) in stats.counted:
            return loaded.message
        stats.add_record(record)
        save_statistics(path, stats)
        return loaded.message
