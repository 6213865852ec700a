"""Drop zones of any shape: hit tests, how much of a card lies on them, and their lit outline."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.ui import theme
from scenes.table.zones import CircleShape, DropZone, PolygonShape, RectShape, wedge, zone_at, zone_under


def test_rect_zone_hits_inside_only():
    zone = DropZone("pile", pygame.Rect(10, 20, 100, 50))
    assert zone.contains((10, 20)) and zone.contains((109, 69))
    assert not zone.contains((110, 40)) and not zone.contains((50, 19))
    assert zone.rect == pygame.Rect(10, 20, 100, 50)
    assert isinstance(zone.shape, RectShape)


def test_circle_zone_hits_within_its_radius():
    zone = DropZone("slot", CircleShape((100, 100), 30), seat=2)
    assert zone.contains((100, 100)) and zone.contains((121, 121))
    assert not zone.contains((123, 123))        # inside the bounding box, outside the circle
    assert zone.rect.collidepoint((123, 123))
    assert zone.seat == 2


def test_concave_polygon_zone_hits_by_its_outline():
    # An L shape: the notch at the top right is outside although inside the bounding box.
    shape = PolygonShape(((0, 0), (40, 0), (40, 20), (20, 20), (20, 40), (0, 40)))
    assert shape.contains((10, 10)) and shape.contains((10, 30)) and shape.contains((30, 10))
    assert not shape.contains((30, 30))
    assert shape.bounds() == pygame.Rect(0, 0, 40, 40)


def test_wedge_zone_is_a_ring_sector():
    ring = wedge((200, 200), 50, 100, 0, 90)      # 3 o'clock to 6 o'clock (y grows downwards)
    assert ring.contains((200 + 75 * 0.7071, 200 + 75 * 0.7071))
    assert not ring.contains((200 + 30 * 0.7071, 200 + 30 * 0.7071))   # the hole in the middle
    assert not ring.contains((200 - 75 * 0.7071, 200 + 75 * 0.7071))   # another quarter
    slice_ = wedge((0, 0), 0, 10, 180, 270)
    assert slice_.contains((-4, -4)) and not slice_.contains((4, 4))


def test_a_released_card_lands_on_the_zone_it_covers_most():
    left = DropZone("left", pygame.Rect(0, 0, 100, 100))
    round_ = DropZone("round", CircleShape((250, 50), 60))
    card = pygame.Rect(180, 20, 60, 60)            # wholly on the circle's left part
    assert zone_under([left, round_], card) is round_
    assert zone_under([left, round_], pygame.Rect(80, 20, 60, 60)) is left     # a third on `left`
    assert zone_under([left, round_], pygame.Rect(95, 20, 60, 60)) is None     # too little on either
    assert round_.overlap(pygame.Rect(500, 500, 10, 10)) == 0.0


def test_zone_at_takes_the_first_zone_in_table_order():
    a = DropZone("a", pygame.Rect(0, 0, 50, 50))
    b = DropZone("b", CircleShape((25, 25), 10))
    assert zone_at([a, b], (25, 25)) is a
    assert zone_at([b, a], (25, 25)) is b
    assert zone_at([a, b], (70, 70)) is None


@pytest.mark.parametrize("area", [pygame.Rect(40, 40, 40, 40), CircleShape((60, 60), 20),
                                  wedge((60, 60), 10, 30, 0, 120)])
def test_a_lit_zone_draws_its_outline_in_the_legal_glow(area):
    surface = pygame.Surface((120, 120))
    surface.fill((0, 0, 0))
    DropZone("z", area).draw_lit(surface)
    glow = pygame.Color(*theme.LEGAL_GLOW)
    lit = [(x, y) for x in range(120) for y in range(120) if surface.get_at((x, y)) == glow]
    assert lit, "nothing was drawn"
    bounds = DropZone("z", area).rect.inflate(16, 16)
    assert all(bounds.collidepoint(p) for p in lit)
