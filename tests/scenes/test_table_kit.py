"""The shared table kit: tweens, card art, layout, drag and drop, the AI thread, sound, hand-offs."""
from __future__ import annotations

import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from scenes.table.ai_runner import AIRunner
from scenes.table.card_art import CardArt, card_height
from scenes.table.drag import DragController, DropZone
from scenes.table.layout import compute_layout, fan_positions
from scenes.table.log_panel import LogPanel
from scenes.table.sound import TableSounds, sound_names, synthesise
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.tween import (Counter, TweenQueue, ease_in_out_cubic, ease_in_out_sine, ease_out_back,
                                ease_out_cubic, linear)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


# ----- tweens -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_in_out_sine])
def test_every_easing_starts_at_0_and_ends_at_1(easing):
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_glides_with_easing_and_calls_back_once_at_the_end():
    queue = TweenQueue()
    sprite = CardSprite("7", x=0.0, y=100.0)
    calls: list[str] = []
    queue.add(sprite, 1.0, easing=linear, x=100.0, y=0.0, on_done=lambda: calls.append("done"))
    queue.update(0.25)
    assert (sprite.x, sprite.y) == pytest.approx((25.0, 75.0))
    queue.update(0.5)
    assert sprite.x == pytest.approx(75.0) and calls == []
    queue.update(0.5)
    assert (sprite.x, sprite.y) == (100.0, 0.0) and calls == ["done"]
    queue.update(1.0)
    assert calls == ["done"] and not queue.busy


def test_tween_ease_out_is_ahead_of_linear_halfway():
    queue = TweenQueue()
    sprite = CardSprite(None)
    queue.add(sprite, 1.0, easing=ease_out_cubic, x=100.0)
    queue.update(0.5)
    assert sprite.x == pytest.approx(87.5)


def test_tween_delay_reads_the_start_value_when_it_starts_so_tweens_chain():
    queue = TweenQueue()
    sprite = CardSprite(None, x=0.0)
    queue.add(sprite, 1.0, easing=linear, x=10.0)
    queue.add(sprite, 1.0, delay=1.0, easing=linear, rotation=90.0)
    queue.update(0.5)
    assert sprite.rotation == 0.0 and sprite.x == pytest.approx(5.0)
    queue.update(1.0)
    assert sprite.x == 10.0 and sprite.rotation == pytest.approx(45.0)


def test_tween_durations_follow_the_animation_factor_and_zero_is_instant():
    factor = [2.0]
    queue = TweenQueue(lambda: factor[0])
    sprite = CardSprite(None, x=0.0)
    queue.add(sprite, 1.0, easing=linear, x=10.0)
    queue.update(1.0)
    assert sprite.x == pytest.approx(5.0)          # twice as slow
    factor[0] = 0.0
    done: list[int] = []
    queue.add(sprite, 1.0, delay=3.0, flip=1.0, alpha=0.0, scale=2.0, on_done=lambda: done.append(1))
    assert (sprite.flip, sprite.alpha, sprite.scale) == (1.0, 0.0, 2.0) and done == [1]


def test_a_new_tween_on_the_same_attributes_takes_over_and_the_old_callback_still_runs():
    queue = TweenQueue()
    sprite = CardSprite(None)
    done: list[str] = []
    queue.add(sprite, 1.0, x=100.0, on_done=lambda: done.append("first"))
    queue.update(0.5)
    queue.add(sprite, 1.0, easing=linear, x=0.0, on_done=lambda: done.append("second"))
    assert done == ["first"]
    queue.update(1.0)
    assert sprite.x == 0.0 and done == ["first", "second"]


def test_finish_all_lands_every_tween_and_the_tweens_their_callbacks_start():
    queue = TweenQueue()
    sprite = CardSprite(None)
    queue.add(sprite, 1.0, x=5.0, on_done=lambda: queue.add(sprite, 1.0, y=7.0))
    queue.finish_all()
    assert (sprite.x, sprite.y) == (5.0, 7.0) and not queue.busy


