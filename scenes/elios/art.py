"""Elios pieces drawn in code at the size the window needs: beams, jokers, the sun's stacks and the disc tower.

Every colour is drawn with its symbol from the game's YAML (triangle, circle, star…), so the game
stays playable for anyone who cannot tell the colours apart, and in greyscale. A beam in a tray is a
tile the kit's CardArt paints and caches (crisp at any size); the sun is painted straight onto the
table each frame from the stacks' letters. Card ids of beam tiles are the letter, optionally with a
serial that keeps two beams of one colour apart on the table ("r", "r3"): only the letter is drawn.
"""
from __future__ import annotations

import math
from typing import Callable, Mapping

import pygame

from scenes.ui import theme
from scenes.table.card_art import CardArt, corner_radius

Point = tuple[float, float]
RGB = tuple[int, int, int]


def luminance(rgb: RGB) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def ink_on(rgb: RGB) -> RGB:
    """The colour a symbol is drawn in on `rgb`: dark on light beams, light on dark ones."""
    return theme.INK if luminance(rgb) > 140 else theme.CREAM


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    found = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        found.append((cx + math.cos(a) * radius, cy + math.sin(a) * radius))
    return found


def draw_symbol(surface: pygame.Surface, symbol: str, centre: Point, radius: float, colour: RGB) -> None:
    """One colour's symbol (the YAML's name), filled, in a circle of `radius` around `centre`."""
    cx, cy = centre
    r = max(2.0, radius)
    line = max(1, int(r * 0.28))
    if symbol == "triangle":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.92, cy + r * 0.7), (cx - r * 0.92, cy + r * 0.7)])
    elif symbol == "circle":
        pygame.draw.circle(surface, colour, (int(cx), int(cy)), int(r * 0.85))
    elif symbol == "star":
        pygame.draw.polygon(surface, colour, _star(cx, cy + r * 0.08, r))
    elif symbol == "leaf":
        leaf = pygame.Rect(0, 0, int(r * 1.1), int(r * 2))
        leaf.center = (int(cx), int(cy))
        pygame.draw.ellipse(surface, colour, leaf)
    elif symbol == "square":
        side = int(r * 1.45)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (int(cx), int(cy))
        pygame.draw.rect(surface, colour, rect)
    elif symbol == "wave":
        for dy in (-r * 0.45, r * 0.35):
            points = [(cx - r + i * r / 6, cy + dy + math.sin(i * math.pi / 3) * r * 0.3) for i in range(13)]
            pygame.draw.lines(surface, colour, False, points, max(1, line))
    elif symbol == "diamond":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)])
    elif symbol == "cross":
        arm = max(2, int(r * 0.55))
        pygame.draw.rect(surface, colour, pygame.Rect(int(cx - arm / 2), int(cy - r), arm, int(2 * r)))
        pygame.draw.rect(surface, colour, pygame.Rect(int(cx - r), int(cy - arm / 2), int(2 * r), arm))
    elif symbol == "sun":
        pygame.draw.polygon(surface, colour, _star(cx, cy, r, points=8, inner=0.6))
        pygame.draw.circle(surface, theme.GOLD if colour == theme.INK else colour, (int(cx), int(cy)), int(r * 0.45))
    else:   # a symbol this table has no drawing for: its first letter, still told apart from the others
        font = theme.font(max(8, int(r * 1.8)), "bold")
        image = font.render(symbol[:1].upper(), True, colour)
        surface.blit(image, image.get_rect(center=(int(cx), int(cy))))


