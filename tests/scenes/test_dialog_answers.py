"""A question with many answers ("Learn to play" with four games and Back) shows every answer whole: side
by side while they fit, else one above the other inside the dialog, reachable by the arrow keys."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.screens.results import ConfirmOverlay
from scenes.ui.widgets import text_width
from tests.scenes.table_driving import app_fixture, key

make_app = app_fixture()

ANSWERS = ["Zeus on the Loose", "Télos", "Tamoul", "Elios", "Back"]


def buttons(dialog: ConfirmOverlay) -> list:
    return [c for c in dialog.focus.controls if getattr(c, "label", None) in ANSWERS[:len(dialog.button_specs)]]


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_many_answers_stand_whole_in_a_column_inside_the_dialog(make_app, size):
    app = make_app(size=size)
    chosen = []
    dialog = ConfirmOverlay(app, "Learn to play", [(a, lambda a=a: chosen.append(a)) for a in ANSWERS])
    app.stack.push(dialog)
    app.stack.apply_pending()
    shown = buttons(dialog)
    assert [b.label for b in shown] == ANSWERS
    for button in shown:
        assert dialog.panel.contains(button.rect)
        assert text_width(button.label, int(button.rect.h * 0.42), "bold") < button.rect.w
    assert len({b.rect.x for b in shown}) == 1 and len({b.rect.y for b in shown}) == len(ANSWERS)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert chosen == ["Tamoul"]


def test_two_answers_still_stand_side_by_side(make_app):
    app = make_app(size=(800, 500))
    dialog = ConfirmOverlay(app, "Leave?", [("Leave", lambda: None), ("Stay", lambda: None)])
    app.stack.push(dialog)
    app.stack.apply_pending()
    first, second = [c for c in dialog.focus.controls if getattr(c, "label", None) in ("Leave", "Stay")]
    assert first.rect.y == second.rect.y and first.rect.right < second.rect.x