def test_counter_counts_up_to_the_new_total():
    queue = TweenQueue()
    total = Counter(37.0)
    queue.add(total, 0.4, value=73.0)
    queue.update(0.2)
    assert 37 < total.shown < 73
    queue.update(0.2)
    assert total.shown == 73


# ----- card art and sprites ------------------------------------------------------------------------------------
def _painter(calls: list[tuple[str, tuple[int, int]]]):
    def paint(surface: pygame.Surface, card_id: str) -> None:
        calls.append((card_id, surface.get_size()))
    return paint


def test_card_faces_are_drawn_at_the_asked_size_and_cached_by_id_and_size():
    calls: list = []
    art = CardArt(_painter(calls))
    small, big = art.face("7", 50), art.face("7", 200)
    assert small.get_size() == (50, card_height(50)) and big.get_size() == (200, card_height(200))
    assert art.face("7", 200) is big
    assert calls == [("7", (50, 70)), ("7", (200, 280))]


def test_a_card_without_a_known_id_can_only_show_its_back():
    art = CardArt(_painter([]))
    renderer = SpriteRenderer(art)
    screen = pygame.Surface((300, 300))
    renderer.draw_all(screen, [CardSprite(None, 100, 100, flip=1.0), CardSprite("5", 200, 100, flip=1.0),
                               CardSprite("6", 200, 200, flip=0.0)])
    assert renderer.drawn_faces == ["5"]


def test_the_art_cache_is_bounded():
    art = CardArt(_painter([]), max_cached=10)
    for width in range(20, 60):
        art.face("1", width)
    assert len(art) == 10


def test_a_turned_card_is_hit_where_it_is_drawn():
    sprite = CardSprite("1", x=100, y=100, width=40, rotation=90)
    assert sprite.contains((100 + 26, 100))       # 90°: the long side lies across
    assert not sprite.contains((100, 100 + 26))


# ----- layout --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (640, 400), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_seat_area_lies_inside_the_window_and_areas_do_not_overlap(size, seats):
    layout = compute_layout(size, seats, bottom_seat=seats - 1)
    window = pygame.Rect(0, 0, *size)
    rects = [a.rect for a in layout.seats.values()]
    assert len(rects) == seats
    for rect in rects + [layout.centre, layout.log_rect, layout.controls_rect, layout.corner_rect]:
        assert window.contains(rect), (rect, size)
    opponents = [a.rect for a in layout.seats.values() if a.side != "bottom"]
    for i, a in enumerate(opponents):
        for b in opponents[i + 1:]:
            assert not a.colliderect(b)
        assert not a.colliderect(layout.centre)
        assert not a.colliderect(layout.corner_rect)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (640, 400)])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_taller_seat_zone_gets_room_everywhere_without_the_table_working_it_out(size, seats):
    from scenes.table.seat_zones import SlotGrid

    tall = SlotGrid.height_for      # two rows of cards
    layout = compute_layout(size, seats, 0, zone_height=tall, opponent_card_scale=1.25 if seats == 2 else 1.0)
    plain = compute_layout(size, seats, 0)
    window = pygame.Rect(0, 0, *size)
    for area in layout.seats.values():
        zone = pygame.Rect(0, 0, area.card_width, tall(area.card_width))
        zone.center = area.hand_centre
        assert window.contains(zone) and zone.top > area.plate.bottom, (area.side, zone, area.plate)
        if area.side != "bottom":
            assert area.rect.contains(zone)
            assert not zone.colliderect(layout.centre)
    bottom = layout.seats[0]
    assert bottom.plate.bottom <= plain.seats[0].plate.top       # the plate stands on the strip's top edge
    assert layout.centre.bottom < bottom.plate.top
    if seats == 2:
        assert layout.small_card_width == int(plain.small_card_width * 1.25)


def test_the_next_seat_in_play_order_sits_on_the_bottom_players_left():
    layout = compute_layout((1280, 720), 4, bottom_seat=2)
    assert layout.seats[2].side == "bottom"
    assert layout.seats[3].side == "left" and layout.seats[0].side == "top" and layout.seats[1].side == "right"


