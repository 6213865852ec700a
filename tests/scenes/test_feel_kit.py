"""The tables feel right (issue 12): the kit's shared behaviour every table inherits.

Click twice to play (one interaction model for every table), reduced motion, skip to my turn.
"""
from __future__ import annotations

from dataclasses import dataclass

from scenes.table.tween import TweenQueue
from tests.scenes.test_telos_table import (ZEUS3, ann_follows_setup, click, click_point, make_app, open_table,
                                           run, spy_on_apply, sprite_of, wait_for_human_turn)

__all__ = ["make_app"]     # the fixture, shared with the Télos table's tests


@dataclass
class Thing:
    x: float = 0.0
    y: float = 0.0
    alpha: float = 255.0


def test_clicking_a_chosen_card_again_plays_it_on_a_multi_card_table(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    point = click_point(scene, sprite_of(scene, "13a"))
    click(app, point)
    assert [s.card_id for s in scene.drag.selected] == ["13a"] and not calls
    click(app, point)
    assert (0, "play 13a") in calls


def test_clicking_a_chosen_card_of_an_unplayable_set_again_takes_it_out(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    calls = spy_on_apply(scene)
    point = click_point(scene, sprite_of(scene, "1a"))    # too low to follow Bruno's lead
    click(app, point)
    click(app, point)
    assert scene.drag.selected == [] and not calls


def test_reduced_motion_fades_a_move_out_and_in_instead_of_sliding():
    queue = TweenQueue(lambda: 1.0, reduced=lambda: True)
    thing = Thing()
    queue.add(thing, 1.0, x=100.0, y=50.0)
    queue.update(0.25)
    assert (thing.x, thing.y) == (0.0, 0.0) and 100 < thing.alpha < 150     # fading where it was
    queue.update(0.5)
    assert (thing.x, thing.y) == (100.0, 50.0) and 100 < thing.alpha < 150  # back in, already there
    queue.update(0.5)
    assert (thing.x, thing.y, thing.alpha) == (100.0, 50.0, 255.0)


def test_without_reduced_motion_a_move_slides_at_full_opacity():
    queue = TweenQueue(lambda: 1.0)
    thing = Thing()
    queue.add(thing, 1.0, x=100.0)
    queue.update(0.25)
    assert 0 < thing.x < 100 and thing.alpha == 255.0


def test_a_fading_move_replaced_halfway_leaves_the_card_visible():
    queue = TweenQueue(lambda: 1.0, reduced=lambda: True)
    thing = Thing()
    queue.add(thing, 1.0, x=100.0)
    queue.update(0.25)
    queue.cancel(thing)
    assert thing.alpha == 255.0


def test_reduced_motion_is_read_from_the_settings_by_every_table(make_app):
    app = make_app(animation_speed="normal", reduced_motion=True)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")])
    assert scene.tweens.reduced()
    run(app, 5)
    moving = [t for t in scene.tweens.tweens if {"x", "y"} & set(t.ends)]
    assert moving and all(t.fade_move for t in moving)


def test_skip_to_my_turn_shows_ai_moves_at_once_and_slows_down_for_the_human(make_app):
    app = make_app(animation_speed="normal", ai_delay_s=0.7, skip_to_my_turn=True)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    # Bruno leads and Chloé follows before Ann: with normal speed that takes seconds; skipped, a few frames
    # after the deal.
    frames = run(app, 600, until=lambda: scene.idle and scene.state.turn == 0 and app.stack.top is scene)
    assert scene.state.turn == 0 and len(scene.state.rounds[0].actions) >= 1
    assert scene._animation_factor() == 1.0 and not scene._fast_forward()     # Ann's own turn: normal speed
    app2 = make_app(animation_speed="normal", ai_delay_s=0.7)
    slow = open_table(app2, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                      options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    slow_frames = run(app2, 900, until=lambda: slow.idle and slow.state.turn == 0 and app2.stack.top is slow)
    assert frames < slow_frames


def test_a_swan_turns_the_arrows_only_from_the_next_trick(make_app):
    from game.core.actions import Action
    from tests.scenes.test_telos_table import ANN, BRUNO, CHLOE

    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    chloe = [c for c in CHLOE if c != "8b"] + ["Z:swan"]
    setup = {"dealer": 0, "direction": 1, "hands": [list(ANN), list(BRUNO), chloe], "blind": None,
             "scores_before": [[], [], []]}
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[setup])
    run(app, 300, until=lambda: scene.idle and scene.state.turn == 1)
    assert scene._apply(1, Action.of("play", "7a")) is None
    run(app, 30, until=lambda: scene.idle)
    reason = scene._apply(2, Action.of("play", "Z:swan"))
    assert reason is None, reason
    run(app, 30, until=lambda: scene.idle)
    assert scene.state.view(None).direction == -1           # the rule: from the next trick on
    assert scene.way.now == 1 and scene.way.next == -1 and scene.way.arrow.value == 1.0
    assert scene.state.turn == 0                              # this trick still goes clockwise, to Ann
    assert scene._apply(0, Action.of("play", "13a")) is None
    run(app, 3000, until=lambda: not scene.trick_area.plays and scene.state.turn is not None and scene.idle)
    assert scene.way.now == -1 and scene.way.arrow.value == -1.0


def test_the_leads_chip_keeps_the_ai_tag_where_both_fit(make_app, monkeypatch):
    import pygame

    import scenes.table.plates as plates
    from scenes.ui import theme

    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    names = ["You", "Ariadne", "Nikias", "Phoebe", "Theron", "Kallisto"]
    scene = open_table(app, [(names[0], "human")] + [(n, "ai:normal") for n in names[1:]])
    run(app, 300, until=lambda: scene.idle and scene.state.turn != 0)
    drawn: dict[str, tuple[str, int, int]] = {}
    real = plates.draw_plate_name

    def spy(surface, plate, name, role, size, pad, room):
        drawn[name] = (role, room, size)
        return real(surface, plate, name, role, size, pad, room)

    monkeypatch.setattr(plates, "draw_plate_name", spy)
    scene.draw(pygame.Surface(app.size))
    leader = scene.names[scene.leader]
    role, room, size = drawn[leader]
    assert leader in scene.leads_tag_rects.keys() or scene.leader in scene.leads_tag_rects
    assert role == " (AI)" and theme.font(size, "bold").size(leader + role)[0] <= room


def test_the_hand_off_screen_opens_the_pause_menu_on_esc_and_a_click_anywhere_confirms(make_app):
    import pygame

    from scenes.screens.handoff import HandoffOverlay
    from scenes.screens.pause import PauseOverlay

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "human"), ("Chloé", "ai:normal")])
    run(app, 600, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    handoff = app.stack.top
    assert isinstance(handoff, HandoffOverlay)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    run(app, 2)
    assert isinstance(app.stack.top, PauseOverlay) and scene.viewer is None     # nothing private shown
    app.stack.top.resume_game()
    run(app, 2)
    assert app.stack.top is handoff
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))   # a stray release
    run(app, 1)
    assert app.stack.top is handoff
    click(app, (5, 5))                                                    # far from the button
    run(app, 2)
    assert app.stack.top is scene and scene.viewer == scene.bottom


