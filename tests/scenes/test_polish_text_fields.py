"""Text fields behave as in any desktop program (issue 20, item 19): Ctrl+A selects all and typing replaces
it, Shift selects, Ctrl+Left/Right jump words, Ctrl+Backspace deletes a word, Ctrl+C/X/V copy, cut and
paste; the save dialog's suggested name is replaced by typing, and "Saved as…" leaves the title clear."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.ui.widgets import TextField


def keydown(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


@pytest.fixture
def field():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 100))
    seen = []
    f = TextField(pygame.Rect(10, 10, 300, 40), "Tamoul 2026-11-25 23.02", seen.append, max_length=40)
    f.focused = True
    yield f
    pygame.display.quit()


def test_ctrl_a_selects_all_and_typing_replaces_it(field):
    field.handle_event(keydown(pygame.K_a, pygame.KMOD_LCTRL))
    assert field.selection() == (0, len(field.text))
    field.handle_event(typed("My game"))
    assert field.text == "My game" and field.caret == 7


def test_word_jumps_shift_selection_and_ctrl_backspace(field):
    field.handle_event(keydown(pygame.K_HOME))
    field.handle_event(keydown(pygame.K_RIGHT, pygame.KMOD_LCTRL))
    assert field.caret == len("Tamoul")
    field.handle_event(keydown(pygame.K_RIGHT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    assert field.text[slice(*field.selection())] == " 2026"
    field.handle_event(keydown(pygame.K_END))
    field.handle_event(keydown(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))
    assert field.text == "Tamoul 2026-11-25 23."
    field.handle_event(keydown(pygame.K_LEFT, pygame.KMOD_LSHIFT))
    field.handle_event(keydown(pygame.K_DELETE))
    assert field.text == "Tamoul 2026-11-25 23"


def test_copy_cut_and_paste(field):
    field.handle_event(keydown(pygame.K_HOME))
    field.handle_event(keydown(pygame.K_RIGHT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    field.handle_event(keydown(pygame.K_x, pygame.KMOD_LCTRL))
    assert field.text == " 2026-11-25 23.02"
    field.handle_event(keydown(pygame.K_END))
    field.handle_event(keydown(pygame.K_v, pygame.KMOD_LCTRL))
    assert field.text == " 2026-11-25 23.02Tamoul"


def test_the_save_dialogs_suggested_name_is_replaced_by_typing_and_the_toast_keeps_the_title_clear(tmp_path, monkeypatch):
    from game.elios import load_game
    from scenes.screens.saves import SavesScene
    from tests.scenes.table_driving import open_session

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    from scenes.app import App
    app = App(headless=True, fixed_dt=1 / 60, size=(1280, 720))
    session = open_session(load_game(), [("Ann", "human"), ("Zoe", "ai:normal")], 3, {})
    scene = SavesScene(app, session)
    app.stack.push(scene)
    app.stack.apply_pending()
    field = next(c for c in scene.focus.controls if isinstance(c, TextField))
    field.focused = True
    suggested = field.text
    assert suggested and field.selection() == (0, len(suggested))
    field.handle_event(typed("My game"))
    assert scene.name_text == "My game"
    assert scene.toast_top is not None and scene.toast_top > scene.panel.y + scene.band_h + scene.title_size
