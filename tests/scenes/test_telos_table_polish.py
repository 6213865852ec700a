"""The Télos table as a player sees it: pass-and-play hands hidden once their play is made (and their
blind card and card help with them), new rounds dealt face down, the hovered card lifted and drawn on
top, a "leads" tag that never meets the turn tag, a resumed log that says where the round stands, and
swept tricks that never cross a name plate."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.telos import load_game
from scenes.screens.handoff import HandoffOverlay
from scenes.telos.table import TelosTableScene
from test_telos_table import (ANN, CHLOE, DT, NAMES, ZEUS3, click_point, make_app, open_table, run,  # noqa: F401
                              sprite_of, wait_for_human_turn)

BRUNO_WITH_ANT = ["7a", "8a", "9a", "10a", "11a", "12a", "Z:ant"]


def _bruno_leads(blind=None) -> dict:
    """Dealer Ann (seat 0): Bruno (seat 1, human) leads the first trick, Chloé (AI) follows, then Ann."""
    return {"dealer": 0, "direction": 1, "hands": [list(ANN), list(BRUNO_WITH_ANT), list(CHLOE)], "blind": blind,
            "scores_before": [[], [], []]}


def _confirm_handoff(app) -> None:
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay)
    overlay.ready()
    app.stack.apply_pending()


def _bruno_has_played(make_app, options=None, blind=None) -> tuple:
    """Ann and Bruno pass and play; Bruno leads his 7 and Chloé (AI) then thinks for 3 s."""
    app = make_app(animation_speed="instant", ai_delay_s=3.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "human"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3, **(options or {})}, setups=[_bruno_leads(blind)])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    wait_for_human_turn(app, scene, seat=1)
    assert all(s.face_up for s in scene.hands[1])
    assert scene._drop(("7a",), "trick") is None
    run(app, 30)                                       # Chloé (AI) is still thinking
    assert scene.state.turn == 2 and len(scene.state.rounds[0].actions) == 1
    return app, scene


def _move(scene: TelosTableScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


# ----- 1. pass-and-play privacy -------------------------------------------------------------------------------
def test_a_hand_turns_face_down_once_its_play_is_made_and_stays_hidden_through_the_ai_turn(make_app):
    app, scene = _bruno_has_played(make_app)
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    assert scene.viewer is None and scene.bottom == 1
    assert not any(s.face_up for s in scene.hands[1])
    assert not set(BRUNO_WITH_ANT) & (set(scene.renderer.drawn_faces) - {"7a"})
    assert "face down" in scene._hint()
    run(app, 400, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    assert app.stack.top.seat_name == "Ann"            # Chloé played; Ann's hand-off comes next


def test_a_hidden_hand_shows_no_card_help_under_the_pointer_or_the_keys(make_app):
    app, scene = _bruno_has_played(make_app)
    ant_home = scene.hands[1][-1].home               # where Bruno's Ant lay (Zeus cards come last)
    _move(scene, (int(ant_home[0]), int(ant_home[1])))
    for key in (pygame.K_LEFT, pygame.K_LEFT):
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    assert scene._card_help_target() is None
    scene.mouse = (int(ant_home[0]), int(ant_home[1]))
    scene.drag.focus = len(scene.drag.sprites) - 1     # even a focus left behind explains nothing
    assert scene._card_help_target() is None


def test_the_divine_trick_blind_card_is_not_shown_once_the_hand_is_hidden(make_app):
    app, scene = _bruno_has_played(make_app, {"divine_trick": True}, blind=["1c", "2c", "3c"])
    assert not scene.blind_shown
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    rect = scene.blind_rect()
    back = scene.art.back(rect.width)
    assert screen.get_at(rect.center) != back.get_at((rect.width // 2, rect.height // 2))
    assert scene.swap_button is not None and not scene.swap_button.enabled


def test_a_new_round_is_dealt_face_down_until_the_hand_off(make_app):
    # Seed 5, random moves: after 17 plays Ann plays the last card of round 1, Chloé takes the trick,
    # and Ann (next after the new dealer) leads round 2. Her new hand must wait for her hand-off.
    game = load_game()
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bruno", "human"), SeatInfo("Chloé", "ai:normal")]
    state = game.new_state(seats, game.normalize_options({"zeus_cards": ZEUS3}), 5)
    session = GameSession(game, state)
    agent = game.agent("random")
    for i in range(17):
        seat = state.turn
        legal = [a for a in state.legal_actions(seat) if a.verb == "play"]
        session.apply(seat, agent.choose(state.view(seat), legal, random.Random(i)))
    assert state.view(None).last_trick and state.turn == 0
    app = make_app(animation_speed="fast", ai_delay_s=0.0)        # the deal is seen card by card
    scene = TelosTableScene(app, session)
    app.stack.push(scene)
    app.stack.apply_pending()
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    _confirm_handoff(app)
    wait_for_human_turn(app, scene, seat=0)
    [card] = [s.card_id for s in scene.hands[0]]
    assert scene._drop((card,), "trick") is None
    assert len(state.rounds) == 2 and state.turn == 0            # Ann leads round 2
    faces_seen: list[str] = []

    def dealt_and_waiting() -> bool:
        if any(line.startswith("Round 2") for line in scene.log.lines):
            faces_seen.extend(s.card_id for hand in scene.hands.values() for s in hand if s.face_up)
        if app.stack.top is not scene and not isinstance(app.stack.top, HandoffOverlay):
            app.stack.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                          unicode="\r"))    # "Next round"
        return isinstance(app.stack.top, HandoffOverlay)

    run(app, 1500, until=dealt_and_waiting)
    assert any(line.startswith("Round 2") for line in scene.log.lines)
    assert isinstance(app.stack.top, HandoffOverlay) and app.stack.top.seat_name == "Ann"
    assert faces_seen == []                                       # every new hand arrived face down


def test_one_human_keeps_their_hand_face_up_while_the_ai_plays(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=3.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[_bruno_leads()])
    run(app, 400, until=lambda: len(scene.state.rounds[0].actions) >= 1)
    run(app, 30)
    assert scene.viewer == 0 and all(s.face_up for s in scene.hands[0])


# ----- 2. the hand: hover lift ------------------------------------------------------------------------------
def test_a_hovered_card_lifts_and_is_drawn_on_top_of_its_neighbours(make_app):
    app = make_app(size=(800, 500), animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[_bruno_leads()])
    run(app, 900, until=lambda: scene.idle and scene.state.turn == 2)      # Bruno led; Chloé thinks
    four = sprite_of(scene, "4a")
    _move(scene, click_point(scene, four))
    assert four.lifted and scene.drag.on_top[-1] is four
    scene.draw(pygame.Surface(app.size))
    assert scene.renderer.drawn_faces[-1] == "4a"


# ----- 3. plates, log, sweep ----------------------------------------------------------------------------------
def test_the_leads_tag_lies_inside_the_plate_clear_of_the_turn_tag(make_app):
    app = make_app(size=(800, 500), animation_speed="instant", ai_delay_s=5.0)
    setup = {"dealer": 2, "direction": 1, "hands": [list(ANN), list(BRUNO_WITH_ANT), list(CHLOE)],
             "blind": None, "scores_before": [[], [], []]}
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[setup])
    wait_for_human_turn(app, scene)
    assert scene.leader == scene.turn == 0
    scene.draw(pygame.Surface(app.size))
    plate = scene.layout.seats[0].plate
    tag = scene.leads_tag_rects[0]
    assert plate.contains(tag)                     # the turn tag is drawn outside the plate's ring


def test_the_tag_beside_your_own_name_says_you_lead(make_app, monkeypatch):
    """"You lead" on the player's own plate (the default name "You"), "Ann leads" for a named player."""
    import scenes.telos.table as telos_table

    words = []
    chip = telos_table.value_chip
    monkeypatch.setattr(telos_table, "value_chip", lambda text, *a, **k: (words.append(text), chip(text, *a, **k))[1])
    setup = {"dealer": 2, "direction": 1, "hands": [list(ANN), list(BRUNO_WITH_ANT), list(CHLOE)],
             "blind": None, "scores_before": [[], [], []]}
    for name, tag in (("You", "lead"), ("Ann", "leads")):
        app = make_app(size=(1280, 720), animation_speed="instant", ai_delay_s=5.0)
        scene = open_table(app, [(name, "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                           options={"zeus_cards": ZEUS3}, setups=[setup])
        wait_for_human_turn(app, scene)
        words.clear()
        scene.draw(pygame.Surface(app.size))
        assert tag in words, (name, words)


def test_a_resumed_game_rebuilds_its_log_and_then_says_where_the_round_stands(make_app):
    game = load_game()
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bruno", "ai:normal"), SeatInfo("Chloé", "ai:normal")]
    state = game.new_state(seats, game.normalize_options({"zeus_cards": ZEUS3}), 3, setups=[_bruno_leads()])
    session = GameSession(game, state)
    session.apply(1, state.legal_actions(1)[0])
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = TelosTableScene(app, session)
    lines = scene.log.lines
    assert lines[0] == "Round 1: Ann deals 7 cards each; Bruno leads", lines
    assert lines[-1].startswith("Round 1 goes on: trick 1, Bruno led, Chloé to play (reach "), lines


@pytest.mark.parametrize("players, size", [(4, (1280, 720)), (6, (800, 500)), (3, (800, 500))])
def test_a_swept_trick_never_crosses_a_name_plate(make_app, players, size):
    app = make_app(size=size, animation_speed="normal", ai_delay_s=0.0)
    scene = open_table(app, [(n, "ai:normal") for n in NAMES[:players]], seed=4)
    plates = [scene.layout.seats[s].plate for s in range(players)]
    checked = 0
    for _ in range(2400):
        app.frame(DT)
        for sprite in scene.flying:
            if sprite.tag == "trick" and 40 <= sprite.alpha < 254:
                checked += 1
                assert not any(sprite.rect().colliderect(p) for p in plates), (sprite.card_id, sprite.rect())
        if sum("wins the trick" in line for line in scene.log.lines) >= 4 and not scene.flying:
            break
    assert checked > 0
