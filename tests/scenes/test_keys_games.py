"""The whole game by keyboard: each of the four games is set up on the title and the setup screen, played
to its end and left from the results, with key events alone (no mouse event, no call into the table).

The test reads the table (whose turn, what is legal, where the focus is) as a player reads the screen,
and answers with keys; every key a move needs is one a player can find on the screen or in the help. Now
and then the player Tabs to the cards on the table and looks at each of them before moving."""
from __future__ import annotations

import random
from typing import Any, Callable

import pygame
import pytest

from game.core.actions import Action
from scenes.screens.results import ConfirmOverlay, ResultsOverlay
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from tests.scenes.table_driving import DT, app_fixture, run, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})

MOVES_AT_MOST = 400          # a game longer than this many moves of the player is stuck, not slow
FRAMES_PER_WAIT = 3000       # frames the AI seats may take between two of the player's moves


def press(app: Any, k: int, mod: int = 0, unicode: str = "", frames: int = 2) -> None:
    """One key, down and up, as the keyboard sends it; then a few frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    run(app, frames)


def type_text(app: Any, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    run(app, 2)


def focused_key(scene: Any) -> str | None:
    control = scene.focus.focused
    return getattr(control, "key", None) if control is not None else None


def tab_to(app: Any, wanted: str) -> None:
    """Tab through the screen's controls until the one named `wanted` has the focus ring."""
    scene = app.stack.top
    for _ in range(len(scene.focus.controls) + 1):
        if focused_key(scene) == wanted:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {wanted!r} on {type(scene).__name__}: "
                         f"{[getattr(c, 'key', None) for c in scene.focus.controls]}")


def activate(app: Any, wanted: str, frames: int = 4) -> None:
    tab_to(app, wanted)
    press(app, pygame.K_RETURN, frames=frames)


def open_table_from_title(app: Any, game_id: str, seed: str, steppers_down: tuple[str, ...] = (),
                          humans: tuple[int, ...] = ()) -> Any:
    """Title -> Play <game> (past the tutorial's first-time offer) -> setup -> Start game, by keys;
    the seats in `humans` are made human too (pass-and-play) by their Human/AI stepper."""
    show(app, TitleScene(app))
    run(app, 3)
    activate(app, f"play-{game_id}")
    if isinstance(app.stack.top, ConfirmOverlay):      # "Learn by playing" or "Play now"
        activate(app, "button-1")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    for name in steppers_down:              # the shortest game: each such stepper to its least value
        tab_to(app, name)
        for _ in range(12):
            press(app, pygame.K_LEFT, frames=1)
    for seat in humans:
        tab_to(app, f"kind-{seat}")
        press(app, pygame.K_RIGHT)
        assert setup.seats[seat].human, f"seat {seat + 1} did not become human"
    tab_to(app, "seed")
    type_text(app, seed)
    activate(app, "start", frames=10)
    table = app.stack.top
    if humans:      # the first hand-off screen may already cover the table
        table = next((s for s in reversed(app.stack.scenes) if getattr(s, "GAME_ID", None)), table)
    assert getattr(table, "GAME_ID", None) == game_id, type(table).__name__
    return table


def finished(app: Any, table: Any) -> bool:
    return table.state.finished or isinstance(app.stack.top, ResultsOverlay)


def moves_made(table: Any) -> int:
    return sum(len(r.actions) for r in table.state.rounds)


def look_at_the_table(app: Any, table: Any) -> list[Any]:
    """Tab from the hand to the cards on the table, the arrows through each of them, Esc back, as a player
    looking at what lies there: each card reached is one drawn face up that is not the player's own, its
    words are what speech says, the enlarged card (where drawn) is that card, and nothing is played. Returns the cards reached (empty: the table had none)."""
    from scenes.ui.speech import focus_words

    cards = table.table_cards()
    if not cards:
        return []
    reached = []
    hand_focus, token = table.drag.focus, table._token()
    press(app, pygame.K_TAB, frames=1)
    for _ in range(len(cards)):
        item = table.table_focus_item()
        if item is None:            # the table changed under the look (a trick swept): the focus went home
            break
        sprite = table.table_focus_card()
        if sprite is None:          # a spot drawn as shapes (an Elios sun stack): its words, no card
            assert focus_words(table) == table.table_focus_words() != "" and table.zoomed is None
            press(app, pygame.K_RIGHT, frames=1)
            continue
        assert sprite.face_up and sprite not in table.drag.sprites and sprite.card_id in table.renderer.drawn_faces
        assert focus_words(table) == table.table_focus_words() != ""
        assert table.zoom_width() == 0 or table.zoomed is sprite
        reached.append(sprite)
        press(app, pygame.K_RIGHT, frames=1)
    if table.table_focus_item() is not None:
        press(app, pygame.K_ESCAPE, frames=1)
    assert table.table_focus_item() is None and table._token() == token and app.stack.top is table
    if hand_focus is not None and hand_focus < len(table.drag.sprites):
        assert table.drag.focus == hand_focus, "Esc did not bring the arrows back to the same card in hand"
    LOOKED.append(True)
    return reached


