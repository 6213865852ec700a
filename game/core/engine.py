"""The engine contract every game follows (see DESIGN.md, "The engine contract").

A `Game` holds the rules and options (loaded from YAML) and makes states. A `State` changes only
through `apply(seat, action)`, which returns events or raises `IllegalAction` and changes nothing.
Random deals come from a generator seeded by (seed, round index), so a game is fully defined by its
seed and actions, and a record's setups can replace the generator entirely when replaying.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from game.core.actions import Action, as_action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.messages import Message, msg

CHANCE: int = -1
"""The chance seat: it acts when the game waits for a random event that a round's setup cannot hold
(Tamoul's reshuffle). Its action comes from the state itself (`State.chance_action`); no agent is asked."""


# Reasons several games give in the same words (each game may also write its own).
GAME_OVER: Message = msg("the game is over")
NOTHING_LEFT_TO_CHANCE: Message = msg("nothing is left to chance now: only players act")


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a display name and a controller (`human` or `ai:<level>`)."""

    name: str
    controller: str = "human"

    @property
    def is_human(self) -> bool:
        return self.controller == "human"

    @property
    def ai_level(self) -> str | None:
        return self.controller[3:] if self.controller.startswith("ai:") else None

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "controller": self.controller}


@dataclass(frozen=True)
class OptionSpec:
    """One game option, as the setup screen offers it and the record stores it.

    `kind` is `bool`, `choice` (one of `choices`), `int` (between `minimum` and `maximum`), `float`, or
    `pick`: either `default` (e.g. "random") or a list of different `choices`, one per player (the count is
    checked when the game starts, since only then are the players known).
    `label` and `help` are the player-facing words; `labels` names each of `choices` for the player.
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    labels: tuple[str, ...] = ()

    def label_of(self, choice: Any) -> str:
        """The player-facing name of one of `choices` (the value itself when no label is given)."""
        if choice in self.choices and len(self.labels) == len(self.choices):
            return self.labels[self.choices.index(choice)]
        return str(choice)

    def check(self, value: Any) -> Any:
        """Return the value in canonical form, or raise ValueError saying what is expected."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "yes", "no", "1", "0"):
                return value.lower() in ("true", "on", "yes", "1")
            raise ValueError(msg("option {name}: expected true or false, got {value}", name=self.name, value=repr(value)))
        if self.kind == "choice":
            if value in self.choices:
                return value
            raise ValueError(msg("option {name}: expected one of {choices}, got {value}", name=self.name,
                                 choices=", ".join(map(str, self.choices)), value=repr(value)))
        if self.kind in ("int", "float"):
            try:
                number = int(value) if self.kind == "int" else float(value)
            except (TypeError, ValueError):
                raise ValueError(msg("option {name}: expected a number, got {value}", name=self.name,
                                     value=repr(value))) from None
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise ValueError(msg("option {name}: expected {minimum}..{maximum}, got {value}", name=self.name,
                                     minimum=self.minimum, maximum=self.maximum, value=number))
            return number
        if self.kind == "pick":
            if value == self.default:
                return value
            if isinstance(value, (list, tuple)) and value and all(v in self.choices for v in value) \
                    and len(set(value)) == len(value):
                return list(value)
            raise ValueError(msg("option {name}: expected {default} or a list of different ones of {choices}, got {value}",
                                 name=self.name, default=self.default, choices=", ".join(map(str, self.choices)),
                                 value=repr(value)))
        raise ValueError(f"option {self.name}: unknown kind {self.kind}")


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, tuples as lists... strings, numbers, None): several
    times quicker than `copy.deepcopy`, which records and positions do for every round."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(item) if isinstance(item, (dict, list, tuple)) else item for item in value]
    return value


def data_copy(value: Any) -> Any:
    """A deep copy of data as records and positions hold it (dicts, lists, tuples, strings, numbers,
    None), each container keeping its type; anything else goes to `copy.deepcopy`. A record's setups
    are copied when a replay starts and again as each round begins: with `copy.deepcopy` that was a
    third of a replay's time."""
    kind = value.__class__
    if kind is dict:
        return {key: data_copy(item) for key, item in value.items()}
    if kind is list:
        return [item if item.__class__ in _ATOMS else data_copy(item) for item in value]
    if kind is tuple:
        return tuple(item if item.__class__ in _ATOMS else data_copy(item) for item in value)
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


_ATOMS = frozenset((str, int, float, bool, type(None)))


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """Shuffle `cards` in place into exactly the order `rng.shuffle(cards)` gives (the same draws from
    the generator, in the same order), several times quicker: a deal is shuffled every round, and in
    playouts that was a third of the time. Records depend on it; a test holds it to `random.shuffle`.

    The algorithm is CPython's: for each position i from the end, draw an index j up to i by taking
    `(i + 1).bit_length()` random bits and drawing again while the number is too large. Those
    positions and bit counts depend only on the length, so they are worked out once per length."""
    getrandbits = rng.getrandbits
    for i, bits in _shuffle_plan(len(cards)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_PLANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _shuffle_plan(length: int) -> tuple[tuple[int, int], ...]:
    """(position, bits to draw) for each step of shuffling `length` cards, from the end."""
    plan = _SHUFFLE_PLANS.get(length)
    if plan is None:
        plan = _SHUFFLE_PLANS[length] = tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    return plan


def round_rng(seed: int, round_index: int) -> random.Random:
    """The generator for one round's deal: depends only on the game seed and the round number."""
    return random.Random(f"olympus/{seed}/{round_index}")


@dataclass
class RoundLog:
    """One round as the record stores it."""

    setup: dict[str, Any]
    actions: list[list[Any]] = field(default_factory=list)
    score: list[int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"setup": json_copy(self.setup), "actions": [list(a) for a in self.actions], "score": self.score}


class State(ABC):
    """One game in progress. Subclasses implement the `_` methods; the public ones are shared.

    Subclasses must start their first round in `__init__` via `self._begin_round(setup)` and call
    `_end_round(score)` and `_finish(winners)` when rules say so, returning the `round_ended` and
    `game_ended` events those make among their own, so every table can show results the same way.
    """

    game_id: str = ""
    CHANCE_VERBS: tuple[str, ...] = ()  # verbs only the chance seat may use (Tamoul: "reshuffle")
    # How `records.replay` takes an entry whose action it has met before: False, make sure it is listed
    # first (listing again when it is not: in most games quicker than checking one action); True, hand it
    # straight to `advance`, which takes it when it is in the list the game keeps and else checks it: right
    # for a game that keeps the next turn's list as it plays (Zeus) or checks one action quicker than it
    # lists them all (Tamoul, whose swap step lists up to 276 swaps).
    REPLAY_WITHOUT_LISTING: bool = False
    # Who copies a record's round setups, which the state keeps in its round logs: False, the state copies
    # every one when it is made (`data_copy`); True, the game copies each as its round starts, after
    # checking it, knowing its shape (a few list copies, quicker than the general deep copy: Zeus, Télos).
    COPIES_SETUPS_AT_ROUND_START: bool = False

    def __init__(
        self,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any],
        seed: int,
        setups: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        self.seats: tuple[SeatInfo, ...] = tuple(seats)
        self.options: dict[str, Any] = dict(options)
        self.seed = int(seed)
        if self.COPIES_SETUPS_AT_ROUND_START:  # the caller's own setups, until their rounds start
            self._given_setups = [s if s.__class__ is dict else dict(s) for s in setups]
        else:
            self._given_setups = [data_copy(dict(s)) for s in setups]
        self.rounds: list[RoundLog] = []
        self.totals: list[int] = [0] * len(self.seats)
        self.winners: tuple[int, ...] = ()
        self.finished = False

    # ----- what subclasses provide -----------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision the game is waiting for (several during a reaction window)."""

    def is_reaction(self, seat: int) -> bool:
        """True when `seat` may act now but the game does not wait for it (a Zeus sneak, a Tamoul
        interception). Such a seat's agent may decline; the turn seat's action closes the window."""
        return False

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the game cannot go on without (to_act less the optional reactions).

        Several seats during a simultaneous decision (Elios grouping): any of them may act first.
        `(CHANCE,)` when the game waits for a chance action. Seating, hand-offs and "whose turn" at
        the table follow this, never a game's own `turn` field."""
        return tuple(s for s in self.to_act() if not self.is_reaction(s))

    def chance_action(self) -> Action | None:
        """The chance action due now, made by the state's own seeded generator (`chance_rng`), or None
        when the game does not wait for chance. Drivers apply it as `apply(CHANCE, action)`."""
        return None

    def chance_rng(self) -> random.Random:
        """The generator for the chance action due now: it depends only on the seed, the round and
        how many actions the round has seen, so a game stays defined by its seed and its actions."""
        return random.Random(f"olympus/{self.seed}/{self.round_index}/chance/{len(self.rounds[-1].actions)}")

    def lists_all_actions(self, seat: int) -> bool:
        """True when `legal_actions(seat)` lists every legal action. A decision too large to list (an
        Elios grouping) returns False: then `legal_actions` lists representatives only, `why_illegal`
        still judges any proposed action, and agents build their own (the game offers a builder)."""
        return True

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Everything `seat` may do now, in a stable order; empty when it is not their decision."""

    @abstractmethod
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal; return what happened."""

    def opening_events(self) -> list[Event]:
        """The events of the deal that opened the current round (made before any `apply` returned
        them), for a table showing a new game's first deal. Games that deal override this."""
        return []

    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """A frozen, redacted snapshot of what `seat` may know (None: a spectator)."""

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """A player-facing reason the action is not allowed now, or None when it is legal.

        Games override this to explain their rules ("you must reach the table line"), each reason a
        `Message` (game/core/messages.py) so the UI can say it in the player's language; the default
        only knows whether it is listed.
        """
        if self.finished:
            return GAME_OVER
        if seat not in self.to_act():
            return msg("it is not your turn")
        if self.normalize(action) in self.legal_actions(seat):
            return None
        return msg("'{action}' is not allowed now", action=str(action))

    def normalize(self, action: Action) -> Action:
        """The canonical form of an action (card order, say) so equal moves compare equal."""
        return action

    # ----- the shared public contract ---------------------------------------------------------
    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Carry out `action` for `seat`; raise IllegalAction (state unchanged) if not allowed."""
        action = self._accept(seat, action)
        return self._apply_legal(seat, action)

    def advance(self, seat: int, action: Action | str) -> None:
        """`apply` without its events, for playouts that nobody watches (search, benchmarks).

        The same checks, the same record entry and the same rule code run, so the state afterwards is
        exactly the one `apply` leaves; only the event objects are not made (games that can skip them
        override `_advance_legal`). An action that is the very object of the legal list the game keeps
        for `seat` (`_kept_legal`) is legal and canonical as it stands: it is taken without the checks."""
        if seat.__class__ is int:  # not True for seat 1: a kept list answers only a real seat number
            for listed in self._kept_legal(seat):  # a few actions: a plain loop beats building iterators
                if listed is action:
                    self.rounds[-1].actions.append([seat, listed.text])
                    self._advance_legal(seat, listed)
                    return
        action = self._accept(seat, action)
        self._advance_legal(seat, action)

    def _accept(self, seat: int, action: Action | str) -> Action:
        """Check an action as `apply` does (IllegalAction, state unchanged, when refused), record it,
        and return its canonical form for `_apply_legal`."""
        if self._is_listed(seat, action):  # legal and canonical as it stands: nothing to check
            self.rounds[-1].actions.append([seat, action.text])
            return action  # type: ignore[return-value]
        listed = self._listed_like(seat, action)
        if listed is not None:  # the same action as one listed (another object, or its text): legal too
            self.rounds[-1].actions.append([seat, listed.text])
            return listed
        if action.__class__ is not Action:
            action = as_action(action)
        if type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)) \
                or not (CHANCE <= seat < len(self.seats)):
            raise IllegalAction(msg("there is no seat {seat}", seat=seat), seat=seat, action=str(action))
        if self.CHANCE_VERBS:  # with no chance verbs there is nothing for the chance-seat check to refuse
            self._check_chance_seat(seat, action)
        action = self.normalize(action)
        reason = self.why_illegal(seat, action)
        if reason is None and seat == CHANCE and not self.CHANCE_VERBS:
            reason = msg("nothing is left to chance in this game: only players act")
        if reason is not None:
            raise IllegalAction(reason, seat=seat, action=str(action))
        self.rounds[-1].actions.append([seat, action.text])
        return action

    def _is_listed(self, seat: int, action: Action | str) -> bool:
        """True only when `action` is one `legal_actions(seat)` listed for the state as it is now, so
        it is legal and canonical without checking (drivers nearly always pick from that list): the very
        object of the list the game keeps (`_kept_legal`)."""
        if seat.__class__ is int:
            for listed in self._kept_legal(seat):
                if listed is action:
                    return True
        return False

    def _listed_like(self, seat: int, action: Action | str) -> Action | None:
        """The action of the kept legal list (`_kept_legal`) written exactly as `action` is (an action
        made elsewhere, or its text: an agent's choice, a player's click, a record's entry), or None.
        Listed actions are legal and canonical, and the notation writes one action one way, so the
        listed one stands for it without the checks."""
        if seat.__class__ is not int:
            return None
        kept = self._kept_legal(seat)
        if not kept:
            return None
        text = action if action.__class__ is str else getattr(action, "text", None)
        for listed in kept:
            if listed.text == text:
                return listed
        return None

    def _kept_legal(self, seat: int) -> Sequence[Action]:
        """The legal list the game keeps for `seat` until the state changes, the very objects
        `legal_actions` handed out (copies of the list, not of its actions); () when it keeps none,
        which is always right (the checked way then takes every action). Never hand it out."""
        return ()

    def _advance_legal(self, seat: int, action: Action) -> None:
        """`_apply_legal` for `advance`; games override it to skip making events."""
        self._apply_legal(seat, action)

    def _check_chance_seat(self, seat: int, action: Action) -> None:
        """A chance action from a player, or a player's action from chance, is refused (state unchanged).
        A game with no chance actions at all answers a chance seat with its own words (why_illegal)."""
        if seat != CHANCE and action.verb in self.CHANCE_VERBS:
            raise IllegalAction(msg("'{verb}' is done by chance, not by a player", verb=action.verb), seat=seat,
                                action=str(action))
        if seat == CHANCE and self.CHANCE_VERBS:
            if CHANCE not in self.to_act():
                raise IllegalAction(NOTHING_LEFT_TO_CHANCE, seat=seat, action=str(action))
            if action.verb not in self.CHANCE_VERBS:
                raise IllegalAction(msg("chance cannot '{verb}'; it only does {verbs}", verb=action.verb,
                                        verbs=", ".join(self.CHANCE_VERBS)), seat=seat, action=str(action))

    def clone(self) -> "State":
        """An independent copy (for search agents and what-if checks)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        """Copy every field, so a field added later is copied too (no list to keep up to date); only
        what `_shared_with_copies` names as immutable is shared, which keeps clones quick."""
        for value in self._shared_with_copies():
            memo.setdefault(id(value), value)
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return twin

    def _shared_with_copies(self) -> tuple[Any, ...]:
        """Immutable objects a copy may share with this state (rules content, decks, seats).
        Naming too few only costs speed; never name anything `apply` changes."""
        return (self.seats,)

    def position(self) -> dict[str, Any]:
        """A JSON-able snapshot of the whole game now: the record's keys (`game, seats, options, seed,
        rounds, totals, winners, finished`, `rounds` exactly as `record()` has them) and `now`, the
        game's own position this moment (a superset of its round-setup object plus everything
        mid-round). `Game.from_position` turns it back into a state that plays on identically.

        The default `now` is empty: then the round logs alone define the state (it is rebuilt by
        replaying them), which is right for any game whose rounds hold every action. Games that
        determinize or copy through positions give the whole position in `_position_now`."""
        return {
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "options": copy.deepcopy(self.options),
            "seed": self.seed,
            "rounds": [r.to_json() for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "finished": self.finished,
            "now": self._position_now(),
        }

    def _position_now(self) -> dict[str, Any]:
        """The game's own current position (see `position`); {} means "replay the rounds"."""
        return {}

    def _coming_setups(self) -> list[dict[str, Any]]:
        """A replayed record's deals for rounds not yet started (empty otherwise): a position carries
        them, so a copy made from it deals the same next rounds as the original."""
        return [json_copy(setup) for setup in self._given_setups[len(self.rounds):]]

    def _take_coming_setups(self, coming: Any) -> None:
        """The deals a position says are still to come (each is checked when its round starts, like a
        record's setup). Call after `_adopt_history`."""
        if not isinstance(coming, list) or not all(isinstance(setup, dict) for setup in coming):
            raise ValueError("position 'now': coming_setups must be a list of round setups")
        self._given_setups = [json_copy(r.setup) for r in self.rounds] + [json_copy(s) for s in coming]

    def _adopt_history(self, rounds: Sequence[RoundLog], totals: Sequence[int], winners: Sequence[int],
                       finished: bool) -> None:
        """Take the shared part of a position (a checked one, see `records.read_position`)."""
        self.rounds = [RoundLog(json_copy(r.setup), [list(a) for a in r.actions],
                                None if r.score is None else list(r.score)) for r in rounds]
        self.totals = list(totals)
        self.winners = tuple(winners)
        self.finished = bool(finished)

    @property
    def round_index(self) -> int:
        return len(self.rounds) - 1

    def record(self) -> dict[str, Any]:
        """This game as an `olympus-record/1` document (rules/records.md)."""
        return {
            "format": "olympus-record/1",
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "options": copy.deepcopy(self.options),
            "seed": self.seed,
            "rounds": [r.to_json() for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "finished": self.finished,
        }

    # ----- helpers for subclasses ---------------------------------------------------------------
    def _setup_for_next_round(self) -> dict[str, Any] | None:
        """The recorded setup for the round about to start, when replaying a record; else None.

        Handed over as it is, not copied: `_given_setups` holds this state's own copies (made when the
        state was made, or from a position), each round's is asked for once, as that round starts, and
        never read again (`_coming_setups` reads only the rounds not started); every game reads it and
        copies what it changes. A copy here was a tenth of a Zeus replay's time. A game that says
        `COPIES_SETUPS_AT_ROUND_START` gets the caller's setup as given (a record's) and copies it itself
        once it has checked it, before its round log keeps it."""
        index = len(self.rounds)
        return self._given_setups[index] if index < len(self._given_setups) else None

    def _rng_for_next_round(self) -> random.Random:
        return round_rng(self.seed, len(self.rounds))

    def _begin_round(self, setup: dict[str, Any], owned: bool = False) -> None:
        """Open the round's log with its setup. `owned`: the caller made this setup for the log and
        will never change it, so it is kept as it is instead of copied (a copy per round adds up in
        playouts)."""
        self.rounds.append(RoundLog(setup=setup if owned else json_copy(setup)))

    def _end_round(self, score: Sequence[int], event: bool = True) -> Event | None:
        """Record the round's score (totals already updated); the shared `round_ended` event, or None
        with `event=False` (nobody watches: `advance`, a replay)."""
        self.rounds[-1].score = list(score)
        if not event:
            return None
        return Event("round_ended", None, {"round": self.round_index, "score": list(score),
                                           "totals": list(self.totals)})

    def _finish(self, winners: Sequence[int]) -> Event:
        """End the game; the shared `game_ended` event."""
        self.winners = tuple(sorted(winners))
        self.finished = True
        return Event("game_ended", None, {"winners": list(self.winners), "totals": list(self.totals)})


class Game(ABC):
    """The rules of one game and its options, loaded from YAML; makes states."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2

    @abstractmethod
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The options a setup screen offers, with their defaults."""

    @abstractmethod
    def new_state(
        self,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        setups: Sequence[Mapping[str, Any]] = (),
    ) -> State:
        """A new game. `setups` (from a record) replace the seeded deals round by round."""

    def from_position(self, position: Mapping[str, Any]) -> State:
        """The state a `State.position()` describes, behaving exactly as the original from here on
        (legal actions, views, events, later deals and chance actions, `record()` bytes).

        A bad position raises ValueError saying what is wrong. This default serves games whose
        position has an empty `now`: it replays the position's rounds, so every action is checked
        by the rules. Games with a real `now` override it and check `now` as a record's setup is
        checked (cards conserved, seats in range...)."""
        from game.core.records import replay_position

        return replay_position(self, position)

    @abstractmethod
    def determinizer(self) -> Any:
        """A callable `(view, rng) -> State`: a full state consistent with what the view's seat knows
        (hidden cards sampled), built with `from_position`, for search agents. Its `view(seat)` equals
        the view it came from."""

    def agent(self, level: str) -> Any:
        """The AI agent for a level name (`random`, `easy`, `normal`, `hard`) or a benchmark opponent's
        name (`bench_agents`, for headless measurements such as `tournament`)."""
        levels = {**self.agent_levels(), **self.bench_agents()}
        if level not in levels:
            raise ValueError(f"{self.title} has no AI level {level!r}; choose from {', '.join(levels)}")
        return levels[level]()

    def bench_agents(self) -> dict[str, Any]:
        """Benchmark opponent name (`bench-…`) -> agent factory: plain, strong heuristics written from
        the public strategy of such games, to measure the levels against players they were not tuned
        on. Never offered to players (setup lists `agent_levels()` only); `tournament` seats them.
        A game gives its own in a module `game/<id>/bench.py` with `bench_agents(game)`."""
        import importlib

        module_name = f"{type(self).__module__.rsplit('.', 1)[0]}.bench"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            return {}
        return dict(module.bench_agents(self))

    def agent_levels(self) -> dict[str, Any]:
        """Level name -> agent factory. Games extend this with their own agents."""
        from game.core.agents import RandomAgent

        return {"random": RandomAgent}

    def review_judge(self, budget: int | None = None) -> Any:
        """The post-game review's judge for this game (game/core/review.py, `Judge`), or None when the
        game's `hard` agent is a search the review can use as it is (Zeus, Télos). A game whose `hard`
        is no search gives its own judge: Elios an alpha-beta depth, Tamoul playouts. `budget` is the
        judge's effort per decision (None: its default)."""
        return None

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option, defaults filled in and values checked; unknown names are an error."""
        given = dict(options or {})
        result: dict[str, Any] = {}
        specs = self._kept_option_specs()
        for spec in specs:
            result[spec.name] = spec.check(given.pop(spec.name)) if spec.name in given else spec.default
        if given:
            known = ", ".join(s.name for s in specs) or "none"
            raise ValueError(msg("{game} has no option {names}; its options are {known}", game=self.title,
                                 names=", ".join(sorted(given)), known=known))
        return result

    def _kept_option_specs(self) -> tuple[OptionSpec, ...]:
        """`option_specs()`, made once per game: they follow from the game's rules content, which never
        changes, and a replay checks a record's options twice (Télos builds its Zeus-card chooser anew
        each time it is asked)."""
        specs = self.__dict__.get("_option_specs")
        if specs is None:
            specs = self._option_specs = tuple(self.option_specs())
        return specs

    def check_player_count(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise ValueError(msg("{game} is for {least}–{most} players, not {count}", game=self.title,
                                 least=self.min_players, most=self.max_players, count=count))
