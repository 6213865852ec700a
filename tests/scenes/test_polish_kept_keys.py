"""A key pressed while the last move is still being shown is kept and applied once the table is ready
(issue 20 item 16), at the Tamoul, Zeus and Télos tables as at the Elios one (test_polish_kit.py)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.scenes.table_driving import app_fixture, key, open_session, run, show

make_app = app_fixture(defaults={"animation_speed": "normal", "ai_delay_s": 0.0})


def wait_for_showing_on_my_turn(app, scene) -> None:
    """Run until the game waits for the player at the bottom while an AI's move is still being shown."""
    run(app, 6000, until=lambda: app.stack.top is scene and scene.bottom in scene._waiting()
        and scene._showing_before_you_may_act() and not scene._human_may_act())
    assert scene._showing_before_you_may_act() and not scene._human_may_act(), "never caught the AI's move being shown"


def test_tamoul_an_end_key_pressed_while_the_discard_still_flies_ends_the_turn_once_shown(make_app):
    from game.tamoul import load_game
    from scenes.tamoul.table import TamoulTableScene

    app = make_app()
    session = open_session(load_game(), [("Ann", "human"), ("Bob", "ai:easy")], 5, {"reaction_ms": 300})
    scene = show(app, TamoulTableScene(app, session))
    run(app, 3000, until=lambda: scene._my_turn() and scene._phase() == "draw")
    key(app, pygame.K_d)
    run(app, 600, until=lambda: scene._my_turn() and scene._phase() == "hold")
    key(app, pygame.K_x)                                                  # the drawn card flies to the pile
    assert scene.state.view(0).phase == "end" and scene._showing_before_you_may_act()
    before = len(scene.state.rounds[-1].actions)
    key(app, pygame.K_e)
    assert len(scene.state.rounds[-1].actions) == before                 # not yet: the discard is still shown
    assert "your key counts" in scene.drag.notice.text
    run(app, 600, until=lambda: len(scene.state.rounds[-1].actions) > before)
    assert scene.state.rounds[-1].actions[before] == [0, "end"]          # applied once the table was ready


def test_zeus_a_card_key_pressed_during_the_ai_move_plays_once_shown(make_app):
    from game.zeus import load_game
    from scenes.zeus.table import ZeusTableScene

    app = make_app()
    session = open_session(load_game(), [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")], 3, None)
    scene = show(app, ZeusTableScene(app, session))
    for _attempt in range(8):
        wait_for_showing_on_my_turn(app, scene)
        if any(a.verb == "play" for a in scene.state.legal_actions(0)):
            break
        run(app, 900, until=lambda: scene._human_may_act())
        scene.press_draw(0)
    legal = [a for a in scene.state.legal_actions(0) if a.verb == "play"]
    ids = [s.card_id for s in scene.drag.sprites]
    index = next(i for i, card in enumerate(ids) if any(card in a.args[0].split(",") for a in legal))
    before = len(scene.state.rounds[-1].actions)
    key(app, pygame.K_1 + index)
    assert len(scene.state.rounds[-1].actions) == before
    assert "your key counts" in scene.drag.notice.text
    run(app, 600, until=lambda: len(scene.state.rounds[-1].actions) > before)
    seat, move = scene.state.rounds[-1].actions[before]
    assert seat == 0 and move.startswith("play ")                          # applied once the table was ready


def test_telos_an_arrow_key_pressed_during_the_ai_move_focuses_a_card_once_shown(make_app):
    from game.telos import load_game
    from scenes.telos.table import TelosTableScene

    app = make_app()
    game = load_game()
    session = open_session(game, [("Ann", "human"), ("Bob", "ai:normal"), ("Cleo", "ai:normal")], 4, None)
    scene = show(app, TelosTableScene(app, session))
    wait_for_showing_on_my_turn(app, scene)
    assert scene.drag.focus is None
    key(app, pygame.K_RIGHT)
    assert scene.drag.focus is None
    assert "your key counts" in scene.drag.notice.text
    run(app, 600, until=lambda: scene.drag.focus is not None)
    assert scene.drag.focus == 0 and scene._human_may_act()

