"""Learn to play Elios: the script is legal move by move whatever the learner's name, each rule a first
game needs comes once and first from the learner's own move, a driven learner plays it to its end with
the real mouse and keys (English at 1280×720, Dutch at 800×500, the coach's words never cut nor
covering what they light), and a wrong move at any step is explained and changes nothing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from game.core.tutorials import progress_of, remember
from game.elios import load_game
from scenes.elios.tutorial import JOKER_NOW, READY_NOW, SPLIT_NOW, START_AGAIN, TUTORIAL, EliosTutorialTable
from scenes.screens import learn
from scenes.screens.results import ConfirmOverlay
from scenes.table.group_trays import NEW_TRAY
from scenes.table.tutorial import LEARNER, Scripted, Step, draw_bubble, offered
from scenes.ui import i18n
from scenes.ui.widgets import recording_text
from tests.scenes.i18n_screens import text_problems
from tests.scenes.table_driving import app_fixture, key, open_tutorial, run, until_coach
from tests.scenes.test_elios_table import drag

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})
JOKER = "w"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def seat_of(move: Step | Scripted) -> int:
    return LEARNER if isinstance(move, Step) else move.seat


def played(learner: str = "You") -> list[tuple[int, Step | Scripted, list]]:
    """The script played on the engine: each move with the events it made."""
    state = TUTORIAL.state_at(load_game(), learner, 0)
    return [(index, move, state.apply(seat_of(move), move.wanted)) for index, move in enumerate(TUTORIAL.script)]


@pytest.mark.parametrize("learner", ["You", "Jij", "Anna", "Zoë"])
def test_every_scripted_move_is_legal_in_its_position_and_the_learner_places_every_beam_first(learner):
    """Elios seats nobody by name (the last to be ready starts), so any name meets the same game."""
    state = TUTORIAL.state_at(load_game(), learner, 0)
    for move in TUTORIAL.script:
        seat = seat_of(move)
        assert offered(state, seat, move.wanted), (move, state.why_illegal(seat, move.wanted))
        if state.lists_all_actions(seat):
            assert move.wanted in state.legal_actions(seat), move
        state.apply(seat, move.wanted)
    assert state.finished and state.winners == (LEARNER,) and state.view(None).beams_left[LEARNER] == 0
    assert all(left > 0 for left in state.view(None).beams_left[1:])


def test_each_rule_a_first_game_needs_comes_once_and_first_by_the_learners_own_move():
    """Grouping (the learner ready last starts), the joker's group first, a disc, one height, a split: each
    is met first in a step of the learner's, and the learner's disc and split come once."""
    moves = played()
    first: dict[str, int] = {}
    learner_kinds: list[str] = []
    for index, move, events in moves:
        for event in events:
            first.setdefault(event.kind, index)
            if event.seat == LEARNER:
                learner_kinds.append(event.kind)
    steps = TUTORIAL.step_indexes()
    revealed = next(e for _, _, events in moves for e in events if e.kind == "groupings_revealed")
    assert revealed["first_player"] == LEARNER and first["groupings_revealed"] == steps[0]
    placements = [(i, e) for i, _, events in moves for e in events if e.kind == "group_placed"]
    opening, placed = placements[0]
    assert opening == steps[1] and placed.seat == LEARNER and JOKER in placed["beams"]
    assert first["disc_added"] in steps and first["group_split"] in steps
    assert learner_kinds.count("disc_added") == 1 and learner_kinds.count("group_split") == 1
    one_height = next((i, e) for i, e in placements if e.seat == LEARNER and JOKER not in e["beams"])
    assert one_height[0] in steps and len(one_height[1]["stacks"]) == 3
    assert first["game_won"] == steps[-1]


# ----- driven at the table --------------------------------------------------------------------------
def open_learn(app) -> EliosTutorialTable:
    table = open_tutorial(app, "elios")
    assert isinstance(table, EliosTutorialTable)
    return table


def check_the_bubble(table: EliosTutorialTable, step: Step) -> None:
    """The coach's words fit their bubble whole, inside the window, and leave what they light uncovered."""
    surface = pygame.Surface(table.app.size)
    lit, beside = table._tutorial_target(step)
    if table.choice is not None:    # the joker's stack, lit on the sun, is what to click now
        lit += [z.rect for z in table.drag.zones if z.name in {f"stack.{s}" for s in table._wanted_stacks()}]
    assert lit, f"nothing is lit for {step.action}"
    heading, words = table.coach_words()
    with recording_text() as log:
        box = draw_bubble(surface, heading, words, beside, table.layout.text_size(17), table.layout.scale)
    assert text_problems(log) == []
    assert surface.get_rect().contains(box)
    assert all(not box.colliderect(rect) for rect in lit), (words, box, lit)


def select_tray(app, table: EliosTutorialTable, index: int) -> None:
    """Right arrow until the learner's tray `index` is the one taken (the keys' way to pick a group)."""
    trays = table.trays[LEARNER]
    for _ in range(len(trays.sprites()) + 1):
        if table.drag.selected and trays.tray_of(table.drag.selected[0]) == index:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"tray {index + 1} could not be taken with the keys")


