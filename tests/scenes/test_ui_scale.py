"""The UI scale setting: text, cards and controls grow together, at once, and every screen still fits.

At 200 % a 1280×720 window is laid out as a 640×360 window at 100 %: every screen that is not a table
(and the replay viewer's and review's own panels) is checked there, in English and Dutch, for text cut or
running into other text or off the window, as the language tests check them at 100 %."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

import pygame

import pytest

from scenes.headless import make_headless_app
from scenes.ui import i18n, theme
from scenes.ui.widgets import recording_text
from tests.scenes.i18n_screens import SCREENS, VIEWER_SCREENS, open_screen, text_problems, viewer_own_text

BIG = 200


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def scaled_app(size: tuple[int, int], percent: int, language: str):
    app = make_headless_app(size)
    app.update_settings(replace(app.settings, ui_scale=percent))
    app.set_language(language)
    return app


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_at_200_percent_no_text_is_cut_or_runs_out_of_its_box(name, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = scaled_app((1280, 720), BIG, language)
    open_screen(app, name)
    app.frame(1 / 60)
    with recording_text() as log:
        app.stack.top.draw(app.screen)
    assert log.drawn
    assert text_problems(log) == []


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("name", sorted(VIEWER_SCREENS))
def test_at_200_percent_the_viewers_own_text_is_whole(name, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = scaled_app((1280, 720), BIG, language)
    open_screen(app, name)
    app.frame(1 / 60)
    log = viewer_own_text(app)
    assert len(log.drawn) >= 5
    assert text_problems(log) == []
    app.stack.top.exit()


# ----- the game tables ---------------------------------------------------------------------------------------
# Each table at the moments build/table_screenshots.py puts it in (start, mid-game, results, reactions, game
# over), at 200 % in 1280×720 in both languages and at 100 % in 800×500 in English (the language tests check
# Dutch there): no text cut or running into other text, and no card drawn outside the window.
from scenes.table.sprites import SpriteRenderer  # noqa: E402
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments  # noqa: E402

TABLE_CASES = [("1280x720", BIG, "en"), ("1280x720", BIG, "nl"), ("800x500", 100, "en")]


def cards_drawn(monkeypatch) -> list[pygame.Rect]:
    """Where each card is drawn from now on (a list that fills as frames are drawn)."""
    rects: list[pygame.Rect] = []
    draw = SpriteRenderer.draw

    def noting(self, surface, sprite):
        if sprite.alpha > 1:
            rects.append(sprite.rect())
        return draw(self, surface, sprite)

    monkeypatch.setattr(SpriteRenderer, "draw", noting)
    return rects


@pytest.mark.parametrize("size,percent,language", TABLE_CASES, ids=lambda case: str(case))
@pytest.mark.parametrize("name", sorted(TABLE_MOMENTS))
def test_every_table_fits_its_text_and_cards_in_the_window(name, size, percent, language, tmp_path,
                                                           monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    width, height = map(int, size.split("x"))
    shot = moments.Shooter(tmp_path, (width, height))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.app.set_language(language)
    shot.save = lambda game_id, moment: None
    try:
        TABLE_MOMENTS[name](shot)
        cards = cards_drawn(monkeypatch)
        with recording_text() as log:
            shot.app.stack.top.draw(shot.app.screen)
        assert len(log.drawn) >= 3
        assert text_problems(log) == []
        window = shot.app.screen.get_rect()
        assert [tuple(r) for r in cards if not window.contains(r)] == []
    finally:
        shot.close()
