"""The tutorial kit (scenes/table/tutorial.py), for every game that has a tutorial: the coach bubble never
covers the learner's name plate (nor any other), turn tag or what it lights; the pause menu says that leaving keeps the
step (a tutorial is no saved game); the last round's results close the tutorial over the finished
round, never over the next round's deal; there is no Undo, and Hint shows the step's move."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.screens import learn
from scenes.screens.pause import PauseOverlay
from scenes.screens.results import ConfirmOverlay, ResultsOverlay
from scenes.table.tutorial import LEARNER, TutorialPause, TutorialTable, place_bubble
from tests.scenes.table_driving import app_fixture, key, run

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})
GAMES = sorted(learn.TUTORIALS)


def open_learn(app, game_id: str) -> TutorialTable:
    learn.open_tutorial(app, game_id)
    app.stack.apply_pending()
    table = app.stack.top
    assert isinstance(table, TutorialTable)
    return table


def until_step(app, table) -> None:
    run(app, 1500, until=lambda: table._coach_visible() or isinstance(app.stack.top, ResultsOverlay))


def at_first_step(make_app, game_id: str, size=(1280, 720)):
    """A fresh app with the game's tutorial open at its first step."""
    app = make_app(size=size)
    table = open_learn(app, game_id)
    until_step(app, table)
    return app, table


def play_to_the_end(app, table, at_each_step=lambda: None) -> None:
    """The learner makes every step's move; `at_each_step` looks at the table before each."""
    for index in table.coach.tutorial.step_indexes():
        until_step(app, table)
        assert table.coach.at == index and table._coach_visible()
        at_each_step()
        assert table._apply(LEARNER, table.coach.step.wanted) is None
    run(app, 1500, until=lambda: isinstance(app.stack.top, (ResultsOverlay, ConfirmOverlay)))


# ----- the coach bubble --------------------------------------------------------------------------------
def test_a_bubble_stands_by_its_target_and_moves_off_what_it_must_keep_clear_of():
    area = pygame.Rect(0, 0, 800, 500)
    card = pygame.Rect(380, 390, 70, 100)
    plate = pygame.Rect(260, 345, 280, 30)
    free = place_bubble(area, (240, 80), card, [], 7)
    assert free.bottom == card.top - 7 and free.centerx == card.centerx     # nothing in the way: just above
    kept = place_bubble(area, (240, 80), card, [plate], 7)
    assert not kept.colliderect(plate) and kept.bottom <= plate.top and area.contains(kept)
    words = pygame.Rect(330, 220, 140, 40)      # the words in the middle, above the plate
    moved = place_bubble(area, (240, 80), card, [plate, words], 7)
    assert not moved.colliderect(plate) and not moved.colliderect(words) and area.contains(moved)
    everywhere = [area]     # nowhere is clear: the least covered place, still inside the window
    assert area.contains(place_bubble(area, (240, 80), card, everywhere, 7))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_coach_bubble_never_covers_a_name_plate_nor_what_it_lights(make_app, game_id, size):
    app = make_app(size=size)
    table = open_learn(app, game_id)
    surface = pygame.Surface(size)
    seen = []

    def look() -> None:
        table.draw(surface)
        bubble = table.bubble_rect
        assert bubble is not None and surface.get_rect().contains(bubble)
        plates = [area.plate for area in table.layout.seats.values()]
        assert bubble.collidelist(plates) < 0, f"step {table.coach.step_number + 1} covers a name plate"
        assert table.turn_tag_rect is None or not bubble.colliderect(table.turn_tag_rect)
        lit, _beside = table._tutorial_target(table.coach.step)
        assert not any(bubble.colliderect(r) for r in lit), f"step {table.coach.step_number + 1} covers its target"
        seen.append(bubble)

    play_to_the_end(app, table, look)
    assert len(seen) == len(table.coach.tutorial.step_indexes())


# ----- the end: over the finished round, not the next deal ------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_results_and_the_end_stand_over_the_finished_round_not_a_new_deal(make_app, game_id):
    app = make_app()
    table = open_learn(app, game_id)
    play_to_the_end(app, table)
    results = app.stack.top
    if not isinstance(results, ConfirmOverlay):     # a game of rounds shows the script's round first (Elios has none)
        labels = [b for b, _go in results.button_specs]
        assert isinstance(results, ResultsOverlay) and labels[0] == "Go on" and "Next round" not in labels
        results.choose(0)
    else:
        assert game_id == "elios"
    run(app, 600, until=lambda: isinstance(app.stack.top, ConfirmOverlay))
    end = app.stack.top
    assert isinstance(end, ConfirmOverlay) and end.title == "Well done: you know how to play!"
    run(app, 120)       # the table keeps running under the dialog: nothing is dealt
    assert not table.events and not any(line.startswith("Round 2") for line in table.log.lines)
    if hasattr(table.state.view(LEARNER), "hand"):     # Zeus, Télos: the engine has dealt round 2 meanwhile
        shown = sorted(s.card_id for s in table.hands[LEARNER])
        dealt = sorted(str(c) for c in table.state.view(LEARNER).hand)
        assert shown != dealt and len(shown) < len(dealt) or not dealt
    assert app.stack.scenes[-2] is table


