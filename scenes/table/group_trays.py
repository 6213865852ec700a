"""Group trays: a seat's pieces sorted into small trays, one tray per group (Elios' groups of beams).

A sibling of `FannedHand` and `SlotGrid` (seat_zones.py, the `SeatZone` interface): the seat holds a
row of trays, each holding a few cards or tiles side by side; trays wrap onto more rows, and every
tile shrinks together, when the seat's region is too small for one row. Any game that sorts its
pieces into groups before playing them can use it: the zone decides no rule, it only moves tiles
between trays when the table asks (`move`), and reports the groups it holds (`groups`).

Drop zones: each tray is named `"<seat>.tray.<i>"`; with `spare=True` an empty tray after the last,
`"<seat>.tray.new"`, takes a tile to start a new group. Which of them are lit is the table's answer.
Only the seat at the bottom (`own=True`) offers its tiles to be picked up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from scenes.ui import theme

from scenes.table.card_art import card_height
from scenes.table.drag import DragController
from scenes.table.layout import SeatArea
from scenes.table.seat_zones import send_home
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.table.zones import DropZone

NEW_TRAY = "new"
TILE_GAP = 0.08         # between tiles in a tray, in tile widths
TRAY_PAD = 0.12         # inside a tray's edge, in tile widths
TRAY_GAP = 0.22         # between trays, in tile widths
LABEL_ROOM = 0.42       # under each row of trays, for its words, in tile widths

Region = Callable[[SeatArea], pygame.Rect]


@dataclass(frozen=True)
class TrayPlan:
    """A layout: the tile width and which trays sit on each row."""

    tile_width: int
    rows: tuple[tuple[int, ...], ...]


def tray_units(size: int) -> float:
    """A tray's width in tile widths (an empty tray is as wide as one tile)."""
    size = max(1, size)
    return size * (1 + TILE_GAP) - TILE_GAP + 2 * TRAY_PAD


def plan_trays(sizes: Sequence[int], region: pygame.Rect, max_width: int, max_rows: int = 4) -> TrayPlan:
    """The largest tile width (at most `max_width`) at which these trays fit `region` in 1..max_rows rows,
    trays kept in order and rows balanced by width."""
    units = [tray_units(s) for s in sizes]
    best = TrayPlan(max(6, min(max_width, 8)), (tuple(range(len(sizes))),))
    best_width = 0.0
    for rows in range(1, max(1, min(max_rows, len(sizes))) + 1):
        split = _balanced_rows(units, rows)
        widest = max((sum(units[i] for i in row) + TRAY_GAP * (len(row) - 1) for row in split), default=1.0)
        by_width = region.width / max(widest, 1.0)
        row_height = card_height(100) / 100 + 2 * TRAY_PAD + LABEL_ROOM
        by_height = region.height / (rows * row_height + (rows - 1) * 0.1)
        width = min(float(max_width), by_width, by_height)
        if width > best_width + 0.5:
            best, best_width = TrayPlan(max(6, int(width)), tuple(tuple(r) for r in split)), width
    return best


def _balanced_rows(units: Sequence[float], rows: int) -> list[list[int]]:
    """Trays in order onto `rows` rows, starting a new row once a row holds its share of the width."""
    total = sum(units) + TRAY_GAP * max(0, len(units) - 1)
    share = total / rows
    found: list[list[int]] = [[]]
    width = 0.0
    for index, unit in enumerate(units):
        if found[-1] and width + unit / 2 > share and len(found) < rows:
            found.append([])
            width = 0.0
        found[-1].append(index)
        width += unit + TRAY_GAP
    return [row for row in found if row] or [[]]


