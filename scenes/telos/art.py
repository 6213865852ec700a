"""Télos card faces, drawn in code at any size on the kit's card frame (scenes/table/card_art.py).

God cards: a large black numeral readable on a small card, corner indices (value and a small set
symbol, so a fanned hand still shows both), the set's colour as the border and as a medallion,
and the set's symbol drawn in it. Every set has its own colour AND its own symbol (both read from
assets/decks/telos.yaml), so sets are told apart without colour. Zeus cards are gold, with the
emblem of their power and their name.

Symbols and emblems are drawn at four times their size and smoothly scaled down (pygame's
primitives are not anti-aliased), then cached per size and colour.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable

import pygame

from game.telos.cards import is_zeus, parse_god_card
from game.telos.content import TelosContent
from game.telos.terms import zeus_card_name
from scenes.ui import theme
from scenes.ui.i18n import translate_message
from scenes.table.card_art import CardArt, border_width, corner_radius
from scenes.table.chips import darker, fit_font, fit_lines, value_chip

Colour = tuple[int, int, int]
SUPERSAMPLE = 4
ZEUS_GOLD = (236, 196, 92)
ZEUS_GOLD_LIGHT = (250, 226, 150)
ZEUS_BORDER = theme.GOLD_DARK


# ----- symbols of the sets ----------------------------------------------------------------------------
# Each painter draws into a square of side `s` (already supersampled), in colour `c`.
def _amphora(surf: pygame.Surface, s: int, c: Colour) -> None:
    body = pygame.Rect(0, 0, int(s * 0.56), int(s * 0.5))
    body.midtop = (s // 2, int(s * 0.3))
    pygame.draw.ellipse(surf, c, body)
    neck = pygame.Rect(0, 0, int(s * 0.22), int(s * 0.26))
    neck.midbottom = (s // 2, body.top + int(s * 0.08))
    pygame.draw.rect(surf, c, neck)
    lip = pygame.Rect(0, 0, int(s * 0.34), int(s * 0.07))
    lip.midbottom = (s // 2, neck.top + int(s * 0.02))
    pygame.draw.rect(surf, c, lip, border_radius=int(s * 0.02))
    foot = [(s * 0.38, body.bottom - s * 0.04), (s * 0.62, body.bottom - s * 0.04), (s * 0.68, s * 0.92),
            (s * 0.32, s * 0.92)]
    pygame.draw.polygon(surf, c, foot)
    w = max(2, int(s * 0.06))
    for side in (-1, 1):
        handle = pygame.Rect(0, 0, int(s * 0.28), int(s * 0.3))
        handle.center = (int(s / 2 + side * s * 0.24), int(s * 0.34))
        start, end = (math.pi * 0.5, math.pi * 1.5) if side < 0 else (-math.pi * 0.5, math.pi * 0.5)
        pygame.draw.arc(surf, c, handle, start, end, w)


def _leaf(surf: pygame.Surface, c: Colour, centre: tuple[float, float], length: float, angle: float) -> None:
    """A pointed leaf along `angle` (radians) centred at `centre`."""
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    cx, cy = centre
    half, wide = length / 2, length * 0.22
    pts = [(cx - ux * half, cy - uy * half), (cx + px * wide, cy + py * wide),
           (cx + ux * half, cy + uy * half), (cx - px * wide, cy - py * wide)]
    pygame.draw.polygon(surf, c, pts)


def _olive_branch(surf: pygame.Surface, s: int, c: Colour) -> None:
    w = max(2, int(s * 0.05))
    a, b = (s * 0.15, s * 0.88), (s * 0.85, s * 0.12)
    pygame.draw.line(surf, c, a, b, w)
    for t, side in ((0.25, 1), (0.4, -1), (0.55, 1), (0.7, -1), (0.85, 1)):
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        angle = -math.pi / 4 + side * math.pi / 3.2
        off = s * 0.12
        _leaf(surf, c, (x + math.cos(angle) * off, y + math.sin(angle) * off), s * 0.26, angle)
    pygame.draw.circle(surf, c, (int(s * 0.3), int(s * 0.5)), int(s * 0.08))
    pygame.draw.circle(surf, c, (int(s * 0.58), int(s * 0.76)), int(s * 0.08))


def _wave(surf: pygame.Surface, s: int, c: Colour) -> None:
    w = max(2, int(s * 0.08))
    for row in (0.3, 0.52, 0.74):
        pts = [(s * (0.08 + 0.84 * i / 40), s * row + math.sin(i / 40 * math.pi * 4) * s * 0.08) for i in range(41)]
        pygame.draw.lines(surf, c, False, pts, w)


def _sun(surf: pygame.Surface, s: int, c: Colour) -> None:
    centre = (s / 2, s / 2)
    pygame.draw.circle(surf, c, centre, s * 0.22)
    for k in range(12):
        angle = k * math.pi / 6
        inner, outer = s * 0.3, s * (0.46 if k % 2 == 0 else 0.4)
        ux, uy = math.cos(angle), math.sin(angle)
        px, py = -uy * s * 0.045, ux * s * 0.045
        pygame.draw.polygon(surf, c, [(centre[0] + ux * inner + px, centre[1] + uy * inner + py),
                                      (centre[0] + ux * outer, centre[1] + uy * outer),
                                      (centre[0] + ux * inner - px, centre[1] + uy * inner - py)])


def _grapes(surf: pygame.Surface, s: int, c: Colour) -> None:
    r = s * 0.085
    rows = ((0.36, 4), (0.5, 3), (0.64, 2), (0.78, 1))
    for y, count in rows:
        for i in range(count):
            x = s / 2 + (i - (count - 1) / 2) * r * 2.05
            pygame.draw.circle(surf, c, (x, s * y), r)
    w = max(2, int(s * 0.05))
    pygame.draw.line(surf, c, (s * 0.5, s * 0.28), (s * 0.56, s * 0.1), w)
    _leaf(surf, c, (s * 0.7, s * 0.17), s * 0.3, -0.35)


def _column(surf: pygame.Surface, s: int, c: Colour) -> None:
    pygame.draw.rect(surf, c, pygame.Rect(int(s * 0.2), int(s * 0.1), int(s * 0.6), int(s * 0.1)))
    pygame.draw.rect(surf, c, pygame.Rect(int(s * 0.26), int(s * 0.2), int(s * 0.48), int(s * 0.05)))
    for i in range(4):
        x = s * (0.3 + i * 0.12)
        pygame.draw.rect(surf, c, pygame.Rect(int(x), int(s * 0.25), int(s * 0.08), int(s * 0.52)))
    pygame.draw.rect(surf, c, pygame.Rect(int(s * 0.26), int(s * 0.77), int(s * 0.48), int(s * 0.05)))
    pygame.draw.rect(surf, c, pygame.Rect(int(s * 0.18), int(s * 0.82), int(s * 0.64), int(s * 0.1)))


def _laurel(surf: pygame.Surface, s: int, c: Colour) -> None:
    w = max(2, int(s * 0.04))
    for side in (-1, 1):
        for i in range(6):
            t = 0.15 + i * 0.14
            angle = math.pi / 2 + side * (math.pi * 0.15 + t * math.pi * 0.75)
            x, y = s / 2 + math.cos(angle) * s * 0.34, s * 0.5 + math.sin(angle) * s * 0.34
            _leaf(surf, c, (x, y), s * 0.2, angle + side * math.pi * 0.35)
        rect = pygame.Rect(int(s * 0.16), int(s * 0.16), int(s * 0.68), int(s * 0.68))
        if side < 0:
            pygame.draw.arc(surf, c, rect, math.pi * 0.7, math.pi * 1.45, w)
        else:
            pygame.draw.arc(surf, c, rect, -math.pi * 0.45, math.pi * 0.3, w)


def _owl(surf: pygame.Surface, s: int, c: Colour) -> None:
    body = pygame.Rect(0, 0, int(s * 0.56), int(s * 0.72))
    body.midbottom = (s // 2, int(s * 0.94))
    pygame.draw.ellipse(surf, c, body)
    for side in (-1, 1):
        pygame.draw.polygon(surf, c, [(s / 2 + side * s * 0.26, s * 0.36), (s / 2 + side * s * 0.24, s * 0.1),
                                      (s / 2 + side * s * 0.08, s * 0.26)])
        eye = (s / 2 + side * s * 0.12, s * 0.42)
        pygame.draw.circle(surf, (0, 0, 0, 0), eye, s * 0.1)
        pygame.draw.circle(surf, c, eye, s * 0.045)
    pygame.draw.polygon(surf, (0, 0, 0, 0), [(s * 0.47, s * 0.5), (s * 0.53, s * 0.5), (s * 0.5, s * 0.58)])


def _diamond(surf: pygame.Surface, s: int, c: Colour) -> None:
    pygame.draw.polygon(surf, c, [(s / 2, s * 0.1), (s * 0.9, s / 2), (s / 2, s * 0.9), (s * 0.1, s / 2)])


SYMBOLS: dict[str, Callable[[pygame.Surface, int, Colour], None]] = {
    "amphora": _amphora,
    "olive_branch": _olive_branch,
    "wave": _wave,
    "sun": _sun,
    "grapes": _grapes,
    "column": _column,
    "laurel": _laurel,
    "owl": _owl,
}


# ----- emblems of the Zeus cards' powers (by the power's `type` in the YAML) -----------------------------
def _ant(surf: pygame.Surface, s: int, c: Colour) -> None:
    w = max(2, int(s * 0.045))
    for x, r in ((0.28, 0.1), (0.47, 0.08), (0.68, 0.13)):
        pygame.draw.circle(surf, c, (s * x, s * 0.55), s * r)
    for dx in (-0.06, 0.0, 0.06):
        x = s * (0.47 + dx)
        pygame.draw.lines(surf, c, False, [(x, s * 0.55), (x - s * 0.08, s * 0.38), (x - s * 0.14, s * 0.34)], w)
        pygame.draw.lines(surf, c, False, [(x, s * 0.55), (x - s * 0.05, s * 0.72), (x - s * 0.11, s * 0.8)], w)
    pygame.draw.lines(surf, c, False, [(s * 0.22, s * 0.48), (s * 0.14, s * 0.3), (s * 0.06, s * 0.26)], w)
    pygame.draw.lines(surf, c, False, [(s * 0.25, s * 0.46), (s * 0.22, s * 0.26), (s * 0.16, s * 0.18)], w)


def _reverse(surf: pygame.Surface, s: int, c: Colour) -> None:
    """Two arrows chasing each other round a circle: the way of play turns."""
    w = max(3, int(s * 0.08))
    rect = pygame.Rect(int(s * 0.16), int(s * 0.16), int(s * 0.68), int(s * 0.68))
    for start in (0.15, 1.15):
        pygame.draw.arc(surf, c, rect, math.pi * start, math.pi * (start + 0.7), w)
        end = math.pi * (start + 0.7)
        tip = (s / 2 + math.cos(end) * s * 0.34, s / 2 - math.sin(end) * s * 0.34)
        tangent = (-math.sin(end), -math.cos(end))
        normal = (math.cos(end), -math.sin(end))
        head = s * 0.13
        pygame.draw.polygon(surf, c, [(tip[0] + tangent[0] * head, tip[1] + tangent[1] * head),
                                      (tip[0] + normal[0] * head * 0.7, tip[1] + normal[1] * head * 0.7),
                                      (tip[0] - normal[0] * head * 0.7, tip[1] - normal[1] * head * 0.7)])


def _bull(surf: pygame.Surface, s: int, c: Colour) -> None:
    head = pygame.Rect(0, 0, int(s * 0.4), int(s * 0.5))
    head.center = (s // 2, int(s * 0.58))
    pygame.draw.ellipse(surf, c, head)
    w = max(3, int(s * 0.08))
    for side in (-1, 1):
        pts = [(s / 2 + side * s * 0.14, s * 0.4), (s / 2 + side * s * 0.32, s * 0.36),
               (s / 2 + side * s * 0.4, s * 0.22), (s / 2 + side * s * 0.36, s * 0.1)]
        pygame.draw.lines(surf, c, False, pts, w)
        pygame.draw.circle(surf, (0, 0, 0, 0), (s / 2 + side * s * 0.08, s * 0.54), s * 0.04)


def _lowest_leads(surf: pygame.Surface, s: int, c: Colour) -> None:
    """A down arrow onto a low bar: the lowest card leads."""
    w = max(3, int(s * 0.1))
    pygame.draw.line(surf, c, (s * 0.5, s * 0.1), (s * 0.5, s * 0.6), w)
    pygame.draw.polygon(surf, c, [(s * 0.28, s * 0.52), (s * 0.72, s * 0.52), (s * 0.5, s * 0.78)])
    pygame.draw.rect(surf, c, pygame.Rect(int(s * 0.16), int(s * 0.84), int(s * 0.68), int(s * 0.08)))


def _eagle(surf: pygame.Surface, s: int, c: Colour) -> None:
    pygame.draw.circle(surf, c, (s * 0.5, s * 0.3), s * 0.09)
    pygame.draw.polygon(surf, c, [(s * 0.42, s * 0.38), (s * 0.58, s * 0.38), (s * 0.56, s * 0.8),
                                  (s * 0.5, s * 0.9), (s * 0.44, s * 0.8)])
    for side in (-1, 1):
        for k in range(4):
            y = s * (0.4 + k * 0.09)
            tip_x = s / 2 + side * s * (0.46 - k * 0.06)
            pygame.draw.polygon(surf, c, [(s / 2, y), (tip_x, y - s * 0.14), (tip_x - side * s * 0.06, y + s * 0.02)])


def _serpent(surf: pygame.Surface, s: int, c: Colour) -> None:
    w = max(3, int(s * 0.09))
    pts = [(s * (0.15 + 0.6 * i / 40), s * 0.55 + math.sin(i / 40 * math.pi * 2.5) * s * 0.2) for i in range(41)]
    pygame.draw.lines(surf, c, False, pts, w)
    head = pts[-1]
    pygame.draw.circle(surf, c, (head[0] + s * 0.04, head[1]), s * 0.08)
    pygame.draw.line(surf, c, (head[0] + s * 0.1, head[1]), (head[0] + s * 0.18, head[1] - s * 0.04), max(2, w // 3))


def _bolt(surf: pygame.Surface, s: int, c: Colour) -> None:
    pygame.draw.polygon(surf, c, [(s * 0.6, s * 0.06), (s * 0.2, s * 0.55), (s * 0.46, s * 0.55),
                                  (s * 0.34, s * 0.94), (s * 0.8, s * 0.42), (s * 0.54, s * 0.42), (s * 0.72, s * 0.06)])


EMBLEMS: dict[str, Callable[[pygame.Surface, int, Colour], None]] = {
    "free_follow": _ant,
    "reverse_direction": _reverse,
    "join_multiple_lead": _bull,
    "lowest_leads_next": _lowest_leads,
    "player_leads_next": _eagle,
    "ban_multiple_leads": _serpent,
}


@lru_cache(maxsize=512)
def symbol_image(name: str, size: int, colour: Colour) -> pygame.Surface:
    """A set's symbol (or a diamond for a symbol this table does not draw), `size` px square."""
    return _supersampled(SYMBOLS.get(name, _diamond), size, colour)


