"""The kit's trick area, centre lines and score plate on their own: where plays land round the centre, the best card's
tag kept clear of a banner, a won trick swept to its winner and remembered, the words in the middle."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.ui import theme
from scenes.table.centre_lines import CentreLine, draw_centre_lines
from scenes.table.layout import compute_layout
from scenes.table.sprites import CardSprite
from scenes.table.trick_area import TrickArea, TrickPlay, seat_point
from scenes.table.tween import TweenQueue


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _settle(tweens: TweenQueue, seconds: float = 3.0) -> None:
    for _ in range(int(seconds * 60)):
        tweens.update(1 / 60)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("count", [3, 4, 6])
def test_each_seat_plays_on_its_own_side_of_the_centre_and_inside_it(size, count):
    layout = compute_layout(size, count, 0)
    area = TrickArea(count)
    (cx, cy), _, _ = area.ellipse(layout)
    tw = area.card_width(layout)
    for seat in range(count):
        sx, sy = seat_point(layout, seat)
        x, y = area.spot(layout, seat)
        # The play lies between the centre and its seat: same direction from the middle.
        assert (x - cx) * (sx - cx) + (y - cy) * (sy - cy) > 0, seat
        for px, py, _ in area.positions(layout, seat, 3):
            card = pygame.Rect(0, 0, tw, int(tw * 1.4))
            card.center = (int(px), int(py))
            assert layout.centre.contains(card), (seat, card, layout.centre)
    assert area.spot(layout, 0)[1] > cy                      # the bottom seat plays below the middle


@pytest.mark.parametrize("per_play", [1, 2, 3])
@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_a_grown_ring_gives_the_trick_the_room_with_every_play_clear_and_an_arrowhead_between_each_two(count,
                                                                                                     per_play):
    """With the words beside it (a table grown at 200 %), the ring takes the centre: plays of one card as
    large as it holds (never smaller than with the plays above and below each other), each play on its
    seat's side of the middle, the opponents' plays in their seats' order from left to right, no play over
    another or over the best card's tag room, every arrowhead in sight and the ring no flatter than an
    arrowhead and a half each side of its middle; a play of several cards keeps its place, smaller."""
    theme.set_ui_scale_setting(200)
    try:
        layout = compute_layout((1280, 720), count, 0, opponents_grow_limit=1.0)
    finally:
        theme.set_ui_scale_setting(100)
    area = TrickArea(count, words_beside=True)
    area.tag_words = ("winning", "wins the trick")
    shape = area.shape(layout)
    assert shape.arrows is not None and len(shape.arrows) == count          # the fitted ring, not the plain one
    assert area.card_width(layout) >= area._plain_width(layout)
    rules = area._rules(layout)
    assert shape.ry >= 1.5 * rules.head
    (cx, cy), room = shape.centre, area.room(layout)
    tw = area.play_width(layout, per_play)
    assert tw <= area.card_width(layout) and (per_play > 1 or tw == area.card_width(layout))
    plays = {}
    for seat in range(count):
        cards = []
        for x, y, _ in area.positions(layout, seat, per_play):
            card = pygame.Rect(0, 0, tw, int(tw * 1.4))
            card.center = (int(x), int(y))
            cards.append(card)
        plays[seat] = cards[0].unionall(cards[1:])
        assert room.inflate(2, 2).contains(plays[seat]), (seat, plays[seat], room)
        sx, sy = seat_point(layout, seat)
        x, y = area.spot(layout, seat)
        assert (x - cx) * (sx - cx) + (y - cy) * (sy - cy) > 0, seat
        tag = pygame.Rect(0, 0, plays[seat].width, rules.tag_h)
        tag.midbottom = plays[seat].midtop if seat != 0 else (plays[seat].centerx, plays[seat].bottom + rules.tag_h)
        assert room.top - 2 <= tag.top and tag.bottom <= room.bottom + 2
        assert not any(tag.colliderect(other) for other_seat, other in plays.items() if other_seat != seat)
    assert [(a, b) for a in plays for b in plays if a < b and plays[a].colliderect(plays[b])] == []
    opponents = sorted(range(1, count), key=lambda seat: seat_point(layout, seat)[0])
    assert [area.spot(layout, seat)[0] for seat in opponents] == sorted(area.spot(layout, seat)[0] for seat in opponents)
    for angle in shape.arrows:
        head = shape.point(angle)
        assert all(not play.inflate(2 * rules.head - 2, 2 * rules.head - 2).collidepoint(head) for play in plays.values())


def test_a_play_lands_face_up_at_its_spot_and_the_shown_trick_matches_it():
    layout = compute_layout((1280, 720), 4, 0)
    tweens = TweenQueue()
    area = TrickArea(4)
    landed = []
    sprites = [CardSprite("a", x=100, y=700, flip=0.0, width=layout.card_width),
               CardSprite("b", x=100, y=700, flip=0.0, width=layout.card_width)]
    area.land(layout, tweens, TrickPlay(2, sprites, (9, 9)), on_landed=lambda: landed.append(1))
    _settle(tweens)
    assert len(landed) == 2 and all(s.flip == 1.0 and s.tag == "trick" for s in sprites)
    for sprite, (x, y, _) in zip(sprites, area.positions(layout, 2, 2)):
        assert (round(sprite.x), round(sprite.y)) == (round(x), round(y))
        assert sprite.width == area.card_width(layout)
    assert area.matches([(2, ["b", "a"])]) and not area.matches([(1, ["a", "b"])])
    assert area.sprite_at((int(sprites[1].x), int(sprites[1].y))) is sprites[1]


def test_the_best_card_glows_and_its_tag_keeps_off_a_banner():
    layout = compute_layout((1280, 720), 3, 0)
    tweens = TweenQueue()
    area = TrickArea(3)
    area.show([(1, ["x"], [5]), (2, ["y"], [8])])
    area.lay_out(layout, tweens, animate=False)
    area.highlight((1, 0))
    assert area.plays[1].sprites[0].glow == theme.GOLD and area.plays[0].sprites[0].glow is None
    surface = pygame.Surface(layout.size)
    area.draw_best_tag(surface, layout, tweens, (1, 0), "winning", below_seat=0)
    free = area.best_tag_rect
    assert free is not None
    area.draw_best_tag(surface, layout, tweens, (1, 0), "winning", below_seat=0, avoid=free.inflate(4, 4))
    assert area.best_tag_rect is not None and not area.best_tag_rect.colliderect(free)
    area.draw_best_tag(surface, layout, tweens, None, "winning", below_seat=0)
    assert area.best_tag_rect is None


def test_a_swept_trick_is_remembered_gathers_and_leaves_only_the_kept_card():
    layout = compute_layout((1280, 720), 3, 0)
    tweens = TweenQueue()
    area = TrickArea(3)
    area.show([(0, ["x"], [5]), (1, ["y", "z"], [8, 8])])
    area.lay_out(layout, tweens, animate=False)
    sprites = area.sprites()
    area.remember()
    flying: list[CardSprite] = []
    forgotten: list[CardSprite] = []
    target = (400.0, 300.0)
    area.sweep(area.spot(layout, 1), lambda s: (target, 0.5, s.card_id == "y"), tweens, flying, forgotten.append)
    assert area.plays == [] and flying == sprites
    assert area.previous == [(0, ["x"]), (1, ["y", "z"])]
    _settle(tweens)
    assert forgotten == sprites
    kept = next(s for s in sprites if s.card_id == "y")
    assert (round(kept.x), round(kept.y)) == target and kept.alpha == 255
    assert all(s.alpha == 0 for s in sprites if s is not kept)


def test_the_direction_ring_is_painted_again_only_when_the_way_changes():
    layout = compute_layout((1280, 720), 4, 0)
    area = TrickArea(4)
    surface = pygame.Surface(layout.size)
    area.draw_direction_ring(surface, layout, 1.0)
    first = area._ring_cache
    area.draw_direction_ring(surface, layout, 1.0)
    assert area._ring_cache is first
    area.draw_direction_ring(surface, layout, -1.0)
    assert area._ring_cache is not first


def test_centre_lines_stack_round_the_point_and_return_the_banner():
    surface = pygame.Surface((600, 400))
    lines = [CentreLine("banner", "Last trick!"), CentreLine("chips", "Reach:", ("3", "7")),
             CentreLine("text", "2 cards each"), CentreLine("warning", "No multiple leads", icon=pygame.Surface((8, 8))),
             CentreLine("small", "Play goes clockwise")]
    banner = draw_centre_lines(surface, (300, 200), lines, 17, 14)
    assert banner is not None and banner.top < 200 and abs(banner.centerx - 300) <= 1
    assert surface.get_at(banner.center)[:3] != (0, 0, 0)
    assert draw_centre_lines(surface, (300, 200), [CentreLine("text", "x")], 17, 14) is None


def test_a_score_plate_keeps_its_tag_inside_even_after_a_long_name():
    from scenes.table import plates
    from scenes.table.chips import value_chip

    surface = pygame.Surface((600, 200))
    plate = pygame.Rect(20, 20, 300, 30)
    tag = value_chip("leads", 16, theme.CREAM, theme.INK)
    chips = [value_chip(str(n), 20, theme.GOLD, theme.INK) for n in (3, 10)]
    rect = plates.draw_score_plate(surface, plate, "Ann", " (AI)", "13 / 40", theme.GOLD, chips, 20, tag)
    assert rect is not None and plate.contains(rect)
    drawn = []
    real = plates.draw_plate_name
    plates.draw_plate_name = lambda *a: drawn.append(a[3]) or real(*a)
    try:
        long = plates.draw_score_plate(surface, plate, "Ariadne Kallistopoulou of Knossos", " (AI)", "13 / 40",
                                       theme.GOLD, chips, 20, tag)
        assert long is not None and plate.contains(long)
        assert plates.draw_score_plate(surface, plate, "Ann", "", "0 / 40", theme.GOLD) is None
    finally:
        plates.draw_plate_name = real
    assert drawn == [" (AI)", ""]


class _SetTable:
    """The least a table offers SetPlay: a bottom hand, legal sets, a drag controller's choice."""

    def __init__(self, hand: list[str], legal: list[tuple[str, ...]]) -> None:
        from types import SimpleNamespace

        from scenes.table.selection import SetChooser
        from scenes.table.set_play import SetPlay
        from scenes.ui.widgets import Button

        self.bottom = 0
        self.hands = {0: [CardSprite(c, flip=1.0) for c in hand]}
        self.chooser = SetChooser(lambda c: c[0], lambda: legal)
        self.chosen: list[CardSprite] = []
        self.played: list[tuple[list[CardSprite], str]] = []
        self.notices: list[str] = []
        self.drag = SimpleNamespace(default_cards=lambda: self.chosen, enabled=True,
                                    play=lambda cards, zone: self.played.append((cards, zone)))
        self.host = type("Host", (SetPlay,), {"_token": lambda s: 1, "_human_may_act": lambda s: True,
                                              "_notice": lambda s, words: self.notices.append(words)})()
        self.host.__dict__.update(bottom=0, hands=self.hands, chooser=self.chooser, drag=self.drag)
        self.host.play_button = Button(pygame.Rect(0, 0, 100, 30), "", self.host.press_play)