class GroupTrays:
    """One seat's trays (see the module docstring); `trays[i]` lists the tiles of group i, left to right."""

    def __init__(self, seat: int, region: Region, own: bool = False, spare: bool = False) -> None:
        self.seat = seat
        self.region = region
        self.own = own
        self.spare = spare
        self.trays: list[list[CardSprite]] = []
        self.tile_width = 20
        self._rects: list[pygame.Rect] = []
        self._spare_rect: pygame.Rect | None = None

    # ----- the SeatZone interface ---------------------------------------------------------------------
    def sprites(self) -> list[CardSprite]:
        return [s for tray in self.trays for s in tray]

    def pickable(self) -> list[CardSprite]:
        return self.sprites() if self.own else []

    def clear(self) -> None:
        self.trays = []

    def place_of(self, sprite: CardSprite) -> str | None:
        """A beam is named by the number of its tray (its group)."""
        return next((str(i) for i, tray in enumerate(self.trays) if sprite in tray), None)

    def place_at(self, index: int) -> str | None:
        return str(index) if 0 <= index < len(self.trays) else None

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone(f"{self.seat}.tray.{i}", rect, seat=self.seat) for i, rect in enumerate(self._rects)]
        if self._spare_rect is not None:
            zones.append(DropZone(f"{self.seat}.tray.{NEW_TRAY}", self._spare_rect, seat=self.seat))
        return zones

    def lay_out(self, area: SeatArea, tweens: TweenQueue, animate: bool) -> None:
        region = self.region(area)
        sizes = [len(t) for t in self.trays] + ([1] if self.spare else [])
        plan = plan_trays(sizes, region, area.card_width)
        w = plan.tile_width
        self.tile_width = w
        h = card_height(w)
        pad, gap, tray_gap = TRAY_PAD * w, TILE_GAP * w, TRAY_GAP * w
        row_h = h + 2 * pad + LABEL_ROOM * w
        total_h = len(plan.rows) * row_h + (len(plan.rows) - 1) * 0.1 * w
        top = region.centery - total_h / 2
        rects: dict[int, pygame.Rect] = {}
        for r, row in enumerate(plan.rows):
            width = sum(tray_units(sizes[i]) * w for i in row) + tray_gap * (len(row) - 1)
            x = region.centerx - width / 2
            y = top + r * (row_h + 0.1 * w)
            for i in row:
                tray_w = tray_units(sizes[i]) * w
                rects[i] = pygame.Rect(int(x), int(y), int(tray_w), int(h + 2 * pad))
                x += tray_w + tray_gap
        self._rects = [rects[i] for i in range(len(self.trays))]
        self._spare_rect = rects.get(len(self.trays)) if self.spare else None
        for i, tray in enumerate(self.trays):
            rect = self._rects[i]
            for j, sprite in enumerate(tray):
                sprite.rest_at(rect.left + pad + j * (w + gap) + w / 2, rect.centery, 0.0)
                sprite.width = w
                sprite.owner = self.seat
                sprite.z = 60 + i * 4 + j
                send_home(sprite, tweens, animate, 0.22)

    # ----- groups -----------------------------------------------------------------------------------------
    def set_groups(self, groups: Sequence[Sequence[CardSprite]]) -> None:
        self.trays = [list(g) for g in groups]

    def groups(self, name: Callable[[CardSprite], str] = lambda s: (s.card_id or "")[:1]) -> tuple[str, ...]:
        """Each tray's tiles as text (by default the first letter of each card id), in tray order."""
        return tuple("".join(name(s) for s in tray) for tray in self.trays)

    def tray_of(self, sprite: CardSprite) -> int | None:
        return next((i for i, tray in enumerate(self.trays) if sprite in tray), None)

    def mates(self, sprite: CardSprite) -> list[CardSprite]:
        """The tiles sharing `sprite`'s tray (itself included), left to right."""
        index = self.tray_of(sprite)
        return list(self.trays[index]) if index is not None else []

    def move(self, sprite: CardSprite, target: int | str) -> bool:
        """Put a tile into tray `target` (an index, or NEW_TRAY for a new tray at the end); trays left
        empty disappear. False when the tile is not here or the target does not exist."""
        source = self.tray_of(sprite)
        if source is None:
            return False
        if target == NEW_TRAY:
            self.trays[source].remove(sprite)
            self.trays.append([sprite])
        else:
            index = int(target)
            if not 0 <= index < len(self.trays):
                return False
            if index == source:
                return True
            self.trays[source].remove(sprite)
            self.trays[index].append(sprite)
        self.trays = [tray for tray in self.trays if tray]
        return True

    @staticmethod
    def target_of(zone_name: str) -> tuple[int, int | str] | None:
        """(seat, tray index or NEW_TRAY) of a tray zone's name, None for any other zone."""
        parts = zone_name.split(".")
        if len(parts) != 3 or parts[1] != "tray" or not parts[0].isdigit():
            return None
        if parts[2] == NEW_TRAY:
            return int(parts[0]), NEW_TRAY
        return (int(parts[0]), int(parts[2])) if parts[2].isdigit() else None

    def tray_rect(self, index: int) -> pygame.Rect:
        """Where tray `index` lies since the last `lay_out`."""
        return self._rects[index]

    @property
    def tray_rects(self) -> list[pygame.Rect]:
        return list(self._rects)

    @property
    def spare_rect(self) -> pygame.Rect | None:
        return self._spare_rect


