"""Learn to play Zeus on the Loose: the script is legal move by move, a driven learner plays it to its
end with the real keys, a wrong move at any step is explained and changes nothing, and the tutorial's
progress and first-time offer are remembered."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from game.core.tutorials import progress_of, remember
from game.zeus import load_game
from scenes.screens import learn
from scenes.screens.results import ConfirmOverlay
from scenes.table.tutorial import LEARNER, Step
from scenes.zeus.tutorial import TUTORIAL, ZeusTutorialTable
from tests.scenes.table_driving import app_fixture, key, open_tutorial, play_tutorial, run, until_coach

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})


@pytest.mark.parametrize("learner", ["You", "Jij", "Anna"])
def test_every_scripted_move_is_legal_in_its_position_and_the_learner_wins_the_round(learner):
    """Whatever the learner's name (Z-2 would choose the first player by name), the prepared position holds."""
    game = load_game()
    state = TUTORIAL.state_at(game, learner, 0)
    for move in TUTORIAL.script:
        seat = LEARNER if isinstance(move, Step) else move.seat
        assert move.wanted in state.legal_actions(seat), (move, [str(a) for a in state.legal_actions(seat)])
        state.apply(seat, move.wanted)
    assert state.view(None).letters[LEARNER] == 1 and sum(state.view(None).letters) == 1


def test_each_rule_a_first_game_needs_comes_once():
    game = load_game()
    state = TUTORIAL.state_at(game, "You", 0)
    reasons = []
    for move in TUTORIAL.script:
        seat = LEARNER if isinstance(move, Step) else move.seat
        reasons += [e.get("reason") for e in state.apply(seat, move.wanted) if e.kind in ("zeus_stolen", "round_won")]
    assert {"multiple_of_ten", "god", "sneak", "hundred"} <= set(reasons)


def open_learn(app) -> ZeusTutorialTable:
    table = open_tutorial(app, "zeus")
    assert isinstance(table, ZeusTutorialTable)
    return table


def press_for(app, table, action: Action) -> None:
    """The learner's move with the real keys: S for a sneak, the card's place (1–4) for a play."""
    if action.verb == "sneak":
        key(app, pygame.K_s)
        return
    cards = [s.card_id for s in table.drag.sprites]
    key(app, pygame.K_1 + cards.index(action.args[0]))


def test_a_learner_plays_the_tutorial_to_its_end_with_the_keys_and_may_start_a_first_game(make_app):
    app = make_app()
    table = open_learn(app)
    play_tutorial(app, table, lambda action: press_for(app, table, action), frames=1200)
    run(app, 1500, until=lambda: isinstance(app.stack.top, ConfirmOverlay)
        and "Well done" in app.stack.top.title)
    end = app.stack.top
    assert isinstance(end, ConfirmOverlay) and end.subtitle == TUTORIAL.tip
    assert progress_of(app.dirs.config / "tutorials.json", "zeus").finished
    end.choose(0)   # "Play your first game"
    app.stack.apply_pending()
    from scenes.screens.setup import SetupScene

    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert all(not s.human and s.level == "easy" for s in setup.seats[1:])


def test_a_wrong_move_at_each_step_is_explained_and_changes_nothing(make_app):
    app = make_app()
    table = open_learn(app)
    for index in TUTORIAL.step_indexes():
        until_coach(app, table)
        step = TUTORIAL.script[index]
        assert isinstance(step, Step)
        legal = table.state.legal_actions(LEARNER)
        others = [a for a in legal if a != step.wanted]
        before = table.state.position()
        hand = [s.card_id for s in table.drag.sprites]
        if others:      # another legal move: taken back with the step's explanation
            wrong = others[0]
            assert table._apply(LEARNER, wrong) == "" and table.coach.refusals[-1] == step.why_not
        else:           # nothing else is legal (a sneak): the engine's own reason, as in a real game
            wrong = Action.of("play", next(c for c in hand if c != step.wanted.args[0]))
            reason = table._apply(LEARNER, wrong)
            assert reason and reason == table.state.why_illegal(LEARNER, wrong)
        assert table.state.position() == before and table.coach.at == index
        if wrong.verb == "play" and others:     # the same with the real keys: the coach bubble says why
            table._taken_back = None
            key(app, pygame.K_1 + hand.index(wrong.args[0]))
            run(app, 2)
            assert table.coach_words()[1] == step.why_not and table.state.position() == before
            table.draw(pygame.Surface(app.size))
        table._apply(LEARNER, step.wanted)


def test_leaving_and_coming_back_starts_again_at_the_last_step(make_app):
    app = make_app()
    table = open_learn(app)
    first, second = TUTORIAL.step_indexes()[:2]
    until_coach(app, table)
    press_for(app, table, TUTORIAL.script[first].wanted)
    run(app, 1200, until=lambda: table.coach.at == second)
    key(app, pygame.K_ESCAPE)   # the pause menu
    app.stack.apply_pending()
    from scenes.screens.pause import PauseOverlay

    assert isinstance(app.stack.top, PauseOverlay) and app.stack.top.session is None   # nothing to save
    app.back_to_title()
    app.stack.apply_pending()
    again = open_learn(app)
    assert again.coach.at == second and again.coach.step_number == 1
    assert again.state.position()["now"]["total"] == 13


def test_a_restart_rebuilds_the_move_log_whatever_the_learners_name(make_app):
    """A name before the opponents' (Z-2 would deal otherwise) still gets its earlier moves in the log."""
    app = make_app(player_name="Anna")
    path = app.dirs.config / "tutorials.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    remember(path, "zeus", step=TUTORIAL.step_indexes()[1])
    table = open_learn(app)
    assert table.names[LEARNER] == "Anna" and table.coach.step_number == 1
    assert not any("could not be read back" in line for line in table.log.lines)
    assert any("Anna plays 4" in line for line in table.log.lines)


def test_learn_to_play_on_the_title_menu_opens_the_tutorial(make_app):
    from scenes.screens.title import TitleScene

    app = make_app()
    title = TitleScene(app)
    app.stack.push(title)
    app.stack.apply_pending()
    [button] = [c for c in title.focus.controls if getattr(c, "label", "") == "Learn to play"]
    button.on_click()
    app.stack.apply_pending()
    choice = app.stack.top      # several games have a tutorial: the player picks one
    assert isinstance(choice, ConfirmOverlay)
    choice.choose([label for label, _action in choice.button_specs].index("Zeus on the Loose"))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ZeusTutorialTable) and app.stack.top.coach.at == 0


def test_the_first_time_offer_comes_once_and_never_after_the_tutorial_was_finished(make_app):
    app = make_app()
    app.stack.apply_pending()
    went_on = []
    assert learn.offer_first_time(app, "zeus", lambda: went_on.append(1))
    app.stack.apply_pending()
    offer = app.stack.top
    assert isinstance(offer, ConfirmOverlay) and offer.title == "New to Zeus on the Loose? Learn by playing — 5 minutes"
    offer.choose(1)     # "Play now"
    assert went_on == [1]
    assert not learn.offer_first_time(app, "zeus", lambda: None)
    path = app.dirs.config / "tutorials.json"
    path.unlink()
    remember(path, "zeus", finished=True)
    assert not learn.offer_first_time(app, "zeus", lambda: None)


def test_a_damaged_progress_file_is_set_aside_and_the_tutorial_starts_afresh(make_app):
    app = make_app()
    path = app.dirs.config / "tutorials.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    table = open_learn(app)
    assert table.coach.at == 0 and not path.exists()
    assert list(path.parent.glob("tutorials*"))     # kept aside, not overwritten
