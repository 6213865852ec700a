"""A guest's side of an online table: connect to a host, keep what it says, propose actions.

`GuestClient` holds the latest of everything the host sent this seat: its view (rebuilt as the game's
own view class, so AI agents and tables read it as they read a local one), its legal actions, whose
turn it is, the seat list, and every message as it arrived (`on_message`, for recording or a scene).
A thread reads the connection; `wait_update` lets a program wait for the next change. The seat's token
comes with the welcome; `GuestClient.connect(..., token=...)` takes the seat back after a drop.
"""
from __future__ import annotations

import json
import logging
import ssl
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.catalog import load_game
from game.core.actions import Action
from game.core.engine import Game, SeatInfo
from game.core.events import Event
from game.core.messages import Message
from game.net import protocol as p
from game.net.wire import WireError, decode_any, decode_event, decode_message, decode_view

log = logging.getLogger("olympus.guest")


class JoinError(Exception):
    """The host could not be reached or refused us; the text says why in plain words. `by_host`: the
    host answered and said no (trying again will not help), rather than not answering."""

    def __init__(self, text: str, by_host: bool = False) -> None:
        super().__init__(text)
        self.by_host = by_host


@dataclass(frozen=True)
class Update:
    """One `update` as received: who acted (None: a snapshot; -1: chance), what this seat saw happen,
    and the table after it."""

    version: int
    actor: int | None
    events: tuple[Event, ...]
    view: Any
    waiting: tuple[int, ...]
    legal: tuple[Action, ...]
    lists_all: bool
    reaction: bool
    finished: bool


@dataclass
class GuestState:
    """The latest the host told this seat."""

    seat: int | None = None
    token: str | None = None
    game_id: str | None = None
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    started: bool = False
    version: int = -1
    view: Any = None
    events: list[Event] = field(default_factory=list)   # every event received, in order
    waiting: tuple[int, ...] = ()
    legal: tuple[Action, ...] = ()
    lists_all: bool = True
    reaction: bool = False
    finished: bool = False
    over: dict[str, Any] | None = None
    record: dict[str, Any] | None = None      # the finished game's record, sent with `over`
    refused: list[dict[str, Any]] = field(default_factory=list)
    updates: list["Update"] = field(default_factory=list)   # every update received, in order
    bye: Message | None = None


