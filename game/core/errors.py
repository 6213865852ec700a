"""Errors that carry a message a player or a content author can act on."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The state is unchanged when this is raised.

    `reason` is a short sentence for the player ("you must reach 7, 8, 12 or play your three lowest"),
    a `game.core.messages.Message` where the game writes one, which the UI says in the player's language.
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: str | None = None) -> None:
        self.reason = reason
        self.seat = seat
        self.action = action
        where = ""
        if seat is not None or action is not None:
            where = f" (seat {seat}, action {action!r})"
        super().__init__(f"{reason}{where}")


class ContentError(Exception):
    """A YAML content file that does not say what the program needs.

    The message names the file, the key, the line and what was expected, so an author can fix it.
    """

    def __init__(self, file: str, key: str, line: int | None, expected: str, found: object = None) -> None:
        self.file = file
        self.key = key
        self.line = line
        self.expected = expected
        at_line = f", line {line}" if line is not None else ""
        found_text = "" if found is None else f", found {found!r}"
        super().__init__(f"{file}: key '{key}'{at_line}: expected {expected}{found_text}")


class RecordError(ValueError):
    """A game record that cannot be read or does not replay under the rules.

    `args[0]` is the sentence for the player (a Message, translated by the UI); `detail`, when given, is
    the engine's own English account for developers, shown by `str()` (logs, tests) but never translated."""

    def __init__(self, message: object, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail

    def __str__(self) -> str:
        text = super().__str__()
        return f"{text} [{self.detail}]" if self.detail else text


class NewerRecord(RecordError):
    """A record written by a newer version of the program (a newer format). Not damage: the newer copy
    still reads it, so a guarded read leaves the file where it is, untouched."""

    leave_in_place = True
