"""What a single-card play tells about the rest of its player's hand, if that player plays like the
`normal` AI (game/telos/agents.py). The `hard` AI's samples (game/telos/determinize.py) use it.

`normal` keeps its lowest card for the last trick and otherwise rates a play by the value it sheds, so
one card played alone reads as follows (not on the last trick, where every card is forced):

- a **lead** of a God card of value v: it held no higher God card (leading that one instead would
  have shed more and kept the same lowest card);
- a **follow** that reached the line with a God card of value v, with at most three cards left after
  it (`normal` sheds its highest cards then): it held no higher God card either;
- such a follow with more cards left (`normal` then saves its cards and throws a Zeus card first): it
  held no Zeus card.

Measured over 150–200 games of four `normal` players (seat views beside the true hands): 9,742
single leads with a choice, 1,331 late follows and 1,423 early follows; every one held as said.
A hand only loses cards during a round, so what held then still holds for the cards the seat keeps;
a seat that used its Divine Trick took a card nobody saw, so nothing is read from its plays. Against
a player who does not play like `normal` the reading can be wrong: a sample is then still a legal
position, only a less likely one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from game.telos.agents import LATE_HAND
from game.telos.cards import is_zeus, parse_god_card
from game.telos.view import TrickPlay

HIGHEST_GOD_VALUE = 13


@dataclass(frozen=True)
class HandReading:
    """What one seat's remaining hand holds, as read from its plays this round."""

    god_ceiling: int = HIGHEST_GOD_VALUE  # no God card above this value
    zeus_possible: bool = True            # False: no Zeus card

    def allows(self, card: str) -> bool:
        parsed = parse_god_card(card)
        if parsed is None:
            return self.zeus_possible
        return parsed[0] <= self.god_ceiling

    def narrowed(self, other: "HandReading") -> "HandReading":
        return HandReading(min(self.god_ceiling, other.god_ceiling),
                           self.zeus_possible and other.zeus_possible)


@dataclass(frozen=True)
class SeenTrick:
    """One trick of this round (done or under way) and how many cards each seat held when it began."""

    plays: tuple[TrickPlay, ...]
    start_size: int
    last_trick: bool


def read_trick(trick: SeenTrick) -> dict[int, HandReading]:
    """The readings one trick's single-card plays give, seat by seat."""
    found: dict[int, HandReading] = {}
    if trick.last_trick or not trick.plays or len(trick.plays[0].cards) != 1:
        return found
    line = 0
    for index, play in enumerate(trick.plays):
        (card,) = play.cards
        (value,) = play.values
        if not is_zeus(card):
            if index == 0:
                found[play.seat] = HandReading(god_ceiling=value)
            elif value >= line:
                if trick.start_size - 1 <= LATE_HAND:  # few cards left: `normal` sheds its highest
                    found[play.seat] = HandReading(god_ceiling=value)
                else:
                    found[play.seat] = HandReading(zeus_possible=False)
        line = max(line, value)
    return found


def read_round(tricks: Iterable[SeenTrick], skip: Sequence[int]) -> dict[int, HandReading]:
    """Every seat's reading from the tricks given, less the seats in `skip` (the reader itself and
    the seats that used their Divine Trick)."""
    readings: dict[int, HandReading] = {}
    for trick in tricks:
        for seat, reading in read_trick(trick).items():
            if seat not in skip:
                readings[seat] = readings.get(seat, HandReading()).narrowed(reading)
    return readings

