"""Seat zones as siblings: a fanned hand, and a grid of numbered slots whose every slot is a target."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.table.card_art import card_height
from scenes.table.layout import compute_layout
from scenes.table.seat_zones import FannedHand, SlotGrid
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.table.zones import zone_at


@pytest.fixture
def layout():
    return compute_layout((1280, 720), 3, 0)


def _grid(seat: int, filled: list[int], own: bool = False) -> SlotGrid:
    grid = SlotGrid(seat, own=own)
    for slot in filled:
        grid.put(slot, CardSprite(None, tag=f"slot{slot}"))
    return grid


def test_a_slot_grid_starts_as_a_two_by_two_main_memory_read_0_1_over_2_3(layout):
    area = layout.seats[1]
    grid = _grid(1, [0, 1, 2, 3])
    grid.lay_out(area, TweenQueue(lambda: 1.0), animate=False)
    assert grid.columns == 2 and [z.name for z in grid.drop_zones()] == ["1.0", "1.1", "1.2", "1.3"]
    r = [grid.slot_rect(i) for i in range(4)]
    assert r[0].top == r[1].top < r[2].top == r[3].top and r[0].left == r[2].left < r[1].left == r[3].left
    assert not any(a.colliderect(b) for i, a in enumerate(r) for b in r[i + 1:])
    for slot, sprite in enumerate(grid.slots[:4]):
        assert (sprite.x, sprite.y) == r[slot].center and sprite.width == area.card_width
    assert grid.slot_rect(0).height == card_height(area.card_width)


def test_the_grid_grows_to_eight_slots_once_a_card_lies_beyond_main_memory(layout):
    area = layout.seats[2]
    grid = _grid(2, [0, 1, 2, 3, 6])
    grid.lay_out(area, TweenQueue(lambda: 1.0), animate=False)
    assert grid.columns == 4 and len(grid.drop_zones()) == 8
    assert grid.slot_rect(4).left > grid.slot_rect(1).left and grid.slot_rect(6).top == grid.slot_rect(2).top
    with pytest.raises(ValueError, match="no slot 8"):
        grid.put(8, CardSprite(None))


def test_every_seats_slots_are_targets_named_seat_dot_slot(layout):
    tweens = TweenQueue(lambda: 1.0)
    grids = [_grid(seat, [0, 1, 2, 3], own=seat == 0) for seat in range(3)]
    zones = []
    for seat, grid in enumerate(grids):
        grid.lay_out(layout.seats[seat], tweens, animate=False)
        zones += grid.drop_zones()
    target = grids[2].slot_rect(3)
    hit = zone_at(zones, target.center)
    assert hit is not None and hit.name == "2.3" and hit.seat == 2
    assert grids[0].pickable() == grids[0].sprites() and grids[1].pickable() == []


def test_a_hand_and_a_slot_grid_are_siblings_at_one_seat(layout):
    area = layout.seats[0]
    hand = FannedHand(0, 1.1, lambda a: (a.hand_centre, a.hand_width))
    hand.cards = [CardSprite("7"), CardSprite("8")]
    grid = _grid(0, [0, 3], own=True)
    tweens = TweenQueue(lambda: 1.0)
    for zone in (hand, grid):
        zone.lay_out(area, tweens, animate=False)
    assert {s.owner for zone in (hand, grid) for s in zone.sprites()} == {0}
    assert hand.drop_zones() == [] and len(grid.drop_zones()) == 4
    assert isinstance(grid.slot_rect(0), pygame.Rect)


def test_every_seat_zone_clears_for_a_deal_shown_dealt():
    from scenes.table.group_trays import GroupTrays

    hand = FannedHand(0, 1.1, lambda area: (area.hand_centre, area.hand_width))
    hand.cards = [CardSprite("7")]
    grid = SlotGrid(1, own=True)
    grid.put(5, CardSprite(None))
    trays = GroupTrays(2, lambda area: area.rect)
    trays.set_groups([[CardSprite("r1")], [CardSprite("w1")]])
    for zone in (hand, grid, trays):
        zone.clear()
        assert zone.sprites() == [] and zone.pickable() == []
    assert len(grid.slots) == 8 and grid.columns == 2


def test_every_table_builds_and_lays_out_its_seats_through_the_kits_per_seat_hooks():
    from scenes.elios.table import EliosTableScene
    from scenes.table.seat_hands import SeatHands
    from scenes.tamoul.table import TamoulTableScene
    from scenes.telos.table import TelosTableScene
    from scenes.zeus.table import ZeusTableScene

    for table in (ZeusTableScene, TelosTableScene, TamoulTableScene, EliosTableScene):
        assert table._seat_zones_from_view is SeatHands._seat_zones_from_view, table
        assert table._lay_out_seat_zones is SeatHands._lay_out_seat_zones, table
