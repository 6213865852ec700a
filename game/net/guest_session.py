"""A guest's game as a table reads it: a session and a state with the same reading interface as a
local `GameSession`, fed by what the host sent this seat, so a game's existing table can draw a guest's
seat unchanged.

The guest has no engine of its own for the real game (it never learns the hidden cards). It keeps:
- the host's updates, in order, not yet shown (`pending`); the table takes them one at a time, as it
  takes moves: the seat that acted next is "waited for", and asking it (its agent is `FromHost`) gives
  the opaque action that shows that update;
- `current`: a full state sampled from the last shown view by the game's determinizer (hidden cards
  dealt at random, consistent with everything this seat knows), for what tables read from a state
  besides the view (a game's phase, its total...). Its `view(own seat)` is exactly the view received
  (the conformance suite holds every determinizer to that); the sampled hidden cards are never shown,
  since the table shows other seats face down, as their views say.
Our own moves go to the host and `apply` returns at once (no frame waits on the network): the move is
"awaiting" its answer, the seat has no legal action meanwhile (a follow-up of the same turn, Tamoul's
take-and-keep, is judged on the sampled state with the awaited moves made), and the host's answer comes
as an update like any other, shown when the table takes it; a refusal is kept in `refusals` for the
table to say in words, and the position stays the host's.
"""
from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from websockets.exceptions import ConnectionClosed

from game.core.actions import Action
from game.core.engine import CHANCE, Game, RoundLog, SeatInfo, State
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.messages import Message, msg
from game.core.session import keep_finished_record, write_record_elsewhere
from game.net.guest import GuestClient, JoinError, Update

FROM_HOST = Action("host")          # the opaque action that shows the host's next update
ANSWER_SECONDS = 10.0               # after this long without an answer the table says the host is slow


class FromHost:
    """The agent of every other seat at a guest's table: its "move" is whatever the host did next."""

    name = "host"
    isolate = False

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        return FROM_HOST if FROM_HOST in legal_actions else None


