"""Settings → Accessibility: every row works and is saved, nothing on it is cut in English or Dutch at
1280×720 and 800×500 (in both palettes), speech says the focused row, and it lists only what exists."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.core.settings import load_settings
from scenes.headless import make_headless_app
from scenes.screens.settings import SettingsScene
from scenes.screens.settings_accessibility import AccessibilityScene
from scenes.screens.title import TitleScene
from scenes.ui import i18n, theme
from scenes.ui.widgets import Button, Stepper, Toggle, recording_text
from tests.scenes.i18n_screens import SIZES, text_problems

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def restore():
    yield
    i18n.set_language("en")
    theme.use_palette(False)


def open_accessibility(app) -> AccessibilityScene:
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))
    app.stack.apply_pending()
    settings = app.stack.top
    [button] = [c for c in settings.focus.controls if getattr(c, "key", "") == "Accessibility"]
    button.activate()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, AccessibilityScene)
    return app.stack.top


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_text_of_the_accessibility_screen_is_cut(size, language, high_contrast, tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app(size)
    app.set_language(language)
    from dataclasses import replace

    app.update_settings(replace(app.settings, high_contrast=high_contrast))
    open_accessibility(app)
    app.frame(1 / 60)
    with recording_text() as log:
        app.stack.top.draw(app.screen)
    assert len(log.drawn) >= 15
    assert text_problems(log) == []


def test_each_row_changes_its_setting_and_it_is_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    scene = open_accessibility(app)
    controls = {getattr(c, "key", ""): c for c in scene.focus.controls}
    for key in ("Speech", "High contrast", "Wait for me"):
        toggle = controls[key]
        assert isinstance(toggle, Toggle) and toggle.value is False
        scene.focus.focus_control(toggle)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        scene = app.stack.top
        controls = {getattr(c, "key", ""): c for c in scene.focus.controls}
    reaction = controls["Reaction time"]
    assert isinstance(reaction, Stepper)
    scene.focus.focus_control(reaction)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    saved = load_settings(app.dirs.settings_file).settings
    assert (saved.speech, saved.high_contrast, saved.wait_for_me, saved.reaction_time) == (True, True, True, 1.5)
    assert app.speech.enabled and theme.high_contrast
    assert scene.focus_words() == "Reaction time: 1.5 × as long"


def test_the_screen_names_only_what_exists(tmp_path, monkeypatch):
    """Each key the notes name is handled somewhere in the program, and each setting row is a real one."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    scene = open_accessibility(app)
    source = "\n".join(p.read_text() for p in (REPO / "scenes").rglob("*.py"))
    for key in ("K_F1", "K_F2", "K_F3", "K_F11", "K_n", "K_h", "K_l", "K_TAB", "K_ESCAPE"):
        assert f"pygame.{key}" in source, key
    from game.core.settings import Settings

    fields = set(Settings.__dataclass_fields__)
    named = {"Speech": "speech", "Size of text and cards": "ui_scale", "High contrast": "high_contrast", "Reaction time": "reaction_time",
             "Wait for me": "wait_for_me", "AI move delay": "ai_delay_s", "Animation speed": "animation_speed",
             "Reduced motion": "reduced_motion", "Keys": "key_bindings"}
    keys = [getattr(c, "key", "") for c in scene.focus.controls if not isinstance(c, Button) or c.label != "Done"]
    assert set(keys) == set(named) and set(named.values()) <= fields
