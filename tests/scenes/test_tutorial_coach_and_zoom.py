"""The coach bubble of "Learn to play" and the enlarged card (card_zoom.py) never cover each other: at every
step of every game's tutorial (opened at that step, as "Learn to play" starts again there), with the
keyboard focus on each of the learner's cards and the pointer on each other card shown face up, at
1280×720 at 200 % in English and Dutch. At 100 % (1280×720, 800×500) no card is enlarged. At 200 % the
enlarged card is still drawn for every card the table enlarges (it moves, it is not dropped);
where it finds no room apart from the bubble, the bubble moves off it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest

from scenes.screens import learn
from scenes.table.tutorial import TutorialTable
from scenes.ui import i18n, theme
from tests.scenes.table_driving import app_fixture, run

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})
GAMES = sorted(learn.TUTORIALS)
SCREENS = [((1280, 720), 200, "en"), ((1280, 720), 200, "nl"), ((1280, 720), 100, "en"), ((1280, 720), 100, "nl"),
           ((800, 500), 100, "en"), ((800, 500), 100, "nl")]


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def open_at(app, game_id: str, at: int) -> TutorialTable:
    """The game's tutorial table started at script position `at`, as "Learn to play" starts it again there,
    run until the step's bubble is up."""
    table = learn.tutorial_module(game_id).open_tutorial(app, at, lambda: None)
    app.stack.clear_to(table)
    app.stack.apply_pending()
    assert isinstance(table, TutorialTable)
    run(app, 600, until=table._coach_visible)
    assert table.coach.at == at and table._coach_visible(), f"the step at {at} never came"
    return table


def app_at(make_app, size: tuple[int, int], percent: int, language: str):
    app = make_app(size=size)
    app.update_settings(replace(app.settings, ui_scale=percent, language=language))
    return app


def looks(table: TutorialTable, surface: pygame.Surface):
    """Each way the learner may look at a card now, drawn: the keys' focus on each card of their hand, then
    the pointer on each other card shown face up (a back is never enlarged). Yields what was looked at."""
    hand = list(table.drag.sprites)
    for index, sprite in enumerate(hand):
        table.drag.focus = index
        table.draw(surface)
        yield f"focus on {sprite.card_id}"
    table.drag.focus = None
    for sprite in [s for s in table.renderer.shown if s.face_up and s not in hand]:
        table.mouse = sprite.rect().center
        table.draw(surface)
        yield f"pointer on {sprite.card_id}"
    table.mouse = (-100, -100)


@pytest.mark.parametrize("size,percent,language", SCREENS, ids=[f"{w}x{h}-{p}-{lang}" for (w, h), p, lang in SCREENS])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_bubble_and_the_enlarged_card_never_overlap(make_app, game_id, size, percent, language):
    app = app_at(make_app, size, percent, language)
    surface = pygame.Surface(size)
    enlarged = 0
    steps = learn.tutorial_module(game_id).TUTORIAL.step_indexes()
    for number, index in enumerate(steps, start=1):
        table = open_at(app, game_id, index)
        if percent == 100:      # the table's cards have the chosen size: nothing is ever enlarged
            table.drag.focus = 0
            table.draw(surface)
            assert table.zoom_width() == 0 and table.zoom_rect is None and table.bubble_rect is not None
            continue
        for look in looks(table, surface):
            bubble, zoom = table.bubble_rect, table.zoom_rect
            assert bubble is not None, f"step {number}, {look}: no coach bubble"
            target = table._zoom_target()
            if target is not None and table.zoom_width() > target.pixel_width:
                assert zoom is not None, f"step {number}, {look}: the enlarged card was dropped, not moved"
            if zoom is not None:
                enlarged += 1
                assert not bubble.colliderect(zoom), f"step {number}, {look}: bubble {bubble} over enlarged card {zoom}"
                assert surface.get_rect().contains(bubble) and surface.get_rect().contains(zoom)
    assert percent == 100 or enlarged >= len(steps)      # the test looked at enlarged cards


def test_where_the_enlarged_card_has_no_room_apart_from_the_bubble_the_bubble_moves_off_it(make_app, monkeypatch):
    """Zeus at 1280×720 at 200 %, the focus on the 4 at the first step: were the bubble's place taken from the
    enlarged card (no room left apart from it), the card is still drawn, and the bubble stands clear of it."""
    table = open_at(app_at(make_app, (1280, 720), 200, "en"), "zeus", 0)
    surface = pygame.Surface((1280, 720))
    table.drag.focus = 0
    table.draw(surface)
    apart, bubble = table.zoom_rect, table.bubble_rect
    assert apart is not None and bubble is not None and not apart.colliderect(bubble)
    monkeypatch.setattr(table, "_zoom_keep_clear_if_room", lambda: [surface.get_rect()])   # no room anywhere
    table.draw(surface)
    zoom = table.zoom_rect
    assert zoom is not None and zoom != apart and zoom.colliderect(bubble)     # it stands where the bubble was …
    assert table.bubble_rect is not None and not table.bubble_rect.colliderect(zoom)    # … and the bubble moved
