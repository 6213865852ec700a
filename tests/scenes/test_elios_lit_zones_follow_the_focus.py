"""Elios by keys: the trays (while grouping) and the sun's stacks (while placing) light up as places to drop
only while the keyboard focus is on the player's beams, where a number key drops what the arrows took.
Tab to the cards on the table (where Enter only looks) or to a button (where Enter presses it) puts the
beam or tray down: nothing stays lit, nothing stays lifted, and a number key moves nothing. Esc brings the
focus back to the same beam, which is taken up again with its places lit; Enter on it says how it moves
(no tray is the obvious one). In English and Dutch, at 200 % in
1280x720 and 100 % in 800x500; every key is sent as an event."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from scenes.table.zones import DropZone
from tests.scenes.test_keys_table_cards import SIZES, back_to_normal, open_moment, press  # noqa: F401 (fixture)


HOW_TO_MOVE = {"en": "drag it onto another tray, or press that tray's number (0: a new tray)",
               "nl": "sleep hem naar een ander bakje, of druk op het nummer van dat bakje (0: een nieuw bakje)"}


def lit_drawn(monkeypatch) -> list[str]:
    """The names of the drop zones drawn lit (the kit's own drawing, watched)."""
    drawn: list[str] = []
    real = DropZone.draw_lit
    monkeypatch.setattr(DropZone, "draw_lit", lambda zone, surface: (drawn.append(zone.name), real(zone, surface)))
    return drawn


def trays_lit_in_a_frame(shot: Any, drawn: list[str]) -> set[str]:
    table = shot.app.stack.top
    drawn.clear()
    table.draw(shot.app.screen)
    return {name for name in drawn if ".tray." in name}


@pytest.mark.parametrize("size,percent,language", SIZES, ids=["1280x720-200-en", "800x500-100-nl"])
def test_the_trays_are_lit_only_while_the_keys_are_on_the_beam_they_took(
        size, percent, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    drawn = lit_drawn(monkeypatch)
    shot = open_moment(tmp_path, "elios-start", size, percent, language)
    try:
        table = shot.app.stack.top
        trays = table.trays[table.bottom]
        assert table._my_phase() == "grouping"
        press(shot, pygame.K_RIGHT)
        press(shot, pygame.K_RIGHT)
        beam, focus, groups = table.drag.selected[0], table.drag.focus, trays.groups()
        assert table.drag.selected == [beam] and beam.lifted
        assert trays_lit_in_a_frame(shot, drawn), "a beam taken by the arrows lights the trays it may go to"
        # Tab: the keys look at the cards on the table; Enter there drops nothing, so nothing is lit.
        press(shot, pygame.K_TAB)
        assert table.table_focus_item() is not None
        assert trays_lit_in_a_frame(shot, drawn) == set() and not table.drag.selected and not beam.lifted
        press(shot, pygame.K_RETURN)
        press(shot, pygame.K_0)
        assert trays.groups() == groups, "no key moved a beam while the focus was on the table"
        # Esc: back to the same beam, taken up again, its trays lit, and its keys work again.
        press(shot, pygame.K_ESCAPE)
        assert table.table_focus_item() is None and table.drag.focus == focus
        assert table.drag.selected == [beam] and beam.lifted and trays_lit_in_a_frame(shot, drawn)
        # Enter on the beam: no tray is the obvious one, so the table says how it moves, by the beam.
        press(shot, pygame.K_RETURN)
        assert trays.groups() == groups and table.drag.notice is not None
        assert table.drag.notice.text.lower() == HOW_TO_MOVE[language]
        assert table.drag.selected == [beam] and trays_lit_in_a_frame(shot, drawn)
        # Tab on past the table to a button: Enter presses the button, so nothing is lit there either.
        press(shot, pygame.K_TAB)
        press(shot, pygame.K_TAB)
        assert table.tab_button() is not None
        assert trays_lit_in_a_frame(shot, drawn) == set() and not table.drag.selected
        press(shot, pygame.K_0)
        assert trays.groups() == groups
        press(shot, pygame.K_LEFT)          # an arrow: back to the beams, the last one taken up
        last = table.drag.sprites[-1]
        assert table.tab_button() is None and table.drag.selected == [last] and trays_lit_in_a_frame(shot, drawn)
        press(shot, pygame.K_0)
        assert len(trays.groups()) == len(groups) + 1 and trays.mates(last) == [last]
    finally:
        shot.close()


def test_the_stacks_are_lit_only_while_the_keys_are_on_the_tray_they_took(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "elios-start", (1280, 720), 100, "en")
    try:
        table = shot.app.stack.top
        lit: list[frozenset[int]] = []
        real = table.sun_layer.draw
        monkeypatch.setattr(table.sun_layer, "draw", lambda *args: (lit.append(args[-1]), real(*args)))
        press(shot, pygame.K_r)
        shot.run(600, until=lambda: table._my_phase() == "placing" and table.idle)
        trays = table.trays[table.bottom]
        while not table.drag.selected or trays.tray_of(table.drag.selected[0]) != 2:   # the joker's tray goes first
            press(shot, pygame.K_RIGHT, frames=1)
        tray = list(table.drag.selected)
        assert len(tray) > 1 and table.drag.lit_zones
        table.draw(shot.app.screen)
        assert lit[-1], "a tray taken by the arrows lights the stacks it may go on"
        press(shot, pygame.K_TAB)
        assert table.table_focus_item() is not None
        table.draw(shot.app.screen)
        assert lit[-1] == frozenset() and not table.drag.selected and not any(s.lifted for s in tray)
        token = table._token()
        for number in range(pygame.K_1, pygame.K_9):
            press(shot, number)
        assert table._token() == token, "no number key placed a tray while the focus was on the table"
        press(shot, pygame.K_ESCAPE)
        table.draw(shot.app.screen)
        assert table.drag.selected == tray and lit[-1]
    finally:
        shot.close()
