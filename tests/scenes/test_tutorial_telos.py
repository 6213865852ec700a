"""Learn to play Télos: the prepared deal is one the rules deal, the script is legal move by move, each
rule a first game needs is said once where it first matters, a driven learner plays it to its end
with the real mouse and with the real keys, and a wrong move at any step is explained and changes
nothing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.tutorials import progress_of
from game.telos import load_game
from scenes.screens.results import ConfirmOverlay, ResultsOverlay
from scenes.table.tutorial import LEARNER, Step
from scenes.telos.tutorial import DEAL, TUTORIAL, TelosTutorialTable
from tests.scenes.table_driving import app_fixture, key, run
from tests.scenes.test_telos_table import click, click_point
from tests.scenes.test_tutorial_kit import open_learn, until_step

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})
NAMES = ["You", "Jij", "Anna", "Zoë"]


def steps() -> list[tuple[int, Step]]:
    return [(i, TUTORIAL.script[i]) for i in TUTORIAL.step_indexes()]     # type: ignore[misc]


# ----- the script against the engine ---------------------------------------------------------------
@pytest.mark.parametrize("learner", NAMES)
def test_the_prepared_position_is_the_engines_own_deal_of_it(learner):
    """The tutorial's `now` is what the engine makes of the deal (the deck's other cards unseen)."""
    game = load_game()
    seats = [SeatInfo(learner, "human"), SeatInfo("Thalia", "ai:random"), SeatInfo("Leon", "ai:random")]
    dealt = game.new_state(seats, game.normalize_options(dict(TUTORIAL.options)), TUTORIAL.seed, setups=[DEAL])
    ours = TUTORIAL.state_at(game, learner, 0).position()
    theirs = dealt.position()
    assert sorted(ours["now"].pop("undealt")) == sorted(theirs["now"].pop("undealt"))
    assert ours == theirs


@pytest.mark.parametrize("learner", NAMES)
def test_every_scripted_move_is_legal_in_its_position_and_the_learner_does_not_take_the_last_trick(learner):
    game = load_game()
    state = TUTORIAL.state_at(game, learner, 0)
    scored = []
    for move in TUTORIAL.script:
        seat = LEARNER if isinstance(move, Step) else move.seat
        assert state.to_act() == (seat,), move
        assert state.why_illegal(seat, move.wanted) is None, (move, [str(a) for a in state.legal_actions(seat)])
        scored += [e for e in state.apply(seat, move.wanted) if e.kind == "round_scored"]
    assert [e["seat"] for e in scored] == [2] and state.round_index == 1     # Leon takes it; the round is over
    assert state.view(None).totals[LEARNER] == 0


def replay_steps() -> list[dict]:
    """For each learner step: the situation the rules see when it comes (who leads, the line, k, the
    cards the learner could play, whether the trick is the last)."""
    game = load_game()
    state = TUTORIAL.state_at(game, "You", 0)
    seen = []
    for move in TUTORIAL.script:
        seat = LEARNER if isinstance(move, Step) else move.seat
        if isinstance(move, Step):
            view = state.view(LEARNER)
            legal = [a for a in state.legal_actions(LEARNER) if a.verb == "play"]
            seen.append({"step": move, "lead": not view.trick, "k": len(move.wanted.cards), "line": tuple(view.line),
                         "last": view.last_trick, "legal": legal,
                         "zeus": any(c.startswith("Z:") for c in move.wanted.cards),
                         "reaches": not view.trick or all(
                             v >= line for v, line in zip(sorted(state.rules.value_of.get(c, max(view.line))
                                                                 for c in move.wanted.cards), view.line))})
        state.apply(seat, move.wanted)
    return seen


def test_each_rule_a_first_game_needs_is_said_once_where_it_first_matters():
    """The table line and following, a lead of several cards, one Zeus power and the last trick: each is
    said in one step only, the first where the rules make it matter."""
    seen = replay_steps()
    said = [s["step"].say for s in seen]

    def first(condition) -> int:
        return next(n for n, s in enumerate(seen) if condition(s))

    rules = {
        "table line": first(lambda s: not s["lead"]),                              # the first follow
        "several cards of one value": first(lambda s: s["lead"] and s["k"] > 1),   # the first multiple lead
        "cannot reach": first(lambda s: not s["reaches"]),                          # the first follow that can't
        "the Ant": first(lambda s: s["zeus"]),                                     # a Zeus card's power
        "scores its value": first(lambda s: s["last"]),                            # the last trick
        "the highest card takes it": 0,                                             # a trick, first of all
        "Avoid the round's last trick": 0,                                          # and the goal
    }
    for words, where in rules.items():
        assert [n for n, text in enumerate(said) if words in text] == [where], words
    # The Ant is played where the rules alone would force the two lowest (1 and 5): its power is what frees.
    ant = seen[rules["the Ant"]]
    plain = [a for a in ant["legal"] if not any(c.startswith("Z:") for c in a.cards)]
    assert [a.cards for a in plain] == [("1c", "5b")] and ant["k"] == 2
    assert seen[-1]["last"] and len(seen[-1]["legal"]) == 1


# ----- the tutorial on the real table ----------------------------------------------------------------
def open_telos(app) -> TelosTutorialTable:
    table = open_learn(app, "telos")
    assert isinstance(table, TelosTutorialTable)
    return table


def choose_by_mouse(app, table, cards) -> None:
    """Click each card of the hand, as a player does (a point of it no later card covers)."""
    for card in cards:
        sprite = next(s for s in table.hands[LEARNER] if s.card_id == card)
        click(app, click_point(table, sprite))
    assert sorted(s.card_id for s in table.drag.selected) == sorted(cards)


def choose_by_keys(app, table, cards) -> None:
    """Arrows to each card, Space to choose it."""
    for card in cards:
        while table.drag.focus is None or table.drag.sprites[table.drag.focus].card_id != card:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
    assert sorted(s.card_id for s in table.drag.selected) == sorted(cards)


@pytest.mark.parametrize("size, by", [((800, 500), "mouse"), ((1280, 720), "keys")])
def test_a_learner_plays_the_tutorial_to_its_end_and_may_start_a_first_game(make_app, size, by):
    app = make_app(size=size)
    table = open_telos(app)
    surface = pygame.Surface(app.size)
    for number, (index, step) in enumerate(steps()):
        until_step(app, table)
        assert table.coach.at == index and table._coach_visible(), f"step {number + 1} did not come"
        table.draw(surface)
        heading, words = table.coach_words()
        assert heading == f"Step {number + 1} of 5" and words == step.say and table.bubble_rect is not None
        if by == "mouse":
            choose_by_mouse(app, table, step.wanted.cards)
            table.draw(surface)
            lit, _beside = table._tutorial_target(step)
            assert table.play_button.rect in lit        # chosen: the Play button is lit too
            plates = [area.plate for area in table.layout.seats.values()]
            assert table.bubble_rect.collidelist(plates + lit) < 0      # and the bubble still covers no plate
            click(app, table.play_button.rect.center)
        else:
            choose_by_keys(app, table, step.wanted.cards)
            key(app, pygame.K_RETURN)
        run(app, 3)
        assert table.coach.at > index, f"step {number + 1} was not taken"
    run(app, 1500, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    results = app.stack.top
    assert isinstance(results, ResultsOverlay) and results.title == "Leon takes the last trick"
    assert [label for label, _go in results.button_specs] == ["Go on"]
    assert progress_of(app.dirs.config / "tutorials.json", "telos").finished
    results.choose(0)
    run(app, 300, until=lambda: isinstance(app.stack.top, ConfirmOverlay))
    end = app.stack.top
    assert isinstance(end, ConfirmOverlay) and end.title == "Well done: you know how to play!"
    assert end.subtitle == TUTORIAL.tip
    end.choose(0)   # "Play your first game"
    app.stack.apply_pending()
    from scenes.screens.setup import SetupScene

    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game.id == "telos"
    # Télos has no Easy AI: the first game is against its gentlest, Beginner, and the screen lays out.
    assert all(not s.human and s.level == "random" for s in setup.seats[1:])
    setup.relayout()
    setup.draw(surface)


def test_a_wrong_move_at_each_step_is_explained_and_changes_nothing(make_app):
    app = make_app()
    table = open_telos(app)
    for index, step in steps():
        until_step(app, table)
        before = table.state.position()
        hand = [s.card_id for s in table.hands[LEARNER]]
        others = [a for a in table.state.legal_actions(LEARNER) if table.state.normalize(a) != step.wanted]
        if others:      # another legal move: taken back, and the bubble says why
            assert table._apply(LEARNER, others[0]) == "" and table.coach.refusals[-1] == step.why_not
            assert table.coach_words() == ("Not that one", step.why_not)
            table._taken_back = None
        else:           # the last trick: one card, nothing else to play
            assert hand == list(step.wanted.cards)
        # An illegal set of the learner's own cards gets the engine's reason, as in a real game.
        illegal = [Action.of("play", ",".join(cards)) for cards in
                   [(c,) for c in hand] + [(a, b) for a in hand for b in hand if a < b]]
        illegal = [a for a in illegal if table.state.why_illegal(LEARNER, a) is not None]
        if len(hand) > 1:
            assert illegal, f"step at {index}: no illegal move to try"
        for wrong in illegal[:2]:
            reason = table._apply(LEARNER, wrong)
            assert reason and reason == table.state.why_illegal(LEARNER, wrong)
        assert table.state.position() == before and table.coach.at == index
        if others:      # the same with the real mouse: the chosen cards spring back, the bubble says why
            choose_by_mouse(app, table, others[0].cards)
            click(app, table.play_button.rect.center)
            run(app, 2)
            assert table.coach_words()[1] == step.why_not and table.state.position() == before
            table.draw(pygame.Surface(app.size))
            for sprite in list(table.drag.selected):
                table.drag.toggle(sprite)
        assert table._apply(LEARNER, step.wanted) is None


def test_leaving_keeps_the_step_and_coming_back_starts_there(make_app):
    app = make_app()
    table = open_telos(app)
    (first, step1), (second, _step2) = steps()[:2]
    until_step(app, table)
    table._apply(LEARNER, step1.wanted)
    run(app, 1500, until=lambda: table.coach.at == second and table._coach_visible())
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    pause = app.stack.top
    assert pause.session is None and "start again at step 2 of 5" in pause.status_line()
    [leave] = [c for c in pause.focus.controls if getattr(c, "label", "") == "Leave the tutorial"]
    leave.on_click()
    app.stack.apply_pending()
    again = open_telos(app)
    assert again.coach.at == second and again.coach.step_number == 1
    assert again.state.position()["now"]["trick_number"] == 1
    assert any("You lead 12 Aegean Blue" in line for line in again.log.lines)   # the log rebuilt from the deal


def test_the_first_time_telos_is_picked_the_tutorial_is_offered_and_opens(make_app):
    from scenes.screens import learn

    app = make_app()
    app.stack.apply_pending()
    assert learn.offer_first_time(app, "telos", lambda: None)
    app.stack.apply_pending()
    offer = app.stack.top
    assert isinstance(offer, ConfirmOverlay) and offer.title == "New to Télos? Learn by playing — 5 minutes"
    offer.choose(0)     # "Learn by playing"
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TelosTutorialTable) and app.stack.top.coach.at == 0
    assert not learn.offer_first_time(app, "telos", lambda: None)      # made once only
