"""Looks and other seats' moves at the Tamoul table, in time: your look stays up for its time (real
seconds, whatever the animation speed) and as long as you hold a key or the mouse button;
the first look lifts its two cards apart; another seat's keep or swap leaves its slots lit a moment."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.events import Event
from scenes.tamoul.table import TamoulTableScene
from tests.scenes.table_driving import DT, app_fixture, key, run
from tests.scenes.tamoul_moves import press
from tests.scenes.test_tamoul_table import ANN, ZOE, deal, open_table, wait_for_my_move

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


@pytest.fixture
def look_seconds(monkeypatch):
    """Set how long your own look stays up, for the tables a test opens."""
    return lambda seconds: monkeypatch.setattr(TamoulTableScene, "OWN_LOOK_SECONDS", seconds)


def key_up(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=""))
    app.frame(DT)


def peek_first_card(app, scene) -> None:
    wait_for_my_move(app, scene)
    press(app, scene, pygame.K_d, 60)
    press(app, scene, pygame.K_x, until=lambda: scene._my_step() == "peek_own")
    run(app, 600, until=lambda: not scene.looks and scene.idle and scene._my_step() == "peek_own")
    key(app, pygame.K_1)
    assert scene.state.rounds[-1].actions[-1][1] == "peek 0", scene.drag.notice


def face_up_seconds(app, scene, seat: int, slot: int, limit: int = 1200) -> float:
    """How long the card stays face up from now (once it has turned, if it is still turning)."""
    def up() -> bool:
        sprite = scene.grids[seat].slots[slot]
        return sprite.flip > 0.5 and sprite.card_id is not None
    turning = run(app, 60, until=up)
    return (turning + run(app, limit, until=lambda: not up())) * DT


@pytest.mark.parametrize("speed", ["instant", "fast", "slow"])
def test_your_look_lasts_the_look_time_in_real_seconds_whatever_the_animation_speed(make_app, look_seconds, speed):
    look_seconds(2.0)
    app = make_app(animation_speed=speed)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    peek_first_card(app, scene)
    key_up(app, pygame.K_1)
    shown = face_up_seconds(app, scene, 0, 0)
    assert 1.9 <= shown <= 2.8, shown


def test_holding_the_key_keeps_the_look_up_and_letting_go_puts_it_down(make_app, look_seconds):
    look_seconds(1.0)
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    peek_first_card(app, scene)
    run(app, 300)                                    # 5 s with key 1 still held down
    sprite = scene.grids[0].slots[0]
    assert sprite.card_id == "5D" and sprite.flip > 0.5
    key_up(app, pygame.K_1)
    assert face_up_seconds(app, scene, 0, 0) <= 1.2
    # The mouse button held anywhere does the same.
    scene._look(0, 1, "9S", 1.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 300), button=1))
    run(app, 200)
    assert scene.grids[0].slots[1].card_id == "9S" and (0, 1) in scene.looks
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 300), button=1))
    assert face_up_seconds(app, scene, 0, 1) <= 1.2


def test_the_first_look_lifts_its_two_cards_apart_without_overlap(make_app, look_seconds):
    look_seconds(2.0)
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    run(app, 600, until=lambda: len(scene.looks) == 2 and not any(scene.tweens.moving(s) for s, _ in scene.looks.values()))
    (a, _), (b, _) = scene.looks.values()
    assert a.flip > 0.5 and b.flip > 0.5 and {a.card_id, b.card_id} == {"3C", "QH"}
    assert not a.rect().colliderect(b.rect())
    assert face_up_seconds(app, scene, 0, 2) >= 2.0


def test_a_look_goes_down_before_a_move_touches_its_slot(make_app, look_seconds):
    look_seconds(5.0)
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    run(app, 200, until=lambda: len(scene.looks) == 2)
    scene._show(Event("swapped", 1, {"a": [0, 2], "b": [1, 0]}))
    moved = scene.grids[1].slots[0]
    assert (0, 2) not in scene.looks and moved.card_id is None and moved.flip < 0.5


@pytest.mark.parametrize("speed,factor", [("normal", 1.0), ("slow", 1.6)])
def test_another_seats_keep_and_swap_leave_their_slots_lit_for_a_moment(make_app, speed, factor):
    app = make_app(animation_speed=speed)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    run(app, 400, until=lambda: scene.idle)
    scene._show(Event("kept", 1, {"slot": 3, "source": "deck", "discarded": "AD"}))
    assert scene.looked_at[(1, 3)] >= 1.5 * factor and scene.hold >= 0.8 * factor
    scene._show(Event("swapped", 1, {"a": [0, 1], "b": [1, 2]}))
    assert scene.looked_at[(0, 1)] >= 1.5 * factor and scene.looked_at[(1, 2)] >= 1.5 * factor
    assert scene.hold >= 0.8 * factor
    # Your own move needs no lingering: you made it.
    scene.hold = 0.0
    scene._show(Event("kept", 0, {"slot": 0, "source": "deck", "discarded": "5D"}))
    assert scene.hold <= 0.2 * factor + 1e-9


@pytest.mark.parametrize("skip", [False, True])
def test_skip_to_my_turn_lets_the_ai_turns_and_their_interception_windows_go_by_at_once(make_app, skip):
    app = make_app(animation_speed="normal", ai_delay_s=0.7, skip_to_my_turn=skip)
    seats = [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy"), ("Cas", "ai:easy")]
    rows = [ANN, ZOE, ["2C", "3D", "4S", "5H"], ["6D", "7C", "8D", "9C"]]
    scene = open_table(app, seats, options={"reaction_ms": 2000}, setups=[deal(rows, ["4H"])])
    wait_for_my_move(app, scene)
    press(app, scene, pygame.K_d, 120)
    press(app, scene, pygame.K_1, until=lambda: scene._phase() == "end")
    key(app, pygame.K_e)
    turns = len(scene.state.rounds[-1].actions)
    waited = run(app, 3000, until=lambda: scene._my_turn() and not scene._reaction_open()) * DT
    made = [a[1] for a in scene.state.rounds[-1].actions[turns:]]
    assert sum(1 for verb in made if verb == "end" or verb == "tamoul") == 3, made      # three AI turns
    if skip:
        assert waited < 1.5, waited
    else:
        assert waited > 6.0, waited           # each AI turn waits for its interception window


def test_a_new_layout_during_a_look_or_its_settling_never_leaves_a_card_face_up(make_app, look_seconds):
    look_seconds(1.0)
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    run(app, 600, until=lambda: len(scene.looks) == 2)
    run(app, 20)
    scene.resize((1000, 600))                        # during the look: the cards stay lifted and face up
    lifted = [sprite for sprite, _left in scene.looks.values()]
    assert all(s.scale > 1.3 and s.face_up for s in lifted)
    run(app, 600, until=lambda: not scene.looks)
    run(app, 3)
    scene.resize((900, 560))                         # halfway down: the motion stops, the card still turns over
    run(app, 60)
    assert all(s.card_id is None and s.flip == 0.0 and s.scale == 1.0 for s in lifted)
    assert not scene.settling
