"""The cards on the table by keys: Tab goes from the player's own cards to the face-up cards on the table
that are not theirs (a Télos trick, Mount Olympus, Tamoul's top discard and turned boards, the other Elios
players' beams), the arrows move among them with the focus ring, the enlarged card (where the table is
smaller than the UI scale) and speech follow, Enter plays nothing, Esc goes back to the same card in hand
and Tab goes on to the buttons. Only a card drawn face up for the player is ever reached: a look that has
ended is not. Every key is sent as an event, in English and Dutch, at 200 % in 1280x720 and 100 % in 800x500."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from typing import Any

import pygame
import pytest

from scenes.screens.results import ResultsOverlay
from scenes.table import table_focus
from scenes.table.table_focus import TableCard, card_bounds, focus_key
from scenes.ui import i18n, theme
from scenes.ui.speech import RecordingBackend, Speaker, SpeechFollower, focus_words, spoken
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments

# Each table at a moment with cards on it that are not the player's, and how speech opens their words.
OPENINGS = {
    "telos-mid": {"en": "Trick: ", "nl": "Slag: "},
    "zeus-mid": {"en": "Mount Olympus, top card: ", "nl": "De Olympus, bovenste kaart: "},
    "tamoul-reaction": {"en": "Discard pile, top card: ", "nl": "Aflegstapel, bovenste kaart: "},
    "elios-start": {"en": "Zoe's beams: ", "nl": "Stralen van Zoe: "},
}
SIZES = [((1280, 720), 200, "en"), ((800, 500), 100, "nl")]


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def open_moment(tmp_path, name: str, size: tuple[int, int], percent: int, language: str) -> Any:
    shot = moments.Shooter(tmp_path, size, language)
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.save = lambda game_id, moment: None
    TABLE_MOMENTS[name](shot)
    return shot


def press(shot: Any, k: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    shot.run(frames)


def listen(shot: Any) -> RecordingBackend:
    """Speech on, into a recording: what the player would hear."""
    app = shot.app
    ear = RecordingBackend()
    app.speech = Speaker(ear)
    app.speech.enabled = True
    app.speech_follower = SpeechFollower(app.speech)
    shot.run(2)
    return ear


def rings_drawn(monkeypatch) -> list[pygame.Rect]:
    """Where each frame drew the table's focus ring (the kit's own drawing, watched)."""
    drawn: list[pygame.Rect] = []
    real = table_focus.draw_table_focus_ring
    monkeypatch.setattr(table_focus, "draw_table_focus_ring",
                        lambda surface, rect, radius: (drawn.append(pygame.Rect(rect)), real(surface, rect, radius)))
    return drawn


@pytest.mark.parametrize("size,percent,language", SIZES, ids=["1280x720-200-en", "800x500-100-nl"])
@pytest.mark.parametrize("name", list(OPENINGS))
def test_tab_reaches_the_cards_on_the_table_and_the_ring_the_enlarged_card_and_the_words_follow(
        name, size, percent, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, name, size, percent, language)
    try:
        table = shot.app.stack.top
        rings = rings_drawn(monkeypatch)
        press(shot, pygame.K_RIGHT)             # the arrows in the hand first: Esc must come back here
        hand_focus, token = table.drag.focus, table._token()
        cards = table.table_cards()
        assert cards, "nothing on the table to look at"
        press(shot, pygame.K_TAB)
        sprite = table.table_focus_card()
        assert sprite is cards[0].sprite and table.tab_button() is None
        words = focus_words(table)
        assert words == table.table_focus_words() and words.startswith(OPENINGS[name][language]), words
        assert words.endswith(f" 1 {'of' if language == 'en' else 'van'} {len(cards)}")
        # The ring stands round the card as it lies; the enlarged card is that card (only where the table is small).
        assert rings and rings[-1].contains(card_bounds(sprite))
        if percent == 200:
            assert table.zoomed is sprite and table.zoom_rect is not None
            assert not table.zoom_rect.colliderect(sprite.rect())
        else:
            assert table.zoom_width() == 0 and table.zoom_rect is None
        # The arrows visit every card on the table (and Elios's sun stacks) and come round again; each card
        # is drawn face up, none is the hand's.
        visited = []
        for _ in range(len(cards)):
            item = table.table_focus_item()
            if isinstance(item, TableCard):
                assert item.sprite.face_up and item.sprite.card_id in table.renderer.drawn_faces
                assert item.sprite not in table.drag.sprites
            visited.append(focus_key(item))
            press(shot, pygame.K_RIGHT)
        assert [focus_key(c) for c in cards] == visited and table.table_focus_card() is cards[0].sprite
        press(shot, pygame.K_LEFT)
        assert focus_key(table.table_focus_item()) == focus_key(cards[-1])
        # Enter plays nothing: the player is told how to go back.
        press(shot, pygame.K_RETURN)
        assert table._token() == token and "Esc" in table.drag.notice.text
        # Esc: back to the same card in hand, and no ring on the table.
        press(shot, pygame.K_ESCAPE)
        assert table.table_focus_card() is None and table.drag.focus == hand_focus and shot.app.stack.top is table
        count = len(rings)
        shot.run(2)
        assert len(rings) == count
        # Tab, Tab: the table, then the first button; Shift+Tab comes back to the table's last card.
        press(shot, pygame.K_TAB)
        press(shot, pygame.K_TAB)
        assert table.table_focus_card() is None and table.tab_button() is table._tab_buttons()[0]
        press(shot, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert table.tab_button() is None and table.table_focus_item() == table.table_cards()[-1]
        assert table._token() == token
    finally:
        shot.close()


def test_tab_passes_a_table_with_nothing_face_up_to_look_at(tmp_path, monkeypatch) -> None:
    """Tamoul mid-game on the player's draw: every slot lies face down and the top discard is the player's
    to take (the hand's arrows reach it), so Tab goes straight to the buttons."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "tamoul-mid", (1280, 720), 200, "en")
    try:
        table = shot.app.stack.top
        assert table.table_cards() == []
        press(shot, pygame.K_TAB)
        assert table.table_focus_card() is None and table.tab_button() is not None
    finally:
        shot.close()


def test_speech_names_each_table_card_as_the_focus_reaches_it_in_english_and_dutch(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    for language, trick in (("en", "Trick: "), ("nl", "Slag: ")):
        shot = open_moment(tmp_path, "telos-mid", (1280, 720), 100, language)
        try:
            ear = listen(shot)
            table = shot.app.stack.top
            press(shot, pygame.K_TAB)
            assert ear.spoken[-1] == spoken(table.table_focus_words()) and ear.spoken[-1].startswith(trick)
            first = ear.spoken[-1]
            press(shot, pygame.K_RIGHT)
            assert ear.spoken[-1] == spoken(table.table_focus_words()) != first
        finally:
            shot.close()


def test_a_look_at_another_players_card_is_reached_while_it_is_up_and_never_once_it_has_ended(
        tmp_path, monkeypatch) -> None:
    """Tamoul: the player's own look at Zoe's card 2 (the step "look at another player's card") shows its
    face to them for a moment; the table focus may reach it then, and once it goes face down the focus
    leaves it and neither the words nor the enlarged card name it again."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "tamoul-reaction", (1280, 720), 200, "en")
    try:
        table = shot.app.stack.top
        card = table.state.position()["now"]["slots"][1][1]
        table._look(1, 1, card, table._look_seconds())      # as the table shows a peek of the player's own
        shot.run(20)
        sprite = table.grids[1].slots[1]
        assert sprite in [c.sprite for c in table.table_cards()]
        press(shot, pygame.K_TAB)
        while table.table_focus_card() is not sprite:
            press(shot, pygame.K_RIGHT)
        assert "Zoe's card 2: " in table.table_focus_words() and table.zoomed is sprite
        shot.run(int(60 * (table._look_seconds() + 1.5)), until=lambda: sprite.card_id is None)
        shot.run(2)
        assert sprite.card_id is None and sprite not in [c.sprite for c in table.table_cards()]
        assert table.table_focus_card() is not sprite and table.zoomed is not sprite
        assert "Zoe's card" not in focus_words(table)
    finally:
        shot.close()


def test_after_the_round_every_turned_board_may_be_looked_at_card_by_card(tmp_path, monkeypatch) -> None:
    """Tamoul's round ends with every card face up; "Look at the table" puts the results aside and Tab
    reaches every card of every board, each named with its player and slot."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "tamoul-results", (1280, 720), 200, "en")
    try:
        results = shot.app.stack.top
        assert isinstance(results, ResultsOverlay)
        for _ in range(len(results.focus.controls) + 1):
            if results.focus.focused.label == "Look at the table":
                break
            press(shot, pygame.K_TAB)
        press(shot, pygame.K_RETURN, frames=4)
        table = shot.app.stack.top
        assert table.table_looked
        face_up = [s for seat in range(table.count) for s in table.grids[seat].sprites() if s.face_up]
        reached = {c.sprite for c in table.table_cards()}
        assert face_up and set(face_up) <= reached
        press(shot, pygame.K_TAB)
        words = []
        for _ in range(len(reached)):
            words.append(table.table_focus_words())
            press(shot, pygame.K_RIGHT)
        assert any(w.startswith("Zoe's card 1: ") for w in words) and any(w.startswith("Ann's card 4: ") for w in words)
        press(shot, pygame.K_RETURN, frames=4)      # Enter still brings the results back
        assert isinstance(shot.app.stack.top, ResultsOverlay)
    finally:
        shot.close()


def test_when_the_button_with_the_focus_leaves_tab_starts_again_from_the_cards(tmp_path, monkeypatch) -> None:
    """Tamoul, the player's draw: Tab reaches Draw, the pause menu opens and closes (the focus stays on
    Draw), then D draws by its key. Draw leaves the buttons; the focus goes back to the cards in hand
    rather than to the button now standing in Draw's place (Discard), so the next Tab reaches the card
    just drawn on the table, as Tab from the cards always does, and the one after it the first button."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_moment(tmp_path, "tamoul-mid", (1280, 720), 100, "en")
    try:
        table = shot.app.stack.top
        press(shot, pygame.K_TAB)
        assert table.tab_button().label == "Draw (D)"
        press(shot, pygame.K_ESCAPE, frames=6)
        assert shot.app.stack.top is not table
        press(shot, pygame.K_ESCAPE, frames=6)
        assert shot.app.stack.top is table and table.tab_button().label == "Draw (D)"
        shot.run(600, until=lambda: not table._reaction_open())
        token = table._token()
        press(shot, pygame.K_d, frames=90)
        assert table._token() != token and "Draw (D)" not in [b.label for b in table._tab_buttons()]
        assert table.tab_button() is None and not any(b.focused for b in table._tab_buttons())
        assert table.table_cards(), "the drawn card lies on the table to be looked at"
        press(shot, pygame.K_TAB)
        assert table.tab_button() is None and table.table_focus_card() is table.table_cards()[0].sprite
        press(shot, pygame.K_TAB)
        assert table.tab_button() is table._tab_buttons()[0] and table.tab_button().label == "Discard (X)"
    finally:
        shot.close()
