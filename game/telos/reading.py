"""What a play tells about the rest of its player's hand, if that player plays like the
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

Its **guard** too (`read_guards`): a seat that chose a play (a lead, or a follow that reached the line)
kept its lowest card, so it still holds a God card no higher than the lowest God card it chose to
play since its last follow that did not reach (that one was its lowest cards, T-12). A lead of several
cards earns `normal` more than its lowest card's worth, so it may give up a guard a little higher
(allowed for). Checked at seat 0's views in 200 games of four `normal` players each, with default
options, the Divine Trick, and basic powers: 22,460 of 22,462, 20,838 of 20,845 and 20,402 of 20,409
guards held; most misses were a hand of Zeus cards only (a Zeus card counts 20 in the last trick).
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
LEAD_CARD_BONUS = 3  # what `normal` adds per card led, beside the value shed
GUARD_WEIGHT = 10    # what `normal` weighs each point of the lowest card it keeps


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


def read_guards(tricks: Sequence[SeenTrick], skip: Sequence[int]) -> dict[int, int]:
    """The low card each seat still guards: `normal` keeps its lowest card for the last trick, so a
    seat that chose a play still holds a God card no higher than every God card it chose to play
    since its last follow that did not reach the line (that follow was forced to its lowest cards,
    T-12, and may have given the guard up). `tricks` are this round's, oldest first and without a
    gap, the trick under way last; the last trick is forced and tells nothing."""
    guards: dict[int, int] = {}
    for trick in tricks:
        if trick.last_trick:
            continue
        line: list[int] = []
        for index, play in enumerate(trick.plays):
            values = sorted(play.values)
            reached = index == 0 or (len(values) == len(line) and all(v >= need for v, need in zip(values, line)))
            gods = [parsed[0] for parsed in map(parse_god_card, play.cards) if parsed is not None]
            if not reached:
                guards.pop(play.seat, None)
            elif gods:
                guard = min(gods)
                if index == 0 and len(play.cards) > 1:
                    # `normal` rates a lead of k cards (k - 1) × (value + 3) above a single one, and a
                    # point of its lowest card at 10: such a lead may give up a guard a little higher
                    guard += (len(play.cards) - 1) * (guard + LEAD_CARD_BONUS) // GUARD_WEIGHT
                guards[play.seat] = min(guards.get(play.seat, HIGHEST_GOD_VALUE), guard)
            line = values if not line else [max(a, b) for a, b in zip(line, values)]
    return {seat: guard for seat, guard in guards.items() if seat not in skip}