class BeamPainter:
    """Paints beam tiles for the kit's CardArt: the colour as a bar down the tile, its symbol large on it."""

    def __init__(self, colours: Mapping[str, tuple[RGB, str]]) -> None:
        self.colours = dict(colours)    # letter -> (rgb, symbol)

    def paint(self, surface: pygame.Surface, card_id: str) -> None:
        rgb, symbol = self.colours.get(card_id[:1], ((128, 128, 128), "?"))
        width, height = surface.get_size()
        inset = max(2, int(width * 0.09))
        bar = surface.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surface, rgb, bar, border_radius=max(2, corner_radius(width) - inset // 2))
        pygame.draw.rect(surface, theme.INK, bar, width=max(1, width // 40), border_radius=max(2, corner_radius(width) - inset // 2))
        symbol_colour = ink_on(rgb)
        draw_symbol(surface, symbol, (bar.centerx, bar.centery), bar.width * 0.34, symbol_colour)
        if width >= 36:   # small copies in two corners, as on a playing card, so a fanned tile still shows one
            small = bar.width * 0.14
            draw_symbol(surface, symbol, (bar.left + small * 1.7, bar.top + small * 1.7), small, symbol_colour)
            draw_symbol(surface, symbol, (bar.right - small * 1.7, bar.bottom - small * 1.7), small, symbol_colour)


def colour_table(content: object) -> dict[str, tuple[RGB, str]]:
    """letter -> (rgb, symbol) for every beam of an EliosContent, joker included."""
    found: dict[str, tuple[RGB, str]] = {}
    for colour in (*content.colours, content.joker):  # type: ignore[attr-defined]
        found[colour.id] = (tuple(colour.rgb), colour.symbol)  # type: ignore[assignment]
    return found


class BeamArt(CardArt):
    """The kit's cached renderer, keyed by a beam's letter: "r0" and "r3" share one painted tile."""

    def face(self, card_id: str, width: int) -> pygame.Surface:
        return super().face(card_id[:1], width)

    def card(self, card_id: str | None, width: int, face_up: bool, angle: float = 0.0) -> pygame.Surface:
        return super().card(card_id[:1] if card_id else card_id, width, face_up, angle)


def beam_art(content: object) -> CardArt:
    """The cached tile renderer for this game's beams."""
    painter = BeamPainter(colour_table(content))
    return BeamArt(painter.paint, border_for=lambda card_id: theme.INK)


# ----- the sun, seen from above ---------------------------------------------------------------------------
def stack_angle(index: int, count: int = 8) -> float:
    """The direction of stack `index` in degrees, clockwise from 3 o'clock; stack 0 points up."""
    return -90.0 + index * 360.0 / count


def polar(centre: Point, radius: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return (centre[0] + math.cos(a) * radius, centre[1] + math.sin(a) * radius)


def ring_sector(centre: Point, inner: float, outer: float, start: float, end: float, steps: int = 4) -> list[Point]:
    """The outline of a sector of a ring (angles in degrees, clockwise from 3 o'clock)."""
    outer_arc = [polar(centre, outer, start + (end - start) * i / steps) for i in range(steps + 1)]
    inner_arc = [polar(centre, inner, end - (end - start) * i / steps) for i in range(steps + 1)]
    return outer_arc + inner_arc


class SunGeometry:
    """Where the sun's parts lie: the tower's radius, each level's ring, each stack's direction."""

    def __init__(self, centre: Point, radius: float, levels: int, stacks: int = 8) -> None:
        self.centre = centre
        self.radius = radius
        self.levels = levels
        self.stacks = stacks
        self.tower = radius * 0.2
        self.label_room = radius * 0.14
        self.step = (radius - self.tower - self.label_room) / levels
        self.half_width = 360.0 / stacks / 2 - 4.0     # degrees each side of a stack's direction

    def level_radius(self, level: int) -> float:
        """The outer edge of `level` beams (level 0: the tower's edge)."""
        return self.tower + level * self.step

    def beam_centre(self, stack: int, level: int) -> Point:
        """The middle of the beam at height `level` (1 = the bottom beam) of `stack`."""
        return polar(self.centre, self.level_radius(level) - self.step / 2, stack_angle(stack, self.stacks))

    def label_spot(self, stack: int) -> Point:
        return polar(self.centre, self.radius - self.label_room * 0.45, stack_angle(stack, self.stacks))


def draw_sun(surface: pygame.Surface, geometry: SunGeometry, stacks: tuple[str, ...], discs: int, max_discs: int,
             colours: Mapping[str, tuple[RGB, str]], stack_letters: str, text: Callable[[str, Point, int, RGB], None],
             lit: frozenset[int] = frozenset()) -> None:
    """The sun from above: the disc tower in the middle, the ring at the disc level (no stack may pass it),
    and each stack's beams radiating out in its colour, its symbol and height at the outer end."""
    g = geometry
    cx, cy = g.centre
    centre = (int(cx), int(cy))
    # The reach of the discs: the ring a stack may grow up to, shaded so "room left" reads at a glance.
    pygame.draw.circle(surface, (255, 236, 170), centre, int(g.level_radius(discs)))
    pygame.draw.circle(surface, theme.FELT_DARK, centre, int(g.level_radius(discs)) - 2)
    for level in range(1, g.levels + 1):
        colour = (70, 100, 96) if level <= discs else (40, 70, 66)
        pygame.draw.circle(surface, colour, centre, int(g.level_radius(level)), width=1)
    pygame.draw.circle(surface, theme.GOLD, centre, int(g.level_radius(discs)), width=max(2, int(g.step * 0.22)))
    for index, stack in enumerate(stacks):
        angle = stack_angle(index, g.stacks)
        own_rgb, own_symbol = colours[stack_letters[index]]
        if index in lit:     # where the held group may go: the stack's lane up to the discs, outlined
            glow = ring_sector(g.centre, g.tower, g.level_radius(discs) + g.step * 0.4, angle - g.half_width - 2,
                               angle + g.half_width + 2)
            pygame.draw.polygon(surface, (52, 110, 74), glow)
            pygame.draw.polygon(surface, theme.LEGAL_GLOW, glow, width=max(2, int(g.step * 0.2)))
        for level in range(len(stack) + 1, discs + 1):     # room left under the discs: faint empty slots
            inner, outer = g.level_radius(level - 1) + 1, g.level_radius(level) - 1
            pygame.draw.polygon(surface, (52, 84, 80), ring_sector(g.centre, inner, outer, angle - g.half_width,
                                                                   angle + g.half_width), width=1)
        for level, letter in enumerate(stack, start=1):
            rgb, symbol = colours[letter]
            inner, outer = g.level_radius(level - 1) + 1, g.level_radius(level) - 1
            points = ring_sector(g.centre, inner, outer, angle - g.half_width, angle + g.half_width)
            pygame.draw.polygon(surface, rgb, points)
            pygame.draw.polygon(surface, theme.INK, points, width=1)
            mid = g.beam_centre(index, level)
            if g.step >= 9:
                draw_symbol(surface, symbol, mid, g.step * 0.32, ink_on(rgb))
            elif letter not in stack_letters:     # a joker on a small sun: still marked, not only by its white
                pygame.draw.circle(surface, theme.INK, (int(mid[0]), int(mid[1])), max(2, int(g.step * 0.3)))
        # The stack's colour and symbol at its outer end, with its height beside it.
        lx, ly = g.label_spot(index)
        badge = max(7, int(g.label_room * 0.5))
        pygame.draw.circle(surface, own_rgb, (int(lx), int(ly)), badge)
        pygame.draw.circle(surface, theme.INK, (int(lx), int(ly)), badge, width=1)
        draw_symbol(surface, own_symbol, (lx, ly), badge * 0.62, ink_on(own_rgb))
        label_radius = g.radius - g.label_room * 0.45
        nx, ny = polar(g.centre, label_radius, angle + math.degrees(badge * 2.1 / max(1.0, label_radius)))
        text(str(len(stack)), (nx, ny), max(11, int(badge * 1.5)), theme.GOLD if len(stack) >= discs else theme.CREAM)
    # The disc tower: one ring per disc in play, the level in the middle.
    pygame.draw.circle(surface, theme.GOLD_DARK, centre, int(g.tower))
    for disc in range(discs):
        r = g.tower * (1 - disc / (max_discs + 1))
        pygame.draw.circle(surface, theme.GOLD if disc % 2 == 0 else (246, 210, 110), centre, int(r))
        pygame.draw.circle(surface, theme.GOLD_DARK, centre, int(r), width=1)
    text(str(discs), (cx, cy), max(12, int(g.tower * 0.9)), theme.INK)


class SunLayer:
    """`draw_sun` painted once on a layer of its own and blitted each frame, again only when the sun or its
    place changes: at 2560x1440 its hundreds of shapes were a large share of an Elios frame. The shapes
    are opaque (nothing on the layer blends), and the words go on after the layer, where `draw_sun` puts
    them (no shape overlaps a word), so the picture is the one `draw_sun` paints straight on the felt."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._topleft = (0, 0)
        self._words: list[tuple[str, Point, int, RGB]] = []

    def draw(self, surface: pygame.Surface, geometry: SunGeometry, stacks: tuple[str, ...], discs: int,
             max_discs: int, colours: Mapping[str, tuple[RGB, str]], stack_letters: str,
             text: Callable[[str, Point, int, RGB], None], lit: frozenset[int] = frozenset()) -> None:
        g = geometry
        key = (g.centre, g.radius, g.levels, g.stacks, stacks, discs, max_discs, stack_letters, lit)
        if key != self._key or self._layer is None:
            reach = int(g.radius * 1.2) + 8
            left, top = int(g.centre[0]) - reach, int(g.centre[1]) - reach
            if left < 0 or top < 0:     # too near the edge for a layer in plain numbers: paint it straight
                self._key = None
                draw_sun(surface, geometry, stacks, discs, max_discs, colours, stack_letters, text, lit)
                return
            layer = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
            words: list[tuple[str, Point, int, RGB]] = []
            shifted = SunGeometry((g.centre[0] - left, g.centre[1] - top), g.radius, g.levels, g.stacks)
            draw_sun(layer, shifted, stacks, discs, max_discs, colours, stack_letters,
                     lambda w, p, size, colour: words.append((w, (p[0] + left, p[1] + top), size, colour)), lit)
            self._key, self._layer, self._topleft, self._words = key, layer, (left, top), words
        surface.blit(self._layer, self._topleft)
        for words, pos, size, colour in self._words:
            text(words, pos, size, colour)


def elios_faces(game: object) -> tuple[CardArt, frozenset[str]]:
    """The manifest's card faces: the beam tiles, for the rules screen's worked examples (ids: the letters)."""
    content = game.content  # type: ignore[attr-defined]
    return beam_art(content), frozenset(colour_table(content))