class GuestGame:
    """The real game, except that every AI level is the host (`FromHost`)."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def agent(self, level: str) -> FromHost:
        return FromHost()

    def agent_levels(self) -> dict[str, Any]:
        return {"host": FromHost}


class MirrorState:
    """What a table asks of a state, answered from the host's updates (see the module's words)."""

    def __init__(self, client: GuestClient, game: Game, seats: Sequence[SeatInfo]) -> None:
        self.client = client
        self.game = game
        self.seat = int(client.state.seat or 0)
        self.seats = tuple(seats)
        self.options = dict(client.state.options)
        self.seed = 0                       # the deal's seed stays at the host (it would tell the deck)
        self.game_id = game.id
        self.CHANCE_VERBS = ()
        self.shown: Update | None = None
        self.taken = 0                      # updates shown so far
        self.rng = random.Random()
        self.current: State | None = None
        self.lock = threading.Lock()
        self.awaiting: list[tuple[Action, float]] = []  # our moves sent, not yet answered (and when sent)
        self.refusals: list[Message] = []   # the host's refusals of our moves, for the table to say
        self._seen_updates = 0              # how far `settle` has read the client's updates and refusals
        self._seen_refusals = 0

    # ----- our own moves, awaiting the host's answer ------------------------------------------------
    def settle(self) -> None:
        """Match the host's answers that arrived with our awaited moves: an update made by our seat
        answers the oldest, a refusal the one it names; a lost connection answers them all."""
        state = self.client.state
        updates, refused = state.updates, state.refused
        while self._seen_updates < len(updates):
            if updates[self._seen_updates].actor == self.seat and self.awaiting:
                self.awaiting.pop(0)
            self._seen_updates += 1
        while self._seen_refusals < len(refused):
            refusal = refused[self._seen_refusals]
            self._seen_refusals += 1
            named = [i for i, (action, _) in enumerate(self.awaiting) if action.text == refusal.get("action")]
            if named or self.awaiting:
                del self.awaiting[named[0] if named else 0:]    # what followed it was made on it
            self.refusals.append(refusal["reason"])
        if self.awaiting and self.client.closed:
            self.awaiting.clear()
            self.refusals.append(msg("The connection to the host was lost: make your move again once it is back."))

    def send(self, action: Action) -> None:
        """Propose our move to the host; it awaits the answer (`settle`)."""
        self.settle()
        self.client.act(action)
        self.awaiting.append((action, time.monotonic()))

    def waits_long(self) -> bool:
        """Our oldest move has waited for the host's answer longer than ANSWER_SECONDS."""
        return bool(self.awaiting) and time.monotonic() - self.awaiting[0][1] > ANSWER_SECONDS

    def new_connection(self, client: GuestClient) -> None:
        """Our seat taken back on a new connection: its snapshot says whether our moves landed."""
        self.client = client
        self.taken = 0
        self.awaiting.clear()
        self._seen_updates = self._seen_refusals = 0

    # ----- the host's updates --------------------------------------------------------------------
    @property
    def pending(self) -> list[Update]:
        return self.client.state.updates[self.taken:]

    def _next(self) -> Update | None:
        pending = self.pending
        return pending[0] if pending else None

    def take(self) -> Update:
        """Show the next update: it becomes the table's present."""
        update = self.client.state.updates[self.taken]
        self.taken += 1
        self.shown = update
        self._sample(update.view)
        return update

    def _sample(self, view: Any) -> None:
        if view.finished and self.current is not None:
            return      # a finished game cannot be sampled; its view is read directly
        try:
            self.current = self.game.determinizer()(view, self.rng)
        except ValueError:
            if self.current is None:
                raise

    # ----- the reading interface ------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.shown is not None and self.shown.finished

    @property
    def rounds(self) -> list[RoundLog]:
        """As many rounds as the game has had, the last holding as many entries as the host's version
        (the table counts them to tell one position from the next); their contents stay at the host."""
        version = self.shown.version if self.shown is not None else 0
        return [RoundLog({}) for _ in range(self.round_index)] + [RoundLog({}, [[CHANCE, ""]] * version)]

    @property
    def round_index(self) -> int:
        return self.current.round_index if self.current is not None else 0

    @property
    def totals(self) -> list[int]:
        return list(getattr(self.shown.view, "totals", ())) if self.shown is not None else []

    def view(self, seat: int | None) -> Any:
        if seat == self.seat and self.shown is not None:
            return self.shown.view
        assert self.current is not None
        return self.current.view(None if seat != self.seat else seat)

    def waiting_for(self) -> tuple[int, ...]:
        self.settle()
        coming = self._next()
        if coming is not None and coming.actor == self.seat:
            return (CHANCE,)            # our own move, answered: shown at once, as the host made it
        if coming is not None and coming.actor is not None:
            return (coming.actor,)
        if coming is not None:          # a snapshot (after taking our seat back): shown at once
            return (CHANCE,)
        return () if self.shown is None or self.shown.finished else self.shown.waiting

    def to_act(self) -> tuple[int, ...]:
        waiting = self.waiting_for()
        if self._next() is None and self.shown is not None and self.shown.reaction and self.seat not in waiting:
            return (*waiting, self.seat)
        return waiting

    def is_reaction(self, seat: int) -> bool:
        return self._next() is None and not self.awaiting and seat == self.seat and self.shown is not None and self.shown.reaction \
            and seat not in self.shown.waiting

    def legal_actions(self, seat: int) -> list[Action]:
        coming = self._next()
        if coming is not None:
            return [FROM_HOST] if seat == coming.actor else []
        if seat == self.seat and self.shown is not None and not self.awaiting:
            return list(self.shown.legal)
        return []

    def lists_all_actions(self, seat: int) -> bool:
        return self.shown is None or self.shown.lists_all

    def chance_action(self) -> Action | None:
        coming = self._next()
        return FROM_HOST if coming is not None and (coming.actor in (None, CHANCE, self.seat)) else None

    def normalize(self, action: Action) -> Action:
        return self.current.normalize(action) if self.current is not None else action

    def why_illegal(self, seat: int, action: Action) -> Message | None:
        """Our own move, judged here first as the host will (the sampled state knows all this seat
        knows); the host has the last word."""
        if action == FROM_HOST or seat == CHANCE:
            return None
        if seat != self.seat:
            return msg("it is not your turn")
        if self._next() is not None or self.current is None:
            return msg("it is not your turn")
        self.settle()
        if self.awaiting:
            return self._why_illegal_after_awaited(action)
        if self.shown is not None and action in self.shown.legal:
            return None
        return self.current.why_illegal(seat, action)

    def _why_illegal_after_awaited(self, action: Action) -> Message | None:
        """A follow-up of our awaited moves (the same turn's next step), judged on the sampled state with
        those moves made; the host judges it again."""
        assert self.current is not None
        ahead = self.current.clone()
        try:
            for awaited, _sent in self.awaiting:
                ahead.apply(self.seat, awaited)
        except (IllegalAction, ValueError):
            return msg("wait for the host's answer to your move")
        if self.seat not in ahead.to_act():
            return msg("wait for the host's answer to your move")
        return ahead.why_illegal(self.seat, action)

    def opening_events(self) -> list[Event]:
        return list(self.shown.events) if self.shown is not None and self.shown.version == 0 else []

    def record(self) -> dict[str, Any]:
        """The finished game's record, once the host has sent it (no longer secret then: Review and
        Replays read it); before the end the record would tell every hidden card, and stays at the host."""
        finished = self.client.state.record
        if finished is None:
            raise ValueError(msg("an online game's record stays at its host"))
        return dict(finished)

    def position(self) -> dict[str, Any]:
        raise ValueError(msg("an online game's record stays at its host"))

    def __getattr__(self, name: str) -> Any:
        """Anything else a table reads of a game's state (its phase, a total): the sampled state's."""
        current = self.__dict__.get("current")
        if current is None:
            raise AttributeError(name)
        return getattr(current, name)