@lru_cache(maxsize=256)
def emblem_image(power_type: str, size: int, colour: Colour) -> pygame.Surface:
    """A Zeus card power's emblem (a lightning bolt for a power this table does not draw)."""
    return _supersampled(EMBLEMS.get(power_type, _bolt), size, colour)


def _supersampled(painter: Callable[[pygame.Surface, int, Colour], None], size: int, colour: Colour) -> pygame.Surface:
    size = max(4, int(size))
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    painter(big, size * SUPERSAMPLE, colour)
    return pygame.transform.smoothscale(big, (size, size))


def _blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float]) -> pygame.Rect:
    rect = image.get_rect(center=(int(centre[0]), int(centre[1])))
    surface.blit(image, rect)
    return rect


# ----- the faces -------------------------------------------------------------------------------------
class TelosFaces:
    """Paints Télos card faces from the deck content: set colours and symbols, Zeus names and powers."""

    def __init__(self, content: TelosContent) -> None:
        self.content = content

    def set_of(self, card: str):  # -> GodSet | None
        parsed = parse_god_card(card)
        return None if parsed is None else self.content.sets.get(parsed[1])

    def border_for(self, card: str) -> Colour:
        if is_zeus(card):
            return ZEUS_BORDER
        god_set = self.set_of(card)
        return god_set.rgb if god_set is not None else theme.TERRACOTTA

    def paint(self, surface: pygame.Surface, card: str) -> None:
        if is_zeus(card):
            self._paint_zeus(surface, card)
        else:
            self._paint_god(surface, card)

    def _corner(self, surface: pygame.Surface, text: str, colour: Colour, icon: pygame.Surface | None,
                both: bool = True) -> None:
        """Value top-left and (turned) bottom-right, with the set's symbol under it: a fanned hand shows both."""
        width, height = surface.get_size()
        inset = max(2, int(width * 0.07))
        font = fit_font(text, int(width * 0.3), max(8, int(width * 0.24)))
        image = font.render(text, True, colour)
        block_w = max(image.get_width(), icon.get_width() if icon else 0)
        block = pygame.Surface((block_w, image.get_height() + (icon.get_height() if icon else 0)), pygame.SRCALPHA)
        block.blit(image, image.get_rect(midtop=(block_w // 2, 0)))
        if icon is not None:
            block.blit(icon, icon.get_rect(midtop=(block_w // 2, image.get_height() - max(1, width // 40))))
        surface.blit(block, (inset, inset - max(0, width // 50)))
        if not both:
            return
        turned = pygame.transform.rotate(block, 180)
        surface.blit(turned, turned.get_rect(bottomright=(width - inset, height - inset + max(0, width // 50))))

    def _paint_god(self, surface: pygame.Surface, card: str) -> None:
        width, height = surface.get_size()
        parsed = parse_god_card(card)
        value = str(parsed[0]) if parsed else card
        god_set = self.set_of(card)
        colour = god_set.rgb if god_set else theme.TERRACOTTA
        symbol = god_set.symbol if god_set else ""
        ink = theme.INK if theme.high_contrast else darker(colour, 0.55)    # the value in the corners
        icon = symbol_image(symbol, max(6, int(width * 0.17)), colour) if width >= 34 else None
        self._corner(surface, value, ink, icon)
        # A band of the set's colour across the lower part: the set reads at a glance, and its symbol sits on it.
        band_h = int(height * 0.3)
        band = pygame.Rect(border_width(width) + 1, int(height * 0.62), width - 2 * (border_width(width) + 1), band_h)
        if width >= 30:
            tint = pygame.Surface(band.size, pygame.SRCALPHA)
            tint.fill((*colour, 60))
            surface.blit(tint, band)
        # The numeral, as large as the card allows.
        numeral = fit_font(value, int(width * (0.5 if width >= 50 else 0.66)), int(height * 0.4))
        _blit_centred(surface, numeral.render(value, True, theme.INK), (width * 0.54, height * 0.4))
        # The medallion with the symbol.
        radius = int(min(width * 0.24, height * 0.15))
        centre = (width // 2, int(height * 0.76))
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, ink, centre, radius, max(1, radius // 8))
        _blit_centred(surface, symbol_image(symbol, int(radius * 1.5), theme.CREAM), centre)

    def _paint_zeus(self, surface: pygame.Surface, card: str) -> None:
        width, height = surface.get_size()
        zeus = self.content.zeus_cards.get(card)
        name = translate_message(zeus_card_name(zeus.name)) if zeus else card[2:].title()
        power = zeus.power.type if zeus else ""
        # Gold field inside the frame.
        rect = surface.get_rect()
        inner = rect.inflate(-2 * (border_width(width) + 1), -2 * (border_width(width) + 1))
        pygame.draw.rect(surface, ZEUS_GOLD, inner, border_radius=max(1, corner_radius(width) - 1))
        glow = pygame.Rect(0, 0, int(width * 0.8), int(width * 0.8))
        glow.center = (width // 2, int(height * 0.44))
        pygame.draw.ellipse(surface, ZEUS_GOLD_LIGHT, glow)
        icon = emblem_image(power, max(6, int(width * 0.15)), theme.INK) if width >= 34 else None
        self._corner(surface, "Z", theme.INK, icon, both=False)
        emblem = emblem_image(power, int(min(width * 0.62, height * 0.45)), theme.INK)
        _blit_centred(surface, emblem, (width / 2, height * 0.44))
        banner = pygame.Rect(0, 0, int(width * 0.84), max(8, int(height * 0.14)))
        banner.center = (width // 2, int(height * 0.8))
        font, lines = fit_lines(name, banner.width - 4, int(banner.height * 0.8))
        if len(lines) > 1:
            # A name too long for one line at this size gets two, in a banner grown upwards.
            bottom = banner.bottom
            banner.height = font.get_linesize() * len(lines) + 4
            banner.bottom = bottom
        pygame.draw.rect(surface, theme.INK, banner, border_radius=max(2, banner.height // 4))
        line_h = (banner.height - 4) / len(lines)
        for i, line in enumerate(lines):
            centre = (banner.centerx, banner.top + 2 + line_h * (i + 0.5))
            _blit_centred(surface, font.render(line, True, ZEUS_GOLD_LIGHT), centre)


class SnappingCardArt(CardArt):
    """CardArt that snaps in-between sizes and turns of moving cards to a coarse grid.

    A card growing from hand size to trick size (or shrinking as a trick is swept) asks for a new
    width, and often a new angle, every frame; painting a face each time costs more than a frame.
    Widths the table lays cards out at (`exact_widths`) are drawn exactly; any other width is snapped
    to a multiple of `WIDTH_STEP` px and its angle to `ANGLE_STEP` degrees, so a flight reuses a
    handful of cached images. The eye does not see a 3 px step on a card in motion.
    """

    WIDTH_STEP = 6
    ANGLE_STEP = 3

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.exact_widths: set[int] = set()

    def card(self, card_id: str | None, width: int, face_up: bool, angle: float = 0.0) -> pygame.Surface:
        width = max(8, int(width))
        if width not in self.exact_widths:
            width = max(8, int(round(width / self.WIDTH_STEP)) * self.WIDTH_STEP)
            angle = round(angle / self.ANGLE_STEP) * self.ANGLE_STEP
        return super().card(card_id, width, face_up, angle)


def telos_card_art(content: TelosContent) -> SnappingCardArt:
    """The card art of a Télos game: its faces on the kit's frame, the common back."""
    faces = TelosFaces(content)
    return SnappingCardArt(faces.paint, border_for=faces.border_for, max_cached=320)


# ----- small chips: the table line and the score cards ---------------------------------------------------
def score_chip(content: TelosContent, card: str, height: int) -> pygame.Surface:
    """A score card as a chip: its points on its set's colour (gold for a Zeus card, worth 20)."""
    if is_zeus(card):
        return value_chip(str(content.zeus_last_trick_value), height, ZEUS_GOLD, theme.INK, ZEUS_BORDER)
    parsed = parse_god_card(card)
    god_set = content.sets.get(parsed[1]) if parsed else None
    fill = god_set.rgb if god_set else theme.TERRACOTTA
    return value_chip(str(parsed[0]) if parsed else card, height, fill, theme.WHITE)


def telos_faces(game: Any) -> tuple[CardArt, frozenset[str]]:
    """The manifest's `card_faces`: the renderer and every card id of the deck (the rules screen's examples).
    The plain kit renderer, not the table's SnappingCardArt: rules cards never move, so every width is
    drawn exactly."""
    content = game.content
    faces = TelosFaces(content)
    every_count = max(content.players)
    ids = frozenset(content.god_cards(every_count)) | frozenset(content.zeus_ids)
    return CardArt(faces.paint, border_for=faces.border_for), ids
