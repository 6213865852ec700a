"""Every table button shows its key, whole, at every UI scale: a player who cannot use a mouse reads on the
button which key presses it, also at 150 % and 200 % where the buttons have less room for their words.

Each game's table is opened at the moments its buttons appear (the opening deal, mid-game, a reaction
window, Télos with the Divine Trick) and laid out again at 100 %, 150 % and 200 %, in 1280×720 and 800×500,
in English and Dutch, with several keys moved to others in Settings -> Keys. Every button is drawn on its
own while the text is recorded: it must show its whole label on one line, or its words over its key, or
its label on two lines, with nothing cut and nothing drawn outside the button; and the key it shows must be the one that presses it
(the player's own choice where they moved it)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from typing import Any

import pygame
import pytest

from scenes.ui import i18n, theme
from scenes.ui.keymap import KeyMap, game_actions, key_words
from scenes.ui.widgets import Button, label_words, recording_text
from tests.scenes.i18n_screens import ink_box
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments

SCALES = (100, 150, 200)
SIZES = ((1280, 720), (800, 500))
LANGUAGES = ("en", "nl")

# Keys moved away from their defaults, as a player may in Settings -> Keys.
MOVED = {"table.hint": "j", "table.look_back": "o", "table.rules": "f5", "zeus.sneak": "k", "zeus.draw": "f",
         "elios.ready": "y", "elios.disc": "f", "tamoul.end": "q", "tamoul.call": "v", "telos.divine": "v"}

# The key of each button, by what it does: an action of Settings -> Keys, or a key no one moves.
BY_PRESS = {
    "open_rules": "table.rules", "press_hint": "table.hint", "toggle_look_back": "table.look_back",
    "open_pause": "Esc", "press_undo": "Ctrl+Z", "press_play": "Enter", "cancel_choice": "Esc",
    "press_swap": "telos.divine",
    "press_ready": "elios.ready", "press_suggest": "elios.suggest", "press_disc": "elios.disc",
    "press_split": "elios.split",
    "press_draw_deck": "tamoul.draw", "press_take": "tamoul.take", "press_discard": "tamoul.discard",
    "press_end": "tamoul.end", "press_call": "tamoul.call", "press_results": "tamoul.results",
}


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def telos_divine(shot: Any) -> None:
    """Télos with the Divine Trick: "Swap with blind card" stands under Play."""
    scene = shot.open(moments._session("telos", moments.THREE, options={"divine_trick": True}))
    shot.settle(scene)


MOMENTS = {**{name: TABLE_MOMENTS[name] for name in ("zeus-start", "zeus-reaction", "elios-start", "elios-mid",
                                                     "tamoul-start", "tamoul-reaction", "telos-start", "telos-mid")},
           "telos-divine": telos_divine}


def expected_key(table: Any, button: Button, keys: KeyMap) -> str | None:
    """The key that presses `button`, as the player reads it (None: no key does, e.g. another human's
    Draw a card in pass-and-play)."""
    press = getattr(button.on_click, "__name__", "")
    name = BY_PRESS.get(press)
    if name is None and button.hotkey is not None:      # a control with its own key (Sneak, Draw a card)
        name = next(a.name for a in game_actions(table.GAME_ID) if a.default == button.hotkey)
    if name is None:
        assert press == "<lambda>", f"a button that does {press!r}: which key presses it?"
        return None
    return key_words(keys.key(name)) if "." in name else name


def label_problems(button: Button, key: str | None) -> list[str]:
    """What is wrong with how `button` shows its label and its key, one sentence each."""
    surface = pygame.Surface((button.rect.right + 10, button.rect.bottom + 10))
    with recording_text() as log:
        button.draw(surface)
    shown = [text for text, _rect, _surface, _size in log.drawn]
    problems = [f"“{text}” is cut to fit {width} px" for text, width in log.cut]
    problems += [f"“{text}” {tuple(rect)} runs out of its button {tuple(button.rect)}"
                 for text, rect, _surface, _size in log.drawn if not button.rect.contains(ink_box(rect))]
    if key is not None:
        words = label_words(button.label, key)
        if words is None:
            problems.append(f"“{button.label}” does not name its key {key}")
        elif shown not in ([button.label], [words, key]) and " ".join(shown) != button.label:
            problems.append(f"“{button.label}” is shown as {shown}")
    elif shown != [button.label]:
        problems.append(f"“{button.label}” is shown as {shown}")
    return problems


@pytest.mark.parametrize("name", sorted(MOMENTS))
def test_every_table_button_shows_its_key_whole_at_every_scale_size_and_language(name, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = moments.Shooter(tmp_path, SIZES[0])
    app = shot.app
    keys = KeyMap(MOVED)
    assert keys.bindings() == MOVED           # every move is allowed: none refused, none taken twice
    app.update_settings(replace(app.settings, key_bindings=MOVED))
    shot.save = lambda game_id, moment: None
    try:
        MOMENTS[name](shot)
        table = app.stack.top
        problems, seen = [], set()
        for language in LANGUAGES:
            app.set_language(language)
            for size in SIZES:
                app.set_window_size(size)
                for percent in SCALES:
                    app.update_settings(replace(app.settings, ui_scale=percent))
                    app.frame(1 / 60)
                    app.frame(1 / 60)
                    buttons = table._tab_buttons() + [b for b in table.buttons + table.help_buttons if not b.enabled]
                    assert len(buttons) >= 4, [b.label for b in buttons]
                    for button in buttons:
                        key = expected_key(table, button, keys)
                        seen.add(button.label)
                        problems += [f"{language} {size} {percent} %: {problem}"
                                     for problem in label_problems(button, key)]
        assert problems == []
        assert any("(J)" in label for label in seen) and any("(F5)" in label for label in seen)    # the moved keys
    finally:
        shot.close()


def test_a_label_too_long_for_one_line_shows_its_words_over_its_key() -> None:
    """A button too narrow for "Last moves (L)" even a quarter smaller, and tall enough for two lines."""
    button = Button(pygame.Rect(0, 0, 90, 44), "Last moves (L)", lambda: None, style="secondary")
    button.key_cap = "L"
    assert label_problems(button, "L") == []
    with recording_text() as log:
        button.draw(pygame.Surface((100, 50)))
    assert [text for text, *_rest in log.drawn] == ["Last moves", "L"]
    split = Button(pygame.Rect(0, 0, 110, 32), "Swap with blind card (B)", lambda: None, style="secondary")
    split.key_cap = "B"
    with recording_text() as log:          # words too long to stand over the key: two lines, the key at the end
        split.draw(pygame.Surface((120, 50)))
    assert [text for text, *_rest in log.drawn] == ["Swap with", "blind card (B)"] and not log.cut
    low = Button(pygame.Rect(0, 0, 60, 20), "Last moves (L)", lambda: None, style="secondary")
    low.key_cap = "L"
    with recording_text() as log:          # no room for two lines: the words shorten, the key stays
        low.draw(pygame.Surface((100, 50)))
    [shown] = [text for text, *_rest in log.drawn]
    assert shown.startswith("Last") and shown.endswith("… (L)") and log.cut
