"""Kit-level polish from issue 20, for every table: a key pressed while the last move is still being
shown is kept and handled when the table is ready (item 16)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.scenes.table_driving import key, run
from tests.scenes.test_elios_table import first_turn, make_app  # noqa: F401
from tests.scenes.test_polish_elios import drag_a_joker_group_onto_the_sun


def test_a_key_pressed_while_the_last_move_is_shown_is_kept_and_applied(make_app):
    app = make_app(animation_speed="normal", ai_delay_s=0.0)
    scene = first_turn(app)
    drag_a_joker_group_onto_the_sun(app, scene)
    # The AI answers at once; its move is then shown for a moment while the turn is already ours.
    run(app, 600, until=lambda: scene.state.turn == 0 and scene._showing_before_you_may_act())
    assert scene.state.turn == 0 and not scene._human_may_act()
    discs = scene.state.discs
    key(app, pygame.K_d)
    assert scene.state.discs == discs                       # not yet: the AI's move is still shown
    assert "your key counts" in scene.drag.notice.text       # and the table says the key is kept
    run(app, 300, until=lambda: scene.state.discs != discs)
    assert scene.state.discs == discs + 1                   # applied once the table was ready


def test_esc_on_a_round_over_dialog_opens_the_pause_menu_and_esc_again_comes_back(make_app):
    from scenes.screens.pause import PauseOverlay
    from scenes.screens.results import ResultsOverlay
    from tests.scenes.test_elios_table import two_players

    app = make_app()
    scene = two_players(app)
    went_on = []
    scene._open_results("Round 1 is over", "", [("Ann", "3 points")], [("Next round", lambda: went_on.append(1))], 0.0)
    run(app, 3)
    dialog = app.stack.top
    assert isinstance(dialog, ResultsOverlay)
    dialog.auto_continue_s = None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)          # rules, settings, save, quit
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is dialog and not went_on          # back to the result, nothing chosen