def test_a_long_results_title_is_shown_whole_at_640_by_400(make_app):
    from scenes.screens.results import ResultsOverlay
    from scenes.ui.widgets import text_width

    app = make_app(size=(640, 400))
    title = "Ariadne takes the last trick and the round"
    overlay = ResultsOverlay(app, title, [("Ann", "3")], [("Next round", lambda: None)])
    assert " ".join(overlay.title_lines) == title
    room = overlay.panel.w - 2 * overlay.pad
    assert all(text_width(line, overlay.title_size, "title") <= room for line in overlay.title_lines)


def test_a_long_name_on_a_small_card_takes_two_whole_lines():
    from scenes.table.chips import fit_lines

    font, lines = fit_lines("White Bull", 40, 10)
    assert lines == ["White", "Bull"] and all(font.size(line)[0] <= 40 for line in lines)
    font, lines = fit_lines("Ant", 40, 10)
    assert lines == ["Ant"]


def test_the_hint_ends_whole_in_a_small_controls_area():
    import pygame

    from scenes.table import captions

    text = "Your lead: click a card (or several of one value), then drag them to the middle or press Enter."
    area = pygame.Rect(0, 300, 140, 100)
    drawn: list[str] = []
    real = captions.blit_text
    captions.blit_text = lambda surface, line, *args, **kw: drawn.append(line) or real(surface, line, *args, **kw)
    try:
        captions.draw_hint(pygame.Surface((640, 400)), text, area, 15, top=330)
    finally:
        captions.blit_text = real
    assert " ".join(drawn) == text


