"""Reading a `--seats` list (`human,ai,ai:hard` at a local table, `remote,remote,ai:hard` for a host):
one entry per seat, a person's word or an AI with its level. Shared by both commands, so they say the
same things about the same mistakes."""
from __future__ import annotations

from typing import Sequence


class SeatListError(ValueError):
    """An entry that is no seat, or an AI level the game does not have; the text says which."""


def read_seat_list(spec: str, ai_level: str, levels: Sequence[str], person: str) -> list[str | None]:
    """For each entry: None for `person` (a human here, a friend elsewhere), else the AI's level."""
    if not spec.strip():
        raise SeatListError(f"--seats is empty; expected one entry per seat, such as {person},ai,ai")
    seats: list[str | None] = []
    for entry in (e.strip() for e in spec.split(",")):
        if entry == person:
            seats.append(None)
            continue
        level = ai_level if entry == "ai" else entry[3:] if entry.startswith("ai:") else None
        if level is None:
            raise SeatListError(f"--seats: {entry!r} is not a seat; use {person}, ai or ai:<level>")
        if level not in levels:
            raise SeatListError(f"AI level {level!r} does not exist for this game; choose from {', '.join(levels)}")
        seats.append(level)
    return seats
