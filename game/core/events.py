"""Events: what `State.apply` reports happened, for the table to animate and the log to tell."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

_NOTHING: Mapping[str, Any] = MappingProxyType({})


class Event:
    """One thing that happened: `kind` names it (`card_played`, `zeus_stolen`, `round_won` …).

    `seat` is the seat it concerns, or None for table-wide events. `data` is public. `secret` holds
    what only seat `private_to` may know (the card it drew); `for_seat` strips it for everyone else,
    so a table can show a face-down card travelling without learning what it is.

    A plain class with slots rather than a frozen dataclass: engines make several per action, and in
    self-play and search that was a large share of the time. It still never changes once made
    (read-only mappings, no attribute may be set), and compares by its fields.
    """

    __slots__ = ("kind", "seat", "data", "secret", "private_to")

    kind: str
    seat: int | None
    data: Mapping[str, Any]
    secret: Mapping[str, Any]
    private_to: int | None

    def __init__(self, kind: str, seat: int | None = None, data: Mapping[str, Any] | None = None,
                 secret: Mapping[str, Any] | None = None, private_to: int | None = None) -> None:
        # The slots' own setters: `__setattr__` refuses every change, and these are quicker anyway.
        _set_kind(self, kind)
        _set_seat(self, seat)
        _set_data(self, MappingProxyType(dict(data)) if data else _NOTHING)
        _set_secret(self, MappingProxyType(dict(secret)) if secret else _NOTHING)
        _set_private_to(self, private_to)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an event never changes (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an event never changes (cannot delete {name})")

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.seat, self.data, self.secret, self.private_to)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # equal by value, and its mappings are not hashable

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, data={dict(self.data)!r}, "
                f"secret={dict(self.secret)!r}, private_to={self.private_to!r})")

    # An event never changes after it is made, so copies share it; pickling rebuilds it from plain dicts
    # (a mappingproxy can be neither deep-copied nor pickled, which broke State.clone()).
    def __deepcopy__(self, memo: dict[int, Any]) -> "Event":
        return self

    def __copy__(self) -> "Event":
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.seat, dict(self.data), dict(self.secret), self.private_to))

    def __getitem__(self, key: str) -> Any:
        if key in self.data:
            return self.data[key]
        return self.secret[key]

    def get(self, key: str, default: Any = None) -> Any:
        if key in self.data:
            return self.data[key]
        return self.secret.get(key, default)

    def for_seat(self, seat: int | None) -> "Event":
        """This event as `seat` may see it (None: a spectator who sees no secrets)."""
        if not self.secret or (self.private_to is not None and seat == self.private_to):
            return self
        return Event(self.kind, self.seat, self.data, None, self.private_to)


_set_kind, _set_seat, _set_data, _set_secret, _set_private_to = (
    Event.kind.__set__, Event.seat.__set__, Event.data.__set__,  # type: ignore[attr-defined]
    Event.secret.__set__, Event.private_to.__set__)  # type: ignore[attr-defined]
