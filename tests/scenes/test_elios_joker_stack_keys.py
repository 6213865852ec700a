"""Elios by keys: when the table asks for the joker's stack, the keyboard focus goes to the stacks the joker
may go on. The arrows (Left/Right, Up/Down) move among them alone, clockwise from the top, with the focus
ring round the stack the arrows reach; speech names it ("Joker to the red stack: …, 1 of 6"); Enter or
Space chooses it. The words under the buttons say which keys do it, in English and Dutch, at 200 % in
1280x720 and 100 % in 800x500. An arrow pressed while the focus is on the beams or on a button comes back
to the stacks, the group being placed stays marked, and Esc puts everything back as it was. Every key is
sent as an event, and no text of the step is cut."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from scenes.table.table_focus import TableSpot
from scenes.ui import theme
from scenes.ui.speech import focus_words, spoken
from scenes.ui.widgets import recording_text
from tests.scenes.i18n_screens import text_problems
from tests.scenes.test_keys_sun_stacks import inside, spot_rings
from tests.scenes.test_keys_table_cards import SIZES, back_to_normal, listen, open_moment, press  # noqa: F401 (fixture)

JOKER_TRAY = 2          # at the start of seed 7 the player's third tray holds blue, violet and the joker
CANDIDATES = [0, 1, 2, 3, 4, 5]     # blue and violet take their own stacks: the joker may go on any other
WORDS = {
    "en": {"red": "Joker to the red stack: 1 beam (red), room for 1 more, 1 of 6",
           "orange": "Joker to the orange stack: ", "yellow": "Joker to the yellow stack: ",
           "hint": ("arrows", "Enter", "1–8", "Esc")},
    "nl": {"red": "Joker naar de rode stapel: 1 straal (rood), plek voor nog 1, 1 van 6",
           "orange": "Joker naar de oranje stapel: ", "yellow": "Joker naar de gele stapel: ",
           "hint": ("pijltjes", "Enter", "1–8", "Esc")},
}


def ask_for_the_joker(tmp_path, size: tuple[int, int], percent: int, language: str) -> tuple[Any, Any]:
    """Ready by R; at the first placing turn the arrows take the joker's tray and Enter places it: its
    coloured beams go on their own stacks and the table asks where the joker goes."""
    shot = open_moment(tmp_path, "elios-start", size, percent, language)
    table = shot.app.stack.top
    press(shot, pygame.K_r)
    shot.run(600, until=lambda: table._my_phase() == "placing" and table.idle)
    trays = table.trays[table.bottom]
    for _ in range(len(trays.sprites())):
        press(shot, pygame.K_RIGHT, frames=1)
        if table.drag.selected and trays.tray_of(table.drag.selected[0]) == JOKER_TRAY:
            break
    assert trays.groups()[JOKER_TRAY] == "bvw"
    press(shot, pygame.K_RETURN)
    assert table.choice is not None and sorted(table.choice.stacks()) == CANDIDATES
    return shot, table


def placed(table: Any) -> list[str]:
    """The player's placements so far, as the record keeps them."""
    return [str(text) for seat, text in table.state.rounds[-1].actions if seat == table.bottom and "place" in text]


def focused_stack(table: Any) -> int | None:
    item = table.table_focus_item()
    return int(item.key.split(".")[1]) if isinstance(item, TableSpot) else None


