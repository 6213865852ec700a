"""What lies at a seat: its zones, siblings that each hold and lay out their own cards.

A seat may hold several zones side by side: a fanned hand (`FannedHand`: Zeus, Télos), a grid of
numbered face-down slots (`SlotGrid`: Tamoul, 2x2 growing to 8, every slot a target on any seat);
trays of groups (Elios) are a further sibling of the same `SeatZone` interface, so the table base
never assumes what a seat holds:
- `sprites()`: every card of the zone, for drawing (in any order; sprites carry their own z);
- `lay_out(area, tweens, animate)`: give every card its resting place in the seat's area;
- `pickable()`: the cards a person sitting at the bottom may pick up from it (a hand: all of them);
- `drop_zones()`: the targets it offers (a slot, a tray); which are lit is the engine's answer;
- `clear()`: nothing left in it (before a deal is shown dealt).
"""
from __future__ import annotations

from typing import Callable, Protocol

import pygame

from scenes.table.card_art import card_height
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

    def clear(self) -> None: ...

    def place_of(self, sprite: CardSprite) -> str | None:
        """Where `sprite` lies in this zone, in the words an action uses (a card id, a slot number)."""
        ...

    def place_at(self, index: int) -> str | None:
        """The place a number key names (1 is index 0), None when there is none."""
        ...


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

    def clear(self) -> None:
        self.cards = []

    def drop_zones(self) -> list[DropZone]:
        return []

    def place_of(self, sprite: CardSprite) -> str | None:
        """A hand card is named by its id."""
        return str(sprite.card_id) if sprite in self.cards and sprite.card_id is not None else None

    def place_at(self, index: int) -> str | None:
        return self.place_of(self.cards[index]) if 0 <= index < len(self.cards) else None

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


SLOTS_PER_SEAT = 8
MAIN_MEMORY = 4        # slots 0–3: the 2x2 grid every seat starts with


class SlotGrid:
    """A seat's numbered slots of face-down cards (Tamoul, A-3): slots 0 1 on the top row and 2 3 below
    (Main Memory); slots 4–7 form a second 2x2 block beside it (to the right, or to the left for a seat
    on the right of the table) once any of them holds a card; Main Memory never moves for it.

    Every slot is a drop zone named `"<seat>.<slot>"` (the words a `swap 1.3 2.0` action uses), on this
    seat, so a person at the bottom can target any seat's slots; which ones light up is the engine's
    answer. A person picks up cards only from their own grid (`pickable`)."""

    def __init__(self, seat: int, own: bool = False) -> None:
        self.seat = seat
        self.own = own                  # the seat shown at the bottom: its cards may be picked up
        self.slots: list[CardSprite | None] = [None] * SLOTS_PER_SEAT
        self._rects: list[pygame.Rect] = []

    def sprites(self) -> list[CardSprite]:
        return [s for s in self.slots if s is not None]

    def pickable(self) -> list[CardSprite]:
        return self.sprites() if self.own else []

    def clear(self) -> None:
        self.slots = [None] * SLOTS_PER_SEAT

    def place_of(self, sprite: CardSprite) -> str | None:
        """A slot is named by its number (0-7)."""
        return str(self.slots.index(sprite)) if sprite in self.slots else None

    def place_at(self, index: int) -> str | None:
        """Key 1 names slot 0 (the engine says whether a card lies there)."""
        return str(index) if 0 <= index < SLOTS_PER_SEAT else None

    @property
    def columns(self) -> int:
        """2 while only Main Memory is used, 4 once a card lies in slots 4–7."""
        return 4 if any(s is not None for s in self.slots[MAIN_MEMORY:]) else 2

    def slot_count(self) -> int:
        return self.columns * 2

    def put(self, slot: int, sprite: CardSprite | None) -> None:
        """A card into (or, with None, out of) a slot; the caller lays the grid out again."""
        if not 0 <= slot < SLOTS_PER_SEAT:
            raise ValueError(f"there is no slot {slot}: slots are 0 to {SLOTS_PER_SEAT - 1}")
        self.slots[slot] = sprite

    @staticmethod
    def cell(slot: int) -> tuple[int, int]:
        """(column, row) of a slot: each block of four reads 0 1 / 2 3."""
        block, place = divmod(slot, MAIN_MEMORY)
        return block * 2 + place % 2, place // 2

    @staticmethod
    def height_for(card_width: int) -> int:
        """How tall a grid is in cards this wide: two rows and the gap between them (the layout's
        `zone_height` for a table of slot grids)."""
        return 2 * card_height(card_width) + max(2, card_width // 8)

    def lay_out(self, area: SeatArea, tweens: TweenQueue, animate: bool) -> None:
        w = area.card_width
        h = card_height(w)
        gap = max(2, w // 8)
        # Main Memory stays centred where it was dealt: the second block opens beside it (towards the
        # middle of the table for a seat on the right), so a card never moves when a penalty slot opens.
        height = self.height_for(w)
        left = area.hand_centre[0] - (2 * w + gap) // 2
        top = area.hand_centre[1] - height // 2
        towards = -1 if area.side == "right" else 1
        self._rects = []
        for slot in range(self.slot_count()):
            col, row = self.cell(slot)
            if col >= 2 and towards < 0:
                col -= 4
            self._rects.append(pygame.Rect(left + col * (w + gap), top + row * (h + gap), w, h))
        for slot, sprite in enumerate(self.slots):
            if sprite is None or slot >= len(self._rects):
                continue
            rect = self._rects[slot]
            sprite.rest_at(rect.centerx, rect.centery, 0.0)
            sprite.width = w
            sprite.owner = self.seat
            sprite.z = 60 + slot
            send_home(sprite, tweens, animate, 0.25)

    def slot_rect(self, slot: int) -> pygame.Rect:
        """Where a slot lies since the last `lay_out`."""
        return self._rects[slot]

    def bounds(self) -> pygame.Rect | None:
        """Round every slot since the last `lay_out` (None before the first)."""
        return self._rects[0].unionall(self._rects[1:]) if self._rects else None

    def drop_zones(self) -> list[DropZone]:
        return [DropZone(f"{self.seat}.{slot}", rect, seat=self.seat) for slot, rect in enumerate(self._rects)]
