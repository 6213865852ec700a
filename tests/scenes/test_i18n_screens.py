"""English and Dutch on every screen that is not a game table: nothing cut or running out of its box
at 1280×720 and 800×500, the language a setting that follows the system until the player picks one,
a switch that redraws every screen at once, and dates and numbers written as each language writes them."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from game.core.settings import Settings, load_settings, save_settings
from scenes.ui import i18n
from scenes.headless import make_headless_app
from scenes.screens.rules import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene
from scenes.ui.widgets import Button, Stepper, recording_text
from tests.scenes.i18n_screens import SCREENS, SIZES, VIEWER_SCREENS, open_screen, text_problems, viewer_own_text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_no_text_is_cut_or_runs_out_of_its_box(name, size, language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app(size)
    app.set_language(language)
    open_screen(app, name)
    app.frame(1 / 60)
    with recording_text() as log:
        app.stack.top.draw(app.screen)
    assert log.drawn
    assert text_problems(log) == []


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", sorted(VIEWER_SCREENS))
def test_no_text_of_the_replay_viewer_or_the_review_is_cut_or_runs_out_of_its_box(name, size, language, tmp_path,
                                                                                   monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app(size)
    app.set_language(language)
    open_screen(app, name)
    app.frame(1 / 60)
    log = viewer_own_text(app)
    assert len(log.drawn) >= 5
    assert text_problems(log) == []
    app.stack.top.exit()


def test_the_recorder_notices_a_cut_label_and_lines_that_run_into_each_other(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500))
    surface = pygame.Surface((300, 100))
    with recording_text() as log:
        Button(pygame.Rect(10, 10, 60, 30), "Opgeslagen spellen", lambda: None).draw(surface)
        from scenes.ui.widgets import draw_text
        draw_text(surface, "Spelregels", (100, 60), 16)
        draw_text(surface, "Instellingen", (110, 64), 16)
        draw_text(surface, "Afsluiten", (280, 80), 16)
    found = "\n".join(text_problems(log))
    assert "“Opgeslagen spellen” is cut to fit" in found
    assert "“Spelregels”" in found and "runs into “Instellingen”" in found
    assert "“Afsluiten” runs off its surface" in found
    assert app is not None


# ----- the language is a setting ------------------------------------------------------------------------------
def labels(scene) -> list[str]:
    return [c.label for c in scene.focus.controls if isinstance(c, Button)]


def test_switching_the_language_redraws_every_screen_at_once(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    title = TitleScene(app)
    app.stack.push(title)
    app.stack.push(RulesScene(app, "telos"))
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.stack.apply_pending()
    app.frame(1 / 60)
    assert "Settings" in labels(title) and settings.rows[0][0] == "Language"

    language = next(c for c in settings.focus.controls if getattr(c, "key", "") == "Language")
    assert isinstance(language, Stepper) and language.describe(language.value) == "English"
    language.step(1)
    app.frame(1 / 60)
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["language"] == "nl"
    assert i18n.current_language() == "nl"
    with recording_text() as log:
        app.draw()
    drawn = {text for text, *_ in log.drawn}
    assert {"Instellingen", "Taal", "Klaar", "Animatiesnelheid"} <= drawn
    assert "Instellingen" in labels(title) and "Spelregels" in labels(title)
    rules = app.stack.scenes[1]
    assert rules.rules_file == "rules/nl/telos.md" and rules.blocks[0].runs == [("Télos", False)]
    assert any("minpunten" in text for block in rules.blocks for text, _bold in block.runs)
    assert settings.name_text == "Jij"          # the untouched default name speaks the language too

    language = next(c for c in settings.focus.controls if getattr(c, "key", "") == "Language")
    language.step(1)                             # wraps round to English
    app.frame(1 / 60)
    with recording_text() as log:
        app.draw()
    drawn = {text for text, *_ in log.drawn}
    assert {"Settings", "Language", "Done", "Animation speed"} <= drawn and "Instellingen" not in drawn
    assert "Settings" in labels(title) and app.stack.scenes[1].rules_file == "rules/telos.md"
    assert settings.name_text == "You"


def test_the_language_setting_is_kept_and_a_wrong_value_follows_the_system(tmp_path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(language="nl"))
    assert load_settings(path).settings.language == "nl"
    path.write_text(json.dumps({"language": "fr"}), encoding="utf-8")
    assert load_settings(path).settings.language == ""
    assert Settings().language == ""


def test_a_window_follows_the_system_language_until_the_player_picks_one(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "nl")
    assert i18n.chosen_language("") == "nl"
    assert i18n.chosen_language("en") == "en"
    assert i18n.chosen_language("", follow_system=False) == "en"     # headless runs stay repeatable


def test_a_headless_app_speaks_the_language_of_its_settings(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    make_headless_app((800, 500))
    assert i18n.current_language() == "en"
    (tmp_path / "config").mkdir(exist_ok=True)
    app = make_headless_app((800, 500))
    save_settings(app.dirs.settings_file, Settings(language="nl"))
    make_headless_app((800, 500))
    assert i18n.current_language() == "nl" and i18n._("Settings") == "Instellingen"


@pytest.mark.parametrize("environ,expected", [
    ({"LANG": "nl_NL.UTF-8"}, "nl"), ({"LANG": "nl_BE.UTF-8"}, "nl"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:nl", "LANG": "fr_FR.UTF-8"}, "nl"), ({"LC_ALL": "C"}, "en"), ({}, "en"),
    ({"LANG": "Dutch_Netherlands.1252"}, "nl"), ({"LC_MESSAGES": "en_GB.UTF-8", "LANG": "nl_NL"}, "en"),
])
def test_the_system_language_is_dutch_for_nl_locales_and_english_otherwise(environ, expected) -> None:
    assert i18n.system_language(environ) == expected


# ----- numbers and dates ---------------------------------------------------------------------------------------
def test_dates_and_numbers_are_written_as_the_language_writes_them() -> None:
    moment = time.mktime((2026, 3, 5, 9, 7, 0, 0, 0, -1))
    i18n.set_language("en")
    assert i18n.format_datetime(moment) == "5 Mar 2026, 09:07"
    assert (i18n.format_decimal(3.25, 1), i18n.format_percent(61.5), i18n.localize_digits("1.50 s")) == \
        ("3.2", "62 %", "1.50 s")
    i18n.set_language("nl")
    assert i18n.format_datetime(moment) == "5 mrt 2026 09:07"
    assert (i18n.format_decimal(3.25, 1), i18n.format_percent(61.5), i18n.localize_digits("1.50 s")) == \
        ("3,2", "62%", "1,50 s")
    assert i18n.join_names(["Io", "Ariadne", "Bion"]) == "Io, Ariadne en Bion"
    assert i18n.ngettext("{count} player", "{count} players", 1) == "{count} speler"


# ----- the game tables -----------------------------------------------------------------------------------------
# Each table at the moments build/table_screenshots.py puts it in (the same seeds and seats): after the
# opening deal, mid-game, at its first results dialog, in its reaction window, and Zeus's game over.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build"))
import table_screenshots as moments  # noqa: E402

TABLE_MOMENTS: dict[str, Callable[[Any], None]] = {
    **{f"{game}-{when.__name__}": (lambda shot, when=when, game=game: when(shot, game))
       for game in moments.SEATS for when in (moments.start, moments.mid, moments.results)},
    **{f"{game}-reaction": react for game, react in moments.REACTIONS.items()},
    **{f"{game}-gameover": end for game, end in moments.ENDINGS.items()},
}


def open_table_moment(name: str, size: tuple[int, int], language: str, out: Path,
                      translations: Any = None) -> Any:
    """A headless app showing one table moment in `language` (or with `translations` put in place of
    the catalog before the table opens); the caller closes it."""
    shot = moments.Shooter(out, size)
    shot.app.set_language(language)
    if translations is not None:
        i18n._translations = translations
    shot.save = lambda game_id, moment: None       # the tests read what is drawn, not a file
    TABLE_MOMENTS[name](shot)
    return shot


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", sorted(TABLE_MOMENTS))
def test_no_text_at_a_dutch_table_is_cut_or_runs_out_of_its_box(name, size, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_table_moment(name, size, "nl", tmp_path)
    try:
        with recording_text() as log:
            shot.app.stack.top.draw(shot.app.screen)       # a results dialog: the dialog, not the table under it
        assert len(log.drawn) >= 3
        assert text_problems(log) == []
    finally:
        shot.close()


# ----- the Hint says the move in the table's words, not in the record's notation ----------------------------------
@pytest.mark.parametrize("language,would", [("en", "the Normal AI would "), ("nl", "de normale AI zou ")])
@pytest.mark.parametrize("name", ["elios-start", "elios-mid", "zeus-mid"])
def test_the_hint_names_every_move_in_the_tables_words(name, language, would, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = open_table_moment(name, (1280, 720), language, tmp_path)
    try:
        table = shot.app.stack.top
        legal = table.state.legal_actions(table.bottom)
        assert legal, "the bottom seat has a move at this moment"
        for action in legal:
            words = table._hint_reason(action)
            assert words.startswith(would)
            if language == "nl":                                            # the notation's verbs are English
                assert action.verb not in words.split(), words
            assert not any(("," in arg or "/" in arg) and arg in words for arg in action.args), words  # "1,2", "rr/q"
    finally:
        shot.close()