def test_set_play_counts_the_chosen_cards_and_brightens_once_the_set_is_legal():
    table = _SetTable(["9a", "9b", "3c"], [("9a",), ("9a", "9b"), ("3c",)])
    host, hand = table.host, table.hands[0]
    host._refresh_play_button()
    assert not host.play_button.enabled and host.play_button.label == "Play (Enter)"
    table.chosen = hand[:2]
    host._refresh_play_button()
    assert host.play_button.enabled and host.play_button.label == "Play 2 cards (Enter)"
    assert host.play_button.style == "primary"
    table.chosen = [hand[0], hand[2]]
    host._refresh_play_button()
    assert host.play_button.style == "secondary"          # a 9 and a 3 are no play
    host.press_play()
    assert table.played == [([hand[0], hand[2]], "trick")]
    table.chosen = []
    host.press_play()
    assert table.played[1:] == [] and table.notices == ["choose cards first: click them (or arrows and Space)"]
    assert host._handle_controls(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert not host._handle_controls(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))


def test_play_direction_keeps_the_announced_way_until_it_takes_effect_and_swings_the_arrows():
    from scenes.table.play_direction import PlayDirection

    tweens = TweenQueue()
    way = PlayDirection()
    assert way.order(2, 4) == (2, 3, 0, 1) and way.words() == "Play goes clockwise"
    way.announce(-1)
    assert way.now == 1 and way.arrow.value == 1.0
    assert way.words() == "Play goes clockwise; from the next trick counter-clockwise"
    way.take_turn(tweens)
    assert way.now == -1 and way.order(2, 4) == (2, 1, 0, 3)
    _settle(tweens, 1.0)
    assert way.arrow.value == -1.0 and way.words() == "Play goes counter-clockwise"
    way.show(1, 1)                                   # a resume: the arrows jump
    assert way.arrow.value == 1.0
    way.start(-1)
    assert (way.now, way.next, way.arrow.value) == (-1, -1, -1.0)


