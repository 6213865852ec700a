"""Learn to play Tamoul: the script is legal move by move whatever the learner's name, each rule a first
game needs comes once (by the engine's events), a driven learner plays it to its end with the real keys,
a wrong move at any step is explained and changes nothing, looks end as in a real game, and the
tutorial ends at the round's results with the scoring said."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections import Counter

import pygame
import pytest

from game.core.actions import Action
from game.core.tutorials import progress_of
from game.tamoul import load_game
from scenes.screens import learn
from scenes.screens.results import ConfirmOverlay, ResultsOverlay
from scenes.table.tutorial import LEARNER, Step
from scenes.tamoul.table import TamoulTableScene
from scenes.tamoul.tutorial import SCORING, TUTORIAL, TamoulTutorialTable
from tests.scenes.table_driving import app_fixture, key, open_tutorial, play_tutorial, run

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})

ILLEGAL_TRIES = ("draw discard", "discard", "end", "intercept 7")    # the first refused now is tried
TURN_KEYS = {"end": pygame.K_e, "tamoul": pygame.K_c, "discard": pygame.K_x}


def seat_of(move) -> int:
    return LEARNER if isinstance(move, Step) else move.seat


@pytest.mark.parametrize("learner", ["You", "Jij", "Anna"])
def test_every_scripted_move_is_legal_in_its_position_and_the_learner_wins_the_round(learner):
    game = load_game()
    state = TUTORIAL.state_at(game, learner, 0)
    for move in TUTORIAL.script:
        legal = state.legal_actions(seat_of(move))
        assert move.wanted in legal, (move, [str(a) for a in legal])
        state.apply(seat_of(move), move.wanted)
    assert state.rounds[0].score == [0, 18, 27]      # the learner called with 6: 0 points


def test_each_rule_a_first_game_needs_comes_once():
    """The first look, a kept draw, an action card, one failed and one successful interception, taking
    the top discard, the call and the scoring: each exactly once for the learner (or by an opponent)."""
    game = load_game()
    state = TUTORIAL.state_at(game, "You", 0)
    events = list(state.opening_events())
    for move in TUTORIAL.script:
        events += state.apply(seat_of(move), move.wanted)
    seen = Counter()
    for e in events[:[e.kind for e in events].index("round_ended") + 1]:     # the next round's deal follows
        if e.kind == "first_look" and e.seat == LEARNER:
            seen["first look"] += 1
        elif e.kind == "kept" and e.seat == LEARNER:
            seen[f"kept from {e['source']}"] += 1
        elif e.kind == "discarded" and e["steps"]:
            seen["action card"] += 1
        elif e.kind == "peeked":
            seen["look"] += 1
        elif e.kind == "intercepted":
            seen[("intercept", e["success"], e.seat == LEARNER)] += 1
        elif e.kind in ("tamoul_called", "cards_revealed", "round_ended"):
            seen[e.kind] += 1
    assert seen == {"first look": 1, "kept from deck": 1, "kept from discard": 1, "action card": 1, "look": 1,
                    ("intercept", False, False): 1, ("intercept", True, True): 1, "tamoul_called": 1,
                    "cards_revealed": 1, "round_ended": 1}


def open_learn(app) -> TamoulTutorialTable:
    table = open_tutorial(app, "tamoul")
    assert isinstance(table, TamoulTutorialTable)
    return table


def until_step(app, table, frames: int = 2400) -> None:
    run(app, frames, until=lambda: table._coach_visible() or isinstance(app.stack.top, (ConfirmOverlay,
                                                                                          ResultsOverlay)))


def press_for(app, action: Action) -> None:
    """The learner's move with the real keys: D or T to draw, 1-8 for a slot, X, E, C, and I then 1-8."""
    verb, args = action.verb, action.args
    if verb == "draw":
        key(app, pygame.K_d if args == ("deck",) else pygame.K_t)
    elif verb in ("keep", "peek"):
        key(app, pygame.K_1 + int(args[0]))
    elif verb == "intercept":
        key(app, pygame.K_i)
        key(app, pygame.K_1 + int(args[0]))
    else:
        key(app, TURN_KEYS[verb])


def test_a_learner_plays_the_tutorial_to_its_end_with_the_keys_and_may_start_a_first_game(make_app):
    app = make_app()
    table = open_learn(app)
    play_tutorial(app, table, lambda action: press_for(app, action))
    run(app, 2400, until=lambda: isinstance(app.stack.top, ResultsOverlay)
        and not isinstance(app.stack.top, ConfirmOverlay))
    results = app.stack.top
    assert results.subtitle == SCORING.format(target=50)      # the last rule: how a round is scored
    assert results.button_specs[0][0] == "Go on"
    results.choose(0)
    app.stack.apply_pending()
    end = app.stack.top
    assert isinstance(end, ConfirmOverlay) and "Well done" in end.title and end.subtitle == TUTORIAL.tip
    assert table.state.round_index == 1 and table.sums == [6, 18, 27]     # no second round was shown
    assert progress_of(app.dirs.config / "tutorials.json", "tamoul").finished
    end.choose(0)   # "Play your first game"
    app.stack.apply_pending()
    from scenes.screens.setup import SetupScene

    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game.id == "tamoul"
    assert all(not s.human and s.level == "easy" for s in setup.seats[1:])


