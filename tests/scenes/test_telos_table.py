"""The Télos table: plays rounds by itself with AI seats, takes human card sets by click and keyboard
through the session, springs an illegal set back with the engine's reason, offers the Divine Trick,
hides hands behind the hand-off screen and fits every seat in the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from game.telos import load_game
from scenes.app import App
from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from scenes.telos.table import TelosTableScene
from tests.scenes.table_driving import DT, app_fixture, key, open_session, run, show

NAMES = ["Ann", "Bruno", "Chloé", "Dimitri", "Eleni", "Fotis"]
ZEUS3 = ["Z:ant", "Z:eagle", "Z:swan"]
# A first round where Bruno (seat 1) leads and Ann (seat 0, human) follows: her 13 reaches any lead.
ANN = ["1a", "2a", "3a", "4a", "5a", "6a", "13a"]
BRUNO = ["7a", "8a", "9a", "10a", "11a", "12a", "7b"]
CHLOE = ["1b", "2b", "3b", "4b", "5b", "6b", "8b"]


make_app = app_fixture()


def open_table(app: App, seats: list[tuple[str, str]], seed: int = 3, options=None, setups=()) -> TelosTableScene:
    game = load_game()
    prepared = game.normalize_options(options) if setups else None
    return show(app, TelosTableScene(app, open_session(game, seats, seed, options, setups, prepared)))


def spy_on_apply(scene: TelosTableScene) -> list[tuple[int, str]]:
    calls: list[tuple[int, str]] = []
    real_apply = scene.session.apply

    def spy(seat, action):
        calls.append((seat, str(action)))
        return real_apply(seat, action)

    scene.session.apply = spy
    return calls


def ann_follows_setup(blind=None) -> dict:
    return {"dealer": 0, "direction": 1, "hands": [list(ANN), list(BRUNO), list(CHLOE)], "blind": blind,
            "scores_before": [[], [], []]}


def wait_for_human_turn(app: App, scene: TelosTableScene, seat: int = 0) -> None:
    run(app, 900, until=lambda: scene.idle and scene.state.turn == seat and app.stack.top is scene)
    assert scene.state.turn == seat and scene.bottom == seat and scene._human_may_act()


def click_point(scene: TelosTableScene, sprite) -> tuple[int, int]:
    """A point of `sprite` not covered by a later card of the fan (what a player would click)."""
    rect = sprite.rect()
    for fx in (0.15, 0.3, 0.5, 0.7, 0.85):
        for fy in (0.3, 0.5, 0.7):
            point = (int(rect.left + rect.width * fx), int(rect.top + rect.height * fy))
            if scene.drag._card_at(point) is sprite:
                return point
    raise AssertionError(f"no visible point on {sprite.card_id}")


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(DT)


def sprite_of(scene: TelosTableScene, card: str):
    return next(s for s in scene.hands[scene.bottom] if s.card_id == card)


# ----- the table plays by itself ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_an_all_ai_table_plays_tricks_and_rounds_by_itself(make_app, players):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [(n, "ai:normal") for n in NAMES[:players]], seed=5)
    state = scene.session.state
    run(app, 9000, until=lambda: len(state.rounds) >= 3 or state.finished)
    assert len(state.rounds) >= 3 or state.finished
    run(app, 600, until=lambda: app.stack.top is scene and scene.idle)
    view = state.view(None)
    assert scene.totals == list(view.totals) and scene.score_cards == [list(s) for s in view.score_cards]
    assert [len(scene.hands[s]) for s in range(players)] == list(view.hand_sizes)


def test_the_table_keeps_playing_with_normal_animation(make_app):
    app = make_app(size=(800, 500), ai_delay_s=0.1)
    scene = open_table(app, [(n, "ai:normal") for n in NAMES[:6]], seed=2)
    state = scene.session.state
    run(app, 3000, until=lambda: state.view(None).trick_number >= 2)
    assert state.view(None).trick_number >= 2 or len(state.rounds) > 1


def test_a_round_summary_is_shown_and_the_next_round_follows(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [(n, "ai:normal") for n in NAMES[:4]], seed=1)
    run(app, 6000, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    overlay = app.stack.top
    assert isinstance(overlay, ResultsOverlay) and "takes the last trick" in overlay.title
    assert len(overlay.rows) == 4 and any(value.startswith("+") for _, value in overlay.rows)
    rounds = len(scene.session.state.rounds)
    run(app, 400, until=lambda: app.stack.top is scene and scene.idle)
    assert len(scene.session.state.rounds) == rounds and not scene.overlay_open


# ----- human play: selection, click, keyboard ---------------------------------------------------------
def test_clicking_cards_selects_them_and_the_play_button_reaches_session_apply(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    click(app, click_point(scene, sprite_of(scene, "13a")))
    assert [s.card_id for s in scene.drag.selected] == ["13a"] and sprite_of(scene, "13a").lifted
    assert scene.play_button is not None and scene.play_button.enabled
    scene.play_button.on_click()
    assert (0, "play 13a") in calls


def test_arrows_space_and_enter_play_through_session_apply(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    key(app, pygame.K_LEFT)                        # focus wraps to the last card: the 13
    assert scene.drag.sprites[scene.drag.focus].card_id == "13a"
    key(app, pygame.K_SPACE)
    assert [s.card_id for s in scene.drag.selected] == ["13a"]
    key(app, pygame.K_SPACE)                       # Space again takes it out
    assert scene.drag.selected == []
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert calls[0] == (0, "play 13a")


def test_dragging_the_selection_into_the_middle_plays_it(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    start = click_point(scene, sprite_of(scene, "13a"))
    target = scene.layout.centre.center
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)):
        scene.handle_event(event)
    assert calls == [(0, "play 13a")]


def test_an_illegal_set_springs_back_with_the_engines_reason(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    actions = list(scene.state.rounds[0].actions)
    sprite = sprite_of(scene, "1a")
    home = sprite.home
    click(app, click_point(scene, sprite))
    expected = scene.state.why_illegal(0, Action.of("play", "1a"))
    scene.press_play()
    assert expected is not None and expected.startswith("you must reach")
    assert scene.drag.notice is not None and scene.drag.notice.text == expected[0].upper() + expected[1:]
    assert scene.state.rounds[0].actions == actions and scene.state.turn == 0
    run(app, 30)
    assert (sprite.x, sprite.y) == pytest.approx(home[:2])


def test_while_selecting_only_cards_that_can_complete_a_legal_play_stay_lit(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    app.frame(DT)
    lit = {s.card_id for s in scene.hands[0] if s.alpha > 200}
    assert lit == {"13a"}                                  # only the 13 reaches Bruno's lead
    assert scene.selection_help(["13a"]).complete and not scene.selection_help(["1a"]).complete


def test_several_cards_of_one_value_light_each_other_for_a_multiple_lead(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    # Ann leads the second trick (she wins the first with her 13) holding two 5s and a 6.
    hands = [["5a", "5b", "6a", "1c", "2c", "3c", "13a"], BRUNO, ["1b", "2b", "3b", "4b", "6b", "8b", "4a"]]
    setup = {"dealer": 0, "direction": 1, "hands": hands, "blind": None, "scores_before": [[], [], []]}
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[setup])
    wait_for_human_turn(app, scene)
    click(app, click_point(scene, sprite_of(scene, "13a")))
    scene.press_play()
    run(app, 900, until=lambda: scene.idle and scene.state.turn == 0 and scene.state.view(0).trick_number == 1)
    assert scene.state.view(0).trick_number == 1 and not scene.state.view(0).trick
    help_ = scene.selection_help(["5a"])
    assert "5b" in help_.can_join and "6a" not in help_.can_join and help_.complete
    calls = spy_on_apply(scene)
    for card in ("5a", "5b"):
        click(app, click_point(scene, sprite_of(scene, card)))
    key(app, pygame.K_RETURN)
    assert calls[0] == (0, "play 5a,5b")


# ----- the Divine Trick ------------------------------------------------------------------------------
def test_the_divine_trick_swaps_a_selected_card_with_the_blind_card(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    setup = ann_follows_setup(blind=["9b", "10b", "11b"])
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3, "divine_trick": True}, setups=[setup])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    assert scene.blind_shown and scene.swap_button is not None
    click(app, click_point(scene, sprite_of(scene, "1a")))
    assert scene.swap_button.enabled
    scene.swap_button.on_click()
    assert calls == [(0, "divine 1a")]
    run(app, 60, until=lambda: scene.idle)
    assert "9b" in [s.card_id for s in scene.hands[0]] and "1a" not in [s.card_id for s in scene.hands[0]]
    assert not scene.blind_shown and scene.state.turn == 0     # the swap is not a play: still Ann's turn


def test_dragging_a_card_onto_the_blind_card_swaps_it(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    setup = ann_follows_setup(blind=["9b", "10b", "11b"])
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3, "divine_trick": True}, setups=[setup])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    scene.draw(app.screen)
    start = click_point(scene, sprite_of(scene, "2a"))
    target = scene.blind_rect().center
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)):
        scene.handle_event(event)
    assert calls == [(0, "divine 2a")]


# ----- pass-and-play, menus ----------------------------------------------------------------------------
def test_two_humans_get_the_hand_off_and_no_hand_is_drawn_before_confirm(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "human"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    run(app, 300, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay) and overlay.seat_name == "Bruno"
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    assert scene.viewer is None and not set(BRUNO) & set(scene.renderer.drawn_faces)
    overlay.ready()
    app.stack.apply_pending()
    run(app, 5)
    scene.draw(screen)
    assert scene.viewer == 1 and set(BRUNO) <= set(scene.renderer.drawn_faces)
    assert not set(ANN) & set(scene.renderer.drawn_faces)


def test_esc_opens_the_pause_menu_and_the_rules_button_the_rules(make_app):
    from scenes.screens.pause import PauseOverlay
    from scenes.screens.rules import RulesScene

    app = make_app(animation_speed="instant")
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")])
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, PauseOverlay)
    app.stack.pop()
    app.stack.apply_pending()
    scene.buttons[0].on_click()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, RulesScene)


# ----- layout ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_seat_and_every_play_lies_inside_the_window(make_app, size, players):
    app = make_app(size=size, animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [(n, "human" if i == 0 else "ai:normal") for i, n in enumerate(NAMES[:players])])
    run(app, 60)
    window = pygame.Rect(0, 0, *size)
    areas = [scene.layout.seats[s] for s in range(players)]
    for area in areas:
        assert window.contains(area.rect) and window.contains(area.plate), (area.seat, area.rect)
    for seat in range(players):
        for sprite in scene.hands[seat]:
            assert window.contains(sprite.rect()), (seat, sprite.rect())
        for x, y, _ in scene.trick_area.positions(scene.layout, seat, 2):
            tw = scene.trick_area.card_width(scene.layout)
            card = pygame.Rect(0, 0, tw, int(tw * 1.4))
            card.center = (int(x), int(y))
            assert scene.layout.centre.contains(card), (seat, card, scene.layout.centre)
            assert not any(card.colliderect(a.rect) for a in areas), (seat, card)
    opponents = [a.rect for a in areas if a.side != "bottom"]
    assert not any(a.colliderect(b) for i, a in enumerate(opponents) for b in opponents[i + 1:])
