"""Events: what `State.apply` reports happened, for the table to animate and the log to tell."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class Event:
    """One thing that happened: `kind` names it (`card_played`, `zeus_stolen`, `round_won` …).

    `seat` is the seat it concerns, or None for table-wide events. `data` is public. `secret` holds
    what only seat `private_to` may know (the card it drew); `for_seat` strips it for everyone else,
    so a table can show a face-down card travelling without learning what it is.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", MappingProxyType(dict(self.data)))
        object.__setattr__(self, "secret", MappingProxyType(dict(self.secret)))

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
        return replace(self, secret={})
