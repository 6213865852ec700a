"""Undo at every game's table: Ctrl+Z (and the Undo button) take back the player's own last move, the
record and autosave as if it was never made, the screen and log rebuilt; a refused undo says why and
changes nothing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import load_game
from game.core.records import record_to_text
from game.core.undo import why_no_undo
from scenes.screens.handoff import HandoffOverlay
from scenes.tables import open_table
from tests.scenes.table_driving import DT, app_fixture, open_session, run, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 1.0})

CASES = [("telos", 3, {}), ("zeus", 3, {"manual_draw": True}), ("tamoul", 2, {"reaction_ms": 300}), ("elios", 2, {})]
SEATS = [("You", "human"), ("Ariadne", "ai:normal"), ("Nikias", "ai:normal")]


def ctrl_z(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a"))
    app.frame(DT)


def record_text(scene) -> str:
    return record_to_text(scene.session.state.record())


def last_actor(scene) -> int | None:
    moves = [a for r in scene.state.rounds for a in r.actions]
    return moves[-1][0] if moves else None


def make_undoable_move(app, scene) -> str:
    """Play the human's moves through the table until one that may be taken back is made; returns the
    record's text from just before it."""
    game = scene.game
    for _decision in range(4):
        run(app, 400, until=lambda: scene._human_may_act())
        assert scene._human_may_act(), "the table never let the player act"
        legal = scene.state.legal_actions(0)
        allowed = None
        for action in legal:
            probe = scene.state.clone()
            probe.apply(0, action)
            if why_no_undo(game, probe, 0) is None:
                allowed = action
                break
        before = record_text(scene)
        assert scene._apply(0, allowed or legal[0]) is None
        if allowed is not None:
            return before
    pytest.fail("no move that may be taken back came up")


@pytest.mark.parametrize("game_id,players,options", CASES)
def test_ctrl_z_takes_back_a_move_and_a_refusal_says_why_with_nothing_changed(make_app, game_id, players, options):
    app = make_app()
    game = load_game(game_id)
    scene = show(app, open_table(app, open_session(game, SEATS[:players], 21, options)))
    assert any(b.label.startswith("Undo") for b in scene.help_buttons + scene.buttons)
    before = make_undoable_move(app, scene)
    run(app, 20)
    assert last_actor(scene) == 0, "an AI acted before the undo could be tried"
    ctrl_z(app)
    assert record_text(scene) == before
    assert scene.state is scene.session.state
    assert scene.drag.notice is None
    run(app, 5)
    assert scene._matches_view()
    if scene.state.waiting_for() == (0,):
        run(app, 150)       # longer than an AI's pause: no answer thought out for the undone game is played
        assert record_text(scene) == before

    # Played again: once another seat has acted, the undo is refused in plain words and nothing changes.
    make_undoable_move(app, scene)
    run(app, 1200, until=lambda: last_actor(scene) not in (0, None) and scene.idle)
    actor = last_actor(scene)
    assert actor not in (0, None)
    run(app, 400, until=lambda: scene.idle)
    standing = record_text(scene)
    ctrl_z(app)
    assert record_text(scene) == standing
    assert scene.drag.notice is not None
    assert scene.drag.notice.text == f"Cannot undo: {SEATS[actor][0]} has already played."


def test_the_undo_button_refuses_a_drawn_card(make_app):
    app = make_app()
    game = load_game("tamoul")
    scene = show(app, open_table(app, open_session(game, SEATS[:2], 21, {"reaction_ms": 300})))
    run(app, 400, until=lambda: scene._human_may_act())
    assert scene._apply(0, scene.state.legal_actions(0)[0]) is None     # draw from the deck
    assert scene.state.rounds[-1].actions[-1] == [0, "draw deck"]
    run(app, 10)
    standing = record_text(scene)
    button = next(b for b in scene.help_buttons + scene.buttons if b.label.startswith("Undo"))
    button.on_click()
    assert record_text(scene) == standing
    assert scene.drag.notice.text == "Cannot undo: the card you drew cannot be put back."


def test_no_undo_in_a_replay_or_when_nobody_human_plays(make_app):
    app = make_app()
    game = load_game("telos")
    scene = show(app, open_table(app, open_session(game, [("A", "ai:normal"), ("B", "ai:normal"), ("C", "ai:normal")], 3, {})))
    run(app, 5)
    assert not any(b.label.startswith("Undo") for b in scene.help_buttons + scene.buttons)


def test_pass_and_play_undo_is_for_the_person_at_the_screen(make_app):
    """Two people at one screen: the first takes back their own move; once the second has the screen, the
    first one's move is no longer theirs to take back."""
    app = make_app()
    game = load_game("tamoul")
    scene = show(app, open_table(app, open_session(game, [("Ann", "human"), ("Bob", "human")], 21,
                                                   {"reaction_ms": 300})))
    gate = scene.gate

    def at_screen(seat):
        for _ in range(400):
            if gate.waiting and gate.asking == seat:
                gate._confirmed(seat)
            if scene._human_may_act() and scene.bottom == seat:
                return
            run(app, 1)
        pytest.fail(f"seat {seat} never got the screen")

    at_screen(0)
    first = scene.state.rounds[-1].actions[:]
    assert scene._apply(0, scene.state.legal_actions(0)[0]) is None      # Ann draws from the deck
    legal = [a for a in scene.state.legal_actions(0) if a.verb == "discard"]
    run(app, 10)
    before = record_text(scene)
    assert scene._apply(0, legal[0]) is None                              # and discards it
    run(app, 10)
    assert isinstance(app.stack.top, HandoffOverlay)      # Bob may intercept: the screen is to be handed over
    ctrl_z(app)                                           # Ann, still at the screen, takes the discard back
    assert record_text(scene) == before
    assert scene.state.rounds[-1].actions[:len(first)] == first
    run(app, 5)
    assert not isinstance(app.stack.top, HandoffOverlay) and scene.gate.may_show(0) and scene.bottom == 0
    assert scene._apply(0, legal[0]) is None
    run(app, 400, until=lambda: scene.state.waiting_for() == (0,) and scene._human_may_act())
    while scene.state.waiting_for() == (0,):            # Ann ends her turn (looks offered by the discard)
        assert scene._apply(0, scene.state.legal_actions(0)[0]) is None
        run(app, 30)
    at_screen(1)
    standing = record_text(scene)
    ctrl_z(app)
    assert record_text(scene) == standing
    assert scene.drag.notice.text == "Bob: Cannot undo: you have no move to take back."   # Ann's is not his


def test_an_undo_whose_autosave_fails_still_takes_the_move_back_and_says_so(make_app, monkeypatch, tmp_path):
    app = make_app()
    game = load_game("telos")
    scene = show(app, open_table(app, open_session(game, SEATS[:3], 21, {})))
    before = make_undoable_move(app, scene)

    def cannot_save():
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(scene.session, "save", cannot_save)
    ctrl_z(app)
    assert record_text(scene) == before and scene.state is scene.session.state
    assert any("could not be saved" in toast.text for toast in app.toasts)
