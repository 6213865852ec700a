"""Game records (rules/records.md): read, check and replay them.

One format serves saves, autosave, replays, bug reports and self-play. Replaying a record feeds its
round setups to a new state in place of the seeded deals, then carries out every action in order.
Resume, loading a save, the replay viewer and Review all start here, and nobody watches the replay
itself, so actions go through the lean path (`State.advance`: the same checks and rule code, no
events): an entry whose text is one the state lists for that seat is taken as listed (legal by being
listed), any other is parsed and checked as `apply` checks it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from game.core.actions import Action
from game.core.engine import CHANCE, RoundLog, SeatInfo, State
from game.core.errors import IllegalAction, NewerRecord, RecordError
from game.core.messages import Message, msg
from game.core.names import name_problem
from game.core.userfiles import FileDamage, read_json

if TYPE_CHECKING:
    from game.core.engine import Game

FORMAT = "olympus-record/1"
# The longest action text a record may hold: the longest real one (a reshuffle naming a whole draw pile)
# is a few hundred characters; far longer is damage, refused before any text is measured or drawn.
MAX_ACTION_CHARS = 4000
MAX_CONTROLLER_CHARS = 64
# What a record's key must hold, in words ("'seed' must be a whole number").
KIND_WORDS = {str: msg("a text"), int: msg("a whole number"), list: msg("a list"), dict: msg("a JSON object"),
              bool: msg("true or false")}


def read_record(path: Path) -> dict[str, Any]:
    """Load a record file; any damage (unreadable, not UTF-8, not JSON, too deep, too large, wrong
    shape) raises RecordError naming the file and the problem."""
    try:
        record = read_json(path)
    except FileDamage as exc:
        kind = NewerRecord if exc.leave_in_place else RecordError
        raise kind(msg("{where}: {reason}", where=str(path), reason=exc.reason)) from None
    check_shape(record, str(path))
    return record


def record_to_text(record: Mapping[str, Any]) -> str:
    """The canonical text of a record: same game, same bytes."""
    return json.dumps(record, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def check_shape(record: Any, where: str = "record") -> None:
    """Check the keys and types of rules/records.md before anything is replayed. The reasons are
    Messages a player may read in their language; key names and values stay as the file writes them."""
    if not isinstance(record, dict):
        raise RecordError(msg("{where}: expected a JSON object", where=where))
    found = record.get("format")
    if isinstance(found, str) and found.startswith("olympus-record/") and found != FORMAT:
        version = found.rpartition("/")[2]
        if version.isdigit() and int(version) > int(FORMAT.rpartition("/")[2]):
            raise NewerRecord(msg("{where}: it was written by a newer version of Olympus Table (format {found}); "
                                  "this version reads {format}", where=where, found=repr(found), format=repr(FORMAT)))
    if found != FORMAT:
        raise RecordError(msg("{where}: 'format' must be {format}, found {found}", where=where, format=repr(FORMAT),
                              found=repr(record.get("format"))))
    expected = {"game": str, "seats": list, "options": dict, "seed": int, "rounds": list,
                "totals": list, "winners": list, "finished": bool}
    for key, kind in expected.items():
        if not isinstance(record.get(key), kind):
            raise RecordError(msg("{where}: '{key}' must be {kind}, found {found}", where=where, key=key,
                                  kind=KIND_WORDS[kind], found=repr(record.get(key))))
    for i, seat in enumerate(record["seats"]):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str) or not isinstance(seat.get("controller"), str):
            raise RecordError(msg("{where}: {item} must have a text 'name' and 'controller'", where=where,
                                  item=f"seats[{i}]"))
        problem = name_problem(seat["name"])
        if problem is not None:
            raise RecordError(msg("{where}: {item}: {reason}", where=where, item=f"seats[{i}].name", reason=problem))
        if len(seat["controller"]) > MAX_CONTROLLER_CHARS or not seat["controller"].isprintable():
            raise RecordError(msg("{where}: {item} is not a seat's controller", where=where,
                                  item=f"seats[{i}].controller"))
    for r, rnd in enumerate(record["rounds"]):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("setup"), dict) or not isinstance(rnd.get("actions"), list):
            raise RecordError(msg("{where}: {item} must have a 'setup' object and an 'actions' list", where=where,
                                  item=f"rounds[{r}]"))
        for a, entry in enumerate(rnd["actions"]):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and isinstance(entry[1], str)):
                raise RecordError(msg("{where}: {item} must be [seat, \"action\"], found {found}", where=where,
                                      item=f"rounds[{r}].actions[{a}]", found=_short(repr(entry))))
            if len(entry[1]) > MAX_ACTION_CHARS:
                raise RecordError(msg("{where}: {item} is far too long ({count} characters)", where=where,
                                      item=f"rounds[{r}].actions[{a}]", count=len(entry[1])))


def _short(text: str, limit: int = 200) -> str:
    """A value quoted in a message, cut so a huge one cannot flood the screen or the log."""
    return text if len(text) <= limit else text[:limit] + "…"


def _detail(exc: BaseException, plain: Message) -> tuple[Message, str | None]:
    """Why a setup or an action failed: the engine's own sentence when it wrote one; else `plain`, in the
    player's words, and the engine's English account for developers (the RecordError's `detail`)."""
    if exc.args and isinstance(exc.args[0], Message):
        return exc.args[0], None
    return plain, f"{type(exc).__name__}: {exc}"


def _parses(text: str) -> bool:
    """Whether a record entry's text is an action at all (so a failure after it lies elsewhere)."""
    try:
        Action.parse(text)
    except (ValueError, KeyError, TypeError, IndexError):
        return False
    return True


def replay_action(state: State, seat: int, text: str, known: dict[str, Action]) -> None:
    """Carry out one record entry through `advance`: the action the state lists for that seat with this
    text, taken as listed (legal by being listed); else the text parsed and checked (IllegalAction, state
    unchanged). `known` keeps the listed actions met so far by their text: the engines share their
    action values, so the same text is nearly always the very object listed again, and asking the
    state whether it is listed is quicker than listing again. A game that says so
    (`State.REPLAY_WITHOUT_LISTING`) gets a known action as it is: `advance` takes it if listed, else
    checks it. Either way every entry is judged by the rules before it is carried out."""
    action = known.get(text)
    if action is None or not (state.REPLAY_WITHOUT_LISTING or state._is_listed(seat, action)):
        if type(seat) is int and CHANCE <= seat < len(state.seats) and state.lists_all_actions(seat):
            for listed in state.legal_actions(seat):
                known[listed.text] = listed
            action = known.get(text)
        if action is None:
            action = Action.parse(text)
    state.advance(seat, action)


class EntryFailed(Exception):
    """Entry `index` of a round's list failed (the cause is the engine's exception): raised by
    `replay_entries` and a game's own `replay_entries`, so the replay names the entry's place."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


REPLAY_FAILURES = (IllegalAction, ValueError, KeyError, TypeError, IndexError)


def replay_entries(state: State, entries: list, known: dict[str, Action]) -> None:
    """Carry out a round's entries in order (`replay_action` each); EntryFailed(index) from the engine's
    exception when one fails. A game may carry out a round's entries itself (`State.replay_entries`, the
    same as this, held to it by tests/core/test_perf_replay.py): one call per round, not three per entry."""
    a = 0
    try:
        for a, (seat, text) in enumerate(entries):
            replay_action(state, seat, text, known)
    except REPLAY_FAILURES as exc:
        raise EntryFailed(a) from exc


def replay(game: "Game", record: Mapping[str, Any], *, verify: bool = True) -> State:
    """Rebuild the state a record describes, resuming at its last action.

    With `verify`, also check that the replay reaches the recorded round scores, totals, winners and
    end; any difference raises RecordError saying where.
    """
    check_shape(record)
    if record["game"] != game.id:
        raise RecordError(msg("record is for game {found}, not {game}", found=repr(record["game"]), game=repr(game.id)))
    seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
    try:
        options = game.normalize_options(record["options"])
    except ValueError as exc:
        raise RecordError(msg("record options: {reason}", reason=exc.args[0] if exc.args else str(exc))) from exc
    setups = [rnd["setup"] for rnd in record["rounds"]]
    try:
        state = game.new_state(seats, options, record["seed"], setups=setups)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        reason, detail = _detail(exc, msg("it is not a deal this game can start from"))
        raise RecordError(msg("{item} cannot start the game: {reason}", item="rounds[0].setup", reason=reason),
                          detail) from exc
    known: dict[str, Action] = {}
    for r, rnd in enumerate(record["rounds"]):
        if state.round_index != r:
            raise RecordError(msg("{item}: the replay is in round {round} here", item=f"rounds[{r}]",
                                  round=state.round_index))
        last = len(rnd["actions"]) - 1
        carry_out = getattr(state, "replay_entries", None)
        try:
            if carry_out is not None:
                carry_out(rnd["actions"], known)
            else:
                replay_entries(state, rnd["actions"], known)
        except EntryFailed as failed:
            a, exc = failed.index, failed.__cause__
            seat, text = rnd["actions"][a]
            place = f"rounds[{r}].actions[{a}]"
            if isinstance(exc, IllegalAction):
                raise RecordError(msg("{item} {action} is not legal: {reason}", item=place,
                                      action=f"[{seat}, {text!r}]", reason=exc.reason)) from exc
            if a == last and r + 1 < len(record["rounds"]) and _parses(text):
                # A legal last action ends the round and starts the next from its recorded setup:
                # what failed is that setup, so the record's place is the setup.
                reason, detail = _detail(exc, msg("it is not a deal this game can start from"))
                raise RecordError(msg("{item} cannot start its round: {reason}", item=f"rounds[{r + 1}].setup",
                                      reason=reason), detail) from exc
            reason, detail = _detail(exc, msg("it is not an action of this game"))
            raise RecordError(msg("{item} {action} cannot be applied: {reason}", item=place,
                                  action=f"[{seat}, {text!r}]", reason=reason), detail) from exc
        if verify and rnd.get("score") is not None and state.rounds[r].score != rnd["score"]:
            raise RecordError(msg("{item}: replay scores {replayed}, record says {recorded}", item=f"rounds[{r}]",
                                  replayed=str(state.rounds[r].score), recorded=str(rnd["score"])))
    if verify:
        if len(state.rounds) != len(record["rounds"]) and not (
            len(state.rounds) == len(record["rounds"]) + 1 and not state.rounds[-1].actions
        ):
            raise RecordError(msg("record has {recorded} rounds; the replay has {replayed}",
                                  recorded=len(record["rounds"]), replayed=len(state.rounds)))
        if list(state.totals) != list(record["totals"]):
            raise RecordError(msg("replay totals {replayed}, record says {recorded}", replayed=str(state.totals),
                                  recorded=str(record["totals"])))
        if list(state.winners) != list(record["winners"]) or state.finished != record["finished"]:
            raise RecordError(msg("replay ends {replayed}, record says {recorded}",
                                  replayed=f"finished={state.finished} winners={list(state.winners)}",
                                  recorded=f"finished={record['finished']} winners={record['winners']}"))
    return state


POSITION_KEYS = ("game", "seats", "options", "seed", "rounds", "totals", "winners", "finished", "now")


@dataclass
class PositionParts:
    """A position's shared part, checked: what every game's `from_position` starts from."""

    seats: list[SeatInfo]
    options: dict[str, Any]
    seed: int
    rounds: list[RoundLog]
    totals: list[int]
    winners: list[int]
    finished: bool
    now: dict[str, Any]


def read_position(game: "Game", position: Mapping[str, Any]) -> PositionParts:
    """Check a position's shared keys the way a record's are checked (ValueError naming the problem);
    the game checks `now` itself."""
    if not isinstance(position, Mapping):
        raise ValueError("a position must be a JSON object")
    if sorted(position) != sorted(POSITION_KEYS):
        raise ValueError(f"a position has exactly the keys {', '.join(POSITION_KEYS)}; "
                         f"this one has {', '.join(sorted(position))}")
    try:
        check_shape({"format": FORMAT, **{k: position[k] for k in POSITION_KEYS if k != "now"}}, "position")
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    if position["game"] != game.id:
        raise ValueError(f"the position is for game {position['game']!r}, not {game.id!r}")
    if not isinstance(position["now"], dict):
        raise ValueError("position: 'now' must be a JSON object")
    seats = [SeatInfo(s["name"], s["controller"]) for s in position["seats"]]
    game.check_player_count(len(seats))
    n = len(seats)
    totals, winners = position["totals"], position["winners"]
    if len(totals) != n or not all(isinstance(t, int) for t in totals):
        raise ValueError(f"position: 'totals' must hold one whole number for each of {n} seats")
    if not all(isinstance(w, int) and 0 <= w < n for w in winners):
        raise ValueError(f"position: 'winners' must be seats 0..{n - 1}")
    if not position["rounds"]:
        raise ValueError("position: 'rounds' must hold at least the current round")
    rounds = []
    for r, rnd in enumerate(position["rounds"]):
        score = rnd.get("score")
        if score is not None and (not isinstance(score, list) or len(score) != n):
            raise ValueError(f"position: rounds[{r}].score must be null or one number per seat")
        rounds.append(RoundLog(rnd["setup"], rnd["actions"], score))
    return PositionParts(seats, game.normalize_options(position["options"]), position["seed"], rounds,
                         list(totals), list(winners), position["finished"], position["now"])


def replay_position(game: "Game", position: Mapping[str, Any]) -> State:
    """A position with an empty `now` is its round logs: replay them (the default `from_position`)."""
    parts = read_position(game, position)
    if parts.now:
        raise ValueError(f"{game.title} cannot read this position's 'now'; only an empty one")
    record = {"format": FORMAT, **{k: position[k] for k in POSITION_KEYS if k != "now"}}
    try:
        return replay(game, record)
    except RecordError as exc:
        raise ValueError(f"the position does not replay: {exc}") from None
