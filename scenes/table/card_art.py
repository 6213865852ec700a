"""Card art drawn in code at the size the window needs, and cached: crisp at any size, never upscaled.

Every game shares the frame (a cream card with rounded corners, a terracotta or black border and a
soft shadow) and the back (a terracotta field ringed by a Greek meander). What is printed on a face
is the game's business: a table passes a `paint_face(surface, card_id)` function (see
scenes/zeus/art.py) that draws on the blank framed card at its final size.

Surfaces are cached by (card id, width, face up, angle); a window resize simply asks for new sizes.
The cache is bounded so a long session of resizing cannot grow without limit.
"""
from __future__ import annotations

from typing import Callable

import pygame

from scenes.ui import theme
from scenes.ui.surface_cache import SurfaceCache

CARD_RATIO = 1.4  # height / width, the proportions of a playing card
# What a game's card art keeps, least recently used out first. One frame draws at most about 30 different
# images (measured: Zeus 5 seats 15, Télos 6 seats 33, Tamoul 6 seats 13); a round brings many more turns
# and sizes of cards in flight, and a larger cache only kept filling with them for the whole session, so
# memory crept up. 160 images level off within the first minutes; the bytes bound the largest windows.
CARD_CACHE_ENTRIES = 160
CARD_CACHE_BYTES = 32 * 2**20

FacePainter = Callable[[pygame.Surface, str], None]


def card_height(width: int) -> int:
    return max(2, int(round(width * CARD_RATIO)))


def corner_radius(width: int) -> int:
    return max(2, int(width * 0.09))


def border_width(width: int) -> int:
    return max(1, int(round(width * 0.025)))


