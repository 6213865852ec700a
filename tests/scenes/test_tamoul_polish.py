"""The Tamoul table's finish: numbered grids, the discard taken and kept in one drag, the buttons a
player meets, the words for another seat's card action, and slots that never move."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.tamoul.table import TamoulTableScene
from tests.scenes.table_driving import DT, key, run
from tests.scenes.tamoul_moves import drawn_at_my_turn, press
from tests.scenes.test_tamoul_table import (ANN, ZOE, deal, discard_pos, drag, last_action, make_app,  # noqa: F401
                                            open_table, slot_pos, wait_for_my_move)


def numbered_slots(app, scene: TamoulTableScene) -> dict[int, set[int]]:
    """The slot numbers drawn on each seat's grid in one frame."""
    drawn: dict[int, set[int]] = {}
    rects = {(seat, slot): grid.slot_rect(slot) for seat, grid in scene.grids.items()
             for slot in range(grid.slot_count())}
    original = scene._draw_slot_number

    def record(surface, rect, slot):
        seat = next(s for (s, n), r in rects.items() if n == slot and r == rect)
        drawn.setdefault(seat, set()).add(slot)
        original(surface, rect, slot)

    scene._draw_slot_number = record
    scene.draw(app.screen)
    scene._draw_slot_number = original
    return drawn


