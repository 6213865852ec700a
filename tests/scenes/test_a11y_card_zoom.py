"""The enlarged card for a low-vision player: where a table cannot grow to the chosen UI scale (about 130 % at
the 200 % setting in a 16:9 window), the card with the keyboard focus or under the pointer is drawn again at
the size the player chose, clear of the card itself and of the buttons; at 100 % nothing is drawn; and only
a card already face up on the screen is ever enlarged (a back, a hand turned away, stays hidden)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from typing import Any

import pygame
import pytest

from scenes.table.layout import compute_layout
from scenes.ui import i18n, theme
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments

HANDS = ("zeus-start", "telos-start", "elios-start", "telos-mid")


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def open_moment(tmp_path, name: str, size: tuple[int, int], percent: int, language: str = "en") -> Any:
    shot = moments.Shooter(tmp_path, size, language)
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.save = lambda game_id, moment: None
    TABLE_MOMENTS[name](shot)
    return shot


def key(table: Any, k: int) -> None:
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def point(table: Any, pos: tuple[int, int]) -> None:
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def chosen_card_width(size: tuple[int, int], players: int, percent: int) -> int:
    """A hand card's width at 100 % in this window, times the chosen scale: what the player asked for."""
    saved = theme.ui_scale_setting()
    theme.set_ui_scale_setting(100)
    try:
        return int(compute_layout(size, players, 0).card_width * percent / 100)
    finally:
        theme.set_ui_scale_setting(int(saved * 100))


@pytest.mark.parametrize("size,language", [((1280, 720), "en"), ((800, 500), "nl")], ids=["1280x720", "800x500-nl"])
@pytest.mark.parametrize("name", HANDS)
def test_at_200_percent_the_focused_card_is_drawn_at_the_chosen_size_clear_of_it_and_the_controls(
        name, size, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, name, size, 200, language)
    try:
        table = shot.app.stack.top
        key(table, pygame.K_RIGHT)
        shot.run(2)
        sprite, place = table.zoomed, table.zoom_rect
        assert sprite is not None and place is not None
        assert sprite is table.drag.sprites[table.drag.focus] and sprite.face_up
        assert table.layout.card_width < place.width and place.width >= chosen_card_width(size, table.count, 200) - 1
        card = sprite.rect()
        card.union_ip(card.move(0, -int(sprite.pixel_width * 0.12)))
        assert not place.colliderect(card)
        buttons = [*table.buttons, *table.help_buttons, *table.seat_buttons]
        assert place.collidelist([table.layout.controls_rect, *(b.rect for b in buttons)]) < 0
        assert shot.app.screen.get_rect().contains(place)
        # What is on the screen there is the card's own face at that size (its middle: a help box may sit above).
        face = table.renderer.art.card(sprite.card_id, place.width, True, 0)
        middle = pygame.Rect(face.get_width() // 4, face.get_height() // 3, face.get_width() // 2, face.get_height() // 3)
        drawn = shot.app.screen.subsurface(middle.move(face.get_rect(center=place.center).topleft))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(face.subsurface(middle), "RGB")
    finally:
        shot.close()


@pytest.mark.parametrize("name", HANDS)
def test_at_100_percent_nothing_is_enlarged(name, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, name, (1280, 720), 100)
    try:
        table = shot.app.stack.top
        key(table, pygame.K_RIGHT)
        shot.run(2)
        assert table.drag.focus is not None and table.zoom_width() == 0 and table.zoom_rect is None
        point(table, table.drag.sprites[0].rect().center)
        shot.run(2)
        assert table.zoom_rect is None
    finally:
        shot.close()


@pytest.mark.parametrize("name", ["zeus-start", "telos-mid", "tamoul-reaction"])
def test_the_pointer_enlarges_only_cards_already_face_up(name, tmp_path, monkeypatch) -> None:
    """The pointer over every card on the table in turn, backs (opponents' hands, the draw pile) included:
    a back is never enlarged, and an enlarged card is one the same frame drew face up."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, name, (1280, 720), 200)
    try:
        table = shot.app.stack.top
        table.drag.focus = None
        shot.run(1)
        sprites = list(table.renderer.shown)
        backs = [s for s in sprites if not s.face_up]
        assert backs and len(backs) < len(sprites)
        enlarged = 0
        for sprite in sprites:
            point(table, sprite.rect().center)
            shot.run(1)
            if table.zoomed is None:
                assert sprite.face_up is False or table.zoom_rect is None
                continue
            enlarged += 1
            assert table.zoomed.face_up and table.zoomed in table.renderer.shown
            assert table.zoomed.card_id in table.renderer.drawn_faces
            assert sprite.face_up or table.zoomed is not sprite
        assert enlarged >= 1
        for back in backs:
            point(table, back.rect().center)
            shot.run(1)
            assert table.zoomed is not back
    finally:
        shot.close()


def test_pass_and_play_enlarges_nothing_while_the_hand_off_screen_is_up(tmp_path, monkeypatch) -> None:
    """Two people at one screen: before the next person says they have the computer, no card of theirs is
    drawn, large or small, whatever the focus."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = moments.Shooter(tmp_path, (1280, 720))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=200))
    try:
        table = shot.open(moments._session("zeus", [("Ann", "human"), ("Bob", "human"), ("Zoe", "ai")]))
        shot.run(240, until=lambda: table.gate.waiting)
        assert table.gate.waiting
        table.drag.focus = 0
        table.draw(shot.app.screen)
        assert table.zoom_rect is None and table.zoomed is None
    finally:
        shot.close()


def test_the_enlarged_card_keeps_off_the_plates_the_words_and_the_other_cards_where_the_table_has_room(
        tmp_path, monkeypatch) -> None:
    """Pointing at Tamoul's discard pile at 200 % in 1280×720: the space beside the piles is free, so the
    enlarged card goes there rather than over the draw-pile words, a name plate or another card."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "tamoul-start", (1280, 720), 200)
    try:
        table = shot.app.stack.top
        shot.run(2)
        discard = next(s for s in table.renderer.shown if s.face_up and s.rect().top < 300)
        table.drag.focus = None
        point(table, discard.rect().center)
        shot.run(2)
        assert table.zoomed is not None and table.zoomed.card_id == discard.card_id
        place = table.zoom_rect
        covered = [r for r in table._zoom_rather_clear() if place.colliderect(r) and r != discard.rect()]
        assert table.centre_words_rects and covered == []
    finally:
        shot.close()
