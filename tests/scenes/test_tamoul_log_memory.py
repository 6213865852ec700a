"""Tamoul is a memory game: the move log never remembers a card that was only looked at.

A look (the first look, a peek at one's own or another's card, a drawn card held) is shown on the card
while it lasts; the log says which slot was looked at, never the value: not while the look lasts, not
after it, not in a resumed game's rebuilt log, not in another human's lines (pass-and-play), not in the
Hint's words, and not with the memory aid on (its eyes are the aid)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Mapping
from typing import Any

import pygame
import pytest

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.tamoul import load_game
from scenes.screens.handoff import HandoffOverlay
from scenes.tamoul.table import TamoulTableScene, card_words
from tests.scenes.table_driving import DT, key, run, show
from tests.scenes.test_tamoul_table import (ANN, ZOE, click, deal, make_app, open_table, slot_pos,  # noqa: F401
                                            wait_for_my_move)

CARDS = set(load_game().content.cards)


def public_cards(scene: TamoulTableScene) -> set[str]:
    """Every card anyone at the table saw face up (discards, takes, interceptions, the final reveal):
    the game replayed from its record, each event's public data only."""
    record = scene.state.record()
    game = scene.game
    fresh = game.new_state([SeatInfo(s["name"], s["controller"]) for s in record["seats"]],
                           game.normalize_options(record["options"]), record["seed"],
                           setups=[rnd["setup"] for rnd in record["rounds"]])
    events = list(fresh.opening_events())
    for rnd in record["rounds"]:
        for seat, text in rnd["actions"]:
            events += fresh.apply(seat, Action.parse(text))
    seen: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in CARDS:
            seen.add(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)

    for event in events:
        walk(event.data)
    return seen


def every_log_text(scene: TamoulTableScene) -> list[str]:
    """Each line as any viewer could read it: the private wording and the public one, shown or waiting."""
    lines = list(scene.log.entries) + list(scene.log.pending) + list(scene.log.move_entries)
    return [text for line in lines for text in (line.text, line.public) if text]


def assert_no_private_value(scene: TamoulTableScene, private: set[str], texts: list[str]) -> None:
    hidden = private - public_cards(scene)
    assert hidden, "the test saw no private card"
    for text in texts:
        for card in hidden:
            assert card_words(card) not in text, f"{card_words(card)} lingers in: {text}"


def play_ann(app, scene: TamoulTableScene, turns: int) -> set[str]:
    """Ann's turns by keys and clicks: each look and each kept card is private to her; returns them."""
    private = {ANN[2], ANN[3]}       # her first look (slots 3 and 4)
    for _ in range(turns):
        wait_for_my_move(app, scene)
        key(app, pygame.K_d)
        run(app, 120, until=lambda: scene.idle)
        drawn = scene.state.view(0).drawn
        private.add(drawn)
        rank = drawn[:-1]
        if rank in ("7", "8", "9", "10"):
            key(app, pygame.K_x)
            run(app, 300, until=lambda: scene.idle and scene._my_step() is not None)
            if scene._my_step() == "peek_own":
                key(app, pygame.K_1)
                private.add(scene.state.position()["now"]["slots"][0][0])
            elif scene._my_step() == "peek_other":
                click(app, slot_pos(scene, 1, 1))
                private.add(scene.state.position()["now"]["slots"][1][1])
            # the look is up now: the log does not name the card even while it lasts
            assert_no_private_value(scene, private, every_log_text(scene))
        else:
            key(app, pygame.K_2)
        run(app, 300, until=lambda: scene.idle and scene._my_turn() and scene._phase() == "end")
        key(app, pygame.K_e)
    return private


@pytest.mark.parametrize("aid", [False, True])
def test_the_log_never_names_a_card_only_looked_at(make_app, aid):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"memory_aid": aid},
                       setups=[deal([ANN, ZOE], ["7H", "KC", "9D", "KS", "4S", "JD", "2D"])])
    private = play_ann(app, scene, 3)
    run(app, 600, until=lambda: scene.idle)
    lines = every_log_text(scene)
    assert any("bottom cards" in line for line in lines) and any("looks at" in line or "look at" in line
                                                                  for line in lines)
    assert_no_private_value(scene, private, lines)
    # The Hint's words and the hint line name places, never a hidden card.
    wait_for_my_move(app, scene)
    key(app, pygame.K_h)
    run(app, 30, until=lambda: scene.hint_action is not None)
    assert scene.hint_action is not None
    assert_no_private_value(scene, private, [scene._hint(), scene.drag.notice.text if scene.drag.notice else ""])
    # A resumed game's rebuilt log tells the same moves without the values.
    again = show(app, TamoulTableScene(app, scene.session))
    run(app, 5)
    assert len(again.log.entries) > 5
    assert_no_private_value(scene, private, every_log_text(again))


def test_pass_and_play_one_humans_looks_never_reach_another_humans_log(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bob", "human")],
                       setups=[deal([ANN, ZOE], ["7H", "KC", "9D"])])
    private: set[str] = {ANN[2], ANN[3], ZOE[2], ZOE[3], "7H"}
    for _ in range(400):
        app.frame(DT)
        if isinstance(app.stack.top, HandoffOverlay):
            app.stack.top.ready()
            app.stack.apply_pending()
        if scene._my_turn() and not scene._reaction_open():
            break
    assert scene.bottom == 0
    key(app, pygame.K_d)
    run(app, 120, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 300, until=lambda: scene.idle and scene._my_step() is not None)
    key(app, pygame.K_1)
    private.add(ANN[0])
    run(app, 300, until=lambda: scene.idle)
    for viewer in (0, 1, None):
        scene.log.viewer = viewer
        assert_no_private_value(scene, private, scene.log.lines)
    assert_no_private_value(scene, private, every_log_text(scene))