def wrong_moves(table, step: Step) -> list[Action]:
    legal = table.state.legal_actions(LEARNER)
    return [a for a in legal if a != step.wanted]


def test_a_wrong_move_at_each_step_is_explained_and_changes_nothing(make_app):
    app = make_app()
    table = open_learn(app)
    refused_by_engine = 0
    for index in TUTORIAL.step_indexes():
        until_step(app, table)
        step = TUTORIAL.script[index]
        assert isinstance(step, Step)
        before = table.state.position()
        others = wrong_moves(table, step)
        if others:      # another legal move: taken back with the step's explanation
            for wrong in others:
                assert table._apply(LEARNER, wrong) == "" and table.coach.refusals[-1] == step.why_not
            # The same with the real keys: the coach bubble says why, nothing moves.
            wrong = next(a for a in others if a.verb != "intercept" or step.wanted.verb == "intercept")
            table._taken_back = None
            press_for(app, wrong)
            run(app, 2)
            assert table.coach_words() == ("Not that one", step.why_not), (step, wrong)
            table.draw(pygame.Surface(app.size))
        else:           # nothing else is legal: the engine's own reason, as in a real game
            wrong = Action.parse("draw discard")
            reason = table._apply(LEARNER, wrong)
            assert reason and reason == table.state.why_illegal(LEARNER, wrong)
            refused_by_engine += 1
        # An illegal move at every step: the engine's own reason, as in a real game.
        illegal = next(a for a in map(Action.parse, ILLEGAL_TRIES) if table.state.why_illegal(LEARNER, a))
        assert table._apply(LEARNER, illegal) == table.state.why_illegal(LEARNER, illegal)
        assert table.state.position() == before and table.coach.at == index
        assert table._apply(LEARNER, step.wanted) is None
        if table.coach.step is not None:    # the next step's own words, not the refusal just said
            assert table.coach_words()[0].startswith("Step ")
    assert refused_by_engine == 1       # only the first draw has no other legal move


def test_looks_end_as_in_a_real_game_and_the_memory_aid_is_the_players_own(make_app):
    """The first look goes down after its seconds; the aid is the one of the player's last Tamoul setup."""
    app = make_app()
    table = open_learn(app)
    until_step(app, table)
    run(app, 2, until=lambda: bool(table.looks))
    assert {place for place in table.looks} == {(LEARNER, 2), (LEARNER, 3)}     # the first look is up
    run(app, int(60 * (TamoulTableScene.OWN_LOOK_SECONDS + 1.5)))
    assert not table.looks and all(s.card_id is None for s in table.grids[LEARNER].sprites())
    assert table.state.options["memory_aid"] is False and not table.seen_marks()

    path = app.dirs.config / "last_setups.json"
    path.write_text("{not json", encoding="utf-8")      # damaged: set aside and said, the aid stays off
    assert open_learn(app).state.options["memory_aid"] is False
    assert not path.exists() and list(path.parent.glob("last_setups*"))
    assert any("could not be read" in toast.text for toast in app.toasts)
    path.write_text(json.dumps({"tamoul": {"options": {"memory_aid": True}}}), encoding="utf-8")
    again = open_learn(app)
    assert again.state.options["memory_aid"] is True
    run(app, 5)
    assert again.seen_marks() == {(LEARNER, 2), (LEARNER, 3)}


def test_a_restart_at_the_interception_waits_for_the_learner(make_app):
    """Coming back at the step that intercepts: Nora's turn waits, the window stays open for the learner."""
    from game.core.tutorials import remember

    app = make_app()
    path = app.dirs.config / "tutorials.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    index = next(i for i in TUTORIAL.step_indexes() if TUTORIAL.script[i].wanted.verb == "intercept")
    remember(path, "tamoul", step=index)
    table = open_learn(app)
    assert table.coach.at == index
    until_step(app, table)
    run(app, 600)       # ten seconds: nobody moves, the interception is still offered
    assert table.coach.at == index and table._reaction_open() and table._coach_visible()
    assert [seat for seat, _button in table.reaction_buttons] == [LEARNER]
    press_for(app, TUTORIAL.script[index].wanted)
    run(app, 3)
    assert table.coach.at == index + 1
    assert table.state.position()["now"]["slots"][LEARNER][3] is None     # the 6♥ went onto the pile


def test_no_undo_in_the_tutorial(make_app):
    app = make_app()
    table = open_learn(app)
    index = next(i for i in TUTORIAL.step_indexes() if TUTORIAL.script[i].wanted.verb == "discard")
    for step in TUTORIAL.step_indexes():
        until_step(app, table)
        press_for(app, TUTORIAL.script[step].wanted)
        run(app, 3)
        if step == index:
            break
    before = table.state.position()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode=""))
    app.frame(1 / 60)
    assert table.state.position() == before and table.undo_button is None