def test_the_winning_tag_never_covers_the_last_trick_banner(make_app):
    import pygame

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [(n, "ai:normal") for n in ("Ann", "Bruno", "Chloé", "Dimitri", "Eleni", "Fotis")])
    surface = pygame.Surface(app.size)
    checked = 0
    for _ in range(3000):
        run(app, 1)
        if scene.last_trick and len(scene.trick_area.plays) >= 2:
            scene.draw(surface)
            if scene.banner_rect is not None and scene.trick_area.best_tag_rect is not None:
                assert not scene.trick_area.best_tag_rect.colliderect(scene.banner_rect)
                checked += 1
        if checked >= 3:
            break
    assert checked


def test_the_last_trick_is_shown_on_demand(make_app):
    import pygame

    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [(n, "ai:normal") for n in ("Ann", "Bruno", "Chloé", "Dimitri")])
    assert scene._look_back() is None
    run(app, 2000, until=lambda: bool(scene.trick_area.previous))
    scene.toggle_look_back()
    look = scene._look_back()
    assert scene.looking_back and look is not None and len(look.rows) == 4
    scene.draw(pygame.Surface(app.size))


def test_the_divine_trick_marks_the_card_swapped_in_and_shows_the_others_use(make_app):
    import pygame

    from game.core.actions import Action

    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    setup = ann_follows_setup(blind=["9b", "10b", "11b"])
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3, "divine_trick": True}, setups=[setup])
    run(app, 300, until=lambda: scene.idle and scene.state.turn == 1)
    bruno_divine = next((a for a in scene.state.legal_actions(1) if a.verb == "divine"), None)
    assert bruno_divine is not None and scene._apply(1, bruno_divine) is None
    run(app, 30, until=lambda: scene.idle)
    assert scene.divine_used[1] and not any(line.startswith("Bruno uses") and "9b" in line for line in scene.log.lines)
    assert scene._apply(1, next(a for a in scene.state.legal_actions(1) if a.verb == "play")) is None
    run(app, 30, until=lambda: scene.idle)
    assert scene._apply(2, next(a for a in scene.state.legal_actions(2) if a.verb == "play")) is None
    run(app, 60, until=lambda: scene.idle and scene.state.turn == 0)
    assert scene._apply(0, Action.of("divine", "1a")) is None
    run(app, 60, until=lambda: scene.idle)
    assert scene.swapped_in == "9b" and scene.divine_used[0]
    scene.draw(pygame.Surface(app.size))       # the marks are drawn (the chip over 9b, "swapped" on plates)


def test_the_telos_hint_names_the_cards_in_the_tables_words(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[ann_follows_setup()])
    wait_for_human_turn(app, scene)
    scene.press_hint()
    scene.hint_runner.wait_all()
    run(app, 1)
    assert scene.hint_action is not None
    text = scene.drag.notice.text
    assert text.startswith("Hint: the Normal AI would play ") and "to reach" in text