def test_a_fanned_hand_fits_its_width_and_turns_outward():
    spots = fan_positions(8, (400, 600), 100, 500)
    xs = [x for x, _, _ in spots]
    assert xs == sorted(xs) and xs[-1] - xs[0] + 100 <= 500 + 1e-6
    assert spots[0][2] > 0 > spots[-1][2]


# ----- drag and drop ---------------------------------------------------------------------------------------------
def _mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def _hand_controller(allowed: set[str]):
    played: list[tuple[tuple[str, ...], str]] = []
    tweens = TweenQueue()

    def drop(cards: tuple[str, ...], zone: str) -> str | None:
        if cards[0] in allowed:
            played.append((cards, zone))
            return None
        return f"you cannot play {cards[0]} now"

    drag = DragController(tweens, legal_zones=lambda cards: {"pile"} if cards[0] in allowed else set(),
                          drop=drop, default_zone=lambda: "pile")
    sprites = []
    for i, card in enumerate(("3", "9")):
        sprite = CardSprite(card, x=100 + 120 * i, y=400, width=100, flip=1.0, z=i)
        sprite.rest_at(sprite.x, sprite.y, 0.0)
        sprites.append(sprite)
    drag.set_cards(sprites)
    drag.zones = [DropZone("pile", pygame.Rect(300, 50, 150, 200), "Drop here")]
    return drag, tweens, sprites, played


def test_an_illegal_drop_springs_back_home_with_the_reason_shown_by_the_card():
    drag, tweens, sprites, played = _hand_controller(allowed={"3"})
    nine = sprites[1]
    drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, (220, 400)))
    drag.handle_event(_mouse(pygame.MOUSEMOTION, (300, 200)))
    assert drag.dragging and drag.lit_zones == set()      # 9 is not legal: no zone lights up
    drag.handle_event(_mouse(pygame.MOUSEMOTION, (370, 150)))
    assert (nine.x, nine.y) == (370, 150)
    drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, (370, 150)))
    assert played == [] and drag.notice is not None and drag.notice.text == "You cannot play 9 now"
    tweens.update(1.0)
    assert (nine.x, nine.y) == nine.home[:2]
    screen = pygame.Surface((640, 480))
    drag.draw_notice(screen)                               # the reason is drawn, inside the window


def test_a_legal_drag_lights_the_zone_and_plays_on_release():
    drag, _, sprites, played = _hand_controller(allowed={"3"})
    drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, (100, 400)))
    drag.handle_event(_mouse(pygame.MOUSEMOTION, (330, 120)))
    assert drag.lit_zones == {"pile"}
    drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, (330, 120)))
    assert played == [(("3",), "pile")] and drag.notice is None


def test_click_selects_and_a_second_click_plays():
    drag, _, sprites, played = _hand_controller(allowed={"3"})
    drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, (100, 400)))
    drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, (100, 400)))
    assert sprites[0].lifted and played == []
    drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, (100, 400)))
    drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, (100, 400)))
    assert played == [(("3",), "pile")]


def test_the_table_may_answer_a_click_first_and_a_drop_names_the_sprites_it_moves():
    drag, _, sprites, played = _hand_controller({"3", "9"})
    answered: list[str] = []
    drag.on_click = lambda sprite: answered.append(sprite.card_id) or sprite.card_id == "9"
    seen: list[list[CardSprite]] = []
    drop = drag.drop
    drag.drop = lambda cards, zone: seen.append(list(drag.moving)) or drop(cards, zone)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        drag.handle_event(_mouse(kind, (int(sprites[1].x), int(sprites[1].y))))
    assert answered == ["9"] and drag.selected == []        # the table took the click on the 9
    for _ in range(2):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            drag.handle_event(_mouse(kind, (int(sprites[0].x), int(sprites[0].y))))
    assert played == [(("3",), "pile")] and seen == [[sprites[0]]] and drag.moving == []