def test_a_wrapped_warning_or_banner_is_one_box_round_all_its_lines():
    """A ban or a call split over two lines in a narrow column (a grown Télos table) reads as one box,
    not as a second pill holding a lone word."""
    from scenes.table.centre_lines import WARNING_FILL

    surface = pygame.Surface((600, 400))
    surface.fill((0, 0, 0))
    lines = [CentreLine("warning", "No multiple leads this"), CentreLine("warning", "round", continues=True)]
    draw_centre_lines(surface, (300, 200), lines, 17, 14)
    # Between the two lines' words, beside the short second word, the box's fill continues.
    drawn = [(x, y) for y in range(400) for x in range(600) if surface.get_at((x, y))[:3] == WARNING_FILL]
    top = min(y for _, y in drawn)
    bottom = max(y for _, y in drawn)
    second_row = [x for x, y in drawn if y == bottom - 4]
    first_row = [x for x, y in drawn if y == top + 4]
    assert min(second_row) <= min(first_row) + 2 and max(second_row) >= max(first_row) - 2
    # Two separate warnings stay two boxes: the second as narrow as its word.
    surface.fill((0, 0, 0))
    draw_centre_lines(surface, (300, 200), [lines[0], CentreLine("warning", "round")], 17, 14)
    drawn = [(x, y) for y in range(400) for x in range(600) if surface.get_at((x, y))[:3] == WARNING_FILL]
    bottom = max(y for _, y in drawn)
    assert max(x for x, y in drawn if y == bottom - 4) - min(x for x, y in drawn if y == bottom - 4) < 100
