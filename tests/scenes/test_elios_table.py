"""The Elios table, driven as a player would: grouping by drag with a tray's problem shown then fixed,
Ready, placing a group by dragging it onto a lit stack, an illegal drop springing back with the
engine's reason, a disc, a split, whole games with 2 and 4 players, and pass-and-play privacy."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.elios import load_game
from game.elios.grouping import group_problem
from scenes.app import App
from scenes.elios.art import polar, stack_angle
from scenes.elios.table import EliosTableScene
from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from tests.scenes.table_driving import DT, app_fixture, key, open_session, run, show

# Ann (seat 0) holds the warm colours, Zoe the cool ones; two jokers each (E-4, 2 players).
ANN = list("rrrr" + "oooo" + "yyyy" + "llll" + "ww")
ZOE = list("gggg" + "ssss" + "bbbb" + "vvvv" + "ww")


make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def open_table(app: App, seats: list[tuple[str, str]], seed: int = 3, setups=()) -> EliosTableScene:
    return show(app, EliosTableScene(app, open_session(load_game(), seats, seed, {}, setups)))


def two_players(app: App, **kwargs) -> EliosTableScene:
    return open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")],
                      setups=[{"beams": [ANN, ZOE], "discs": 2}], **kwargs)


def my_move(scene: EliosTableScene) -> bool:
    return scene._my_phase() != ""


def drag(app: App, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press, move in a few steps and release, as a hand would."""
    start = (int(start[0]), int(start[1]))
    end = (int(end[0]), int(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for step in (0.3, 0.7, 1.0):
        pos = (int(start[0] + (end[0] - start[0]) * step), int(start[1] + (end[1] - start[1]) * step))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(DT)


def stack_point(scene: EliosTableScene, stack: int) -> tuple[float, float]:
    g = scene._sun_geometry()
    return polar(g.centre, g.radius * 0.6, stack_angle(stack, g.stacks))


def beam_point(sprite) -> tuple[float, float]:
    return (sprite.home[0], sprite.home[1])


def mine(scene: EliosTableScene):
    return scene.trays[scene.bottom]


def press(app: App, scene: EliosTableScene, label: str) -> None:
    button = next(b for b in scene.seat_buttons if b.label.startswith(label))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    app.frame(DT)


def group_and_ready(app: App, scene: EliosTableScene) -> None:
    """Ready once every AI seat has grouped, so this human confirms last and starts (E-5)."""
    ai_seats = set(scene.agents)
    run(app, 300, until=lambda: scene._my_phase() == "grouping" and ai_seats <= set(scene.state.confirmed))
    press(app, scene, "Ready")


# ----- grouping -----------------------------------------------------------------------------------------
def test_grouping_by_drag_shows_the_trays_problem_then_ready_sends_the_fixed_grouping(make_app):
    app = make_app(ai_delay_s=5.0)
    scene = two_players(app)
    run(app, 200, until=lambda: scene._my_phase() == "grouping")
    trays = mine(scene)
    texts = trays.groups()
    source = next(i for i, t in enumerate(texts) if "r" in t and len(t) > 1)
    target = next(i for i, t in enumerate(texts) if "r" in t and i != source)
    red = next(s for s in trays.trays[source] if s.card_id.startswith("r"))
    drag(app, beam_point(red), trays.tray_rect(target).center)
    assert trays.tray_of(red) == target
    problems = scene._tray_problems()
    # The tray now holds four beams, two of them red: it says what is wrong (the engine's words).
    assert problems == {target: group_problem(scene.content, trays.groups()[target], "this group")}
    assert "4 beams" in problems[target] and problems[target] in scene._hint()
    press(app, scene, "Ready")      # refused with the engine's words: nothing is sent
    assert scene.state.groups[0] is None
    assert "4 beams" in scene.drag.notice.text
    # Said of the tray by the number it shows, never the engine's "group 0 'rrow'" (issue 20, item 3).
    assert scene.drag.notice.text.startswith(f"Tray {target + 1}: ") and "'" not in scene.drag.notice.text
    drag(app, beam_point(red), trays.spare_rect.center)
    assert scene._tray_problems() == {}
    chosen = trays.groups()
    press(app, scene, "Ready")
    assert tuple(scene.state.groups[0]) == tuple(chosen)


def test_others_are_shown_grouping_then_ready_and_the_ai_groups_at_once(make_app):
    app = make_app(ai_delay_s=0.3)
    scene = two_players(app)
    view = scene.state.view(0)
    assert scene._status(view, 1) == "grouping…"
    run(app, 200, until=lambda: 1 in scene.state.confirmed)
    assert scene._status(scene.state.view(0), 1) == "ready"
    assert scene.trays[1].groups() == ("".join(scene.state.view(0).beams[1]),)   # still hidden from Ann
    group_and_ready(app, scene)
    run(app, 200, until=lambda: my_move(scene))
    assert scene.state.view(0).first_player == 0    # Ann confirmed last: she starts (E-5)
    assert scene.trays[1].groups() == tuple(scene.state.groups[1])


# ----- placing --------------------------------------------------------------------------------------------
def first_turn(app: App, **settings) -> EliosTableScene:
    scene = two_players(app)
    group_and_ready(app, scene)
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    return scene


def test_a_group_dragged_onto_a_lit_stack_is_placed(make_app):
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t)
    joker = next(s for s in trays.trays[index] if s.card_id.startswith("w"))
    coloured = [s for s in trays.trays[index] if not s.card_id.startswith("w")]
    scene.drag.grabbed = None
    lit = scene._legal_zones((joker.card_id,))
    assert lit and all(z.startswith("stack.") for z in lit if "tray" not in z and z != "tower")
    free = sorted(int(z.split(".")[1]) for z in lit if z.startswith("stack."))
    own_stacks = {scene.sun_letters.find(s.card_id[0]) for s in coloured}
    target = next(s for s in free if s not in own_stacks)
    before = scene.state.view(None).stacks[target]
    drag(app, beam_point(joker), stack_point(scene, target))
    assert scene.state.view(None).stacks[target] == before + "w"
    run(app, 60)
    assert scene.stacks == list(scene.state.view(None).stacks)


def test_a_group_dropped_on_the_disc_tower_goes_where_its_colours_say(make_app):
    """A newcomer aims at the sun itself: the middle places the group as Enter would (its coloured beam on
    its own stack; a joker with a choice is asked for), never a silent spring-back."""
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t)
    coloured = next(s for s in trays.trays[index] if not s.card_id.startswith("w"))
    assert "tower" in scene._legal_zones((coloured.card_id,))
    token = scene._token()
    drag(app, beam_point(coloured), scene._sun_geometry().centre)
    own = scene.sun_letters.find(coloured.card_id[0])
    placed = scene._token() != token
    assert placed or (scene.choice is not None and all(own in p for p in scene.choice.placements))
    if placed:
        assert scene.state.view(None).stacks[own].endswith(coloured.card_id[0])


