"""Choosing a set of cards is the kit's business now: SetChooser answers "is this a legal play, and which
cards may still join it" from the legal plays alone, and DragController's multi-select mode toggles cards
by click, Space and Up/Down through public calls. The Télos table uses both; a refused set stays chosen."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter

import pygame
import pytest

from game.core.actions import Action
from scenes.table.drag import DragController
from scenes.table.selection import SetChooser, selection_help
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from test_telos_table import DT, ZEUS3, click, click_point, make_app, open_table, run, sprite_of  # noqa: F401


def _value(card: str) -> str:
    return card.rstrip("abcdefgh") if not card.startswith("Z:") else card


LEGAL = [Counter(["5"]), Counter(["6"]), Counter(["5", "5"]), Counter(["5", "5", "Z:bull"])]


def test_a_selection_is_complete_when_it_is_one_of_the_legal_plays():
    assert selection_help(LEGAL, ["5a"], ["5a", "5b", "6a"], _value).complete
    assert not selection_help(LEGAL, ["5a", "6a"], ["5a", "5b", "6a"], _value).complete


def test_cards_of_the_same_key_stand_in_for_each_other_and_others_may_not_join():
    help_ = selection_help(LEGAL, ["5b"], ["5a", "5b", "6a", "Z:bull"], _value)
    assert help_.can_join == frozenset({"5a", "Z:bull"})          # 6 with a 5 is no legal play


def test_the_chooser_reads_the_legal_plays_once_per_position():
    calls = []

    def legal() -> list[tuple[str, ...]]:
        calls.append(1)
        return [("5a",), ("5a", "5b")]

    chooser = SetChooser(_value, legal)
    for _ in range(3):
        assert chooser.at(("token", 1)).help(["5b"], ["5a", "5b"]).complete
    assert len(calls) == 1
    chooser.at(("token", 2))
    assert len(calls) == 2


@pytest.fixture
def hand() -> tuple[DragController, list[CardSprite]]:
    pygame.display.init()
    drag = DragController(TweenQueue(lambda: 1.0), legal_zones=lambda cards: {"trick"} if len(cards) == 2 else set(),
                          drop=lambda cards, zone: None, default_zone=lambda: "trick", multi_select=True,
                          space_toggles=True)
    sprites = [CardSprite(card, x=100 + 120 * i, y=400, width=100, flip=1.0) for i, card in enumerate(("5a", "5b", "6a"))]
    drag.set_cards(sprites)
    return drag, sprites


def _key(drag: DragController, key: int) -> None:
    drag.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_toggle_puts_a_card_in_and_out_and_the_zones_follow(hand):
    drag, (five, five_b, _six) = hand
    drag.toggle(five)
    assert drag.selected == [five] and five.lifted and drag.lit_zones == set()
    drag.toggle(five_b)
    assert drag.lit_zones == {"trick"}
    drag.toggle(five)
    assert drag.selected == [five_b] and not five.lifted and drag.lit_zones == set()


def test_space_toggles_the_focused_card_and_enter_still_plays(hand):
    drag, (five, five_b, _six) = hand
    _key(drag, pygame.K_RIGHT)
    _key(drag, pygame.K_SPACE)
    _key(drag, pygame.K_RIGHT)
    _key(drag, pygame.K_SPACE)
    assert drag.selected == [five, five_b]
    _key(drag, pygame.K_SPACE)
    assert drag.selected == [five]
    _key(drag, pygame.K_UP)
    _key(drag, pygame.K_RETURN)
    assert drag.selected == []                                   # played: the drop function said yes


def test_without_space_toggles_space_plays_as_before():
    played = []
    drag = DragController(TweenQueue(lambda: 1.0), legal_zones=lambda cards: set(),
                          drop=lambda cards, zone: played.append(cards), default_zone=lambda: "pile",
                          multi_select=True)
    drag.set_cards([CardSprite("5a", flip=1.0)])
    _key(drag, pygame.K_RIGHT)
    _key(drag, pygame.K_SPACE)
    assert played == [("5a",)]


def test_a_refused_set_springs_back_and_stays_chosen_so_it_can_be_mended(make_app):
    app = make_app(animation_speed="normal", ai_delay_s=5.0)
    hands = [["5a", "5b", "6a", "1c", "2c", "3c", "13a"], ["7a", "8a", "9a", "10a", "11a", "12a", "7b"],
             ["1b", "2b", "3b", "4b", "6b", "8b", "4a"]]
    setup = {"dealer": 0, "direction": 1, "hands": hands, "blind": None, "scores_before": [[], [], []]}
    scene = open_table(app, [("Ann", "human"), ("Bruno", "ai:normal"), ("Chloé", "ai:normal")],
                       options={"zeus_cards": ZEUS3}, setups=[setup])
    for seat, action in ((1, "play 7a"), (2, "play 8b"), (0, "play 13a")):
        scene.session.apply(seat, Action.parse(action))
    run(app, 900, until=lambda: scene._human_may_act() and len(scene.hands[0]) == 6)
    for card in ("5a", "6a"):
        click(app, click_point(scene, sprite_of(scene, card)))
    scene.press_play()
    assert scene.drag.notice is not None and scene.drag.notice.text == "A multiple lead must be cards of one value"
    run(app, 40)                                                  # the spring-back runs
    assert sorted(s.card_id for s in scene.drag.selected) == ["5a", "6a"]
    click(app, click_point(scene, sprite_of(scene, "6a")))
    click(app, click_point(scene, sprite_of(scene, "5b")))
    scene.press_play()
    assert [str(a) for _, a in scene.session.state.rounds[0].actions][-1] == "play 5a,5b"
