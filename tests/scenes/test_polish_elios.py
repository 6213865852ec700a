"""The Elios table, polished as Zeus and Télos (issue 20): trays said by the number they show, the Hint
button clear of every tray, a tray grabbed anywhere on it, the AI's last placement marked, Last moves (L)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.scenes.table_driving import run
from tests.scenes.test_elios_table import beam_point, drag, group_and_ready, make_app, mine, press, two_players  # noqa: F401


def four_players(app, seed: int = 7):
    from game.elios import load_game
    from scenes.elios.table import EliosTableScene
    from tests.scenes.table_driving import open_session, show

    seats = [("You", "human"), ("Ariadne", "ai:normal"), ("Nikias", "ai:normal"), ("Phoebe", "ai:normal")]
    return show(app, EliosTableScene(app, open_session(load_game(), seats, seed, {})))


def test_no_button_covers_a_tray_with_four_players_at_any_size(make_app):
    """The Hint button covered the left player's third tray at every size tried."""
    for size in ((1280, 720), (800, 500), (999, 629), (2540, 1400)):
        app = make_app(size=size)
        scene = four_players(app)
        group_and_ready(app, scene)
        run(app, 600, until=lambda: scene._my_phase() == "placing")
        assert all(scene.state.groups[s] for s in range(4))    # every seat's trays are its groups now
        buttons = [b.rect for b in scene.help_buttons + scene.buttons + scene.seat_buttons]
        assert scene.help_buttons, "a Hint button is offered to one human"
        for seat in range(4):
            trays = scene.trays[seat]
            for rect in trays.tray_rects:
                covered = [b for b in buttons if b.colliderect(rect)]
                assert not covered, (size, seat, rect, covered)


def test_the_start_never_says_you_are_ready_before_you_are_and_ready_comes_at_once(make_app):
    """4 players: "You are ready. Waiting for You, Ariadne, Nikias, Phoebe" with no Ready button for about 1 s."""
    app = make_app(size=(800, 500), animation_speed="normal", ai_delay_s=0.6)
    scene = four_players(app)
    first_ready = None
    for frame in range(240):
        run(app, 1)
        hint = scene._hint()
        if 0 not in scene.state.confirmed:
            assert "You are ready" not in hint, (frame, hint)
        if first_ready is None and any(b.label == "Ready (R)" for b in scene.seat_buttons):
            first_ready = frame
        if first_ready is not None:     # once offered, another seat's "ready" never takes it away
            assert any(b.label == "Ready (R)" for b in scene.seat_buttons), frame
    assert first_ready is not None and first_ready < 30, first_ready


def test_a_tray_is_grabbed_anywhere_on_it_and_a_click_takes_it_whole(make_app):
    """A drag started between two beams did nothing; a click lit one beam and the "new" tray, like Split."""
    from scenes.table.group_trays import NEW_TRAY
    from scenes.ui import theme
    from tests.scenes.test_elios_table import first_turn, stack_point

    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t and len(t) > 1)
    tray = trays.trays[index]
    gap = ((tray[0].home[0] + tray[1].home[0]) / 2, trays.tray_rect(index).bottom - 3)
    assert all(not s.contains((int(gap[0]), int(gap[1]))) for s in tray)     # on the tray, on no beam
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(gap[0]), int(gap[1])), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(gap[0]), int(gap[1])), button=1))
    app.frame(1 / 60)
    assert set(scene.drag.selected) == set(tray)
    assert all(s.glow == theme.GOLD for s in tray)                # the whole tray is picked, not one beam
    assert f"0.tray.{NEW_TRAY}" not in scene._lit_tray_zones()    # and it does not look like Split
    scene.drag.cancel()
    legal = [a for a in scene.state.legal_actions(0) if a.verb == "place" and a.args[0] == str(index)]
    stacks = list(map(int, legal[0].args[1].split(",")))
    token = scene._token()
    drag(app, gap, stack_point(scene, stacks[0]))
    assert scene._token() != token or scene.choice is not None   # placed, or the joker's stack is asked


def drag_a_joker_group_onto_the_sun(app, scene) -> None:
    """The first turn's move, by mouse: a tray with a joker dragged onto a stack it may go on."""
    from tests.scenes.test_elios_table import stack_point

    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t)
    joker = next(s for s in trays.trays[index] if s.card_id.startswith("w"))
    place = next(a for a in scene.state.legal_actions(0) if a.verb == "place" and a.args[0] == str(index))
    stacks = list(map(int, place.args[1].split(",")))
    drag(app, beam_point(joker), stack_point(scene, stacks[trays.groups()[index].index("w")]))


def test_last_moves_and_a_lasting_mark_on_the_other_players_last_placement(make_app):
    from tests.scenes.test_elios_table import first_turn, stack_point
    from tests.scenes.table_driving import key

    app = make_app()
    scene = first_turn(app)
    assert any(b.label.startswith("Last moves") for b in scene.help_buttons)
    drag_a_joker_group_onto_the_sun(app, scene)
    assert scene.last_placed == []                     # your own placement is not marked
    run(app, 600, until=lambda: scene._my_phase() == "placing")
    for _turn in range(10):                             # until Zoe places a group after one of your moves
        if scene.recent_places[-1][0] == 1:
            break
        legal = scene.state.legal_actions(0)
        scene._apply(0, next((a for a in legal if a.verb == "disc"), legal[0]))
        run(app, 600, until=lambda: scene._my_phase() == "placing" or scene.state.finished)
    assert scene.recent_places[-1][0] == 1
    assert scene.last_placed and all(len(scene.stacks[s]) >= h for s, h in scene.last_placed)
    key(app, pygame.K_l)
    look = scene._look_back()
    assert scene.looking_back and look is not None and look.rows[0][0] == 0 and len(look.rows) <= 2
    key(app, pygame.K_ESCAPE)
    assert not scene.looking_back
    assert scene._apply(0, scene.state.legal_actions(0)[0]) is None     # your next move clears the mark
    assert scene.last_placed == []


def test_the_hint_lights_the_tray_it_would_place(make_app):
    from scenes.table.table_help import HINT_GLOW
    from tests.scenes.test_elios_table import first_turn
    from tests.scenes.table_driving import key

    app = make_app()
    scene = first_turn(app)
    key(app, pygame.K_h)
    run(app, 60, until=lambda: scene.hint_action is not None)
    action = scene.hint_action[1]
    assert action.verb == "place"
    run(app, 1)
    tray = mine(scene).trays[int(action.args[0])]
    assert tray and all(s.glow == HINT_GLOW for s in tray)
    assert f"tray {int(action.args[0]) + 1}" in scene._hint()          # said in the hint line, not over the sun