def play_step(app, table: EliosTutorialTable, step: Step) -> None:
    """The step as a learner makes it with the real controls: beams dragged by mouse (the keys cannot
    regroup), the rest by keys (Ready R, a tray by the arrows and its stack by number, Add disc D,
    Split S)."""
    verb, args = step.wanted.verb, step.wanted.args
    trays = table.trays[LEARNER]
    if verb == "groups":
        sky = next(s for s in trays.sprites() if s.card_id.startswith("s"))
        joker_tray = next(i for i, group in enumerate(trays.groups()) if JOKER in group)
        drag(app, sky.home, trays.tray_rect(joker_tray).center)
        run(app, 5)
        assert table.coach_words()[1] == i18n._(READY_NOW)
        check_the_bubble(table, step)       # now "press Ready", with Ready lit
        key(app, pygame.K_r)
    elif verb == "place":
        index, stacks = int(args[0]), [int(s) for s in args[1].split(",")]
        group = trays.groups()[index]
        select_tray(app, table, index)
        if JOKER in group:      # a key for a coloured beam's stack, then the joker's (the table asks)
            key(app, pygame.K_1 + stacks[next(i for i, letter in enumerate(group) if letter != JOKER)])
            assert table.choice is not None and table.coach_words()[1] == i18n._(JOKER_NOW)
            check_the_bubble(table, step)
            key(app, pygame.K_1 + stacks[group.index(JOKER)])
        else:
            key(app, pygame.K_1 + stacks[0])
    elif verb == "disc":
        key(app, pygame.K_d)
    elif verb == "split":
        key(app, pygame.K_s)
        assert table.split_mode and table.coach_words()[1] == i18n._(SPLIT_NOW)
        check_the_bubble(table, step)
        index, alone = int(args[0]), args[1].split("/")[1]
        beam = next(s for s in trays.trays[index] if s.card_id.startswith(alone))
        drag(app, beam.home, table._tray_rect(NEW_TRAY).center)


@pytest.mark.parametrize("size, language", [((1280, 720), "en"), ((800, 500), "nl")])
def test_a_learner_plays_the_tutorial_to_its_end_with_the_real_controls(make_app, size, language):
    app = make_app(size=size)
    app.set_language(language)
    table = open_learn(app)
    for number, index in enumerate(TUTORIAL.step_indexes()):
        until_coach(app, table)
        step = TUTORIAL.script[index]
        assert isinstance(step, Step) and table.coach.at == index and table._coach_visible()
        check_the_bubble(table, step)
        table.draw(pygame.Surface(app.size))
        play_step(app, table, step)
        run(app, 3)
        assert table.coach.at > index, f"step {number + 1} ({step.action}) was not taken: {table.drag.notice}"
    run(app, 1500, until=lambda: isinstance(app.stack.top, ConfirmOverlay))
    end = app.stack.top
    assert isinstance(end, ConfirmOverlay) and end.subtitle == i18n._(TUTORIAL.tip)
    assert table.state.winners == (LEARNER,)
    assert progress_of(app.dirs.config / "tutorials.json", "elios").finished
    end.choose(0)   # "Play your first game"
    app.stack.apply_pending()
    from scenes.screens.setup import SetupScene

    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert all(not s.human and s.level == "random" for s in setup.seats[1:])     # Elios's gentlest level


def test_a_wrong_move_at_each_step_is_explained_and_changes_nothing(make_app):
    """Another legal move: taken back, the bubble says the step's "You could, but…"; an illegal one: the
    engine's own reason, as in a real game. Either way the position stays as it was."""
    app = make_app()
    table = open_learn(app)
    for index in TUTORIAL.step_indexes():
        until_coach(app, table)
        step = TUTORIAL.script[index]
        assert isinstance(step, Step)
        before = table.state.position()
        others = [a for a in table.state.legal_actions(LEARNER) if a != step.wanted]
        assert others, f"{step.action} has no other move to explain"
        table._taken_back = None
        assert table._apply(LEARNER, others[0]) == "" and table.coach.refusals[-1] == step.why_not
        assert table.coach_words()[1] == step.why_not
        check_the_bubble(table, step)
        illegal = Action.parse("place 0 7") if step.wanted.verb != "groups" else Action.parse("groups rr/oo")
        reason = table._apply(LEARNER, illegal)
        assert reason and reason == table.state.why_illegal(LEARNER, illegal)
        assert table.state.position() == before and table.coach.at == index
        table._taken_back = None
        table._apply(LEARNER, step.wanted)


