"""What lies at a seat: its zones, siblings that each hold and lay out their own cards.

A seat may hold several zones side by side: a fanned hand today (Zeus, Télos); a grid of face-down
slots (Tamoul: 2x2 growing to 8, targets on any seat's slots) or trays of groups (Elios) are further
siblings implementing the same `SeatZone` interface, so the table base never assumes what a seat holds:
- `sprites()`: every card of the zone, for drawing (in any order; sprites carry their own z);
- `lay_out(area, tweens, animate)`: give every card its resting place in the seat's area;
- `pickable()`: the cards a person sitting at the bottom may pick up from it (a hand: all of them);
- `drop_zones()`: the targets it offers (a slot, a tray); which are lit is the engine's answer.
"""
from __future__ import annotations

from typing import Callable, Protocol

from scenes.table.layout import SeatArea, fan_positions, row_positions
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.table.zones import DropZone

OpponentRow = Callable[[SeatArea], tuple[tuple[int, int], int]]


class SeatZone(Protocol):
    seat: int

    def sprites(self) -> list[CardSprite]: ...

    def lay_out(self, area: SeatArea, tweens: TweenQueue, animate: bool) -> None: ...

    def pickable(self) -> list[CardSprite]: ...

    def drop_zones(self) -> list[DropZone]: ...


def send_home(sprite: CardSprite, tweens: TweenQueue, animate: bool, seconds: float) -> None:
    """A card goes to its resting place at full size: gliding there, or at once (a new layout)."""
    if animate:
        x, y, rot = sprite.home
        tweens.add(sprite, seconds, x=x, y=y, rotation=rot, scale=1.0)
    else:
        tweens.cancel(sprite)
        sprite.snap_home()
        sprite.scale = 1.0


class FannedHand:
    """A seat's hand: fanned side by side (overlapping only when it must) at the bottom, a row of backs
    elsewhere, in the part of the seat's area the game's `opponent_row` gives it."""

    def __init__(self, seat: int, spacing: float, opponent_row: OpponentRow) -> None:
        self.seat = seat
        self.spacing = spacing
        self.opponent_row = opponent_row
        self.cards: list[CardSprite] = []

    def sprites(self) -> list[CardSprite]:
        return self.cards

    def pickable(self) -> list[CardSprite]:
        return self.cards

    def drop_zones(self) -> list[DropZone]:
        return []

    def lay_out(self, area: SeatArea, tweens: TweenQueue, animate: bool) -> None:
        if area.side == "bottom":
            spots = fan_positions(len(self.cards), area.hand_centre, area.card_width, area.hand_width,
                                  max_spacing=self.spacing)
        else:
            centre, width = self.opponent_row(area)
            spots = row_positions(len(self.cards), centre, area.card_width, width)
        for i, (sprite, (x, y, rot)) in enumerate(zip(self.cards, spots)):
            sprite.rest_at(x, y, rot)
            sprite.width = area.card_width
            sprite.owner = self.seat
            sprite.z = 100 + i if area.side == "bottom" else 50 + i
            send_home(sprite, tweens, animate, 0.25)
