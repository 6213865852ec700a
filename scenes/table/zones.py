"""Drop zones of any shape, on any seat: where cards (or a group, or a slot's card) may be put down.

A zone is a name the table's `drop` function understands, a shape and an optional label. The shape
answers two questions the drag controller asks: is this point inside (`contains`), and how much of a
card's rectangle lies on it (`overlap`, so a card released half over a zone still lands there). It
also draws its own highlight when the zone is lit, in the zone's own outline: a rectangle for Mount
Olympus or the middle of the trick, a wedge of a sun (a polygon), a round slot (a circle).

Which zones are lit is never decided here: the table asks the engine (`legal_actions`,
`why_illegal`) and the drag controller lights the names it is given. `seat` says whose zone it is
(None: the middle of the table), so a game can offer targets on every seat's slots.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol, Sequence, Union

import pygame

from scenes.ui import theme

Point = tuple[float, float]
GLOW_WIDTH = 4


class ZoneShape(Protocol):
    """What a drop zone's outline must answer."""

    def contains(self, pos: Point) -> bool: ...

    def bounds(self) -> pygame.Rect: ...

    def overlap(self, card: pygame.Rect) -> float:
        """The area of `card` lying on the shape, in square pixels (approximate for round shapes)."""
        ...

    def draw_highlight(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None: ...


@dataclass(frozen=True)
class RectShape:
    rect: pygame.Rect

    def contains(self, pos: Point) -> bool:
        return bool(self.rect.collidepoint(pos))

    def bounds(self) -> pygame.Rect:
        return self.rect

    def overlap(self, card: pygame.Rect) -> float:
        clipped = card.clip(self.rect)
        return float(clipped.width * clipped.height)

    def draw_highlight(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
        pygame.draw.rect(surface, colour, self.rect.inflate(10, 10), width=GLOW_WIDTH, border_radius=12)


@dataclass(frozen=True)
class CircleShape:
    centre: Point
    radius: float

    def contains(self, pos: Point) -> bool:
        return math.hypot(pos[0] - self.centre[0], pos[1] - self.centre[1]) <= self.radius

    def bounds(self) -> pygame.Rect:
        r = int(math.ceil(self.radius))
        return pygame.Rect(int(self.centre[0]) - r, int(self.centre[1]) - r, 2 * r, 2 * r)

    def overlap(self, card: pygame.Rect) -> float:
        return _sampled_overlap(self, card)

    def draw_highlight(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
        centre = (int(self.centre[0]), int(self.centre[1]))
        pygame.draw.circle(surface, colour, centre, int(self.radius) + 5, width=GLOW_WIDTH)


@dataclass(frozen=True)
class PolygonShape:
    """Any simple polygon: a wedge of a circle (`wedge`), a tray, a slanted slot."""

    points: tuple[Point, ...]

    def contains(self, pos: Point) -> bool:
        """Even-odd ray casting: a point on the inside of any simple polygon, convex or not."""
        x, y = pos
        inside = False
        pts = self.points
        for i in range(len(pts)):
            (x1, y1), (x2, y2) = pts[i], pts[i - 1]
            if (y1 > y) != (y2 > y):
                cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if x < cross_x:
                    inside = not inside
        return inside

    def bounds(self) -> pygame.Rect:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        left, top = int(math.floor(min(xs))), int(math.floor(min(ys)))
        return pygame.Rect(left, top, int(math.ceil(max(xs))) - left, int(math.ceil(max(ys))) - top)

    def overlap(self, card: pygame.Rect) -> float:
        return _sampled_overlap(self, card)

    def draw_highlight(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
        pygame.draw.polygon(surface, colour, [(int(x), int(y)) for x, y in self.points], width=GLOW_WIDTH)


def wedge(centre: Point, inner: float, outer: float, start_deg: float, end_deg: float,
          steps: int = 12) -> PolygonShape:
    """A ring sector (inner radius 0: a pie slice), angles in degrees clockwise from 3 o'clock."""
    cx, cy = centre
    angles = [math.radians(start_deg + (end_deg - start_deg) * i / steps) for i in range(steps + 1)]
    outer_arc = [(cx + math.cos(a) * outer, cy + math.sin(a) * outer) for a in angles]
    if inner <= 0:
        return PolygonShape(((cx, cy), *outer_arc))
    inner_arc = [(cx + math.cos(a) * inner, cy + math.sin(a) * inner) for a in reversed(angles)]
    return PolygonShape((*outer_arc, *inner_arc))


def _sampled_overlap(shape: ZoneShape, card: pygame.Rect, samples: int = 8) -> float:
    """A card's area on a curved or slanted shape, from a grid of sample points (exact enough to pick a zone)."""
    if card.width <= 0 or card.height <= 0 or not card.colliderect(shape.bounds()):
        return 0.0
    hits = sum(1 for i in range(samples) for j in range(samples)
               if shape.contains((card.left + (i + 0.5) * card.width / samples,
                                  card.top + (j + 0.5) * card.height / samples)))
    return card.width * card.height * hits / (samples * samples)


AnyShape = Union[pygame.Rect, RectShape, CircleShape, PolygonShape]


@dataclass
class DropZone:
    """A place cards can be dropped: `name` is what the table's `drop` function receives.

    `area` is a plain rectangle or any shape above; `seat` is whose zone it is (None: the middle).
    """

    name: str
    area: AnyShape
    label: str = ""
    seat: int | None = None

    @property
    def shape(self) -> ZoneShape:
        return RectShape(self.area) if isinstance(self.area, pygame.Rect) else self.area

    @property
    def rect(self) -> pygame.Rect:
        """The zone's bounding rectangle (where its label goes)."""
        return self.shape.bounds()

    def contains(self, pos: Point) -> bool:
        return self.shape.contains(pos)

    def overlap(self, card: pygame.Rect) -> float:
        return self.shape.overlap(card)

    def draw_lit(self, surface: pygame.Surface) -> None:
        """The zone's outline in the legal glow, and its label under it."""
        self.shape.draw_highlight(surface, theme.LEGAL_GLOW)
        if self.label:
            rect = self.rect
            size = max(11, rect.height // 9)
            image = theme.font(size, "bold").render(self.label, True, theme.LEGAL_GLOW)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 8)))


def zone_at(zones: Sequence[DropZone], pos: Point) -> DropZone | None:
    """The first zone (in the table's order) under a point."""
    return next((zone for zone in zones if zone.contains(pos)), None)


def zone_under(zones: Sequence[DropZone], card: pygame.Rect, share: float = 0.3) -> DropZone | None:
    """The zone a released card lies on most, if it covers at least `share` of the card."""
    best, best_area = None, 0.0
    for zone in zones:
        area = zone.overlap(card)
        if area > best_area and area >= card.width * card.height * share:
            best, best_area = zone, area
    return best
