"""Actions: small frozen values whose text form is the notation of rules/records.md.

Every game shares one shape, a verb and its argument words: `play 7`, `play 6a,6c,6f`, `sneak 8`,
`swap 1.3 2.0`, `draw`. Each game reads its own arguments (cards split on commas, slots on dots).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from game.core.errors import IllegalAction
from game.core.messages import msg


@dataclass(frozen=True, order=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    @cached_property
    def text(self) -> str:
        """The record notation (`str(action)`). Kept once made, as a plain attribute after the first
        time: every action's text goes into the record, and engines share their action values, so
        most texts are asked for many times (the hot path reads `text`, skipping the `str` call)."""
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the record notation; a malformed text raises IllegalAction naming the problem."""
        if not isinstance(text, str) or not text:
            raise IllegalAction(msg("an action must be a non-empty text, got {text}", text=repr(text)))
        if text != text.strip() or "  " in text or "\t" in text or "\n" in text:
            raise IllegalAction(msg("action {text} has stray spaces; use one space between words", text=repr(text)))
        verb, *args = text.split(" ")
        if not verb.isalpha() or not verb.islower():
            raise IllegalAction(msg("action {text} must start with a lower-case verb such as 'play'", text=repr(text)))
        return cls(verb, tuple(args))

    @classmethod
    def of(cls, verb: str, *args: str) -> "Action":
        return cls(verb, tuple(args))

    @property
    def cards(self) -> tuple[str, ...]:
        """The comma-separated card ids of the first argument (`play 6a,6c` -> ('6a', '6c'))."""
        return tuple(self.args[0].split(",")) if self.args else ()


def as_action(action: "Action | str") -> Action:
    return action if isinstance(action, Action) else Action.parse(action)
