"""The tables feel right (issue 12), seen at the Zeus table: the log says what is seen, nothing stale."""
from __future__ import annotations

import re

from tests.scenes.test_zeus_table import make_app, open_table, run

__all__ = ["make_app"]

PLAYED = re.compile(r"(?:plays|sneaks) \S+: (\d+) → (\d+)$")


def test_a_play_is_logged_when_its_card_has_landed_and_the_total_shows_it(make_app):
    app = make_app(animation_speed="normal", ai_delay_s=0.1)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    seen, early = 0, []
    for _ in range(900):
        run(app, 1)
        lines = scene.log.lines
        match = PLAYED.search(lines[-1]) if lines else None
        if match:
            seen += 1
            if scene.total.shown != int(match.group(2)) and scene.total.shown != 0:
                early.append((lines[-1], scene.total.shown))
    assert seen > 0 and early == []


def test_no_turn_words_behind_a_results_dialog(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    scene.overlay_open = True
    assert scene._hint() == ""


def test_a_hint_lights_the_normal_ais_card_and_says_why_without_playing_it(make_app):
    import pygame

    from scenes.table.table_help import HINT_GLOW

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    run(app, 600, until=lambda: scene._human_may_act() and scene.bottom in scene._waiting())
    assert any(b.label.startswith("Hint") for b in scene.help_buttons)
    actions = len(scene.state.rounds[-1].actions)
    scene.press_hint()
    scene.hint_runner.wait_all()
    run(app, 1)
    assert scene.hint_action is not None and len(scene.state.rounds[-1].actions) == actions
    assert scene.drag.notice is not None and scene.drag.notice.text.startswith("Hint: the Normal AI would play")
    scene.draw(pygame.Surface(app.size))
    [card] = scene._hint_cards(scene.hint_action[1])
    assert [s.card_id for s in scene.hands[0] if s.glow == HINT_GLOW][:1] == [card]


def test_no_hint_in_pass_and_play(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bob", "human"), ("Cleo", "ai:easy")])
    assert not scene._hints_allowed() and not any(b.label.startswith("Hint") for b in scene.help_buttons)


def test_the_last_moves_are_shown_on_demand(make_app):
    import pygame

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    run(app, 600, until=lambda: len(scene.recent_plays) >= 2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode=""))
    app.frame(1 / 60)
    look = scene._look_back()
    assert scene.looking_back and look is not None and 2 <= len(look.rows) <= 3
    scene.draw(pygame.Surface(app.size))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(1 / 60)
    assert not scene.looking_back and app.stack.top is scene


def test_a_pass_and_play_table_offers_the_hint_when_its_setup_agreed(make_app):
    from scenes.screens.setup import LAST_SETUPS, remember_setup

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    remember_setup(app.dirs.config / LAST_SETUPS, "zeus", {"hints_agreed": True, "seed_started": 3})
    scene = open_table(app, [("Ann", "human"), ("Bob", "human"), ("Cleo", "ai:easy")], seed=3)
    assert scene._hints_allowed() and any(b.label.startswith("Hint") for b in scene.help_buttons)


def test_your_turn_is_not_left_standing_once_your_move_is_made(make_app):
    from game.core.actions import Action

    app = make_app(animation_speed="normal", ai_delay_s=0.7)
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")], options={"sneak": False})
    run(app, 900, until=lambda: scene._human_may_act() and scene.bottom in scene._waiting())
    assert scene._turn_tag(0) == "your turn" and scene._hint().startswith("Your turn")
    card = next(a for a in scene.state.legal_actions(0) if a.verb == "play")
    assert scene._apply(0, Action.of("play", card.args[0])) is None
    run(app, 1)
    assert scene._turn_tag(0) != "your turn" and not scene._hint().startswith("Your turn")


def test_a_refusal_is_said_above_the_players_own_plate_with_a_capital(make_app):
    import pygame

    app = make_app(animation_speed="instant", ai_delay_s=0.0, size=(800, 500))
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    run(app, 600, until=lambda: scene._human_may_act() and scene.bottom in scene._waiting())
    sprite = scene.hands[0][0]
    scene.drag.refuse([sprite], "that would take Mount Olympus past 100")
    notice = scene.drag.notice
    plate = scene.layout.seats[0].plate
    assert notice is not None and notice.text == "That would take Mount Olympus past 100"
    assert notice.pos[1] <= plate.top                     # the box's bottom edge: above the plate
    scene.draw(pygame.Surface(app.size))