@dataclass
class TrayDrag(DragController):
    """The kit's drag controller for trays: a drag or a click takes what `carry(tile)` says travels with
    the tile (its whole tray when groups are played, the tile alone while they are sorted), and
    remembers the tile under the pointer (`grabbed`) so the table knows which piece was aimed."""

    carry: Callable[[CardSprite], list[CardSprite]] = lambda sprite: [sprite]
    grabbed: CardSprite | None = None
    # The tiles of the tray under a point (empty: none): a tray is grabbed anywhere on it, not only on a tile.
    tiles_at: Callable[[tuple[int, int]], list[CardSprite]] = lambda pos: []

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The tile under the pointer, or on a tray's gap or rim the tile of that tray nearest to it."""
        sprite = super()._card_at(pos)
        if sprite is not None:
            return sprite
        tiles = [t for t in self.tiles_at(pos) if t in self.sprites]
        return min(tiles, key=lambda t: abs(t.x - pos[0]) + abs(t.y - pos[1])) if tiles else None

    def _refresh_lift(self) -> None:
        """A whole tray taken by a click or a key wears the focus gold on every tile, so it never looks
        like one tile picked out of it (which is what Split does). So do the tiles kept taken while the
        keys are elsewhere (an Elios group whose joker's stack the arrows are choosing on the sun)."""
        super()._refresh_lift()
        focused = self.sprites[self.focus] if self.focus is not None and self.focus < len(self.sprites) else None
        if self.selected and (focused is None or (focused in self.selected and len(self.selected) > 1)):
            for sprite in self.selected:
                sprite.glow = theme.GOLD
                self._focus_lit.add(id(sprite))

    def blur(self) -> None:
        """The keyboard focus leaves the tiles (Tab to the cards on the table or to a button): what the keys
        took is put down, so no tray or stack stays lit as a place to drop while Enter there would only look
        at a card or press a button, and a number key moves nothing the player no longer sees taken."""
        self.grabbed = None
        self.selected = []
        self._lit = set()
        super().blur()

    def focus_on(self, index: int) -> None:
        """The keyboard focus comes back to a tile (Esc from the table's cards): it is taken up again with
        what travels with it, as an arrow takes it, and its drop zones light again."""
        super().focus_on(index)
        if self.focus is not None:
            sprite = self.sprites[self.focus]
            self.selected = self.carry(sprite) or [sprite]
            self._lit = self._zones_for(self.selected)
            self._refresh_lift()

    def _start_drag(self, sprite: CardSprite, start: tuple[int, int]) -> None:
        self.grabbed = sprite
        self.selected = self.carry(sprite) or [sprite]
        multi, self.multi_select = self.multi_select, True
        try:
            super()._start_drag(sprite, start)
        finally:
            self.multi_select = multi

    def _click(self, sprite: CardSprite) -> None:
        """A click takes what travels with the tile; a second click on it plays it where it goes by default."""
        self.grabbed = None
        self.focus = self.sprites.index(sprite) if sprite in self.sprites else None
        group = self.carry(sprite) or [sprite]
        if self.selected and set(group) == set(self.selected):
            self.play(list(self.selected))
            return
        self.selected = group
        self._lit = self._zones_for(group)
        self._refresh_lift()

    def _key(self, key: int) -> bool:
        """Left/Right move the focus as in a hand and take what travels with the focused tile."""
        self.grabbed = None
        used = super()._key(key)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus is not None and self.sprites:
            self.selected = self.carry(self.sprites[self.focus]) or [self.sprites[self.focus]]
            self._lit = self._zones_for(self.selected)
            self._refresh_lift()
        return used
