"""Time for everyone: reaction windows as long as the player wants ("Reaction time"), AI pacing up to
5 s, and "Wait for me", which holds each AI move until the player presses N."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random

import pygame
import pytest

from game.core.settings import REACTION_TIMES, Settings, load_settings, save_settings
from game.tamoul import load_game as load_tamoul
from game.zeus import load_game as load_zeus
from scenes.screens.settings import AI_DELAY_STEPS
from scenes.table.reaction import AI_REACTS_WITHIN
from scenes.tamoul.table import TamoulTableScene
from scenes.zeus.table import ZeusTableScene
from tests.scenes.table_driving import DT, app_fixture, key, open_session, run, show
from tests.scenes.test_zeus_table import _rest_of_deck

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0},
                       game_settings={"sneak_window_s": "zeus"})

HANDS = [["7", "8", "3", "6"], ["7", "7", "8", "8"], ["9", "9", "10", "1"]]   # Ann can sneak what Zoe plays


def zeus_table(app, seats=(("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy"))) -> ZeusTableScene:
    setup = {"dealer": 0, "first": 1, "hands": HANDS, "draw_pile": _rest_of_deck(HANDS)}
    return show(app, ZeusTableScene(app, open_session(load_zeus(), list(seats), 3, None, [setup])))


@pytest.mark.parametrize("factor", [1.0, 3.0])
def test_a_zeus_sneak_window_lasts_as_long_as_the_reaction_time_asks(make_app, factor):
    app = make_app(sneak_window_s=1.5, reaction_time=factor)
    scene = zeus_table(app)
    actions = scene.state.rounds[0].actions
    run(app, 600, until=lambda: bool(scene.sneak_buttons))
    assert scene.reaction is not None and scene.reaction.length == pytest.approx(1.5 * factor)
    frames = run(app, 2000, until=lambda: len(actions) >= 2)     # Bob, on turn, waits for the window
    assert frames * DT == pytest.approx(1.5 * factor, abs=0.1)
    # The AI's own reactions keep the window's own pace: the extra time is the player's.
    delays = [scene.reaction.ai_delay(random.Random(i)) for i in range(50)] if scene.reaction else []
    window = scene.reaction or None
    assert window is None or max(delays) <= 1.5 * AI_REACTS_WITHIN[1] + 1e-9


def test_the_ai_reacts_within_the_windows_own_length_when_it_is_stretched():
    from game.core.actions import Action
    from scenes.table.reaction import ReactionWindow

    window = ReactionWindow(Action.of("sneak", "7"), "Sneak 7!", 1.5, key=1)
    window.stretch(4.0)
    assert window.length == window.left == 6.0
    delays = [window.ai_delay(random.Random(i)) for i in range(200)]
    assert 1.5 * AI_REACTS_WITHIN[0] <= min(delays) and max(delays) <= 1.5 * AI_REACTS_WITHIN[1]


def test_a_tamoul_interception_window_is_stretched_too(make_app):
    app = make_app(reaction_time=2.0)
    session = open_session(load_tamoul(), [("Ann", "human"), ("Zoe", "ai:easy")], 3, {"reaction_ms": 1500})
    scene = show(app, TamoulTableScene(app, session))
    rng = random.Random(1)
    for _ in range(3000):       # Ann plays random moves until a card goes onto the discard pile
        if scene.reaction is not None:
            break
        if app.stack.top is scene and scene._human_may_act() and 0 in scene._waiting():
            legal = scene.state.legal_actions(0)
            scene._apply(0, rng.choice(legal))
        app.frame(DT)
    assert scene.reaction is not None and scene.reaction.length == pytest.approx(3.0)


def test_wait_for_me_holds_each_ai_move_until_n_is_pressed(make_app):
    app = make_app(wait_for_me=True, sneak_window_s=0.5)
    scene = zeus_table(app, (("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")))
    actions = scene.state.rounds[0].actions
    run(app, 600)                      # ten seconds: Zoe, first to play, has chosen but waits
    assert actions == [] and scene.held_ai_seat == 1
    assert scene._held_hint() == "Zoe has chosen a move: press N to see it."
    screen = pygame.Surface(app.size)
    scene.draw(screen)                 # the hint line says it (drawn without error)
    key(app, pygame.K_n)
    run(app, 5)
    assert len(actions) == 1 and actions[0][0] == 1
    run(app, 600, until=lambda: scene.held_ai_seat == 2)
    assert len(actions) == 1 and scene.held_ai_seat == 2    # Bob's move waits in its turn
    key(app, pygame.K_n)
    run(app, 5)
    assert len(actions) == 2 and actions[1][0] == 2


def test_without_wait_for_me_the_ai_plays_on_by_itself(make_app):
    app = make_app(wait_for_me=False, sneak_window_s=0.5)
    scene = zeus_table(app)
    run(app, 600, until=lambda: len(scene.state.rounds[0].actions) >= 2)
    assert len(scene.state.rounds[0].actions) >= 2 and scene.held_ai_seat is None


def test_n_does_nothing_when_no_ai_move_is_held(make_app):
    app = make_app(wait_for_me=True)
    scene = zeus_table(app)
    assert not scene.release_ai_move()


def test_the_time_settings_are_kept_and_clamped(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(path, Settings(reaction_time=3.0, wait_for_me=True, ai_delay_s=4.5))
    loaded = load_settings(path).settings
    assert (loaded.reaction_time, loaded.wait_for_me, loaded.ai_delay_s) == (3.0, True, 4.5)
    path.write_text(json.dumps({"reaction_time": 99, "ai_delay_s": -3}))
    loaded = load_settings(path).settings
    assert loaded.reaction_time == REACTION_TIMES[-1] and loaded.ai_delay_s == 0.0
    assert Settings().reaction_time == 1.0 and Settings().wait_for_me is False
    assert AI_DELAY_STEPS[-1] == 5.0


def test_a_held_ai_move_lets_the_program_rest(make_app):
    """Waiting for the player's N is waiting for a person: the table asks for no frames but the turn
    ring's few steps a second (scenes/table/rest.py), instead of sixty."""
    app = make_app(wait_for_me=True, sneak_window_s=0.5)
    scene = zeus_table(app)
    run(app, 600, until=lambda: scene.held_ai_seat is not None and scene.idle)
    run(app, 30)
    assert scene.held_ai_seat == 1
    assert scene.next_change() is not None and scene.next_change() > 1 / 60
