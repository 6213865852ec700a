"""The UI scale setting: text, cards and controls grow together, at once, and every screen still fits.

At 200 % a 1280×720 window is laid out as a 640×360 window at 100 %: every screen that is not a table
(and the replay viewer's and review's own panels) is checked there, in English and Dutch, for text cut or
running into other text or off the window, as the language tests check them at 100 %."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

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
