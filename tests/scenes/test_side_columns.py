"""The words beside a table at a large UI scale: the move log sets its text as large as leaves its newest
line whole, and the side columns grow with the player's whole scale only where the table has the window
(the review's table, in part of it, keeps its own size). Every table moment at 200 % is checked for these
columns in test_ui_scale.py (`check_side_columns`)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest

from scenes.headless import make_headless_app
from scenes.table.log_panel import LogPanel
from scenes.ui import i18n, theme
from scenes.ui.widgets import recording_text, wrap_text
from tests.scenes.i18n_screens import open_screen
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments

LONG = "Ariadne keeps the card in slot 3 and discards the queen of hearts, which any player may now intercept"


@pytest.fixture(autouse=True)
def back_to_normal():
    pygame.init()
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def test_the_log_sets_its_text_smaller_only_where_its_newest_line_would_not_fit_whole() -> None:
    log = LogPanel()
    log.add("Round 1: you play first")
    log.add(LONG)
    screen = pygame.Surface((800, 600))
    log.draw(screen, pygame.Rect(0, 0, 280, 400), 30, smallest=20)
    assert log.drawn_size == 30                       # room enough: the whole size
    with recording_text() as heard:
        log.draw(screen, pygame.Rect(0, 0, 280, 200), 30, smallest=20)
    assert 20 <= log.drawn_size < 30 and heard.cut == []
    pad = log.drawn_size // 2
    line_h = theme.font(log.drawn_size, "bold").get_linesize()
    assert line_h * (1 + len(wrap_text(LONG, log.drawn_size, 280 - 2 * pad, "bold"))) + pad <= 200
    log.draw(screen, pygame.Rect(0, 0, 280, 400), 30)  # without `smallest`: the size asked, as before
    assert log.drawn_size == 30


def test_a_newest_line_that_cannot_fit_whole_is_heard_as_cut() -> None:
    log = LogPanel()
    log.add(LONG)
    with recording_text() as heard:
        log.draw(pygame.Surface((400, 400)), pygame.Rect(0, 0, 200, 90), 30, smallest=24)
    assert log.drawn_size == 24 and [text for text, _width in heard.cut] == [LONG]


@pytest.mark.parametrize("percent", [100, 200])
def test_the_words_beside_a_table_grow_with_the_whole_scale(percent, tmp_path, monkeypatch) -> None:
    """At 100 % nothing beside the table changes; at 200 % the log, the hint line and the Hint row are
    sized for the whole scale (the table itself grows to 130 %)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = moments.Shooter(tmp_path, (1280, 720))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.save = lambda game_id, moment: None
    try:
        TABLE_MOMENTS["zeus-mid"](shot)
        table = shot.app.stack.top
        lay = table.layout
        if percent == 100:
            assert table.side_boost == 1.0 and table.side_size(15) == lay.text_size(15) == 15
            assert table.control_height(42, above=0.6) == 42
            assert table.log_area() == lay.log_rect
        else:
            assert abs(lay.scale - 1.3) < 1e-6 and abs(table.side_boost - 2 / 1.3) < 1e-6
            assert table.side_size(15) == 30 and table.side_size(16) == 32 and lay.text_size(15) == 20
            assert table.control_height(55, above=0.6) > 55
            row = table.help_buttons[0].rect
            assert row.top == table.help_row_top() and table.log_area().top > row.bottom
    finally:
        shot.close()


def test_the_reviews_table_beside_its_panel_keeps_its_own_size(tmp_path, monkeypatch) -> None:
    """The review's panel grows only as far as its table does; the table drawn beside it keeps its log and
    its buttons at the table's size too."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    app.update_settings(replace(app.settings, ui_scale=200))
    open_screen(app, "review-finished")
    app.frame(1 / 60)
    review = app.stack.top
    try:
        assert review.table.layout.size[0] < 1280 and review.table.side_boost == 1.0
    finally:
        review.exit()