def test_an_illegal_drop_springs_back_with_the_engines_reason(make_app):
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" not in t)
    beam = trays.trays[index][0]
    token = scene._token()
    drag(app, beam_point(beam), stack_point(scene, scene.sun_letters.find(beam.card_id[0])))
    assert scene._token() == token
    assert "joker" in scene.drag.notice.text          # E-5: the first turn places a joker group
    run(app, 40)
    assert (beam.x, beam.y) == beam_point(beam)


def test_disc_and_split_are_controls_of_the_turn(make_app):
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t)
    joker = next(s for s in trays.trays[index] if s.card_id.startswith("w"))
    legal = [a for a in scene.state.legal_actions(0) if a.verb == "place" and a.args[0] == str(index)]
    stacks = list(map(int, legal[0].args[1].split(",")))
    drag(app, beam_point(joker), stack_point(scene, stacks[trays.groups()[index].index("w")]))
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    discs = scene.state.discs
    key(app, pygame.K_d)
    assert scene.state.discs == discs + 1
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    groups = len(scene.state.groups[0])
    press(app, scene, "Split")
    assert scene.split_mode
    big = next(i for i, t in enumerate(trays.groups()) if len(t) > 1)
    beam = trays.trays[big][-1]
    drag(app, beam_point(beam), trays.spare_rect.center)
    assert len(scene.state.groups[0]) == groups + 1
    assert scene.state.groups[0][big + 1] == beam.card_id[0]


# ----- whole games ------------------------------------------------------------------------------------------
def play_my_turn(app: App, scene: EliosTableScene) -> None:
    """The test plays like a person: a group dragged onto the sun (the joker's stack chosen by a key when
    asked), else a disc, else a split."""
    legal = scene.state.legal_actions(scene.bottom)
    trays = mine(scene)
    place = next((a for a in legal if a.verb == "place"), None)
    if place is not None:
        index = int(place.args[0])
        stacks = list(map(int, place.args[1].split(",")))
        beam = trays.trays[index][0]
        drag(app, beam_point(beam), stack_point(scene, stacks[0]))
        if scene.choice is not None:
            key(app, getattr(pygame, f"K_{stacks[scene.choice.joker_index] + 1}"))
        return
    if any(a.verb == "disc" for a in legal):
        press(app, scene, "Add disc")
        return
    press(app, scene, "Split")
    big = next(i for i, t in enumerate(trays.groups()) if len(t) > 1)
    drag(app, beam_point(trays.trays[big][-1]), trays.spare_rect.center)


