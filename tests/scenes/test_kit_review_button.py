"""The game's results dialog offers a Review of the finished game: for the first human seat, only when
the game's AI can review and someone human played; leaving the review brings the results back."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

from game.catalog import load_game
from game.core.actions import Action
from game.core.engine import CHANCE
from game.core.session import GameSession
from scenes.screens.results import ResultsOverlay
from scenes.screens.review import ReviewScene
from scenes.table.seating import apply_due_chance
from scenes.tables import open_table
from tests.scenes.table_driving import app_fixture, open_session, run, show

make_app = app_fixture()


def one_move_from_the_end(game_id: str, seats: list[tuple[str, str]], options=None,
                          level: str = "easy") -> tuple[GameSession, int, Action]:
    """A session played by `level` agents up to the move that ends the game, and that move."""
    game = load_game(game_id)
    session = open_session(game, seats, 11, game.normalize_options(options or {}))
    state, agent, rng = session.state, game.agent(level), random.Random(2)
    while True:
        if CHANCE in state.waiting_for():
            apply_due_chance(session)
            continue
        seat = state.to_act()[0]
        action = agent.choose(state.view(seat), state.legal_actions(seat), rng, optional=False)
        probe = state.clone()
        probe.apply(seat, action)
        if probe.finished:
            return session, seat, action
        session.apply(seat, action)


def finish_at_the_table(app, session: GameSession, seat: int, action: Action):
    scene = show(app, open_table(app, session))
    run(app, 600, until=lambda: scene.idle)
    assert scene._apply(seat, action) is None and scene.state.finished
    run(app, 600, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    return scene, app.stack.top


def test_the_game_results_offer_a_review_for_the_first_human_and_come_back_after_it(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=30.0)
    session, seat, action = one_move_from_the_end(
        "zeus", [("Zoe", "ai:easy"), ("Ann", "human"), ("Bob", "human")], {"sneak": False})
    scene, overlay = finish_at_the_table(app, session, seat, action)
    assert [label for label, _ in overlay.button_specs] == ["Play again", "Review", "Back to menu"]
    overlay.choose(1)
    app.stack.apply_pending()
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.seat == 1          # Ann: the first human seat
    assert review.record == scene.state.record()
    review.leave()
    app.stack.apply_pending()
    run(app, 5, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    again = app.stack.top
    assert isinstance(again, ResultsOverlay) and again.title == overlay.title
    # Esc chooses the last button: it is still "Back to menu".
    assert again.button_specs[-1] == ("Back to menu", app.back_to_title)


def test_no_review_is_offered_when_nobody_human_played(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=30.0)
    session, seat, action = one_move_from_the_end("zeus", [("Zoe", "ai:easy"), ("Bob", "ai:easy")], {"sneak": False})
    scene, overlay = finish_at_the_table(app, session, seat, action)
    assert [label for label, _ in overlay.button_specs] == ["Play again", "Back to menu"]
    assert scene._review_seat() is None


def test_tamoul_and_elios_games_offer_a_review_too(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=30.0)
    for game_id, level in (("tamoul", "easy"), ("elios", "normal")):
        session, seat, action = one_move_from_the_end(game_id, [("Ann", "human"), ("Zoe", f"ai:{level}")], level=level)
        scene, overlay = finish_at_the_table(app, session, seat, action)
        assert [label for label, _ in overlay.button_specs] == ["Play again", "Review", "Back to menu"]
        assert scene._review_seat() == 0
        scene.exit()


def test_a_replay_table_can_be_shown_as_one_seat_sees_it(make_app):
    from scenes.table.replay_mode import ReplaySession

    app = make_app(animation_speed="instant")
    session, _, _ = one_move_from_the_end("zeus", [("Zoe", "ai:easy"), ("Ann", "human")], {"sneak": False})
    table = open_table(app, ReplaySession(session.game, session.state))
    assert table.reveal_all and all(s.card_id is not None for s in table.hands[0])    # a replay shows all
    table.show_as_seen_by(1)
    assert (table.bottom, table.viewer, table.reveal_all) == (1, 1, False)
    assert table.layout.seats[1].side == "bottom"
    assert [s.card_id for s in table.hands[1]] == list(session.state.view(1).hand)
    assert table.hands[0] and all(s.card_id is None for s in table.hands[0])          # Zoe's hand: backs
