"""Group trays, the seat zone of pieces sorted into groups: laid out inside the seat's region at any size,
tiles moved between trays (an emptied tray goes, the spare tray starts a new one), each tray a named
drop zone, and a drag that carries what the table says travels with a tile."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.table.card_art import card_height
from scenes.table.group_trays import NEW_TRAY, GroupTrays, TrayDrag, plan_trays
from scenes.table.layout import compute_layout
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.table.zones import zone_at


def _trays(groups: list[str], own: bool = True, spare: bool = True, size=(1280, 720)) -> tuple[GroupTrays, object]:
    layout = compute_layout(size, 2, 0)
    area = layout.seats[0]
    region = pygame.Rect(area.rect.left, area.plate.bottom, area.rect.width, area.rect.bottom - area.plate.bottom)
    zone = GroupTrays(0, lambda a: region, own=own, spare=spare)
    zone.set_groups([[CardSprite(f"{letter}{i}{j}") for j, letter in enumerate(g)] for i, g in enumerate(groups)])
    zone.lay_out(area, TweenQueue(lambda: 1.0), animate=False)
    return zone, region


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("groups", [["rgw", "ob", "y"], ["r"] * 18, ["roy", "rol", "ryl", "oyl", "row", "ylw"]])
def test_trays_fit_the_seats_region_without_overlapping(size, groups):
    zone, region = _trays(groups, size=size)
    rects = zone.tray_rects + [zone.spare_rect]
    assert len(zone.tray_rects) == len(groups)
    assert all(region.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    for i, tray in enumerate(zone.trays):
        for sprite in tray:
            assert zone.tray_rect(i).contains(sprite.rect())


def test_a_plan_uses_more_rows_only_when_that_gives_bigger_tiles():
    wide = plan_trays([3, 3], pygame.Rect(0, 0, 1000, 140), 60)
    assert len(wide.rows) == 1 and wide.tile_width == 60
    tall = plan_trays([1] * 12, pygame.Rect(0, 0, 300, 400), 60)
    assert len(tall.rows) > 1


def test_moving_a_tile_regroups_and_an_emptied_tray_disappears():
    zone, _ = _trays(["rg", "o"])
    orange = zone.trays[1][0]
    assert zone.move(orange, 0) and zone.groups() == ("rgo",)
    red = zone.trays[0][0]
    assert zone.move(red, NEW_TRAY) and zone.groups() == ("go", "r")
    assert zone.mates(red) == [red] and zone.tray_of(red) == 1
    assert not zone.move(CardSprite("x"), 0) and not zone.move(red, 5)


def test_every_tray_and_the_spare_are_named_drop_zones():
    zone, _ = _trays(["rg", "o"])
    names = [z.name for z in zone.drop_zones()]
    assert names == ["0.tray.0", "0.tray.1", f"0.tray.{NEW_TRAY}"]
    assert zone_at(zone.drop_zones(), zone.tray_rect(1).center).name == "0.tray.1"
    assert GroupTrays.target_of("0.tray.1") == (0, 1) and GroupTrays.target_of("2.tray.new") == (2, NEW_TRAY)
    assert GroupTrays.target_of("stack.3") is None


def test_only_the_own_seat_offers_its_tiles_and_other_seats_have_no_spare():
    zone, _ = _trays(["rg", "o"], own=False, spare=False)
    assert zone.pickable() == [] and zone.spare_rect is None and len(zone.sprites()) == 3


def test_a_tray_drag_carries_the_whole_tray_and_remembers_the_tile_under_the_pointer():
    zone, _ = _trays(["rgw", "o"])
    dropped: list[tuple[tuple[str, ...], str]] = []
    drag = TrayDrag(TweenQueue(lambda: 0.0), legal_zones=lambda ids: {"0.tray.1"},
                    drop=lambda ids, name: dropped.append((ids, name)), carry=zone.mates)
    drag.set_cards(zone.pickable())
    drag.zones = zone.drop_zones()
    green = zone.trays[0][1]
    start = (int(green.x), int(green.y))
    target = zone.tray_rect(1).center
    drag.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    drag.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    assert set(drag.held) == set(zone.trays[0]) and drag.grabbed is green
    assert drag.lit_zones == {"0.tray.1"}
    drag.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    assert dropped == [(tuple(s.card_id for s in zone.trays[0]), "0.tray.1")]


def test_a_click_selects_the_whole_tray_and_a_second_click_plays_it():
    zone, _ = _trays(["rgw", "o"])
    played: list[tuple[str, ...]] = []
    drag = TrayDrag(TweenQueue(lambda: 0.0), legal_zones=lambda ids: set(), carry=zone.mates,
                    drop=lambda ids, name: played.append(ids), default_zone=lambda: "sun")
    drag.set_cards(zone.pickable())
    red = zone.trays[0][0]
    for _ in range(2):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            drag.handle_event(pygame.event.Event(kind, pos=(int(red.x), int(red.y)), button=1))
        if not played:
            assert set(drag.selected) == set(zone.trays[0]) and drag.grabbed is None
    assert played == [tuple(s.card_id for s in zone.trays[0])]
    assert card_height(zone.tile_width) == card_height(red.width)
