"""The Zeus table as a player wants it: a hand read whole, god text that reads, hands hidden between
turns in pass-and-play, sneaks without a needless hand-off, and a log that tells draws and Zeus."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.zeus import load_game
from scenes.screens.handoff import HandoffOverlay
from scenes.zeus.art import effect_line, fit_lines
from test_zeus_table import DT, _rest_of_deck, make_app, open_table, run, run_until_idle  # noqa: F401

HANDS = [["5", "3", "4", "6"], ["5", "2", "7", "8"], ["9", "9", "10", "1"]]


def _setup(hands: list[list[str]], first: int, dealer: int = 0) -> dict:
    return {"dealer": dealer, "first": first, "hands": hands, "draw_pile": _rest_of_deck(hands)}


def _confirm_handoff(app) -> None:
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay)
    overlay.ready()
    app.stack.apply_pending()


# ----- 1. your hand, read whole ----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_four_cards_in_your_hand_are_laid_out_side_by_side_with_no_face_covered(make_app, size):
    app = make_app(size=size, animation_speed="instant", ai_delay_s=5.0)
    hands = [["Ares", "Hermes", "Poseidon", "7"], ["2", "3", "4", "6"], ["9", "9", "10", "1"]]
    scene = open_table(app, [("Zia", "human"), ("Ann", "ai:easy"), ("Bob", "ai:easy")],
                       setups=[_setup(hands, first=0, dealer=2)])
    run_until_idle(app, scene)
    sprites = scene.hands[0]
    assert sorted(s.card_id for s in sprites) == sorted(hands[0])
    rects = [s.rect() for s in sprites]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(pygame.Rect(0, 0, *size).contains(r) for r in rects)


def test_god_effect_text_on_a_hand_card_at_1280x720_is_at_least_11_px():
    game = load_game()
    width = 100                                # the hand's card width at 1280x720
    height = int(width * 1.4)
    for card in game.cards.values():
        if card.kind == "number":
            continue
        font, lines = fit_lines(effect_line(card), width - 2 * 8 - 2, int(height * 0.21), int(height * 0.105))
        assert font.get_height() >= 11 and len(lines) <= 2, (card.id, lines)


def test_a_hovered_god_card_lifts_above_its_neighbours_and_explains_itself(make_app):
    app = make_app(size=(800, 500), animation_speed="instant", ai_delay_s=5.0)
    hands = [["Ares", "Hermes", "Poseidon", "7"], ["2", "3", "4", "6"], ["9", "9", "10", "1"]]
    scene = open_table(app, [("Zia", "human"), ("Ann", "ai:easy"), ("Bob", "ai:easy")],
                       setups=[_setup(hands, first=0, dealer=2)])
    run_until_idle(app, scene)
    hermes = next(s for s in scene.hands[0] if s.card_id == "Hermes")
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(hermes.x), int(hermes.y)), rel=(0, 0),
                                          buttons=(0, 0, 0)))
    assert hermes.lifted and scene.drag.on_top[-1] is hermes
    assert scene._card_help_target() is hermes and scene._card_help_for(hermes) is not None
    scene.draw(pygame.Surface(app.size))
    assert scene.renderer.drawn_faces[-1] == "Hermes"          # drawn last: on top of the others


# ----- 2. pass-and-play privacy ------------------------------------------------------------------------------
def test_a_hand_turns_face_down_once_its_turn_is_over_and_stays_hidden_through_the_ai_turn(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=3.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "ai:easy")],
                       options={"sneak": False}, setups=[_setup(HANDS, first=1)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    run_until_idle(app, scene)
    assert scene.viewer == 1 and all(s.face_up for s in scene.hands[1])
    assert scene._drop(("7",), "olympus") is None              # Zoe plays; her draw is automatic
    run(app, 60)                                               # Bob (AI) thinks for 3 s
    assert scene.state.turn == 2 and len(scene.state.rounds[0].actions) == 1
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    assert scene.viewer is None and scene.bottom == 1
    assert not any(s.face_up for s in scene.hands[1])
    assert not set(scene.state.hands[1]) & (set(scene.renderer.drawn_faces) - {"7"})
    assert "face down" in scene._hint()
    run(app, 400, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    assert app.stack.top.seat_name == "Ann"                    # Bob played; Ann's hand-off comes next


def test_one_human_keeps_their_hand_face_up_during_the_ai_turns(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=3.0)
    scene = open_table(app, [("Zia", "human"), ("Ann", "ai:easy"), ("Bob", "ai:easy")],
                       options={"sneak": False}, setups=[_setup(HANDS, first=0, dealer=2)])
    run_until_idle(app, scene)
    assert scene._drop(("5",), "olympus") is None
    run(app, 60)
    assert scene.viewer == 0 and all(s.face_up for s in scene.hands[0])


def test_a_hidden_human_sneaks_at_once_without_a_hand_off(make_app):
    # Zoe plays first; after her 5 it is Bob's (AI) turn and Ann, hidden, holds a 5 too.
    app = make_app(animation_speed="instant", ai_delay_s=3.0, sneak_window_s=3.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "ai:easy")],
                       setups=[_setup(HANDS, first=1)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    run_until_idle(app, scene)
    assert scene._drop(("5",), "olympus") is None
    run(app, 30, until=lambda: bool(scene.sneak_buttons))
    [(seat, button)] = scene.sneak_buttons
    assert seat == 0 and button.label == "Sneak 5! (Ann)" and not scene.gate.may_show(0)
    button.on_click()
    assert list(scene.state.rounds[0].actions[-1]) == [0, "sneak 5"]
    assert not any(isinstance(s, HandoffOverlay) for s in app.stack.scenes)


def test_a_hidden_human_without_the_number_is_told_why_by_name(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=3.0, sneak_window_s=3.0)
    hands = [["2", "3", "4", "6"], ["5", "2", "7", "8"], ["9", "9", "10", "1"]]
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "ai:easy")],
                       setups=[_setup(hands, first=1)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    run_until_idle(app, scene)
    assert scene._drop(("5",), "olympus") is None
    run(app, 30, until=lambda: bool(scene.sneak_buttons))
    scene.sneak_buttons[0][1].on_click()
    assert len(scene.state.rounds[0].actions) == 1
    assert scene.drag.notice is not None and scene.drag.notice.text.startswith("Ann: ")


def test_the_sneak_race_comes_before_the_next_players_hand_off(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=1.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "human")],
                       setups=[_setup(HANDS, first=1)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    run_until_idle(app, scene)
    assert scene._drop(("7",), "olympus") is None              # Bob is next; Ann may sneak a 7
    run(app, 20)
    assert app.stack.top is scene and [s for s, _ in scene.sneak_buttons] == [0]
    assert scene.viewer is None                                # no hand is up during the race
    run(app, 120, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    assert isinstance(app.stack.top, HandoffOverlay) and app.stack.top.seat_name == "Bob"


# ----- 3. the move log ----------------------------------------------------------------------------------------
def test_the_log_tells_draws_your_own_by_card_and_zeus_changing_hands(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=3.0)
    hands = [["Ares", "3", "4", "6"], ["Poseidon", "Poseidon", "Apollo", "Artemis"], ["9", "9", "10", "1"]]
    setup = _setup(hands, first=0, dealer=2)        # whatever Ann (AI) plays next takes Zeus from Zia
    scene = open_table(app, [("Zia", "human"), ("Ann", "ai:easy"), ("Bob", "ai:easy")],
                       options={"sneak": False}, setups=[setup])
    run_until_idle(app, scene)
    assert scene._drop(("Ares",), "olympus") is None
    run(app, 30)
    drawn = setup["draw_pile"][0]
    lines = scene.log.lines
    assert "⚡ Zia takes Zeus with Ares" in lines and f"You draw {drawn}" in lines
    scene.log.viewer = None                                    # whoever sits down next reads only this
    assert "Zia draws a card" in scene.log.lines and f"You draw {drawn}" not in scene.log.lines
    scene.log.viewer = 0
    run(app, 400, until=lambda: len(scene.state.rounds[0].actions) >= 2)
    run(app, 30)
    assert "Ann draws a card" in scene.log.lines
    card = scene.state.rounds[0].actions[1][1].split()[1]
    assert f"⚡ Ann takes Zeus from Zia with {card}" in scene.log.lines


def test_a_new_round_is_dealt_face_down_in_pass_and_play(make_app):
    # Zoe's Hera makes 99 and Bob (AI, next) holds nothing playable: the round ends at once (Z-8).
    app = make_app(animation_speed="fast", ai_delay_s=0.0)         # the deal is seen card by card
    hands = [["2", "3", "4", "6"], ["Hera", "2", "7", "8"], ["9", "9", "10", "10"]]
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "ai:easy")],
                       options={"sneak": False}, setups=[_setup(hands, first=1)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    run_until_idle(app, scene)
    assert scene._drop(("Hera",), "olympus") is None
    assert len(scene.state.rounds) == 2                       # round 2 is already dealt by the engine
    assert scene.state.rounds[1].setup["first"] == 2          # Bob (AI) opens it, then Ann's hand-off
    faces_seen: list[str] = []

    def dealt_and_waiting() -> bool:
        if any(line.startswith("Round 2") for line in scene.log.lines):     # the new deal is on screen
            faces_seen.extend(s.card_id for hand in scene.hands.values() for s in hand if s.face_up)
        return isinstance(app.stack.top, HandoffOverlay)

    run(app, 900, until=dealt_and_waiting)
    assert isinstance(app.stack.top, HandoffOverlay) and app.stack.top.seat_name == "Ann"
    assert faces_seen == []                                    # every new hand arrived face down