def test_every_grid_carries_its_slot_numbers_not_only_the_players_own(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")])
    wait_for_my_move(app, scene)
    run(app, 600, until=lambda: not scene.looks and not scene.tweens.busy)     # the first look is over
    assert numbered_slots(app, scene) == {0: {0, 1, 2, 3}, 1: {0, 1, 2, 3}, 2: {0, 1, 2, 3}}


def test_one_drag_of_the_top_discard_onto_a_slot_takes_and_keeps_it(make_app):
    app = make_app()
    scene = drawn_at_my_turn(app, ["4H", "2C"])
    press(app, scene, pygame.K_x)        # 4H onto the discard pile: no action
    key(app, pygame.K_e)
    wait_for_my_move(app, scene)
    top = scene.discard.cards[-1].card_id
    before = len(scene.state.rounds[-1].actions)
    drag(app, discard_pos(scene), slot_pos(scene, 0, 1))
    done = [" ".join(a[1:]) for a in scene.state.rounds[-1].actions[before:]]
    assert done == ["draw discard", "keep 1"], (done, scene.drag.notice)
    run(app, 200, until=lambda: scene.idle)
    assert scene.grids[0].slots[1] is not None and scene.drawn is None
    assert scene.state.position()["now"]["slots"][0][1] == top


def test_a_card_taken_from_the_discard_pile_offers_no_discard_button_and_a_click_takes_it(make_app):
    app = make_app()
    scene = drawn_at_my_turn(app, ["4H", "2C"])
    assert any("Discard" in b.label for b in scene.seat_buttons)      # a card from the draw pile may go
    press(app, scene, pygame.K_x)
    key(app, pygame.K_e)
    wait_for_my_move(app, scene)
    from tests.scenes.test_tamoul_table import click
    click(app, discard_pos(scene))
    assert last_action(scene) == "draw discard"
    run(app, 120, until=lambda: scene.idle)
    scene._build_controls()
    assert not any("Discard" in b.label for b in scene.seat_buttons)


def test_end_turn_is_the_primary_button_and_tamoul_the_secondary(make_app):
    app = make_app()
    scene = drawn_at_my_turn(app, ["4H"])
    press(app, scene, pygame.K_1)
    styles = {b.label: b.style for b in scene.seat_buttons}
    assert styles == {"End turn (E)": "primary", "Tamoul! (C)": "secondary"}


def test_another_seats_card_action_is_said_in_their_words_not_yours(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")])
    assert scene._step_words(1, "peek_own") == "look at one of their own cards"
    scene_you = open_table(app, [("You", "human"), ("Zoe", "ai:easy")])
    assert scene_you._step_words(0, "peek_own") == "look at one of your own cards"
    assert scene_you._step_words(1, "peek_own") == "look at one of their own cards"


def test_a_penalty_slot_opens_beside_main_memory_and_no_card_moves(make_app):
    for size, players in (((1280, 720), 2), ((800, 500), 4)):
        app = make_app(size=size)
        scene = open_table(app, [("Ann", "human")] + [(f"P{i}", "ai:easy") for i in range(1, players)])
        run(app, 200, until=lambda: scene.idle)
        for seat, grid in scene.grids.items():
            before = [grid.slot_rect(s).copy() for s in range(4)]
            grid.put(4, scene._slot_sprite(seat))
            scene._lay_out_seat(seat, animate=False)
            assert [grid.slot_rect(s) for s in range(4)] == before, (size, seat)
            assert not grid.slot_rect(4).colliderect(before[0].unionall(before))
            grid.put(4, None)
            scene._lay_out_seat(seat, animate=False)


def test_the_final_reveal_gets_its_moment_and_the_results_can_be_put_aside_to_look_at_the_table(make_app):
    from scenes.screens.results import ResultsOverlay

    app = make_app(animation_speed="normal")
    scene = drawn_at_my_turn(app, ["4H"])
    press(app, scene, pygame.K_2, until=scene._my_turn)
    key(app, pygame.K_c)                         # Tamoul! Zoe plays once more, then every card turns
    run(app, 3000, until=lambda: scene.sums is not None)
    assert scene.sums is not None
    waited = run(app, 600, until=lambda: isinstance(app.stack.top, ResultsOverlay)) * DT
    assert waited >= 2.5, waited                 # the boards turn and count before the dialog covers them
    dialog = app.stack.top
    labels = [label for label, _press in dialog.button_specs]
    assert labels == ["Next round", "Look at the table"]
    dialog.choose(1)
    app.stack.apply_pending()
    run(app, 30)
    assert app.stack.top is scene and scene.table_looked and scene.overlay_open
    assert [b.label for b in scene.seat_buttons] == ["Results (R)"]
    rounds = len(scene.state.rounds)
    run(app, 300)
    assert scene.sums is not None and len(scene.state.rounds) == rounds     # the next deal waits
    key(app, pygame.K_r)
    app.stack.apply_pending()
    run(app, 2)
    assert isinstance(app.stack.top, ResultsOverlay) and not scene.table_looked
    app.stack.top.choose(0)
    app.stack.apply_pending()
    run(app, 600, until=lambda: scene.sums is None)
    assert scene.sums is None and not scene.overlay_open


@pytest.mark.parametrize("aid", [True, False])
def test_with_the_memory_aid_hovering_an_eye_marked_card_shows_the_face_remembered(make_app, aid):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"memory_aid": aid},
                       setups=[deal([ANN, ZOE], ["4H"])])
    wait_for_my_move(app, scene)
    run(app, 600, until=lambda: not scene.looks and not scene.tweens.busy)
    pos = slot_pos(scene, 0, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(DT)
    assert scene.remembered_under_pointer() == ((0, 3, "QH") if aid else None)
    drawn: list[str] = []
    card = scene.art.card
    scene.art.card = lambda card_id, width, face_up, angle=0.0: (drawn.append(card_id) if face_up else None,
                                                                 card(card_id, width, face_up, angle))[1]
    scene.draw(app.screen)
    scene.art.card = card
    assert ("QH" in drawn) == aid
    assert not any("Q♥" in line for line in scene.log.lines)
    pos = slot_pos(scene, 0, 0)                  # never seen: nothing shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(DT)
    assert scene.remembered_under_pointer() is None


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_dutch_pile_labels_never_run_into_each_other_and_buttons_keep_their_keys(make_app, players):
    from scenes.ui.widgets import recording_text

    app = make_app(size=(800, 500))
    app.set_language("nl")
    try:
        scene = open_table(app, [("Ann", "human")] + [(f"P{i}", "ai:easy") for i in range(1, players)],
                           setups=[deal([ANN, ZOE, ["2C", "3D", "4S", "5H"], ["6D", "7C", "8D", "9C"],
                                         ["JC", "QC", "KD", "AS"], ["2H", "3H", "4D", "5S"]][:players], ["4H"])])
        wait_for_my_move(app, scene)
        key(app, pygame.K_d)                     # a card held: its label beside the discard pile's
        run(app, 120, until=lambda: scene.idle)
        with recording_text() as log:
            scene.draw(app.screen)
        labels = [(text, rect) for text, rect, _id, _size in log.drawn
                  if text.startswith("Trekstapel") or text in ("Aflegstapel", "Jouw kaart")]
        assert len(labels) == 3, [t for t, *_ in log.drawn]
        em = scene.layout.text_size(15)        # the words read as separate labels: an em apart at least
        for i, (text, rect) in enumerate(labels):
            for other, other_rect in labels[i + 1:]:
                assert not rect.inflate(2 * em, 0).colliderect(other_rect), (text, other, rect, other_rect)
        assert [b.label for b in scene.seat_buttons][0].endswith("(X)")
        key(app, pygame.K_1)
        run(app, 120, until=lambda: scene.idle)
        assert [b.label for b in scene.seat_buttons] and all(b.label.endswith(")") for b in scene.seat_buttons), \
            [b.label for b in scene.seat_buttons]
    finally:
        app.set_language("en")


def test_the_rules_say_play_goes_counter_clockwise_in_both_languages():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "assets" / "rules"
    dutch, english = (root / "nl" / "tamoul.md").read_text("utf-8"), (root / "tamoul.md").read_text("utf-8")
    assert "rechtsom" not in dutch and "tegen de klok in" in dutch
    assert "counter-clockwise" in english


def test_the_hint_is_said_in_the_hint_line_and_lights_the_slot_it_names(make_app):
    from scenes.table.table_help import HINT_GLOW

    app = make_app()
    scene = drawn_at_my_turn(app, ["AH"])
    key(app, pygame.K_h)
    run(app, 30, until=lambda: scene.hint_action is not None)
    action = scene.hint_action[1]
    assert action.verb in ("keep", "discard")
    assert scene._hint() == "Hint: " + scene._hint_reason(action)
    assert scene.drag.notice is None                 # nothing floats over the piles' labels
    target = (scene.grids[0].slot_rect(int(action.args[0])) if action.verb == "keep"
              else scene._pile_rect(scene._discard_centre()))
    assert scene._hint_rects() == [target]
    scene.draw(app.screen)
    edge = target.inflate(10, 10)
    assert tuple(app.screen.get_at((edge.centerx, edge.top + 1)))[:3] == HINT_GLOW
    key(app, pygame.K_1 + int(action.args[0]) if action.verb == "keep" else pygame.K_x)
    run(app, 60, until=lambda: scene.idle)
    assert scene._hint_rects() == [] and not scene._hint().startswith("Hint")


def test_last_moves_shows_each_seats_last_turn_in_cards_and_words_without_looked_at_values(make_app):
    from scenes.ui.widgets import recording_text

    app = make_app()
    scene = drawn_at_my_turn(app, ["7H", "KC", "4S"])
    assert any(b.label == "Last moves (L)" for b in scene.help_buttons)
    press(app, scene, pygame.K_x, until=lambda: scene._my_step() == "peek_own")    # 7H: look at one of your cards
    key(app, pygame.K_1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_1, mod=0, unicode=""))
    run(app, 300, until=lambda: scene.idle and scene._phase() == "end")
    key(app, pygame.K_e)
    wait_for_my_move(app, scene)
    key(app, pygame.K_l)
    assert scene.looking_back
    look = scene._look_back()
    assert [seat for seat, _cards in look.rows] == [0, 1] and "7H" in look.rows[0][1]
    with recording_text() as log:
        scene.draw(app.screen)
    texts = [text for text, *_rest in log.drawn]
    assert "The last moves, oldest first" in texts and "Ann discards 7♥: look at one of your own cards" not in texts
    assert any(text.startswith("Ann discards 7♥") for text in texts)
    assert any("look at their own card 1" in text or "looks at their own card 1" in text for text in texts)
    assert not any("5♦" in text for text in texts)     # the card Ann looked at is never named
    key(app, pygame.K_l)
    assert not scene.looking_back


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_at_the_draw_the_pile_labels_stand_an_em_apart(make_app, size, language):
    """"Trekstapel: 40" and "Aflegstapel" nearly touched at 800x500 (an em apart): the draw pile moves
    out so its words stand an em and a half clear of the discard pile's, each centred under its pile."""
    from scenes.ui.widgets import recording_text

    app = make_app(size=size)
    app.set_language(language)
    try:
        scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["4H"])])
        wait_for_my_move(app, scene)
        with recording_text() as log:
            scene.draw(app.screen)
        words = {"nl": ("Trekstapel", "Aflegstapel"), "en": ("Draw", "Discard")}[language]
        (draw, draw_rect), = [(t, r) for t, r, *_ in log.drawn if t.startswith(words[0] + ":")]
        discard_rect = next(r for t, r, *_ in log.drawn if t == words[1])
        em = scene.layout.text_size(15)
        assert discard_rect.left - draw_rect.right >= int(em * 1.4), (draw, draw_rect, discard_rect)   # was 1 em
        deck = scene._pile_rect(scene._deck_centre())
        assert abs(draw_rect.centerx - deck.centerx) <= 1 and abs(discard_rect.centerx - scene._discard_centre()[0]) <= 1
    finally:
        app.set_language("en")