@pytest.mark.parametrize("size,percent,language", SIZES, ids=["1280x720-200-en", "800x500-100-nl"])
def test_the_arrows_move_among_the_stacks_the_joker_may_go_on_and_enter_chooses(
        size, percent, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    rings = spot_rings(monkeypatch)
    shot, table = ask_for_the_joker(tmp_path, size, percent, language)
    try:
        words = WORDS[language]
        group = list(table.trays[table.bottom].trays[JOKER_TRAY])
        # Asked by a key: the focus is on the first stack the joker may go on, with its ring and words.
        assert focused_stack(table) == 0
        assert table.table_cards() and all(isinstance(i, TableSpot) for i in table.table_cards())
        assert len(table.table_cards()) == len(CANDIDATES), "only the stacks the joker may go on"
        assert focus_words(table) == words["red"]
        g = table._sun_geometry()
        shot.run(1)
        assert rings and inside(g.label_spot(0), rings[-1]) and not inside(g.label_spot(1), rings[-1])
        # The group being placed stays taken up and marked; no beam has the keyboard focus.
        assert table.drag.selected == group and table.drag.focus is None
        assert all(sprite.lifted and sprite.glow == theme.GOLD for sprite in group)
        # The words on screen say which keys choose.
        with recording_text() as log:
            table.draw(shot.app.screen)
        drawn = " ".join(text for text, *_rest in log.drawn)
        for key_words in words["hint"]:
            assert key_words in drawn, (key_words, drawn)
        assert text_problems(log) == []
        # Right and Down go on clockwise, Up and Left back, round from the first to the last.
        press(shot, pygame.K_RIGHT)
        assert focused_stack(table) == 1 and focus_words(table).startswith(words["orange"])
        press(shot, pygame.K_DOWN)
        assert focused_stack(table) == 2 and focus_words(table).startswith(words["yellow"])
        assert focus_words(table).endswith(f" 3 {'of' if language == 'en' else 'van'} 6")
        assert inside(g.label_spot(2), rings[-1]) and not inside(g.label_spot(0), rings[-1])
        press(shot, pygame.K_UP)
        press(shot, pygame.K_LEFT)
        assert focused_stack(table) == 0
        press(shot, pygame.K_LEFT)
        assert focused_stack(table) == CANDIDATES[-1]
        for _ in range(3):
            press(shot, pygame.K_RIGHT)
        assert focused_stack(table) == 2
        # Enter chooses the stack with the ring: the joker goes there, and the keys go back to the beams.
        press(shot, pygame.K_RETURN)
        assert table.choice is None and placed(table) == ["place 2 6,7,2"]
        # As after any move of the player's: no beam keeps the focus, no ring is left on the sun.
        assert table.table_focus_item() is None and table.drag.focus is None and not table.drag.selected
        count = len(rings)
        shot.run(2)
        assert len(rings) == count, "no ring is left on the sun"
    finally:
        shot.close()


def test_space_chooses_too_and_an_arrow_brings_the_focus_back_from_a_button_or_the_beams(
        tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = ask_for_the_joker(tmp_path, (1280, 720), 100, "en")
    try:
        group = list(table.trays[table.bottom].trays[JOKER_TRAY])
        press(shot, pygame.K_TAB)          # from the stacks on to the first button: the group stays taken
        assert table.tab_button() is not None and focused_stack(table) is None
        assert table.drag.selected == group and all(sprite.glow == theme.GOLD for sprite in group)
        press(shot, pygame.K_LEFT)         # an arrow: back to the stacks, the last one
        assert table.tab_button() is None and focused_stack(table) == CANDIDATES[-1]
        press(shot, pygame.K_TAB, mod=pygame.KMOD_SHIFT)   # back to the beams …
        assert focused_stack(table) is None and table.tab_button() is None
        press(shot, pygame.K_RIGHT)        # … where an arrow takes no other tray: it goes to the stacks
        assert focused_stack(table) == 0 and table.drag.selected == group and table.choice is not None
        press(shot, pygame.K_RIGHT)
        press(shot, pygame.K_SPACE)
        assert table.choice is None and placed(table) == ["place 2 6,7,1"]
    finally:
        shot.close()


def test_esc_puts_the_choice_away_and_the_focus_back_on_the_beam(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = ask_for_the_joker(tmp_path, (800, 500), 100, "en")
    try:
        before = table._token()
        press(shot, pygame.K_RIGHT)
        press(shot, pygame.K_ESCAPE)
        assert table.choice is None and table.table_focus_item() is None and table._token() == before
        focus = table.drag.focus
        assert focus is not None and table.trays[table.bottom].tray_of(table.drag.sprites[focus]) == JOKER_TRAY
        assert shot.app.stack.top is table, "Esc put the choice away; it did not open the menu"
        press(shot, pygame.K_LEFT)          # the arrows are the beams' again
        assert table.table_focus_item() is None and table.drag.focus == focus - 1
    finally:
        shot.close()


def test_speech_names_the_stack_the_arrows_reach(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = ask_for_the_joker(tmp_path, (1280, 720), 100, "en")
    try:
        ear = listen(shot)
        press(shot, pygame.K_RIGHT)
        assert ear.spoken[-1] == spoken(table.table_focus_words())
        assert ear.spoken[-1].startswith("Joker to the orange stack: 1 beam (orange), room for 1 more, 2 of 6")
    finally:
        shot.close()
