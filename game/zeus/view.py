"""What one seat may know about a Zeus game: the table, its own hand, and nothing hidden.

The table scene and the AI read only this, so neither can see another hand or the draw pile order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from game.zeus.deck import CardDef


@dataclass(frozen=True)
class ZeusView:
    seat: int | None  # None: a spectator
    names: tuple[str, ...]
    hand: tuple[str, ...]  # this seat's cards, () for a spectator
    hand_sizes: tuple[int, ...]
    total: int  # Mount Olympus
    pile: tuple[str, ...]  # Mount Olympus, bottom first
    top_number: int | None  # the number card on top, if the top card is a number
    top_number_seat: int | None  # who played that number card
    zeus_holder: int | None
    letters: tuple[int, ...]  # rounds won per seat, 0..4
    draw_pile_size: int
    turn: int
    dealer: int
    round_index: int
    sneak_open: bool  # a Same Number Sneak may be played on the top card now
    sneak_number: int | None
    owes_draw: tuple[bool, ...]  # manual_draw: which seats may still take their draw
    options: Mapping[str, Any]
    finished: bool
    winners: tuple[int, ...]
    last_round_winner: int | None
    pile_seats: tuple[int, ...] = ()  # who played each card of `pile`
    cards: Mapping[str, CardDef] = field(default_factory=lambda: MappingProxyType({}))  # the deck's card definitions (public)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.turn and not self.finished
