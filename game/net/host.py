"""The host of an online table: the only place the engine runs, and the judge of every guest's action.

One thread, the authority, owns the game (`GameSession`, so it autosaves after every action and keeps
the finished record like a local game). Guests talk to it through WebSockets (the `websockets`
library's threaded server: one thread per connection); a connection thread only reads and checks
messages and puts a guest's proposed action in the authority's inbox, so actions are judged one at a
time in their order of arrival. That is also how a reaction window is decided: the first interception
to arrive is judged against the table as it is; one made on an older table than the current one
arrives too late and is refused, and every guest sees in the events who was first.

What a guest receives is only ever `state.view(seat)` and `event.for_seat(seat)` for its own seat,
the seats the game waits for (public: whose turn it is) and its own legal actions. The host never asks
which other seats could react (that would tell whose hand holds what). AI seats play here with the
game's own agents, each answer applied after the same pause (`ai_pause`), so nobody learns anything
from how long the host waited.

Seats are kept by token: a guest's first hello gives it a seat and a secret token; with that token it
takes its seat again after a drop, on this host or on a resumed one (the tokens are kept beside the
autosave in `online-host.json`, readable by its owner only).
"""
from __future__ import annotations

import json
import logging
import os
import queue
import random
import secrets
import ssl
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import Server, ServerConnection, serve

from game.core.actions import Action
from game.core.drive import chance_is_due
from game.core.engine import CHANCE, Game, SeatInfo
from game.core.errors import IllegalAction, RecordError
from game.core.events import Event
from game.core.messages import Message, msg
from game.core.session import GameSession
from game.core.userfiles import atomic_write_text
from game.net import protocol as p
from game.net.discovery import Announcement
from game.net.wire import encode_any, encode_event, encode_message, encode_view

log = logging.getLogger("olympus.host")

HOST_FILE = "online-host.json"
WRONG_CODE = msg("That join code is not right.")
UNKNOWN_TOKEN = msg("This table does not know your seat's key.")
WAITING_KEPT = 256      # versions whose waited-for seats are remembered (an older action is late anyway)
AUTOSAVE_FILE = "online-autosave.json"


@dataclass(frozen=True)
class SeatPlan:
    """What sits in a seat: a friend at another computer (`remote`) or an AI at a level."""

    kind: str                 # "remote" or "ai"
    level: str | None = None  # the AI's level
    name: str = ""            # an AI seat's name (a remote seat takes the name its guest gives)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name}