class GuestSession:
    """`GameSession`'s reading and acting interface for a guest's seat at an online table."""

    def __init__(self, client: GuestClient) -> None:
        assert client.game is not None and client.state.seat is not None
        self.client = client
        self.game = GuestGame(client.game)
        names = [entry.get("name") or f"Seat {i + 1}" for i, entry in enumerate(client.state.seats)] \
            or [f"Seat {i + 1}" for i in range(client.state.players)]
        seat = client.state.seat
        seats = [SeatInfo(name, "human" if i == seat else "ai:host") for i, name in enumerate(names)]
        self.state = MirrorState(client, client.game, seats)
        self.autosave_path = None
        self.records_dir: Path | None = None         # where the finished game's record is kept (the opener's)
        self.finished_record_path: Path | None = None
        self.messages: list[Message] = []
        self.records_kept = None
        self.save_failing = None
        self.keep_failing = None
        self.pending_writes = False
        self.kept_elsewhere: Path | None = None
        while self.state.pending and self.state.shown is None:
            self.state.take()

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.state.seats

    @property
    def lost(self) -> bool:
        """The connection to the host is gone and the game is not over."""
        return self.client.closed and self.client.state.over is None and self.client.state.bye is None

    def reconnect(self, url: str, code: str, name: str, ca_file: str | None = None) -> bool:
        """Take our seat back with its token on a new connection (False: the host cannot be reached or
        refused); the table then goes on from the host's snapshot of the table as it is now."""
        token = self.client.state.token
        try:
            client = GuestClient.connect(url, code, name, token=token, ca_file=ca_file, timeout=5.0)
        except JoinError:
            return False
        with self.state.lock:
            old = self.client
            self.client = client
            self.state.new_connection(client)   # the snapshot comes next: the table shows it at once
        try:
            old.close()
        except Exception:       # the old connection is gone already
            pass
        return True

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (self.state.seat,)

    @property
    def pending(self) -> bool:
        """The finished game's record still waits to be kept (the host keeps everything else)."""
        return self.keep_failing is not None

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Another seat's move, chance, or our own move answered: show the host's next update. Our own
        move: send it and return at once; the host's answer is an update the table shows when it comes,
        or a refusal in `state.refusals`."""
        state = self.state
        if action == FROM_HOST:
            return list(state.take().events)
        action = action if isinstance(action, Action) else Action.parse(action)
        try:
            state.send(action)
        except (ConnectionClosed, OSError):
            raise IllegalAction(msg("The connection to the host was lost: make your move again once it is back."),
                                seat=seat, action=action.text) from None
        return []

    def keep_finished_record(self) -> None:
        """The game is over and the host sent its record: keep it in our records folder (`records_dir`,
        given by the table's opener) and count it in our statistics, as a local game does (once; a write
        that fails is tried again at the next tick). What the player should hear goes to `messages`."""
        record = self.client.state.record
        if record is None or self.finished_record_path is not None or self.records_dir is None:
            return
        try:
            self.finished_record_path, messages = keep_finished_record(
                record, self.records_dir, self.records_dir.parent / "statistics.json", self.records_kept)
        except OSError as exc:
            if self.keep_failing is None:
                self.keep_failing = msg("The finished game could not be kept yet ({reason}). The program keeps "
                                        "trying; do not quit until it says it was kept.", reason=str(exc))
                self.messages.append(self.keep_failing)
            return
        self.messages.extend(messages)
        if self.keep_failing is not None:
            self.keep_failing = None
            self.messages.append(msg("The finished game was kept after all."))

    takes_back = False      # the table offers no Undo: the host's game takes no move back
    plays_again = False     # nor "Play again": a new online game is the host's to open

    def undo(self, seat: int) -> Message | None:
        return msg("A move cannot be taken back in an online game.")

    def save(self) -> None:
        """The host keeps the game."""

    def tick(self, dt: float) -> None:
        """Every frame (the App's): the finished game's record is kept once the host has sent it."""
        self.keep_finished_record()

    def retry(self) -> None:
        """Try keeping the finished record again now (also at quit)."""
        self.keep_finished_record()

    @property
    def finished_unkept(self) -> bool:
        """The host sent the finished game's record and our records folder would not take it yet."""
        return self.client.state.record is not None and self.keep_failing is not None

    def keep_elsewhere(self, folders: Sequence[Path]) -> Path | None:
        """The program must stop while the finished game cannot be kept: write the host's record into the
        first of `folders` that takes it (once), as a local game does (`GameSession.keep_elsewhere`)."""
        if not self.finished_unkept:
            return None
        if self.kept_elsewhere is None:
            self.kept_elsewhere = write_record_elsewhere(dict(self.client.state.record), folders)
        return self.kept_elsewhere

    def save_as(self, path: Any) -> None:
        raise OSError("an online game is kept by its host")