def test_moving_the_focus_clears_only_the_focus_gold_never_a_glow_the_table_set():
    from scenes.ui import theme

    drag, _, sprites, _ = _hand_controller({"3", "9"})
    sprites[1].glow = theme.LEGAL_GLOW          # e.g. the card a reaction would use
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert sprites[0].glow == theme.GOLD and sprites[1].glow == theme.LEGAL_GLOW
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert sprites[0].glow is None and sprites[1].glow == theme.GOLD


def test_keyboard_focus_walks_left_to_right_and_space_plays_the_focused_card():
    drag, _, sprites, played = _hand_controller(allowed={"9"})
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert drag.focus == 0 and sprites[0].lifted
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert drag.focus == 1 and sprites[1].lifted and not sprites[0].lifted
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert played == [(("9",), "pile")]


def test_multi_select_drags_the_whole_set():
    drag, _, sprites, played = _hand_controller(allowed={"3"})
    drag.multi_select = True
    for pos in ((100, 400), (220, 400)):
        drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, pos))
        drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, pos))
    drag.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, (100, 400)))
    drag.handle_event(_mouse(pygame.MOUSEMOTION, (330, 120)))
    assert set(drag.held) == set(sprites)
    drag.handle_event(_mouse(pygame.MOUSEBUTTONUP, (330, 120)))
    assert played == [(("3", "9"), "pile")]


# ----- the AI thread -----------------------------------------------------------------------------------------------
class SlowAgent:
    def __init__(self) -> None:
        self.thread: str | None = None
        self.seen: tuple = ()

    def choose(self, view, legal, rng, optional=False):
        self.thread = threading.current_thread().name
        self.seen = (view, tuple(legal), optional)
        time.sleep(0.05)
        return legal[-1]


def test_the_agent_thinks_in_another_thread_and_its_move_waits_for_the_human_like_delay():
    runner = AIRunner()
    agent = SlowAgent()
    legal = [Action.of("play", "1"), Action.of("play", "2")]
    runner.request(1, agent, "view-of-seat-1", legal, __import__("random").Random(1), token=5, delay=0.5)
    assert runner.ready() == []                   # returns at once: no frame waits
    runner.wait_all()
    assert agent.thread == "ai-seat-1" and agent.seen == ("view-of-seat-1", tuple(legal), False)
    runner.update(0.3)
    assert runner.ready() == []                   # thought, but the delay is not over
    runner.update(0.3)
    [result] = runner.ready()
    assert (result.seat, result.token, result.action) == (1, 5, Action.of("play", "2"))
    assert not runner.busy


def test_an_agent_that_fails_is_reported_not_raised():
    class Broken:
        def choose(self, view, legal, rng, optional=False):
            raise RuntimeError("boom")

    runner = AIRunner()
    runner.request(0, Broken(), None, [Action.of("draw")], __import__("random").Random(1), token=1)
    runner.wait_all()
    [result] = runner.ready()
    assert isinstance(result.error, RuntimeError) and result.action is None


# ----- log, sound ---------------------------------------------------------------------------------------------------
def test_the_log_keeps_recent_lines_and_draws_inside_its_panel():
    log = LogPanel(max_lines=3)
    for i in range(5):
        log.add(f"Chloe plays Hermes: 3{i} → {i}3")
    assert list(log.lines)[0] == "Chloe plays Hermes: 32 → 23"
    screen = pygame.Surface((400, 300))
    log.draw(screen, pygame.Rect(10, 10, 200, 100), 14)


def test_sounds_are_synthesised_in_code_and_silent_without_a_mixer(monkeypatch):
    for name in sound_names():
        samples = synthesise(name, 22050)
        assert 0 < len(samples) < 2 * 22050 and max(abs(s) for s in samples) <= 1.5
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("no audio")))
    sounds = TableSounds(lambda: 0.7)
    assert not sounds.available
    for name in sound_names():
        sounds.play(name)                          # harmless
