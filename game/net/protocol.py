"""The online protocol: its version, its limits, join codes and seat tokens, and reading a guest's message.

Every message is one WebSocket text frame holding one JSON object with a `type`; docs/online-protocol.md
describes each. A guest may send only `hello`, `act` and `bye`; anything else, anything malformed or
too large, is refused (and counted: a flood of refusals closes the connection). The host never takes
state from a guest: the only thing a guest can propose is an action's text, which the engine judges.
"""
from __future__ import annotations

import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
"""Raised whenever a message changes meaning; a host refuses a guest that speaks another version."""

SUBPROTOCOL = "olympus-table.v1"

MAX_GUEST_MESSAGE = 4 * 1024      # bytes: the longest action text is far shorter (websockets' max_size)
MAX_HOST_MESSAGE = 1024 * 1024    # what a guest accepts from its host (a view with every legal action)
MAX_NAME = 24                     # characters of a player's name
MAX_ACTION = 400                  # characters of an action's text
HELLO_TIMEOUT = 10.0              # seconds a new connection has to say hello
RATE_PER_SECOND = 50.0            # messages a guest may send each second, on average (a person sends a few)...
RATE_BURST = 150                  # ...and at once
REFUSALS_BURST = 12               # refused messages in a row (one forgiven every REFUSAL_FORGIVEN_S)...
REFUSAL_FORGIVEN_S = 5.0          # ...before the connection is closed as a flood
FAILED_JOINS_BURST = 10           # wrong codes or tokens from one address (one forgiven every...
FAILED_JOIN_FORGIVEN_S = 6.0      # ...6 s) before that address is refused without a look: no guessing the code
ILLEGAL_ACTION_COST = 0.25        # a move the rules refuse counts a quarter (people make mistakes; races happen)
OUTBOX_LIMIT = 256                # messages waiting for a guest that does not read: then it is dropped

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud or typed without mistakes
CODE_LENGTH = 6

GUEST_TYPES = ("hello", "act", "bye")

CLOSE_POLICY = 1008   # WebSocket close code: policy violation (wrong code, flood, bad token)
CLOSE_TOO_BIG = 1009  # message too big (websockets uses it for max_size)
CLOSE_GOING_AWAY = 1001


class ProtocolError(ValueError):
    """A guest's message that cannot be taken; the text says why (sent back and logged)."""


def new_join_code() -> str:
    """A short code the host reads out to its friends: 6 characters, about 30 bits."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """The code as typed, made canonical (spaces, dashes and case do not matter)."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def codes_match(given: str, code: str) -> bool:
    return hmac.compare_digest(normal_code(given).encode(), normal_code(code).encode())


def new_seat_token() -> str:
    """A seat's secret: whoever holds it may take that seat again (after a drop, a crash)."""
    return secrets.token_urlsafe(24)


def tokens_match(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode(), token.encode())


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@dataclass(frozen=True)
class Hello:
    code: str
    name: str
    token: str | None
    seat: int | None


@dataclass(frozen=True)
class Act:
    action: str
    base: int


@dataclass(frozen=True)
class Bye:
    pass


def read_guest_message(raw: str | bytes) -> Hello | Act | Bye:
    """A guest's frame as a checked message, or ProtocolError saying what is wrong with it."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages must be text frames holding JSON")
    if len(raw) > MAX_GUEST_MESSAGE:
        raise ProtocolError("message too long")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    if kind not in GUEST_TYPES:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
    if kind == "hello":
        _only(data, {"type", "protocol", "code", "name", "token", "seat"})
        if data.get("protocol") != PROTOCOL:
            raise ProtocolError(f"this host speaks protocol {PROTOCOL}, not {str(data.get('protocol'))[:10]}")
        code, name, token, seat = data.get("code"), data.get("name", ""), data.get("token"), data.get("seat")
        if not isinstance(code, str) or len(code) > 32:
            raise ProtocolError("hello needs the join code")
        if not isinstance(name, str) or len(name) > 100:
            raise ProtocolError("a name must be a short text")
        if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 100):
            raise ProtocolError("a seat token must be a short text")
        if seat is not None and (type(seat) is not int or not 0 <= seat < 16):
            raise ProtocolError("a seat must be a small whole number")
        return Hello(code, clean_name(name), token, seat)
    if kind == "act":
        _only(data, {"type", "action", "base"})
        action, base = data.get("action"), data.get("base")
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION:
            raise ProtocolError("act needs the action's text")
        if type(base) is not int or base < 0:
            raise ProtocolError("act needs the version it was made on (base)")
        return Act(action, base)
    _only(data, {"type"})
    return Bye()


def clean_name(name: str) -> str:
    """A name as others will see it: printable, one line, not too long."""
    kept = "".join(ch for ch in name if ch.isprintable()).strip()
    return " ".join(kept.split())[:MAX_NAME]


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = set(data) - allowed
    if extra:
        raise ProtocolError(f"unexpected field {sorted(extra)[0][:20]!r}")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class RateLimit:
    """A token bucket: `take()` is False when more came than `per_second` on average, `burst` at once."""

    def __init__(self, per_second: float, burst: int, clock: Any = time.monotonic) -> None:
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self, cost: float = 1.0) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True
