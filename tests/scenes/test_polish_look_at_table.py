"""A round's results can be put aside to look at the table as the round left it ("Look at the table"),
and Results (R) brings them back, at every table with rounds (the kit's round-over dialog)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.screens.results import ResultsOverlay
from tests.scenes.table_driving import app_fixture, key, open_session, run, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def table(app, game_id: str):
    if game_id == "zeus":
        from game.zeus import load_game
        from scenes.zeus.table import ZeusTableScene as Scene
        seats, options = [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")], None
    elif game_id == "telos":
        from game.telos import load_game
        from scenes.telos.table import TelosTableScene as Scene
        seats, options = [("Ann", "ai:normal"), ("Bob", "ai:normal"), ("Cleo", "ai:normal")], None
    else:
        from game.tamoul import load_game
        from scenes.tamoul.table import TamoulTableScene as Scene
        seats, options = [("Ann", "ai:easy"), ("Bob", "ai:easy")], {"reaction_ms": 300}
    return show(app, Scene(app, open_session(load_game(), seats, 3, options)))


@pytest.mark.parametrize("game_id", ["zeus", "telos", "tamoul"])
def test_a_rounds_results_are_put_aside_and_brought_back_with_r(make_app, game_id):
    app = make_app()
    scene = table(app, game_id)
    run(app, 20000, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    dialog = app.stack.top
    assert isinstance(dialog, ResultsOverlay) and not scene.state.finished
    dialog.auto_continue_s = None
    assert [label for label, _press in dialog.button_specs][1] == "Look at the table"
    rounds = len(scene.state.rounds)
    dialog.choose(1)
    app.stack.apply_pending()
    run(app, 120)
    assert app.stack.top is scene and scene.table_looked
    assert [b.label for b in scene.seat_buttons] == ["Results (R)"]
    assert "Results (R)" in scene._hint()
    assert len(scene.state.rounds) == rounds                    # the next round waits
    if game_id == "zeus":           # the Results button, by mouse
        button = scene.seat_buttons[0].rect.center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=button, button=1))
        app.frame(1 / 60)
    else:                           # or R
        key(app, pygame.K_r)
    run(app, 2)
    back = app.stack.top
    assert isinstance(back, ResultsOverlay) and not scene.table_looked
    back.choose(0)
    run(app, 1)
    run(app, 3000, until=lambda: len(scene.state.rounds) > rounds or scene.state.finished)
    assert len(scene.state.rounds) > rounds or scene.state.finished