LOOKED: list[bool] = []


def play_to_the_end(app: Any, table: Any, move: Callable[[Any, Any, list[Action]], None],
                    wants: Callable[[list[Action]], bool] = bool) -> int:
    """Wait for the player's turn, make one legal move by keys, again, until the game ends; each key
    sequence must change the game (a move that keys cannot make fails here)."""
    moves = rounds = waited = 0
    while not table.state.finished:
        run(app, FRAMES_PER_WAIT, until=lambda: finished(app, table) or (
            app.stack.top is table and table._human_may_act() and wants(table.state.legal_actions(table.bottom))))
        if table.state.finished:
            break
        if isinstance(app.stack.top, ResultsOverlay):       # a round's results: Enter on "Next round"
            rounds += 1
            assert rounds < 40, "the rounds do not end"
            press(app, pygame.K_RETURN, frames=5)
            continue
        assert app.stack.top is table, f"something covers the table: {type(app.stack.top).__name__}"
        legal = table.state.legal_actions(table.bottom)
        assert legal and wants(legal), f"the table never gave the player a move: {table._hint()!r}"
        if len(LOOKED) < 3 or moves % 10 == 0:      # a look at the table's cards now and then, by keys
            look_at_the_table(app, table)
        before = moves_made(table)
        move(app, table, legal)
        run(app, 3)
        if moves_made(table) == before and getattr(table, "reaction", None) is not None and waited < 3:
            waited += 1         # the others' moment to react: the move is made again once it has passed
            run(app, 600, until=lambda: table.reaction is None)
            continue
        waited = 0
        assert finished(app, table) or moves_made(table) > before, \
            f"keys did not make a move of {legal}: {getattr(table.drag.notice, 'text', None)!r}, {table._hint()!r}"
        moves += 1
        assert moves < MOVES_AT_MOST, "the game does not end"
    return moves


def choose(app: Any, table: Any, cards: list[str]) -> None:
    """Arrows to each card of the hand (Telos: Space chooses it), as the hint line says."""
    for card in cards:
        for _ in range(len(table.drag.sprites) + 1):
            if table.drag.focus is not None and table.drag.sprites[table.drag.focus].card_id == card:
                break
            press(app, pygame.K_RIGHT, frames=1)
        press(app, pygame.K_SPACE, frames=1)


def telos_move(app: Any, table: Any, legal: list[Action]) -> None:
    """The first play the engine lists (its cards chosen by arrows and Space, Enter plays them)."""
    plays = [a for a in legal if a.verb == "play"]
    if not plays:
        press(app, pygame.K_b)
        return
    choose(app, table, list(plays[0].cards))
    if not TELOS_TABBED:        # once a game: Tab to the Play button (its ring drawn), Enter presses it
        TELOS_TABBED.append(True)
        for _ in range(12):
            press(app, pygame.K_TAB, frames=1)
            if table.tab_button() is table.play_button:
                break
        assert table.tab_button() is table.play_button and table.play_button.focused
    press(app, pygame.K_RETURN)


TELOS_TABBED: list[bool] = []


def zeus_move(app: Any, table: Any, legal: list[Action]) -> None:
    """A card of the hand by its place (1-9); D draws when no card may be played."""
    plays = [a for a in legal if a.verb == "play"]
    if {a.verb for a in legal} == {"sneak"}:
        ZEUS_SNEAKED.append(True)
        press(app, pygame.K_s)
    elif plays:
        cards = [s.card_id for s in table.drag.sprites]
        press(app, pygame.K_1 + cards.index(plays[0].args[0]))
    elif any(a.verb == "draw" for a in legal):
        press(app, pygame.K_d)
    else:
        raise AssertionError(f"no key for {legal}")


TAMOUL_TURN_KEYS = {"end": pygame.K_e, "tamoul": pygame.K_c, "discard": pygame.K_x}


def tamoul_move(app: Any, table: Any, legal: list[Action]) -> None:
    """D draws, 1-8 keeps or peeks at a slot of one's own, X discards, E ends the turn; another player's
    card (a look, a swap) is reached by the arrows and taken with Enter."""
    verbs = {a.verb for a in legal}
    if verbs == {"intercept"}:          # not the player's turn: once a game, I and the card's number
        TAMOUL_INTERCEPTED.append(True)
        press(app, pygame.K_i)
        press(app, pygame.K_1 + int(legal[0].args[0]))
    elif "draw" in verbs:
        press(app, pygame.K_d)
    elif "discard" in verbs:
        press(app, pygame.K_x)
    elif "peek" in verbs or "swap" in verbs:
        action = next(a for a in legal if a.verb in ("peek", "swap"))
        for place in action.args:
            pick_slot(app, table, place)
    elif "end" in verbs:
        press(app, pygame.K_e)
    elif "keep" in verbs:
        press(app, pygame.K_1 + int(next(a for a in legal if a.verb == "keep").args[0]))
    else:
        raise AssertionError(f"no key for {legal}")