def paint_frame(surface: pygame.Surface, border: tuple[int, int, int] | None = None,
                fill: tuple[int, int, int] | None = None) -> None:
    """The blank card every face starts from: cream, rounded, with a border (and a fine inner line);
    terracotta and cream of the palette in use unless told."""
    border = theme.TERRACOTTA if border is None else border
    fill = theme.CREAM if fill is None else fill
    width, height = surface.get_size()
    rect = surface.get_rect()
    radius = corner_radius(width)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=border_width(width) + 1, border_radius=radius)
    if width >= 60:
        inset = max(3, int(width * 0.06))
        pygame.draw.rect(surface, border, rect.inflate(-2 * inset, -2 * inset), width=1,
                         border_radius=max(1, radius - inset // 2))


def paint_meander_back(surface: pygame.Surface) -> None:
    """The common back: terracotta field, black border, a cream Greek key running round it, a medallion."""
    width, height = surface.get_size()
    rect = surface.get_rect()
    radius = corner_radius(width)
    pygame.draw.rect(surface, theme.TERRACOTTA, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, width=border_width(width) + 1, border_radius=radius)
    band = max(4, int(width * 0.13))
    inset = max(3, int(width * 0.08))
    inner = rect.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, theme.INK, inner, border_radius=max(1, radius // 2))
    line = max(1, band // 6)
    _meander_band(surface, pygame.Rect(inner.left, inner.top, inner.width, band), line, horizontal=True)
    _meander_band(surface, pygame.Rect(inner.left, inner.bottom - band, inner.width, band), line,
                  horizontal=True, flipped=True)
    field = pygame.Rect(inner.left + line * 2, inner.top + band + line, inner.width - line * 4,
                        inner.height - 2 * band - 2 * line)
    if field.height > 4:
        pygame.draw.rect(surface, theme.TERRACOTTA_DARK, field)
    centre = inner.center
    medallion = max(3, int(width * 0.2))
    pygame.draw.circle(surface, theme.CREAM, centre, medallion)
    pygame.draw.circle(surface, theme.INK, centre, medallion, width=max(1, line))
    pygame.draw.circle(surface, theme.TERRACOTTA, centre, max(2, medallion - 2 * line))
    if width >= 50:
        # A small laurel-like star of four strokes inside the medallion.
        r = medallion * 0.55
        cx, cy = centre
        for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
            pygame.draw.line(surface, theme.CREAM, (cx - dx * r, cy - dy * r), (cx + dx * r, cy + dy * r),
                             max(1, line))


def _meander_band(surface: pygame.Surface, band: pygame.Rect, line: int, horizontal: bool = True,
                  flipped: bool = False) -> None:
    """A running Greek key: a baseline with square spirals rising from it, one per unit."""
    unit = max(4, band.height)
    count = max(1, band.width // unit)
    left = band.left + (band.width - count * unit) // 2
    colour = theme.CREAM
    pad = max(1, unit // 6)
    h = unit - 2 * pad
    for i in range(count):
        x0 = left + i * unit
        pts_unit = [(0.0, 1.0), (0.0, 0.0), (0.8, 0.0), (0.8, 0.65), (0.4, 0.65), (0.4, 0.35)]
        pts = []
        for fx, fy in pts_unit:
            y = fy if not flipped else 1 - fy
            pts.append((x0 + pad + fx * (unit - pad), band.top + pad + y * h))
        pygame.draw.lines(surface, colour, False, pts, line)
        base_y = band.top + pad + (h if not flipped else 0)
        pygame.draw.line(surface, colour, (x0 + pad, base_y), (x0 + unit + pad, base_y), line)


class CardArt:
    """Faces, backs and shadows of one game's cards at any width, cached.

    `paint_face(surface, card_id)` draws the face content onto a blank framed card; `border_for`
    may give some cards a different border colour (Zeus' gods are framed in black).
    """

    def __init__(self, paint_face: FacePainter,
                 border_for: Callable[[str], tuple[int, int, int]] | None = None,
                 paint_back: Callable[[pygame.Surface], None] = paint_meander_back,
                 max_cached: int = CARD_CACHE_ENTRIES, max_bytes: int = CARD_CACHE_BYTES) -> None:
        self._paint_face = paint_face
        self._border_for = border_for or (lambda card_id: theme.TERRACOTTA)
        self._paint_back = paint_back
        self._cache = SurfaceCache(max_cached, max_bytes)

    def face(self, card_id: str, width: int) -> pygame.Surface:
        key = ("face", card_id, int(width))
        surface = self._get(key)
        if surface is None:
            surface = pygame.Surface((int(width), card_height(int(width))), pygame.SRCALPHA)
            paint_frame(surface, self._border_for(card_id))
            self._paint_face(surface, card_id)
            self._put(key, surface)
        return surface

    def back(self, width: int) -> pygame.Surface:
        key = ("back", int(width))
        surface = self._get(key)
        if surface is None:
            surface = pygame.Surface((int(width), card_height(int(width))), pygame.SRCALPHA)
            self._paint_back(surface)
            self._put(key, surface)
        return surface

    def shadow(self, width: int) -> pygame.Surface:
        key = ("shadow", int(width))
        surface = self._get(key)
        if surface is None:
            surface = pygame.Surface((int(width), card_height(int(width))), pygame.SRCALPHA)
            pygame.draw.rect(surface, theme.SHADOW, surface.get_rect(), border_radius=corner_radius(int(width)))
            self._put(key, surface)
        return surface

    def card(self, card_id: str | None, width: int, face_up: bool, angle: float = 0.0) -> pygame.Surface:
        """The card as shown (a back when face down or unknown), rotated to the nearest degree."""
        width = max(8, int(width))
        showing_face = face_up and card_id is not None
        degrees = int(round(angle)) % 360
        key = ("card", card_id if showing_face else None, width, degrees)
        surface = self._get(key)
        if surface is None:
            base = self.face(card_id, width) if showing_face else self.back(width)  # type: ignore[arg-type]
            surface = base if degrees == 0 else pygame.transform.rotozoom(base, degrees, 1.0)
            self._put(key, surface)
        return surface

    def clear(self) -> None:
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def _get(self, key: tuple) -> pygame.Surface | None:
        return self._cache.get(key)

    def _put(self, key: tuple, surface: pygame.Surface) -> None:
        self._cache.put(key, surface)