class Guest:
    """One guest's live connection: its seat, and a queue of messages a thread of its own sends, so a
    guest that reads slowly never holds up the game (one that stops reading altogether is dropped)."""

    def __init__(self, connection: ServerConnection, seat: int, peer: str) -> None:
        self.connection = connection
        self.seat = seat
        self.peer = peer
        self.outbox: queue.Queue[str | None] = queue.Queue()
        self.sent_messages = 0
        self.sent_bytes = 0
        self.refusals = p.RateLimit(1 / p.REFUSAL_FORGIVEN_S, p.REFUSALS_BURST)
        self.closed = threading.Event()
        self.sender = threading.Thread(target=self._send_all, name=f"send-seat-{seat}", daemon=True)
        self.sender.start()

    def post(self, message: dict[str, Any]) -> None:
        if self.closed.is_set():
            return
        if self.outbox.qsize() >= p.OUTBOX_LIMIT:
            log.warning("seat %d (%s) reads nothing: dropped", self.seat, self.peer)
            self.close(p.CLOSE_POLICY, "you stopped reading")
            return
        self.outbox.put(p.encode(message))

    def _send_all(self) -> None:
        while True:
            text = self.outbox.get()
            if text is None:
                return
            try:
                self.connection.send(text)
            except (ConnectionClosed, OSError, RuntimeError):
                self.closed.set()
                return
            self.sent_messages += 1
            self.sent_bytes += len(text.encode())

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close (from any thread; safe to repeat)."""
        if self.closed.is_set():
            return
        self.closed.set()
        self.outbox.put(None)
        self.sender.join(timeout=2)
        try:
            self.connection.close(code, reason[:120])
        except (ConnectionClosed, OSError, RuntimeError):
            pass


@dataclass
class _AIAnswer:
    seat: int
    version: int
    action: Action | None
    ready_at: float
    error: str | None = None


@dataclass
class Table:
    """Who sits where: the plans, the names, the tokens, and whether the game has started."""

    game_id: str
    plans: list[SeatPlan]
    code: str
    options: dict[str, Any]
    seed: int
    names: list[str] = field(default_factory=list)
    tokens: list[str | None] = field(default_factory=list)
    started: bool = False
    port: int | None = None     # where the table was open: a resumed table opens there again, so the
                                # friends' programs, which keep trying that address, find it

    def to_json(self) -> dict[str, Any]:
        return {"format": "olympus-online-host/1", "game": self.game_id, "plans": [s.to_json() for s in self.plans],
                "code": self.code, "options": self.options, "seed": self.seed, "names": self.names,
                "tokens": self.tokens, "started": self.started, "port": self.port}

    @classmethod
    def from_json(cls, data: Any) -> "Table":
        try:
            plans = [SeatPlan(str(s["kind"]), s.get("level"), str(s.get("name", ""))) for s in data["plans"]]
            table = cls(str(data["game"]), plans, str(data["code"]), dict(data["options"]), int(data["seed"]),
                        [str(n) for n in data["names"]], [None if t is None else str(t) for t in data["tokens"]],
                        bool(data["started"]))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"the host file is damaged ({exc})") from None
        if data.get("format") != "olympus-online-host/1" or len(table.names) != len(plans) \
                or len(table.tokens) != len(plans):
            raise ValueError("the host file is damaged (seats do not match)")
        port = data.get("port")
        if isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536:
            table.port = port
        return table


class Host:
    """A table others join over the network. `serve()` opens it, `run()` plays one game to its end."""

    def __init__(self, game: Game, table: Table, data_dir: Path, *, ai_pause: float = 1.0,
                 linger: float = 1.0, takeover_after: float | None = 60.0, stand_in_level: str = "normal") -> None:
        self.game = game
        self.table = table
        self.data_dir = Path(data_dir)
        self.ai_pause = ai_pause
        self.linger = linger
        self.lock = threading.RLock()
        self.inbox: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self.guests: dict[int, Guest] = {}
        self.session: GameSession | None = None
        self.version = 0
        self.version_since = time.monotonic()
        self.server: Server | None = None
        self.port: int | None = None
        self.bind = ""                     # the address the table listens on ("0.0.0.0": every network)
        self.announcement: Announcement | None = None
        self.stopping = threading.Event()
        self.agents: dict[int, Any] = {}
        self._asked: set[tuple[int, int]] = set()
        self._answers: list[_AIAnswer] = []
        self._failed_joins: dict[str, p.RateLimit] = {}    # address -> its wrong codes and tokens
        self._waited_at: dict[int, tuple[int, ...]] = {}   # version -> the seats waited for then (recent ones)
        self._rngs: dict[int, random.Random] = {}
        self.takeover_after = takeover_after   # seconds a friend may be missing before an AI keeps the seat
        self.stand_in_level = stand_in_level
        self.missing_since: dict[int, float] = {}  # friend's seat -> when its connection went (game started)
        self.stand_ins: set[int] = set()       # friends' seats an AI plays until their players return
        self.refused = 0                   # refusals of every kind, for the log's summary and the tests
        self.stats = {"actions": 0, "messages": 0, "bytes": 0}

    # ----- making a table ------------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, plans: Sequence[SeatPlan], options: dict[str, Any], seed: int, data_dir: Path,
            code: str | None = None, **kwargs: Any) -> "Host":
        game.check_player_count(len(plans))
        options = game.normalize_options(options)
        table = Table(game.id, list(plans), p.normal_code(code) if code else p.new_join_code(), options, seed,
                      [plan.name if plan.kind == "ai" else "" for plan in plans],
                      [p.new_seat_token() if plan.kind == "remote" else None for plan in plans])
        host = cls(game, table, data_dir, **kwargs)
        host._keep_table()
        return host

    @classmethod
    def resume(cls, games: dict[str, Game], data_dir: Path, **kwargs: Any) -> "Host":
        """The table kept in `data_dir` (its host file and autosave), to play on where it stopped."""
        data_dir = Path(data_dir)
        try:
            table = Table.from_json(json.loads((data_dir / HOST_FILE).read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise ValueError(f"no online game to resume in {data_dir}: {exc}") from None
        if table.game_id not in games:
            raise ValueError(f"the online game to resume is of {table.game_id!r}, which this program cannot play")
        host = cls(games[table.game_id], table, data_dir, **kwargs)
        if table.started:
            autosave = data_dir / AUTOSAVE_FILE
            try:
                host.session = GameSession.resume(host.game, autosave, autosave, data_dir / "records")
            except RecordError as exc:
                raise ValueError(f"the online game's autosave cannot be read: {exc}") from None
            host.version = _actions_so_far(host.session)
            host._note_waiting()
            host._make_agents()
            log.info("resumed %s at action %d", table.game_id, host.version)
        return host

    def _keep_table(self) -> None:
        """Write the host file (the seats' tokens): owner-only, atomically."""
        path = self.data_dir / HOST_FILE
        atomic_write_text(path, json.dumps(self.table.to_json(), indent=1))
        try:
            os.chmod(path, 0o600)
        except OSError:
            pass

    # ----- the network -----------------------------------------------------------------------------
    def serve(self, bind: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None,
              announce_as: str | None = None) -> int:
        """Open the table on `bind`:`port` (0: any free port), over TLS (`wss://`) when given a context
        holding the host's certificate; returns the port. With `announce_as` (the host's name), the
        table is announced on the local network (`discovery`) until its seats are taken."""
        self.server = serve(self._handle, bind, port, ssl=tls, max_size=p.MAX_GUEST_MESSAGE, max_queue=4,
                            subprotocols=[p.SUBPROTOCOL], compression="deflate", open_timeout=p.HELLO_TIMEOUT,
                            ping_interval=10, ping_timeout=20, close_timeout=2, server_header=None,
                            logger=logging.getLogger("olympus.host.websockets"))
        self.port = self.server.socket.getsockname()[1]
        self.bind = bind
        if self.table.port != self.port:
            self.table.port = self.port
            self._keep_table()
        threading.Thread(target=self.server.serve_forever, name="host-accept", daemon=True).start()
        log.info("table open on %s port %d (%s) for %s; join code %s", bind, self.port, "wss" if tls else "ws",
                 self.table.game_id, self.table.code)
        if announce_as is not None and not self.table.started:
            self.announcement = Announcement(announce_as, self.table.game_id, self.port, self._free_seats(),
                                             tls is not None, bind)
        return self.port

    def _free_seats(self) -> int:
        """Friends' seats nobody has taken yet."""
        return sum(plan.kind == "remote" and not self.table.names[s] for s, plan in enumerate(self.table.plans))

    def _refuse(self, connection: ServerConnection, peer: str, why: str, close: bool = False,
                guest: Guest | None = None) -> bool:
        """Tell the guest and log it; False when the connection is to be closed (asked, or a flood).
        `why` is a player's sentence (a `Message`, said in the guest's language) when a person may
        meet it (a wrong code), else plain words for whoever wrote the guest program."""
        self.refused += 1
        log.warning("refused from %s: %s", peer, why)
        message = {"type": "refused", "reason": encode_message(why)}
        if guest is not None:
            guest.post(message)
            if close or not guest.refusals.take():
                log.warning("closing %s (seat %d): %s", peer, guest.seat, "refused" if close else "a flood of refusals")
                guest.close(p.CLOSE_POLICY, "too many refused messages" if not close else why)
                return False
            return True
        try:
            connection.send(p.encode(message))
            connection.close(p.CLOSE_POLICY, why[:120])
        except (ConnectionClosed, OSError, RuntimeError):
            pass
        return False

    def _handle(self, connection: ServerConnection) -> None:
        """One connection's thread: a hello first, then actions until it closes."""
        peer = _peer(connection)
        try:
            raw = connection.recv(timeout=p.HELLO_TIMEOUT)
        except TimeoutError:
            self._refuse(connection, peer, "no hello in time")
            return
        except ConnectionClosed as exc:
            log.info("%s left before saying hello (%s)", peer, _close_words(exc))
            return
        try:
            hello = p.read_guest_message(raw)
        except p.ProtocolError as exc:
            self._refuse(connection, peer, str(exc))
            return
        if not isinstance(hello, p.Hello):
            self._refuse(connection, peer, "say hello first")
            return
        address = peer.rsplit(":", 1)[0]
        if not self._may_try_joining(address):
            self._refuse(connection, peer, msg("Too many wrong join codes from your address: wait a minute."))
            return
        guest, why = self._seat_guest(connection, peer, hello)
        if guest is None:
            if why in (WRONG_CODE, UNKNOWN_TOKEN):
                self._failed_joins.setdefault(address, p.RateLimit(1 / p.FAILED_JOIN_FORGIVEN_S,
                                                                   p.FAILED_JOINS_BURST)).take()
            self._refuse(connection, peer, why)
            return
        limit = p.RateLimit(p.RATE_PER_SECOND, p.RATE_BURST)
        try:
            while not guest.closed.is_set():
                try:
                    raw = connection.recv(timeout=1.0)
                except TimeoutError:
                    continue
                if not limit.take():
                    log.warning("closing %s (seat %d): a flood of messages", peer, guest.seat)
                    self.refused += 1
                    guest.close(p.CLOSE_POLICY, "too many messages")
                    break
                try:
                    message = p.read_guest_message(raw)
                except p.ProtocolError as exc:
                    if not self._refuse(connection, peer, str(exc), guest=guest):
                        break
                    continue
                if isinstance(message, p.Hello):
                    if not self._refuse(connection, peer, "already seated", guest=guest):
                        break
                elif isinstance(message, p.Bye):
                    guest.close(1000, "bye")
                    break
                else:
                    self.inbox.put(("act", guest, message))
        except ConnectionClosed as exc:
            log.info("seat %d (%s) dropped: %s", guest.seat, peer, _close_words(exc))
        finally:
            guest.close()
            self._left(guest)

    def _may_try_joining(self, address: str) -> bool:
        """False while an address has given too many wrong codes or tokens (guessing the code)."""
        with self.lock:
            if len(self._failed_joins) > 4096:      # many addresses: forget the oldest record of all
                self._failed_joins.clear()
            limit = self._failed_joins.get(address)
            return limit is None or limit.take(0.0) and limit.tokens >= 1

    def _seat_guest(self, connection: ServerConnection, peer: str, hello: p.Hello) -> tuple[Guest | None, str]:
        """Give the guest its seat: by token (taking it back), else a free remote seat. (None, why) if not."""
        if not p.codes_match(hello.code, self.table.code):
            return None, WRONG_CODE
        with self.lock:
            if self.stopping.is_set():
                return None, msg("The table is closing.")
            remote = [s for s, plan in enumerate(self.table.plans) if plan.kind == "remote"]
            if hello.token is not None:
                seat = next((s for s in remote if p.tokens_match(hello.token, self.table.tokens[s] or "")), None)
                if seat is None:
                    return None, UNKNOWN_TOKEN
                old = self.guests.get(seat)
                if old is not None:   # the same player again (a new connection after a drop): the old one goes
                    log.info("seat %d taken back by its token from %s; the old connection (%s) is closed",
                             seat, peer, old.peer)
                    old.close(p.CLOSE_POLICY, "your seat was taken back from another connection")
            else:
                if self.table.started:
                    return None, msg("The game has started: only its own players can come back to it.")
                free = [s for s in remote if not self.table.names[s]]
                if hello.seat is not None:
                    if hello.seat not in remote:
                        return None, msg("That seat is not for a friend.")
                    if hello.seat not in free:
                        return None, msg("That seat is taken.")
                    free = [hello.seat]
                if not free:
                    return None, msg("Every seat is taken.")
                seat = free[0]
                names = {n.casefold() for n in self.table.names if n}
                name = hello.name or f"Guest {seat + 1}"
                while name.casefold() in names:
                    name = f"{name[:p.MAX_NAME - 2]} {seat + 1}"
                self.table.names[seat] = name
                self._keep_table()
                if self.announcement is not None:
                    self.announcement.update(self._free_seats())
            guest = Guest(connection, seat, peer)
            self.guests[seat] = guest
            self.missing_since.pop(seat, None)
            if seat in self.stand_ins:      # the player is back: the AI hands the seat over
                self.stand_ins.discard(seat)
                self.agents.pop(seat, None)
                self._answers = [a for a in self._answers if a.seat != seat]
                log.info("seat %d (%s) is back; the AI stands down", seat, self.table.names[seat])
            log.info("seat %d (%s) joined from %s", seat, self.table.names[seat], peer)
            guest.post({"type": "welcome", "protocol": p.PROTOCOL, "seat": seat, "token": self.table.tokens[seat],
                        "game": self.table.game_id, "players": len(self.table.plans),
                        "options": encode_any(self.table.options),
                        "code": self.table.code})
            self._post_seats()
            if self.session is not None:
                guest.post(self._update(seat, self._opening(seat) if self.version == 0 else []))
                if self.session.state.finished:
                    guest.post(self._over())
            self.inbox.put(("wake",))
        return guest, ""

    def _left(self, guest: Guest) -> None:
        with self.lock:
            if self.guests.get(guest.seat) is guest:
                del self.guests[guest.seat]
                if self.table.started and not self.stopping.is_set():
                    self.missing_since[guest.seat] = time.monotonic()
                self._post_seats()

    def _post_seats(self) -> None:
        """Everyone's seat list: names, who is AI, who is connected (never a token)."""
        seats = [{"name": self.table.names[s], "kind": plan.kind, "level": plan.level,
                  "present": plan.kind == "ai" or s in self.guests, "stand_in": s in self.stand_ins,
                  "takeover_in": self._takeover_in(s)}
                 for s, plan in enumerate(self.table.plans)]
        for guest in list(self.guests.values()):
            guest.post({"type": "seats", "seats": seats, "started": self.table.started})

    # ----- the game ----------------------------------------------------------------------------------
    def _opening(self, seat: int) -> list[Event]:
        assert self.session is not None
        return [e.for_seat(seat) for e in self.session.state.opening_events()]

    def _update(self, seat: int, events: Sequence[Event], actor: int | None = None) -> dict[str, Any]:
        """What `seat` is told after a change: who acted (public, never what a hidden move was), its
        events, its view, whose turn, its own legal actions."""
        assert self.session is not None
        state = self.session.state
        may_act = not state.finished and seat in state.to_act()
        return {"type": "update", "version": self.version, "actor": actor,
                "events": [encode_event(e.for_seat(seat)) for e in events],
                "view": encode_view(state.view(seat)),
                "waiting": [s for s in state.waiting_for() if s != CHANCE],
                "legal": [a.text for a in state.legal_actions(seat)] if may_act else [],
                "lists_all": state.lists_all_actions(seat) if may_act else True,
                "reaction": may_act and state.is_reaction(seat),
                "finished": state.finished}

    def _start(self) -> None:
        """Every remote seat has a player: the game begins."""
        names = [n or f"Guest {s + 1}" for s, n in enumerate(self.table.names)]
        seats = [SeatInfo(name, "human" if plan.kind == "remote" else f"ai:{plan.level}")
                 for name, plan in zip(names, self.table.plans)]
        autosave = self.data_dir / AUTOSAVE_FILE
        self.session = GameSession.new(self.game, seats, self.table.options, self.table.seed,
                                       autosave_path=autosave, records_dir=self.data_dir / "records")
        self.table.started = True
        self._keep_table()
        if self.announcement is not None:      # no seat left to take: only its own players come back
            self.announcement.withdraw()
        self._make_agents()
        self.version = 0
        self.version_since = time.monotonic()
        self._note_waiting()
        log.info("game started: %s, seats %s, seed %d", self.game.id, [s.controller for s in seats], self.table.seed)
        self._post_seats()
        for seat, guest in list(self.guests.items()):
            guest.post(self._update(seat, self._opening(seat)))

    def _make_agents(self) -> None:
        """The game's own agent for each AI seat. A search that marks itself `isolate` thinks in a process
        of its own (one per level, as at a local table), so it never holds up the connections' threads."""
        from game.core.remote_agent import RemoteAgent

        remote: dict[str, RemoteAgent] = {}
        for seat, plan in enumerate(self.table.plans):
            if plan.kind == "ai":
                level = plan.level or "normal"
                agent = self.game.agent(level)
                if getattr(agent, "isolate", False):
                    agent = remote.setdefault(level, RemoteAgent(self.game.id, level))
                self.agents[seat] = agent
                self._rngs[seat] = random.Random(secrets.randbits(64))

    def _applied(self, seat: int, action: Action | str) -> None:
        """Apply through the session (autosave, the record kept at the end) and tell every guest."""
        assert self.session is not None
        events = self.session.apply(seat, action)
        self.version += 1
        self._note_waiting()
        self.version_since = time.monotonic()
        self.stats["actions"] += 1
        for guest_seat, guest in list(self.guests.items()):
            guest.post(self._update(guest_seat, events, seat))

    def _actor_of(self, version: int) -> int | None:
        """The seat whose action took the table from `version` to the next (CHANCE for chance)."""
        assert self.session is not None
        for rnd in self.session.state.rounds:
            if version < len(rnd.actions):
                return int(rnd.actions[version][0])
            version -= len(rnd.actions)
        return None

    def _seat_name(self, seat: int) -> str:
        return self.session.state.seats[seat].name if self.session is not None else self.table.names[seat]

    def _note_waiting(self) -> None:
        """Remember who the game waits for at this version (a late reaction is told apart by it)."""
        assert self.session is not None
        self._waited_at[self.version] = self.session.state.waiting_for()
        self._waited_at.pop(self.version - WAITING_KEPT, None)

    def _judge(self, guest: Guest, act: p.Act) -> None:
        """A guest's proposed action, judged for its own seat only, against the table as it is now."""
        assert self.session is not None
        seat = guest.seat
        if act.base > self.version:
            self._refuse(guest.connection, guest.peer, "that version of the table does not exist", guest=guest)
            return
        if act.base < self.version and seat not in self._waited_at.get(act.base, ()):
            # A reaction (made while the game did not wait for this seat) on an older table: a move
            # that arrived first has closed that window, even if the seat may act again now.
            log.info("seat %d: %r came too late (made at %d, table at %d)", seat, act.action, act.base, self.version)
            first = self._actor_of(act.base)
            reason = msg("Too late: {name} was quicker.", name=self._seat_name(first)) if first is not None \
                and first >= 0 and first != seat else msg("Too late: the table had moved on.")
            guest.post({"type": "refused", "action": act.action, "late": True, "first": first,
                        "reason": encode_message(reason)})
            return
        try:
            self._applied(seat, act.action)
        except IllegalAction as exc:
            reason = exc.args[0] if exc.args else msg("that move is not allowed now")
            log.info("seat %d: %r refused: %s", seat, act.action, reason)
            guest.post({"type": "refused", "action": act.action, "reason": encode_message(reason)})
            if not guest.refusals.take(p.ILLEGAL_ACTION_COST):
                log.warning("closing %s (seat %d): a flood of refused actions", guest.peer, seat)
                guest.close(p.CLOSE_POLICY, "too many refused messages")

    def _ask_ai(self) -> None:
        """Ask each AI seat the game waits for (or offers a reaction) once per version, in a thread."""
        assert self.session is not None
        state = self.session.state
        for seat in state.to_act():
            if seat not in self.agents or (seat, self.version) in self._asked:
                continue
            self._asked.add((seat, self.version))
            optional = state.is_reaction(seat)
            legal = state.legal_actions(seat)
            if optional and not legal:
                continue
            view, version = state.view(seat), self.version
            pause = self.ai_pause * (0.5 if optional else 1.0)
            ready_at = self.version_since + pause
            agent, rng = self.agents[seat], self._rngs[seat]

            def think(seat: int = seat, view: Any = view, legal: list[Action] = legal, version: int = version,
                      optional: bool = optional, ready_at: float = ready_at, agent: Any = agent,
                      rng: random.Random = rng) -> None:
                try:
                    action = agent.choose(view, legal, rng, optional=optional)
                    self.inbox.put(("ai", _AIAnswer(seat, version, action, ready_at)))
                except Exception as exc:   # an AI that fails plays its first legal action (logged)
                    self.inbox.put(("ai", _AIAnswer(seat, version, None if optional else legal[0], ready_at,
                                                    f"{type(exc).__name__}: {exc}")))

            threading.Thread(target=think, name=f"ai-seat-{seat}", daemon=True).start()

    def _due_ai_answer(self) -> _AIAnswer | None:
        now = time.monotonic()
        self._answers = [a for a in self._answers if a.version == self.version]
        due = [a for a in self._answers if a.ready_at <= now]
        if not due:
            return None
        answer = min(due, key=lambda a: a.ready_at)
        self._answers.remove(answer)
        return answer

    def run(self, timeout: float | None = None) -> int:
        """Play the game to its end (waiting first for every friend to join); 0 when it ended."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.stopping.is_set():
            if deadline is not None and time.monotonic() > deadline:
                log.error("the game did not end in time")
                return 1
            with self.lock:
                if self.session is None and self._everyone_here():
                    self._start()
                if self.session is not None:
                    if self.session.state.finished:
                        break
                    self._take_over_missing()
                    if not self._everyone_here():
                        pass    # a friend is missing: the table waits (guests still act; AI and chance wait)
                    else:
                        while chance_is_due(self.session.state):
                            self._applied(CHANCE, self.session.state.chance_action())
                        self._ask_ai()
                        answer = self._due_ai_answer()
                        if answer is not None:
                            self._play_ai(answer)
                            continue
            try:
                item = self.inbox.get(timeout=0.02)
            except queue.Empty:
                continue
            with self.lock:
                if item[0] == "act" and self.session is not None and not self.session.state.finished:
                    self._judge(item[1], item[2])
                elif item[0] == "act":
                    item[1].post({"type": "refused", "action": item[2].action,
                                  "reason": encode_message(msg("The game has not started yet."))})
                elif item[0] == "ai" and item[1].version == self.version:
                    self._answers.append(item[1])
        if self.session is not None and self.session.state.finished:
            self._finish()
            return 0
        return 1

    def _everyone_here(self) -> bool:
        """Every friend's seat has its connection or, after the countdown, an AI keeping it (while one is
        simply missing, AI seats and chance do not move)."""
        return all(s in self.guests or s in self.stand_ins
                   for s, plan in enumerate(self.table.plans) if plan.kind == "remote")

    def _takeover_in(self, seat: int) -> float | None:
        """Seconds until an AI keeps this missing friend's seat (None: not missing, or no countdown)."""
        since = self.missing_since.get(seat)
        if since is None or self.takeover_after is None or seat in self.stand_ins:
            return None
        return round(max(0.0, since + self.takeover_after - time.monotonic()), 1)

    def _take_over_missing(self) -> None:
        """A friend missing longer than the countdown: an AI plays the seat until the player returns."""
        if self.takeover_after is None:
            return
        now = time.monotonic()
        for seat, since in list(self.missing_since.items()):
            if seat not in self.stand_ins and now - since >= self.takeover_after:
                self.stand_ins.add(seat)
                self.agents[seat] = self.game.agent(self.stand_in_level)
                self._rngs[seat] = random.Random(secrets.randbits(64))
                log.info("seat %d (%s) has been missing %.0f s: the %s AI keeps it until its player returns",
                         seat, self.table.names[seat], now - since, self.stand_in_level)
                self._post_seats()

    def _play_ai(self, answer: _AIAnswer) -> None:
        if answer.error is not None:
            log.error("the AI of seat %d failed (%s); it plays its first legal move", answer.seat, answer.error)
        if answer.action is None:
            return
        try:
            self._applied(answer.seat, answer.action)
        except IllegalAction as exc:
            log.error("the AI of seat %d proposed %s, refused: %s", answer.seat, answer.action, exc)
            legal = self.session.state.legal_actions(answer.seat) if self.session else []
            if legal and not self.session.state.is_reaction(answer.seat):
                self._applied(answer.seat, legal[0])

    def _finish(self) -> None:
        assert self.session is not None
        state = self.session.state
        log.info("game over: winners %s, totals %s; record %s", list(state.winners), list(state.totals),
                 self.session.finished_record_path)
        for guest in list(self.guests.values()):
            guest.post(self._over())
        self._count_traffic()
        time.sleep(self.linger)
        self.close(quit_words=None)

    def _over(self) -> dict[str, Any]:
        assert self.session is not None
        state = self.session.state
        # The game is over, so its record (the deck order, every hand) is no longer anyone's secret: each
        # guest keeps its own copy (replays, Review, statistics). Never sent before the end.
        assert state.finished
        return {"type": "over", "winners": list(state.winners), "totals": list(state.totals),
                "record": state.record()}

    def _count_traffic(self) -> None:
        with self.lock:
            for guest in self.guests.values():
                self.stats["messages"] += guest.sent_messages
                self.stats["bytes"] += guest.sent_bytes

    def close(self, quit_words: Message | None = msg("The host has closed the table.")) -> None:
        """Close every connection (telling guests why, in words) and the server."""
        self.stopping.set()
        if self.announcement is not None:
            self.announcement.close()
        with self.lock:
            guests = list(self.guests.values())
        for guest in guests:
            if quit_words is not None:
                guest.post({"type": "bye", "reason": encode_message(quit_words)})
            guest.close(p.CLOSE_GOING_AWAY if quit_words is not None else 1000, "closed")
        if self.server is not None:
            self.server.shutdown()
            self.server = None
        for agent in {id(a): a for a in self.agents.values()}.values():
            close = getattr(agent, "close", None)
            if callable(close):
                close()


def kept_online_game(games: dict[str, Game], data_dir: Path) -> Table | None:
    """The online game this computer hosted that is not over (its host file and autosave are in
    `data_dir`: the program stopped in the middle of it), to be resumed; None when there is none or
    it cannot be read (a damaged file is the headless host's `--resume` to report)."""
    data_dir = Path(data_dir)
    if not (data_dir / AUTOSAVE_FILE).is_file():
        return None
    try:
        table = Table.from_json(json.loads((data_dir / HOST_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
    return table if table.started and table.game_id in games else None


def _actions_so_far(session: GameSession) -> int:
    return sum(len(r.actions) for r in session.state.rounds)


def _peer(connection: ServerConnection) -> str:
    try:
        address = connection.remote_address
        return f"{address[0]}:{address[1]}"
    except (AttributeError, IndexError, TypeError, OSError):
        return "?"


def _close_words(exc: ConnectionClosed) -> str:
    frame = exc.rcvd or exc.sent
    return f"code {frame.code} {frame.reason!r}" if frame is not None else "no close frame"