TAMOUL_INTERCEPTED: list[bool] = []


def tamoul_wants(legal: list[Action]) -> bool:
    """The player acts on their turn, and intercepts once a game."""
    return any(a.verb != "intercept" for a in legal) or (bool(legal) and not TAMOUL_INTERCEPTED)


ZEUS_SNEAKED: list[bool] = []


def zeus_wants(legal: list[Action]) -> bool:
    """The player acts on their turn, and sneaks once a game."""
    return any(a.verb != "sneak" for a in legal) or (bool(legal) and not ZEUS_SNEAKED)


def pick_slot(app: Any, table: Any, place: str) -> None:
    """A slot ("seat.slot", or a slot of one's own) by the arrows, then Enter."""
    wanted = tuple(map(int, place.split("."))) if "." in place else (table.bottom, int(place))
    for _ in range(40):
        focus = table.drag.focus
        if focus is not None and table._slot_of(table.drag.sprites[focus]) == wanted:
            press(app, pygame.K_RETURN)
            return
        press(app, pygame.K_RIGHT, frames=1)
    raise AssertionError(f"the arrows never reach slot {wanted}")


def elios_move(app: Any, table: Any, legal: list[Action]) -> None:
    """Grouping: G suggests, R is Ready. Placing: the arrows take a tray, its stack's number places it
    (and the joker's stack when asked); a split once a game by S, the arrows and Enter; D adds a disc."""
    verbs = {a.verb for a in legal}
    if "groups" in verbs:
        trays = table.trays[table.bottom]
        before = trays.groups()
        if any(len(group) > 1 for group in before):      # a beam set apart by the arrows and 0, then back by G
            while not table.drag.selected or len(trays.mates(table.drag.selected[0])) < 2:
                press(app, pygame.K_RIGHT, frames=1)
            press(app, pygame.K_0)
            assert len(trays.groups()) == len(before) + 1, (before, trays.groups())
        press(app, pygame.K_g)
        press(app, pygame.K_r)
        return
    splits = [a for a in legal if a.verb == "split"]
    places = [a for a in legal if a.verb == "place"]
    if splits and (not ELIOS_SPLIT_DONE or not (places or "disc" in verbs)):
        ELIOS_SPLIT_DONE.append(True)
        press(app, pygame.K_s)
        index, alone = int(splits[0].args[0]), splits[0].args[1].split("/")[1]
        for _ in range(30):
            sel = table.drag.selected
            if (len(sel) == 1 and (sel[0].card_id or "")[:1] == alone
                    and table.trays[table.bottom].tray_of(sel[0]) == index):
                break
            press(app, pygame.K_RIGHT, frames=1)
        press(app, pygame.K_RETURN)
        return
    if places:
        index, stacks = int(places[0].args[0]), [int(s) for s in places[0].args[1].split(",")]
        trays = table.trays[table.bottom]
        for _ in range(len(trays.sprites()) + 1):
            if table.drag.selected and trays.tray_of(table.drag.selected[0]) == index:
                break
            press(app, pygame.K_RIGHT, frames=1)
        group = trays.groups()[index]
        joker = table.joker
        coloured = [i for i, letter in enumerate(group) if letter != joker]
        press(app, pygame.K_1 + stacks[coloured[0] if coloured else 0])
        if table.choice is not None:
            press(app, pygame.K_1 + stacks[group.index(joker)])
        return
    if "disc" in verbs:
        press(app, pygame.K_d)
        return
    raise AssertionError(f"no key for {legal}")


ELIOS_SPLIT_DONE: list[bool] = []

GAMES = {
    "telos": (telos_move, ()),
    "zeus": (zeus_move, ()),
    "tamoul": (tamoul_move, ("option-target",)),
    "elios": (elios_move, ()),
}


WANTS = {"tamoul": tamoul_wants, "zeus": zeus_wants}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_from_the_title_to_the_title_by_keys_alone(make_app, game_id):
    app = make_app(size=(1280, 720))
    ELIOS_SPLIT_DONE.clear()
    TAMOUL_INTERCEPTED.clear()
    TELOS_TABBED.clear()
    ZEUS_SNEAKED.clear()
    LOOKED.clear()
    move, steppers = GAMES[game_id]
    table = open_table_from_title(app, game_id, "7", steppers)
    moves = play_to_the_end(app, table, move, WANTS.get(game_id, bool))
    assert moves > 0 and LOOKED, "the player never looked at a card on the table by keys"
    run(app, 1200, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    results = app.stack.top
    assert isinstance(results, ResultsOverlay), type(results).__name__
    assert table.state.finished and moves > 0
    labels = [getattr(c, "label", "") for c in results.focus.controls]
    for _ in range(len(labels) + 1):          # Tab to "Back to menu", Enter: the title again
        if results.focus.focused.label == "Back to menu":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN, frames=10)
    assert isinstance(app.stack.top, TitleScene), (labels, type(app.stack.top).__name__)