# ----- the pause menu and Undo ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_pause_menu_of_a_tutorial_says_leaving_keeps_the_step_and_offers_no_saving(make_app, game_id):
    app, table = at_first_step(make_app, game_id, (800, 500))
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    pause = app.stack.top
    assert isinstance(pause, TutorialPause) and isinstance(pause, PauseOverlay) and pause.session is None
    labels = [getattr(c, "label", "") for c in pause.focus.controls]
    assert labels == ["Resume", "Rules", "Settings", "Leave the tutorial", "Quit"]
    count = len(table.coach.tutorial.step_indexes())
    assert pause.status_line().endswith(f"if you leave, you start again at step 1 of {count}")
    assert "saved" not in pause.status_line()
    surface = pygame.Surface(app.size)
    pause.draw(surface)     # every word shown: the line wraps inside the panel, never cut
    from scenes.ui.widgets import text_width

    assert all(text_width(line, pause.text_size) <= pause.panel.width for line in pause.status_lines)
    assert " ".join(pause.status_lines) == pause.status_line()
    pause.resume_game()
    app.stack.apply_pending()
    assert app.stack.top is table
    # While the others answer the learner's first move, leaving would start again at that step.
    table._apply(LEARNER, table.coach.step.wanted)
    second = table.coach.tutorial.step_indexes()[1]      # the learner may move again at once (Tamoul, Elios)
    assert TutorialPause(app, game_id, table.coach).restart_step() == (2 if table.coach.at == second else 1)
    table.coach.at = len(table.coach.tutorial.script)
    assert "finished" in TutorialPause(app, game_id, table.coach).status_line()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tutorial_offers_no_undo(make_app, game_id):
    app, table = at_first_step(make_app, game_id)
    assert table.undo_button is None
    assert "Undo" not in [b.label for b in table.buttons + table.help_buttons]
    table._apply(LEARNER, table.coach.step.wanted)
    at, position = table.coach.at, table.state.position()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode=""))
    app.frame(1 / 60)
    assert table.coach.at >= at and len(table.state.rounds[-1].actions) >= len(position["rounds"][-1]["actions"])


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_in_a_tutorial_shows_the_steps_move_and_asks_no_ai(make_app, game_id):
    app, table = at_first_step(make_app, game_id)
    step = table.coach.step
    others = [a for a in table.state.legal_actions(LEARNER) if table.state.normalize(a) != step.wanted]
    while not others:       # a step with one legal move (Tamoul's opening look): on to one with a choice
        assert table._apply(LEARNER, step.wanted) is None
        until_step(app, table)
        step = table.coach.step
        others = [a for a in table.state.legal_actions(LEARNER) if table.state.normalize(a) != step.wanted]
    table._apply(LEARNER, others[0])       # taken back: the bubble says why …
    assert table.coach_words()[0] == "Not that one"
    key(app, pygame.K_h)                    # … and Hint brings the step back, its cards glowing
    assert table.hint_action == (table._token(), step.wanted) and not table.hint_runner.busy
    assert table.coach_words()[1] == step.say
    run(app, 2)
    if hasattr(table, "_hint_rects"):       # Tamoul lights the pile or slot the move names
        assert table._hint_rects()
    elif game_id == "elios":                # Elios: the step's trays and stacks stay lit
        assert table._tutorial_target(step)[0]
    else:
        glowing = {s.card_id for s in table.hands[LEARNER] if s.glow is not None}
        assert set(table._hint_cards(step.wanted)) <= glowing


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_line_in_a_tutorial_names_no_ai(make_app, game_id):
    """Hint (H) at a step shows the step's own move; its words send the learner to the note, not to an AI."""
    app, table = at_first_step(make_app, game_id)
    key(app, pygame.K_h)
    run(app, 2)
    words = table._hint_reason(table.coach.step.wanted)
    assert words == "the move lit on the table, as the note beside it says"