def test_a_wrong_grouping_or_tray_by_the_real_controls_is_explained_where_the_learner_looks(make_app):
    app = make_app()
    table = open_learn(app)
    grouping, first_turn = TUTORIAL.step_indexes()[:2]
    until_coach(app, table)
    before = table.state.position()
    key(app, pygame.K_r)        # Ready on the suggested groups: a grouping the engine takes, not the step's
    run(app, 2)
    assert table.coach_words() == ("Not that one", TUTORIAL.script[grouping].why_not)
    assert table.drag.notice is None        # said in the bubble only, no empty notice box by the button
    assert table.state.position() == before
    table._taken_back = None
    play_step(app, table, TUTORIAL.script[grouping])
    until_coach(app, table)
    assert table.coach.at == first_turn
    select_tray(app, table, 0)      # red, orange, lime: no joker, so the engine refuses it on the first turn
    key(app, pygame.K_1)
    run(app, 2)
    assert table.drag.notice is not None and "joker" in table.drag.notice.text
    assert table.coach.at == first_turn and table.state.view(None).stacks == tuple("roylgsbv")


def test_the_steps_grouping_in_other_trays_is_taken_as_the_step(make_app):
    """The same groups in another order of trays and beams are the step's grouping, sent in the script's
    order, so the tray numbers of the later steps stay true."""
    app = make_app()
    table = open_learn(app)
    until_coach(app, table)
    assert table._apply(LEARNER, Action.parse("groups wsb/gl/yor/lor")) is None
    assert table.state.groups[LEARNER] == ["rol", "roy", "lg", "bws"]


def test_no_undo_in_the_tutorial_so_the_script_and_the_game_stay_together(make_app):
    app = make_app()
    table = open_learn(app)
    until_coach(app, table)
    play_step(app, table, TUTORIAL.script[TUTORIAL.step_indexes()[0]])
    run(app, 3)
    assert table.undo_button is None
    key_event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    pygame.event.post(key_event)
    run(app, 2)
    assert table.state.groups[LEARNER] == ["rol", "roy", "lg", "bws"]


def test_leaving_and_coming_back_starts_again_at_the_last_step(make_app):
    app = make_app(player_name="Anna")
    path = app.dirs.config / "tutorials.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    split = next(i for i in TUTORIAL.step_indexes() if TUTORIAL.script[i].wanted.verb == "split")
    remember(path, "elios", step=split)
    table = open_learn(app)
    assert table.coach.at == split and table.names[LEARNER] == "Anna"
    until_coach(app, table)
    assert table._coach_visible() and table.state.groups[LEARNER] == ["roy"]
    assert not any("could not be read back" in line for line in table.log.lines)
    assert any("Anna places" in line for line in table.log.lines)
    key(app, pygame.K_ESCAPE)   # the pause menu, with nothing to save
    app.stack.apply_pending()
    assert type(app.stack.top).__name__ == "TutorialPause" and app.stack.top.session is None


def test_the_first_time_offer_names_elios_and_opens_its_tutorial(make_app):
    app = make_app()
    app.stack.apply_pending()
    assert learn.offer_first_time(app, "elios", lambda: None)
    app.stack.apply_pending()
    offer = app.stack.top
    assert isinstance(offer, ConfirmOverlay) and offer.title == "New to Elios? Learn by playing — 5 minutes"
    offer.choose(0)     # "Learn by playing"
    app.stack.apply_pending()
    assert isinstance(app.stack.top, EliosTutorialTable) and app.stack.top.coach.at == 0
    assert not learn.offer_first_time(app, "elios", lambda: None)


def test_the_opponents_group_at_once_but_each_when_the_script_comes_to_it(make_app):
    """Everyone groups at the same time; a seat is asked only for its own scripted move, so a script in
    which Leon is ready before Thalia plays as written (no AI seat falls back to a move of its own)."""
    from dataclasses import replace

    from game.core.session import GameSession

    thalia, leon, *rest = TUTORIAL.script
    tutorial = replace(TUTORIAL, script=(leon, thalia, *rest))
    app = make_app()
    game = app.catalog.games["elios"]
    table = EliosTutorialTable(app, GameSession(game, tutorial.state_at(game, "You", 0)), tutorial, 0, lambda: None)
    app.stack.push(table)
    app.stack.apply_pending()
    run(app, 600, until=table._coach_visible)
    assert table.state.confirmed == [2, 1] and table.coach.at == 2
    assert table.state.groups[1] == ["ryl", "sbv", "yv", "gvw"]
    assert table.state.groups[2] == ["og", "yg", "o", "rlv", "sbw"]
    assert not any("failed" in line for line in table.log.lines)


def test_trays_two_moves_from_the_step_are_put_back_with_suggest_groups(make_app):
    app = make_app()
    table = open_learn(app)
    step = TUTORIAL.script[TUTORIAL.step_indexes()[0]]
    until_coach(app, table)
    trays = table.trays[LEARNER]
    red = trays.trays[0][0]
    drag(app, red.home, table._tray_rect(NEW_TRAY).center)     # red alone: now two moves from the step
    run(app, 5)
    assert trays.groups() == ("ol", "roy", "lgs", "bw", "r")
    assert table.coach_words()[1] == START_AGAIN
    assert table._tutorial_target(step)[0] == table._button(pygame.K_g)    # Suggest groups is lit
    key(app, pygame.K_g)
    run(app, 5)
    assert table.coach_words()[1] == step.say and table.state.groups[LEARNER] is None