def test_a_lit_discard_pile_lights_its_own_word_instead_of_writing_another_over_it(make_app, monkeypatch):
    """A drawn card picked up: the discard pile glows as a place to drop it, and its word "Discard" turns
    the glow's colour; no second label ("Discard pile") is written over that word."""
    import scenes.tamoul.table as tamoul_table
    from scenes.table.zones import DropZone
    from scenes.ui import theme

    app = make_app(size=(800, 500))
    scene = drawn_at_my_turn(app, ["4H"])
    scene.drag.toggle(scene.drawn)                 # picked up by a click, as a drag would
    assert "discard" in scene.drag.lit_zones and scene.drag.selected
    words: list[tuple[str, tuple]] = []
    blit = tamoul_table.blit_text
    monkeypatch.setattr(tamoul_table, "blit_text", lambda surface, text, pos, size, colour, *rest:
                        (words.append((text, tuple(colour))), blit(surface, text, pos, size, colour, *rest))[1])
    zone_labels: list[str] = []
    draw_lit = DropZone.draw_lit
    monkeypatch.setattr(DropZone, "draw_lit", lambda zone, surface: (zone_labels.append(zone.label),
                                                                     draw_lit(zone, surface))[1])
    scene.draw(app.screen)
    assert ("Discard", tuple(theme.LEGAL_GLOW)) in words
    assert zone_labels and not any(zone_labels)        # every lit zone says nothing more than its glow
    scene.drag.cancel()
    words.clear()
    scene.draw(app.screen)
    assert ("Discard", tuple(theme.PARCHMENT)) in words


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_swap_of_two_cards_of_one_player_names_that_player_once(make_app, language):
    """"Ann swaps Ann's card 1 with Ann's card 2" read oddly: one player's two cards are named together."""
    from game.core.events import Event

    app = make_app()
    app.set_language(language)
    try:
        scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")])
        run(app, 200, until=lambda: scene.idle)
        said = []
        for seat, a, b in ((0, [0, 1], [0, 0]), (1, [0, 0], [0, 3]), (2, [1, 2], [0, 0]), (1, [1, 0], [1, 3])):
            scene._show(Event("swapped", seat, {"a": a, "b": b}))
            said.append(scene.log.lines[-1])
        you = open_table(app, [("You", "human"), ("Zoe", "ai:easy")])
        run(app, 200, until=lambda: you.idle)
        for seat, a, b in ((0, [0, 2], [0, 1]), (1, [0, 3], [0, 0])):
            you._show(Event("swapped", seat, {"a": a, "b": b}))
            said.append(you.log.lines[-1])
    finally:
        app.set_language("en")
    assert said == {
        "en": ["Ann swaps their own cards 1 and 2", "Zoe swaps Ann's cards 1 and 4",
               "Bob swaps Zoe's card 3 with Ann's card 1", "Zoe swaps their own cards 1 and 4",
               "You swap your own cards 2 and 3", "Zoe swaps your cards 1 and 4"],
        "nl": ["Ann ruilt eigen kaarten 1 en 2", "Zoe ruilt kaarten 1 en 4 van Ann",
               "Bob ruilt kaart 3 van Zoe met kaart 1 van Ann", "Zoe ruilt eigen kaarten 1 en 4",
               "Jij ruilt je eigen kaarten 2 en 3", "Zoe ruilt jouw kaarten 1 en 4"],
    }[language]


def test_at_a_rounds_first_turn_the_hint_offers_only_the_draw_pile_for_the_discard_pile_is_empty(make_app):
    from tests.scenes.test_tamoul_table import open_table

    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["4H"])])
    wait_for_my_move(app, scene)
    run(app, 900, until=lambda: "draw pile" in scene._hint())     # after the look at the bottom cards
    assert not scene.discard.cards
    assert scene._hint() == "Your turn: click the draw pile (D) to draw a card."
    press(app, scene, pygame.K_d, 120)
    press(app, scene, pygame.K_x)           # 4H onto the discard pile: no action
    key(app, pygame.K_e)
    wait_for_my_move(app, scene)
    assert scene.discard.cards and "take the top discard (T)" in scene._hint()