def test_a_whole_two_player_game_against_the_ai_ends_with_the_result(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")], seed=11)
    group_and_ready(app, scene)
    for _ in range(80):
        run(app, 400, until=lambda: my_move(scene) or scene.state.finished)
        if scene.state.finished:
            break
        token = scene._token()
        play_my_turn(app, scene)
        assert scene._token() > token, scene.drag.notice
    assert scene.state.finished
    run(app, 200, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    assert isinstance(app.stack.top, ResultsOverlay)


def test_four_players_play_in_teams_to_the_end(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "ai:normal"), ("Bo", "ai:normal"), ("Cy", "ai:normal"), ("Di", "ai:normal")],
                       seed=5)
    view = scene.state.view(None)
    assert view.teams == (0, 1, 0, 1)
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    run(app, 3000, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    assert scene.state.finished
    overlay = app.stack.top
    assert isinstance(overlay, ResultsOverlay)
    winners = scene.state.view(None).winners
    assert {s % 2 for s in winners} == {winners[0] % 2}        # one team wins together
    assert all("Team" in row[1] for row in scene._result_rows(winners))


# ----- pass-and-play ------------------------------------------------------------------------------------------
def test_pass_and_play_grouping_stays_private_until_everyone_is_ready(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bo", "human")], setups=[{"beams": [ANN, ZOE], "discs": 2}])
    run(app, 100, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    assert app.stack.top.seat_name == "Ann"
    assert scene.trays[0].groups() == ("".join(scene.state.drawn[0]),)      # nothing sorted on show yet
    app.stack.top.ready()
    app.stack.apply_pending()
    run(app, 100, until=lambda: scene._my_phase() == "grouping")
    trays = mine(scene)
    # Ann makes her own grouping: a lime beam alone.
    lime = next(s for s in trays.sprites() if s.card_id.startswith("l"))
    drag(app, beam_point(lime), trays.spare_rect.center)
    anns = trays.groups()
    assert "l" in anns
    press(app, scene, "Ready")
    run(app, 100, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    assert app.stack.top.seat_name == "Bo"
    # A simultaneous phase: the hand-off says everyone groups in secret, not "It is their turn".
    assert app.stack.top.reason == "Each player arranges their groups in secret. Next: Bo."
    # Behind Bo's hand-off, and once Bo sits down: Ann's groups are not on show, only her beams in a row.
    assert scene.trays[0].groups() == ("".join(scene.state.drawn[0]),)
    app.stack.top.ready()
    app.stack.apply_pending()
    run(app, 100, until=lambda: scene._my_phase() == "grouping")
    assert scene.bottom == 1
    assert scene.trays[0].groups() == ("".join(scene.state.drawn[0]),)
    assert scene._status(scene.state.view(1), 0) == "ready"
    press(app, scene, "Ready")
    run(app, 200, until=lambda: scene.state.phase == "placing" and scene.idle)
    assert tuple(scene.state.groups[0]) == anns


def test_pass_and_play_placing_turns_need_no_hand_off_once_the_groups_are_open(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bo", "human")], setups=[{"beams": [ANN, ZOE], "discs": 2}])
    for seat in (0, 1):     # both group behind a hand-off; Bo confirms last and so starts (E-5)
        run(app, 100, until=lambda: isinstance(app.stack.top, HandoffOverlay))
        app.stack.top.ready()
        app.stack.apply_pending()
        run(app, 100, until=lambda: scene._my_phase() == "grouping")
        press(app, scene, "Ready")
    handoffs: list[str] = []

    def watch() -> bool:
        if isinstance(app.stack.top, HandoffOverlay):
            handoffs.append(app.stack.top.seat_name)
        return False

    run(app, 200, until=lambda: watch() or (scene._my_phase() == "placing" and scene.bottom == 1))
    assert scene._my_phase() == "placing" and scene.bottom == 1 and scene.viewer == 1
    place = next(a for a in scene.state.legal_actions(1) if a.verb == "place")
    assert scene._apply(1, place) is None
    run(app, 300, until=lambda: watch() or (scene._my_phase() == "placing" and scene.bottom == 0))
    assert scene._my_phase() == "placing" and scene.bottom == 0 and scene.viewer == 0
    assert handoffs == []       # every beam lies open: Ann simply takes the screen
    assert scene._hint() and "Waiting" not in scene._hint()


def test_keys_choose_a_group_and_its_stack(make_app):
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    for _ in range(len(trays.sprites())):
        key(app, pygame.K_RIGHT)
        if any(s.card_id.startswith("w") for s in scene.drag.selected):
            break
    index = trays.tray_of(scene.drag.selected[0])
    group = trays.groups()[index]
    assert set(scene.drag.selected) == set(trays.trays[index]) and "w" in group
    place = next(a for a in scene.state.legal_actions(0) if a.verb == "place" and a.args[0] == str(index))
    joker_stack = list(map(int, place.args[1].split(",")))[group.index("w")]
    key(app, getattr(pygame, f"K_{joker_stack + 1}"))
    assert scene.state.view(None).stacks[joker_stack].endswith("w")
    assert scene.state.groups[0] is not None and group not in scene.state.groups[0][index:index + 1]


def test_enter_on_a_lone_joker_asks_for_its_stack(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")], setups=[{"beams": [ANN, ZOE], "discs": 2}])
    ai_seats = set(scene.agents)
    run(app, 300, until=lambda: scene._my_phase() == "grouping" and ai_seats <= set(scene.state.confirmed))
    trays = mine(scene)
    joker = next(s for s in trays.sprites() if s.card_id.startswith("w"))
    drag(app, beam_point(joker), trays.spare_rect.center)     # the joker alone in a group
    press(app, scene, "Ready")
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    index = trays.groups().index("w")
    scene.drag.selected = list(trays.trays[index])
    key(app, pygame.K_RETURN)
    assert scene.choice is not None and len(scene.choice.stacks()) == 8
    assert "joker" in scene._hint()
    key(app, pygame.K_5)
    assert scene.state.view(None).stacks[4] == "gw"


def test_the_rules_open_from_the_table_and_show_real_beams(make_app):
    from game.core.manifest import registry
    from scenes.screens.rules import RulesScene

    assert registry()["elios"].offered
    app = make_app()
    scene = two_players(app)
    run(app, 5)
    key(app, pygame.K_F1)
    app.stack.apply_pending()
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game_id == "elios"
    run(app, 3)
    assert rules.message == "" and rules.faces_problem == ""
    assert rules.cards and all(card.drawable for card in rules.cards)
    assert scene is not rules


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seats_trays_and_the_sun_fit_the_window_at_both_sizes(make_app, seats):
    app = make_app()
    names = ["You", "Bo", "Cy", "Di"][:seats]
    scene = open_table(app, [(n, "human" if i == 0 else "ai:normal") for i, n in enumerate(names)], seed=seats)
    group_and_ready(app, scene)
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    for size in ((800, 500), (1280, 720)):
        screen = pygame.Surface(size)
        scene.draw(screen)
        window = screen.get_rect()
        g = scene._sun_geometry()
        sun = pygame.Rect(0, 0, 2 * g.radius, 2 * g.radius)
        sun.center = g.centre
        assert window.contains(sun)
        for seat in range(seats):
            rects = scene.trays[seat].tray_rects
            assert rects and all(window.contains(r) for r in rects)
            assert not any(r.colliderect(sun) for r in rects)
            assert not any(r.colliderect(scene.layout.log_rect) or r.colliderect(scene.layout.controls_rect)
                           for r in rects)


def test_a_whole_tray_dropped_on_the_empty_tray_splits_off_the_beam_held(make_app):
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, t in enumerate(trays.groups()) if "w" in t)
    joker = next(s for s in trays.trays[index] if s.card_id.startswith("w"))
    place = next(a for a in scene.state.legal_actions(0) if a.verb == "place" and a.args[0] == str(index))
    drag(app, beam_point(joker), stack_point(scene, list(map(int, place.args[1].split(",")))[-1]))
    run(app, 300, until=lambda: scene._my_phase() == "placing")
    big = next(i for i, t in enumerate(trays.groups()) if len(t) > 1)
    held = trays.trays[big][0]
    assert f"0.tray.new" in scene._legal_zones((held.card_id,))
    drag(app, beam_point(held), trays.spare_rect.center)
    assert scene.state.groups[0][big + 1] == held.card_id[0]


def test_a_stalemate_result_says_why_the_game_ended_and_who_had_fewest_beams(make_app):
    from game.core.events import Event

    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bo", "ai:normal"), ("Cy", "ai:normal"), ("Di", "ai:normal")])
    scene._on_stalemate(Event("stalemate", None, {"beams_left": [2, 1, 3, 1], "team_beams": [5, 2],
                                                   "winners": [1, 3]}))
    words = scene._game_result(Event("game_ended", None, {"winners": [1, 3], "totals": [2, 1, 3, 1]}))
    assert words.title.startswith("Stalemate: Bo and Di win")
    assert "had to pass in one round" in words.subtitle and "Team A has 5 beams left, Team B 2" in words.subtitle
