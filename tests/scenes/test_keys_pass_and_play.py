"""Pass-and-play by keys alone: for each game, two human seats share the screen with an AI seat; the game
is set up on the title and setup screens, played to its end and left from the results with key events
only, the hand-off screen ("Pass the computer to …") confirmed with Enter each time it comes up.

Speech is on, into a recording back end that notes who had the screen at each line: F2 after every
hand-off reads only the cards of the person now at the screen, a line of the move log private to one
person is said in its own words only to them, and nothing said while the hand-off screen is up names a
card that one of the humans holds in secret. After a hand-off the person at the screen Tabs to the cards
on the table and hears each of them: never a card the other human holds in secret."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import pygame
import pytest

from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from scenes.screens.title import TitleScene
from scenes.ui.speech import card_words, spoken
from tests.scenes.table_driving import app_fixture, run
from tests.scenes.test_a11y_speech import listen, logged_lines, own_known_cards, private_lines_said_only_to_their_owner
from tests.scenes import test_keys_games as keys_games
from tests.scenes.test_keys_games import FRAMES_PER_WAIT, moves_made, open_table_from_title, press

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})

MOVES_AT_MOST = 600


def secret_words(game_id: str, table: Any) -> set[str]:
    """The words of every card a human holds that the other human may not know (Zeus and Télos hands,
    Elios beams before everyone is ready, Tamoul slots), spoken as speech says them; digits alone are
    left out (a total or a count says them too)."""
    words: set[str] = set()
    for seat in table.humans:
        for card in own_known_cards(game_id, table, seat):
            said = spoken(card_words(table, card))
            if any(ch.isalpha() for ch in said) and len(said) > 2:
                words.add(said)
    return words


def named(word: str, text: str) -> bool:
    """`word` said in `text` as a whole ("3 Olive" is not in "13 Olive")."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def public_words(view: Any) -> set[str]:
    """Every word the public view (what anyone at the table may know) holds, walked through its fields."""
    if isinstance(view, str):
        return {view}
    if dataclasses.is_dataclass(view):
        return set().union(*(public_words(getattr(view, f.name)) for f in dataclasses.fields(view)))
    if isinstance(view, dict):
        return set().union(set(), *(public_words(k) | public_words(v) for k, v in view.items()))
    if isinstance(view, (list, tuple, set, frozenset)):
        return set().union(set(), *(public_words(item) for item in view))
    return set()


def look_at_public_cards(app: Any, game_id: str, table: Any) -> int:
    """The person at the screen looks at the cards on the table by keys (1: they had some, else 0): each
    card reached is one the public view shows (an Elios beam by its colour), never one held in secret."""
    reached = keys_games.look_at_the_table(app, table)
    public = public_words(table.state.view(None))
    for sprite in reached:
        card = str(sprite.card_id)
        assert (card[:1] if game_id == "elios" else card) in public, f"seat {table.bottom} reached a secret {card}"
    return 1 if reached else 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(keys_games.GAMES))
def test_a_pass_and_play_game_by_keys_alone_keeps_each_seats_cards_from_the_other(make_app, game_id):
    app = make_app(size=(1280, 720), speech=True)
    ear = listen(app)
    for done in (keys_games.ELIOS_SPLIT_DONE, keys_games.TAMOUL_INTERCEPTED, keys_games.TELOS_TABBED,
                 keys_games.ZEUS_SNEAKED):
        done.clear()
    move, steppers = keys_games.GAMES[game_id]
    wants = keys_games.WANTS.get(game_id, bool)
    table = open_table_from_title(app, game_id, "7", steppers, humans=(1,))
    ear.table = table
    assert len(table.humans) == 2 and table.gate.needed
    lines = logged_lines(table)
    handoffs = readings = moves = rounds = looks = 0
    names_handed = set()
    while not table.state.finished:
        run(app, FRAMES_PER_WAIT, until=lambda: table.state.finished or isinstance(app.stack.top, (
            HandoffOverlay, ResultsOverlay)) or (app.stack.top is table and table._human_may_act()
                                                and wants(table.state.legal_actions(table.bottom))))
        top = app.stack.top
        if table.state.finished:
            break
        if isinstance(top, HandoffOverlay):
            # Said while the screen is up: never a card either human holds.
            heard_before = len(ear.heard)
            secrets = secret_words(game_id, table)
            run(app, 3)
            names_handed.add(top.seat_name)
            for heard in ear.heard[heard_before:]:
                leaked = [word for word in secrets if named(word, heard.text)]
                assert not leaked, f"{heard.text!r} was said on the hand-off screen"
            press(app, pygame.K_RETURN, frames=4)
            assert app.stack.top is not top, "Enter did not confirm the hand-off screen"
            handoffs += 1
            run(app, 3)
            if app.stack.top is table and table.gate.may_show(table.bottom):
                before = len(ear.spoken)
                press(app, pygame.K_F2)
                assert len(ear.spoken) > before, "F2 said nothing after the hand-off"
                reading = ear.spoken[-1]
                others = {spoken(card_words(table, c)) for s in table.humans if s != table.bottom
                          for c in own_known_cards(game_id, table, s) - own_known_cards(game_id, table, table.bottom)}
                others = {w for w in others if any(ch.isalpha() for ch in w) and len(w) > 2}
                leaked = [w for w in others if named(w, reading)]
                assert not leaked, f"F2 for seat {table.bottom} said {leaked}: {reading!r}"
                readings += 1
                looks += look_at_public_cards(app, game_id, table)
            continue
        if isinstance(top, ResultsOverlay):
            rounds += 1
            assert rounds < 40, "the rounds do not end"
            press(app, pygame.K_RETURN, frames=5)
            continue
        assert top is table, f"something covers the table: {type(top).__name__}"
        legal = table.state.legal_actions(table.bottom)
        if looks < 3 or moves % 10 == 0:
            looks += look_at_public_cards(app, game_id, table)
            legal = table.state.legal_actions(table.bottom)
        before = moves_made(table)
        move(app, table, legal)
        run(app, 3)
        if moves_made(table) == before and getattr(table, "reaction", None) is not None:
            run(app, 600, until=lambda: table.reaction is None)
            continue
        assert table.state.finished or moves_made(table) > before or isinstance(app.stack.top, HandoffOverlay), \
            f"keys did not make a move of {legal}: {getattr(table.drag.notice, 'text', None)!r}, {table._hint()!r}"
        moves += 1
        assert moves < MOVES_AT_MOST, "the game does not end"
    assert moves > 0 and handoffs >= 2 and readings >= 1 and looks >= 1, (moves, handoffs, readings, looks)
    assert len(names_handed) == 2, f"the screen was handed only to {names_handed}"
    private_lines_said_only_to_their_owner(ear, lines)
    run(app, 1200, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    results = app.stack.top
    assert isinstance(results, ResultsOverlay), type(results).__name__
    for _ in range(len(results.focus.controls) + 1):
        if results.focus.focused.label == "Back to menu":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN, frames=10)
    assert isinstance(app.stack.top, TitleScene), type(app.stack.top).__name__
