"""The title menu in the lowest window a small screen gives (768x404 inside an 800x500 screen's frame):
an unfinished game to resume, four games, Learn to play and the rest all stand whole above the key line."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.screens.title import TitleScene
from tests.scenes.table_driving import app_fixture

make_app = app_fixture()


@pytest.mark.parametrize("size", [(768, 404), (800, 500), (1280, 720)])
def test_every_title_button_stands_whole_above_the_key_line(make_app, size):
    app = make_app(size=size)
    zeus = app.catalog.games["zeus"]
    GameSession.new(zeus, [SeatInfo("Io"), SeatInfo("Ariadne", "ai:easy"), SeatInfo("Nikias", "ai:easy")], None, 4,
                    autosave_path=app.dirs.autosave)
    title = TitleScene(app)
    controls = title.layout(size)
    assert title.autosave is not None and title.learnable and len(title.games) == 4
    rects = [c.rect for c in controls]
    key_line_top = size[1] - int(24 * title.s)
    for i, rect in enumerate(rects):
        assert pygame.Rect(0, 0, *size).contains(rect) and rect.bottom <= key_line_top, (i, rect)
        assert rect.h >= 26
        assert all(not rect.colliderect(other) for other in rects[i + 1:])
    assert title.panel.top >= title.title_top + int(title.title_size * 1.55)
