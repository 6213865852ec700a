"""The Zeus table: plays by itself with AI seats, takes human moves through the session, offers
sneaks to humans, hides hands behind the hand-off screen, and fits the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.zeus import load_game
from scenes.ui import theme
from scenes.app import App
from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from scenes.zeus.table import ZeusTableScene
from tests.scenes.table_driving import DT, app_fixture, open_session, run, show



make_app = app_fixture(game_settings={"sneak_window_s": "zeus"})   # a Zeus setting, stored under the game


def open_table(app: App, seats: list[tuple[str, str]], seed: int = 3, options=None,
               setups=()) -> ZeusTableScene:
    return show(app, ZeusTableScene(app, open_session(load_game(), seats, seed, options, setups)))


def run_until_idle(app: App, scene: ZeusTableScene, frames: int = 600) -> None:
    run(app, frames, until=lambda: app.stack.top is scene and scene.idle)
    assert scene.idle


def table_of(app: App) -> ZeusTableScene:
    return next(s for s in app.stack.scenes if isinstance(s, ZeusTableScene))


def test_an_all_ai_table_plays_rounds_by_itself_across_result_screens(make_app):
    app = make_app(size=(640, 400), animation_speed="instant", ai_delay_s=0.0, sneak_window_s=0.3)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:random"), ("Cleo", "ai:easy"), ("Dion", "ai:random")])
    state = scene.session.state
    run(app, 6000, until=lambda: len(state.rounds) >= 4 or state.finished)
    assert len(state.rounds) >= 4 or state.finished
    run_until_idle(app, scene)
    assert scene.letters == list(state.totals) and sum(scene.letters) >= 1   # shown as the game has it
    assert scene.total.shown == state.total and scene.holder == state.zeus_holder


@pytest.mark.parametrize("speed", ["instant", "slow"])
def test_the_table_keeps_playing_at_any_animation_speed(make_app, speed):
    app = make_app(size=(640, 400), animation_speed=speed, ai_delay_s=0.0, sneak_window_s=0.3)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    state = scene.session.state
    run(app, 900, until=lambda: len(state.rounds[0].actions) >= 4 or len(state.rounds) > 1)
    assert len(state.rounds[0].actions) >= 4 or len(state.rounds) > 1


def test_a_human_click_on_a_card_twice_reaches_session_apply(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    # Zoe plays first (the name closest to Z), then Ann: wait for Ann's turn.
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    calls: list[tuple[int, str]] = []
    real_apply = scene.session.apply

    def spy(seat, action):
        calls.append((seat, str(action)))
        return real_apply(seat, action)

    scene.session.apply = spy
    run(app, 600, until=lambda: scene.idle and scene.state.turn == 0 and app.stack.top is scene)
    assert scene.state.turn == 0 and scene.bottom == 0
    legal = [a for a in scene.state.legal_actions(0) if a.verb == "play"]
    sprite = next(s for s in scene.hands[0] if s.card_id == legal[0].args[0])
    pos = (int(sprite.x), int(sprite.y))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(DT)
    assert (0, f"play {legal[0].args[0]}") in calls


def test_an_illegal_drop_springs_back_with_the_reason(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run_until_idle(app, scene)
    assert scene.state.turn == 1          # Zoe's turn; Zoe thinks for 5 s
    sprite = scene.hands[0][0]
    home = sprite.home
    start = (int(sprite.x), int(sprite.y))
    target = scene._olympus_rect().center
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)]
    for event in events:
        scene.handle_event(event)
    assert scene.drag.notice is not None and scene.drag.notice.text == "It is not your turn"
    assert len(scene.state.rounds[0].actions) == 0
    run(app, 30)
    assert (sprite.x, sprite.y) == pytest.approx(home[:2])


def test_a_lone_human_is_offered_the_sneak_only_with_the_number_and_the_card_glows(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=1.5)
    # Zoe (seat 1) plays first, Bob (seat 2) is next: Ann holds a 7 and an 8, whichever Zoe plays.
    hands = [["7", "8", "3", "6"], ["7", "7", "8", "8"], ["9", "9", "10", "1"]]
    setup = {"dealer": 0, "first": 1, "hands": hands, "draw_pile": _rest_of_deck(hands)}
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")], setups=[setup])
    run(app, 600, until=lambda: bool(scene.sneak_buttons))
    assert scene.reaction is not None and scene.reaction.open
    [(seat, button)] = scene.sneak_buttons
    assert seat == 0 and button.label == f"Sneak {scene.sneak_number}! (S)"
    run(app, 1)
    glowing = [s.card_id for s in scene.hands[0] if s.glow == theme.LEGAL_GLOW]
    assert glowing == [str(scene.sneak_number)]                   # the card to sneak with is lit
    assert "Sneak window open" in scene._hint() and scene._turn_tag(2) == "next"
    actions = scene.state.rounds[0].actions
    run(app, 45)                                   # 0.75 s of the 1.5 s window
    assert len(actions) == 1 and scene.sneak_buttons     # Bob, the AI on turn, waits for the window
    run(app, 200, until=lambda: len(actions) >= 2)
    assert len(actions) == 2 and actions[1][0] == 2 and not scene.sneak_buttons
    assert not any(s.glow == theme.LEGAL_GLOW for s in scene.hands[0])     # the light goes with the window


def test_a_lone_human_without_the_number_gets_no_window_and_the_ai_is_not_held_up(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=5.0)
    hands = [["2", "3", "4", "6"], ["5", "5", "7", "8"], ["9", "9", "10", "1"]]
    setup = {"dealer": 0, "first": 1, "hands": hands, "draw_pile": _rest_of_deck(hands)}
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")], setups=[setup])
    actions = scene.state.rounds[0].actions
    offered = []
    run(app, 60, until=lambda: offered.append(bool(scene.sneak_buttons)) or len(actions) >= 2)
    assert len(actions) >= 2 and actions[1][0] == 2        # Bob played within a second, not after 5 s
    assert not any(offered)


def test_with_several_humans_the_sneak_is_offered_to_all_alike_and_nothing_glows(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=2.0)
    hands = [["2", "3", "4", "6"], ["5", "5", "7", "8"], ["9", "9", "10", "1"], ["5", "7", "8", "6"]]
    setup = {"dealer": 0, "first": 1, "hands": hands, "draw_pile": _rest_of_deck(hands)}
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "human")],
                       setups=[setup])
    run(app, 600, until=lambda: bool(scene.sneak_buttons))
    assert [seat for seat, _ in scene.sneak_buttons] == [0, 3]     # Ann cannot sneak, Cleo can: both offered
    assert scene._reaction_cards() == set()
    assert not any(s.glow == theme.LEGAL_GLOW for hand in scene.hands.values() for s in hand)
    before = len(scene.state.rounds[0].actions)
    scene.sneak_buttons[0][1].on_click()
    assert len(scene.state.rounds[0].actions) == before
    assert scene.drag.notice is not None and "Ann: You do not hold" in scene.drag.notice.text


def test_two_humans_get_the_hand_off_and_no_hand_is_drawn_before_confirm(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "human"), ("Bob", "ai:easy")], options={"sneak": False})
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay) and overlay.seat_name == "Zoe"
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    zoe_cards = set(scene.state.hands[1])
    assert scene.viewer is None and not zoe_cards & set(scene.renderer.drawn_faces)
    overlay.ready()
    app.stack.apply_pending()
    run(app, 5)
    scene.draw(screen)
    assert scene.viewer == 1 and sorted(scene.renderer.drawn_faces) == sorted(scene.state.hands[1])


def test_one_human_never_sees_a_hand_off(make_app):
    app = make_app(size=(640, 400), animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")])
    run(app, 200)
    assert not any(isinstance(s, HandoffOverlay) for s in app.stack.scenes)
    assert scene.viewer == 0


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seat_and_its_cards_lie_inside_the_window(make_app, size, players):
    app = make_app(size=size, animation_speed="instant", ai_delay_s=0.0)
    names = ["Ann", "Bob", "Cleo", "Dion", "Eva"][:players]
    scene = open_table(app, [(n, "human" if i == 0 else "ai:easy") for i, n in enumerate(names)])
    run(app, 60)
    window = pygame.Rect(0, 0, *size)
    for seat in range(players):
        area = scene.layout.seats[seat]
        assert window.contains(area.plate)
        for sprite in scene.hands[seat]:
            assert window.contains(sprite.rect()), (seat, sprite.rect())
    for rect in (scene._olympus_rect(), scene._draw_pile_rect(), scene.layout.log_rect, scene.layout.controls_rect):
        assert window.contains(rect)


def test_the_table_follows_a_window_resize(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    run(app, 30)
    scene.resize((800, 500))
    window = pygame.Rect(0, 0, 800, 500)
    assert all(window.contains(s.rect()) for s in scene.hands[0])


def test_esc_opens_the_pause_menu(make_app):
    from scenes.screens.pause import PauseOverlay

    app = make_app(animation_speed="instant")
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy")])
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, PauseOverlay)


def test_a_round_result_is_shown_and_the_next_round_follows(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=0.3)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    run(app, 9000, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    assert isinstance(app.stack.top, ResultsOverlay)
    rounds = len(scene.session.state.rounds)
    run(app, 400, until=lambda: app.stack.top is scene and scene.idle)
    assert len(scene.session.state.rounds) >= rounds and not scene.overlay_open


def _rest_of_deck(hands: list[list[str]]) -> list[str]:
    from collections import Counter

    deck = Counter(load_game().deck.full_deck())
    deck.subtract(c for hand in hands for c in hand)
    return sorted(deck.elements(), key=lambda c: (len(c), c))


def test_after_a_refused_card_another_card_can_be_played_at_once(make_app):
    """A refused card springs back into the hand; that settling is not a move being shown, so a quick
    second try (another key) is taken, not answered with "wait a moment"."""
    app = make_app(animation_speed="normal", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 900, until=lambda: scene.state.turn == 0 and scene._human_may_act())
    assert scene._human_may_act()
    first = scene.hands[0][0]
    scene.drag.refuse([first], "That would take Mount Olympus past 100")
    run(app, 1)
    assert scene.tweens.busy and scene._human_may_act()
    actions_before = len(scene.state.rounds[0].actions)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2")
    scene.handle_event(key)
    assert len(scene.state.rounds[0].actions) == actions_before + 1


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_refusal_by_the_leftmost_card_stays_off_the_move_log_and_its_buttons(make_app, size):
    app = make_app(size=size, animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.state.turn == 0 and scene._human_may_act())
    scene.drag.refuse([scene.hands[0][0]], "That would take Mount Olympus past 100")
    scene.draw(app.screen)
    box = scene.notice_rect
    assert box is not None and app.screen.get_rect().contains(box)
    assert not box.colliderect(scene.layout.log_rect)
    assert not any(box.colliderect(b.rect) for b in scene.help_buttons)


def test_switching_language_at_the_table_rewrites_the_move_log_and_back(make_app):
    """The log is rebuilt from the record in the new words; switching back gives the very same lines."""
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "ai:easy"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 400, until=lambda: len(scene.state.rounds[0].actions) >= 6 and scene.idle)
    run(app, 1200, until=lambda: scene.idle and not scene.events)
    scene.agents.clear()            # nobody moves while the language changes hands
    english = list(scene.log.lines)
    assert len(english) >= 6
    try:
        app.set_language("nl")
        dutch = list(scene.log.lines)
        assert len(dutch) == len(english) and dutch != english
        assert any("speelt" in line for line in dutch)
    finally:
        app.set_language("en")
    assert scene.log.lines == english
