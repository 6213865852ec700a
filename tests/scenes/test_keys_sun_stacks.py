"""Elios's sun stacks by keys: they are drawn as shapes, not cards, yet Tab reaches them in the same round
as the table's cards, after the other players' beams. The arrows go round the eight stacks clockwise from
the top as drawn, the focus ring stands round the stack's lane (tower to badge), speech says what the
stack shows (its colour, how many beams and which, the room the discs leave), in English and Dutch, at
200 % in 1280x720 and 100 % in 800x500. A stack has no card face: the enlarged card and the help box stay
away while one has the focus. Every key is sent as an event."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.table import table_focus
from scenes.table.table_focus import TableCard, TableSpot
from scenes.ui.speech import focus_words, spoken
from tests.scenes.test_keys_table_cards import SIZES, back_to_normal, listen, open_moment, press  # noqa: F401 (fixture)

WORDS = {
    "en": {"lime": "The lime stack: 2 beams (lime, joker), full up to the discs",
           "red": "The red stack: 1 beam (red), room for 1 more", "of": "of"},
    "nl": {"lime": "De limoenkleurige stapel: 2 stralen (limoen, joker), vol tot aan de schijven",
           "red": "De rode stapel: 1 straal (rood), plek voor nog 1", "of": "van"},
}


def spot_rings(monkeypatch) -> list[list[tuple[float, float]]]:
    drawn: list[list[tuple[float, float]]] = []
    real = table_focus.draw_spot_focus_ring
    monkeypatch.setattr(table_focus, "draw_spot_focus_ring",
                        lambda surface, outline: (drawn.append(list(outline)), real(surface, outline)))
    return drawn


def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Ray casting: is `point` inside `polygon`?"""
    x, y = point
    found = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


@pytest.mark.parametrize("size,percent,language", SIZES, ids=["1280x720-200-en", "800x500-100-nl"])
def test_tab_and_the_arrows_reach_each_sun_stack_with_its_ring_and_words(
        size, percent, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "elios-mid", size, percent, language)
    try:
        table = shot.app.stack.top
        rings = spot_rings(monkeypatch)
        press(shot, pygame.K_RIGHT)
        hand_focus, token = table.drag.focus, table._token()
        items = table.table_cards()
        beams = [i for i in items if isinstance(i, TableCard)]
        stacks = [i for i in items if isinstance(i, TableSpot)]
        assert len(stacks) == 8 and items == beams + stacks, "the stacks come after the other players' beams"
        press(shot, pygame.K_TAB)
        for _ in range(len(beams)):
            press(shot, pygame.K_RIGHT)
        g = table._sun_geometry()
        for index in range(8):
            item = table.table_focus_item()
            assert isinstance(item, TableSpot) and table.table_focus_card() is None
            # The ring goes round this stack's lane and badge, and round no other stack's.
            assert rings and rings[-1] == list(item.outline)
            assert inside(g.label_spot(index), rings[-1]) and inside(g.beam_centre(index, 1), rings[-1])
            assert not inside(g.label_spot((index + 1) % 8), rings[-1])
            assert not inside(g.centre, rings[-1])
            # No card to enlarge or explain while a stack has the focus.
            assert table.zoomed is None and table.zoom_rect is None
            words = focus_words(table)
            assert words == table.table_focus_words()
            assert words.endswith(f", {len(beams) + index + 1} {WORDS[language]['of']} {len(items)}")
            if index == 0:
                assert words.startswith(WORDS[language]["red"]), words
            if index == 3:
                assert words.startswith(WORDS[language]["lime"]), words
            press(shot, pygame.K_RIGHT)
        assert table.table_focus_item() == items[0]     # round again to the first beam
        press(shot, pygame.K_LEFT)
        assert table.table_focus_item() == stacks[-1]
        # Esc: back to the hand and no ring round a stack (Enter, Tab and Shift+Tab past the stacks are
        # the table's cards' own, tested in test_keys_table_cards.py with Elios's stacks last).
        press(shot, pygame.K_ESCAPE)
        assert table.table_focus_item() is None and table.drag.focus == hand_focus and table._token() == token
        count = len(rings)
        shot.run(2)
        assert len(rings) == count
    finally:
        shot.close()


def test_speech_says_each_stack_as_the_focus_reaches_it(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "elios-mid", (1280, 720), 100, "en")
    try:
        ear = listen(shot)
        table = shot.app.stack.top
        press(shot, pygame.K_TAB, mod=pygame.KMOD_SHIFT)      # from the cards back to the Menu button …
        while not isinstance(table.table_focus_item(), TableSpot):
            press(shot, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # … and on back to the table's last: the violet stack
        assert ear.spoken[-1] == spoken(table.table_focus_words()) and ear.spoken[-1].startswith("The violet stack: ")
        press(shot, pygame.K_LEFT)
        assert ear.spoken[-1].startswith("The blue stack: 2 beams (blue, blue), full up to the discs")
    finally:
        shot.close()


def test_a_beam_landing_on_a_stack_changes_its_words(tmp_path, monkeypatch) -> None:
    """The words follow the stack as drawn: a beam added to the red stack is counted once it is there."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "elios-mid", (1280, 720), 100, "en")
    try:
        table = shot.app.stack.top
        before = table._stack_words(0)
        table.stacks[0] += table.joker
        assert before.startswith("the red stack: 1 beam (red)")
        assert table._stack_words(0) == "the red stack: 2 beams (red, joker), full up to the discs"
        table.stacks[0] = ""
        assert table._stack_words(0) == "the red stack: empty, room for 2 beams"
    finally:
        shot.close()
