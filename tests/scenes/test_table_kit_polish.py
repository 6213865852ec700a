"""The table kit's additions for readable hands and pass-and-play: spread fans, hover lift drawn on top,
private log lines, a newest log line that stands out, and hiding a hand once its turn is over."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.ui import theme
from scenes.table.card_art import CardArt, card_height
from scenes.table.drag import DragController
from scenes.table.handoff_gate import HandoffGate
from scenes.table.layout import fan_positions
from scenes.table.log_panel import LogPanel
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.tween import TweenQueue
from scenes.ui.widgets import wrap_text


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


def _unrotated_rects(spots: list[tuple[float, float, float]], width: int) -> list[pygame.Rect]:
    return [pygame.Rect(int(x - width / 2), int(y - card_height(width) / 2), width, card_height(width))
            for x, y, _ in spots]


def test_a_fan_with_room_spreads_so_no_card_covers_another():
    spots = fan_positions(4, (640, 600), 100, 672, max_spacing=1.1)
    rects = _unrotated_rects(spots, 100)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(abs(rotation) <= 3.0 for _, _, rotation in spots)     # spread cards barely turn


def test_a_fan_without_room_overlaps_to_fit_and_the_default_stays_as_it_was():
    tight = fan_positions(8, (300, 400), 100, 420, max_spacing=1.1)
    assert tight[-1][0] - tight[0][0] == pytest.approx(320)           # (420 - 100) across 7 gaps
    default = fan_positions(4, (640, 600), 100, 672)
    assert default[1][0] - default[0][0] == pytest.approx(80)         # 0.8 of a card, as before


def _hand(hover_lift: bool) -> tuple[DragController, list[CardSprite]]:
    drag = DragController(TweenQueue(lambda: 1.0), legal_zones=lambda cards: set(),
                          drop=lambda cards, zone: None, hover_lift=hover_lift)
    sprites = []
    for i, card in enumerate(("3", "9", "5")):
        sprite = CardSprite(card, x=100 + 40 * i, y=400, width=100, flip=1.0, z=i)
        sprite.rest_at(sprite.x, sprite.y, 0.0)
        sprites.append(sprite)
    drag.set_cards(sprites)
    return drag, sprites


def _move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_a_hovered_card_lifts_and_comes_on_top_of_its_neighbours():
    drag, (three, _nine, five) = _hand(hover_lift=True)
    drag.handle_event(_move((75, 400)))          # only the 3 is under the pointer here
    assert three.lifted and drag.on_top == [three]
    drag.handle_event(_move((95, 400)))          # now under the 3 and the 9: the lifted 3 stays picked
    assert drag.hovered is three
    drag.handle_event(_move((225, 400)))          # past the 3: the top card here is the 5
    assert drag.hovered is five and five.lifted and not three.lifted and drag.on_top == [five]


def test_without_hover_lift_the_pointer_lifts_nothing():
    drag, sprites = _hand(hover_lift=False)
    drag.handle_event(_move((75, 400)))
    assert drag.hovered is None and not any(s.lifted for s in sprites) and drag.on_top == []


def test_the_renderer_draws_on_top_cards_last():
    art = CardArt(lambda surface, card_id: None)
    renderer = SpriteRenderer(art)
    drawn: list[str] = []
    renderer.draw = lambda surface, sprite: drawn.append(sprite.card_id)   # record the order only
    sprites = [CardSprite(card, flip=1.0, z=z) for z, card in enumerate(("3", "9", "5"))]
    renderer.draw_all(pygame.Surface((10, 10)), sprites, on_top=[sprites[0]])
    assert drawn == ["9", "5", "3"]


def test_a_private_log_line_reads_in_full_only_for_its_seat():
    log = LogPanel()
    log.add("Round 1: Ann deals")
    log.add("You draw 7", private_to=1, public="Zoe draws a card")
    log.add("Ann's secret", private_to=0)
    log.viewer = 1
    assert log.lines == ["Round 1: Ann deals", "You draw 7"]
    log.viewer = None
    assert log.lines == ["Round 1: Ann deals", "Zoe draws a card"]


def test_the_newest_log_line_is_bold_on_a_lit_band_and_older_lines_show_whole_or_not_at_all():
    log = LogPanel()
    for i in range(12):
        log.add(f"Chloe plays {i} and Zeus moves")
    size, text = (200, 120), 14
    line_h = theme.font(text).get_linesize()
    assert all(len(wrap_text(line, text, size[0] - 14)) == 2 for line in log.lines)   # two lines each
    image = log._render(size, text, "Moves")
    pad = max(4, text // 2)
    bottom = size[1] - pad // 2
    assert tuple(image.get_at((3, bottom - 4)))[:3] == theme.GOLD             # the newest line's gold bar
    assert tuple(image.get_at((3, bottom - 3 * line_h)))[:3] != theme.GOLD    # older lines have none
    # Room for two whole entries and one line more: that line stays empty rather than half an entry.
    top = pad // 2 + theme.font(text, "bold").get_linesize()
    assert (bottom - top) // line_h == 5
    spare = pygame.Rect(pad, top, size[0] - 2 * pad, bottom - 4 * line_h - top)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(spare.left, spare.right)
               for y in range(spare.top, spare.bottom)}
    assert len(colours) == 1                                                  # nothing drawn there


@pytest.fixture
def app(tmp_path, monkeypatch):
    from scenes.app import App

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    return App(headless=True, fixed_dt=1 / 60, size=(640, 400))


def test_hide_turns_a_shown_hand_face_down_until_the_next_confirm(app):
    gate = HandoffGate(app, ["Ann", "Zoe"], [0, 1])
    gate.request(0)
    gate._confirmed(0)
    assert gate.may_show(0)
    gate.hide()
    assert not gate.may_show(0) and not gate.waiting
    gate.request(0)                                        # the same player again: a hand-off again
    assert gate.waiting and not gate.may_show(0)


def test_hide_with_a_single_human_keeps_the_hand_shown(app):
    gate = HandoffGate(app, ["Ann", "Zoe"], [0])
    gate.hide()
    assert gate.may_show(0)