class GuestClient:
    """One connection to a host, for one seat."""

    def __init__(self, connection: ClientConnection, on_message: Callable[[str], None] | None = None) -> None:
        self.connection = connection
        self.on_message = on_message
        self.state = GuestState()
        self.game: Game | None = None
        self.view_class: type | None = None
        self.content_view: Any = None
        self.changed = threading.Condition()
        self.closed = False
        self.close_reason = ""
        self.reader = threading.Thread(target=self._read_all, name="guest-read", daemon=True)

    @classmethod
    def connect(cls, url: str, code: str, name: str = "", *, token: str | None = None, seat: int | None = None,
                on_message: Callable[[str], None] | None = None, timeout: float = 10.0,
                ca_file: str | None = None) -> "GuestClient":
        """Join the table at `url` (ws://host:port, or wss:// when the host has a certificate: checked
        against the system's authorities, or against `ca_file`, e.g. the host's own self-signed
        certificate) with its join code; JoinError in words if refused."""
        tls = None
        if url.startswith("wss://"):
            try:
                tls = ssl.create_default_context(cafile=ca_file)
            except (OSError, ssl.SSLError) as exc:
                raise JoinError(f"the certificate file {ca_file} cannot be used: {exc}") from None
        try:
            connection = connect(url, ssl=tls, subprotocols=[p.SUBPROTOCOL], max_size=p.MAX_HOST_MESSAGE,
                                 open_timeout=timeout, close_timeout=2, proxy=None, compression="deflate",
                                 legacy=True)   # a connection kept open across calls, not a `with` block
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise JoinError(f"could not reach the host at {url}: {exc}") from None
        client = cls(connection, on_message)
        hello = {"type": "hello", "protocol": p.PROTOCOL, "code": code, "name": name}
        if token is not None:
            hello["token"] = token
        if seat is not None:
            hello["seat"] = seat
        connection.send(p.encode(hello))
        try:
            first = connection.recv(timeout=timeout)
        except (ConnectionClosed, TimeoutError) as exc:
            raise JoinError(f"the host closed the connection: {exc}") from None
        client._take(first)
        if client.state.seat is None:
            reason = client.state.refused[-1]["reason"] if client.state.refused else "no welcome"
            connection.close()
            raise JoinError(f"the host refused: {reason}", by_host=True)
        client.reader.start()
        return client

    # ----- reading -----------------------------------------------------------------------------------
    def _read_all(self) -> None:
        try:
            for raw in self.connection:
                self._take(raw)
        except ConnectionClosed as exc:
            frame = exc.rcvd
            self.close_reason = frame.reason if frame is not None else "connection lost"
        except (OSError, RuntimeError) as exc:
            self.close_reason = str(exc)
        finally:
            with self.changed:
                self.closed = True
                self.changed.notify_all()

    def _take(self, raw: str | bytes) -> None:
        if isinstance(raw, bytes):
            log.warning("the host sent a binary frame; ignored")
            return
        if self.on_message is not None:
            self.on_message(raw)
        try:
            message = json.loads(raw)
            self._apply(message)
        except (ValueError, WireError, KeyError, TypeError) as exc:
            log.warning("a message from the host could not be read: %s", exc)
            return
        with self.changed:
            self.changed.notify_all()

    def _apply(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        state = self.state
        if kind == "welcome":
            if message.get("protocol") != p.PROTOCOL:
                raise WireError("the host speaks another protocol version")
            state.seat, state.token = int(message["seat"]), str(message["token"])
            state.game_id, state.options = str(message["game"]), decode_any(message["options"])
            state.players = int(message["players"])
            self._load_game()
        elif kind == "seats":
            state.seats, state.started = list(message["seats"]), bool(message["started"])
        elif kind == "update":
            assert self.view_class is not None
            state.view = decode_view(message["view"], self.view_class, self.content_view)
            new_events = [decode_event(e) for e in message["events"]]
            state.events.extend(new_events)
            state.version = int(message["version"])
            state.waiting = tuple(int(s) for s in message["waiting"])
            state.legal = tuple(Action.parse(text) for text in message["legal"])
            state.lists_all, state.reaction = bool(message["lists_all"]), bool(message["reaction"])
            state.finished = bool(message["finished"])
            state.started = True
            actor = message.get("actor")
            state.updates.append(Update(state.version, actor if type(actor) is int else None, tuple(new_events),
                                        state.view, state.waiting, state.legal, state.lists_all, state.reaction,
                                        state.finished))
        elif kind == "refused":
            first = message.get("first")
            state.refused.append({"action": message.get("action"), "late": bool(message.get("late")),
                                  "first": first if type(first) is int else None,
                                  "reason": decode_message(message["reason"])})
        elif kind == "over":
            record = message.get("record")
            if isinstance(record, dict) and record.get("game") == state.game_id and record.get("finished"):
                state.record = record
            state.over = {"winners": list(message["winners"]), "totals": list(message["totals"])}
        elif kind == "bye":
            state.bye = decode_message(message["reason"])

    def _load_game(self) -> None:
        """The same game here, for its view class and content (a view of our own, never the host's state)."""
        assert self.state.game_id is not None
        if self.game is None or self.game.id != self.state.game_id:
            self.game = load_game(self.state.game_id)
        players = self.state.players
        sample = self.game.new_state([SeatInfo(f"p{i}") for i in range(players)], self.state.options, 0)
        self.content_view = sample.view(None)
        self.view_class = type(self.content_view)

    # ----- acting ------------------------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """Propose an action for our seat, made on the table as we last saw it."""
        text = action.text if isinstance(action, Action) else str(action)
        self.send({"type": "act", "action": text, "base": self.state.version})

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(p.encode(message))

    def send_raw(self, raw: str | bytes) -> None:
        """Anything at all (the fuzz tests send malformed frames through this)."""
        self.connection.send(raw)

    def wait_update(self, after_version: int, timeout: float = 10.0, refusals: int | None = None) -> bool:
        """Wait until a version newer than `after_version` arrives (or the game ends, the connection
        closes, or one more refusal than `refusals` comes): False on a timeout."""
        with self.changed:
            return self.changed.wait_for(
                lambda: self.state.version > after_version or self.closed or self.state.over is not None
                or (refusals is not None and len(self.state.refused) > refusals), timeout)

    def close(self) -> None:
        try:
            self.send({"type": "bye"})
        except (ConnectionClosed, OSError, RuntimeError):
            pass
        self.connection.close()
        if self.reader.is_alive():
            self.reader.join(timeout=3)
