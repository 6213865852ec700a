"""Title, setup and settings screens, driven by the mouse and keyboard events a player would make."""
from __future__ import annotations

import json
import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.tables as tables
from game.catalog import Catalog
from game.core import manifest as manifests
from game.core.engine import SeatInfo
from game.core.manifest import GameSetting, Registry
from game.core.session import GameSession
from scenes.headless import make_headless_app
from scenes.screens.results import ConfirmOverlay
from scenes.scene import Scene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.ui.widgets import Button, Stepper, TextField, Toggle
from tests.core.countgame import CountGame


class CountTable(Scene):
    """Stands in for a real table: remembers the session it was opened with."""

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session


class NoTableGame(CountGame):
    id = "notable"
    title = "Half Built"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "has_table", lambda game_id: game_id == "count")
    monkeypatch.setattr(tables, "open_table", lambda app, session: CountTable(app, session))
    catalog = Catalog(games={"count": CountGame(), "notable": NoTableGame()},
                      errors={"telos": "assets/decks/telos.yaml, line 4, key 'sets': expected a list"})
    return make_headless_app((1280, 720), catalog=catalog)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(rect: pygame.Rect) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)]


def labels(scene) -> list[str]:
    return [c.label for c in scene.focus.controls if isinstance(c, Button)]


def show(app, scene) -> None:
    app.stack.push(scene)
    app.stack.apply_pending()


# ----- title ---------------------------------------------------------------------------------------------
def test_title_offers_only_games_with_content_and_a_table(app):
    title = TitleScene(app)
    assert labels(title) == ["Play Count to Ten", "Rules", "Play with friends online", "Saved games", "Replays",
                              "Statistics", "Settings", "Quit"]


def test_title_names_a_game_that_cannot_be_offered_and_why_in_one_line(app):
    title = TitleScene(app)
    assert title.error_lines == ["⚠ Télos cannot be offered: assets/decks/telos.yaml, line 4, key 'sets': "
                                 "expected a list"]
    show(app, title)
    app.frame(1 / 60)     # draws without trouble


def test_title_offers_to_resume_an_unfinished_game_and_says_whose(app):
    GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Ariadne", "ai:random")], None, 4,
                    autosave_path=app.dirs.autosave)
    title = TitleScene(app)
    assert labels(title)[0] == "Resume Count to Ten"
    assert "Io and Ariadne" in title.resume_note
    show(app, title)
    title.resume_game()
    app.stack.apply_pending()
    table = app.stack.top
    assert isinstance(table, CountTable) and table.session.state.seed == 4


def test_title_keyboard_moves_focus_and_enter_opens_setup(app):
    title = TitleScene(app)
    show(app, title)
    assert title.focus.focused.label == "Play Count to Ten"
    title.handle_event(key(pygame.K_DOWN))
    assert title.focus.focused.label == "Play with friends online"     # the button under it
    title.handle_event(key(pygame.K_UP))
    title.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, SetupScene)


def test_escape_on_the_title_asks_before_quitting(app):
    show(app, TitleScene(app))
    app.stack.top.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmOverlay) and app.running
    confirm.handle_event(key(pygame.K_ESCAPE))        # Esc again: stay
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TitleScene) and app.running
    app.stack.top.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.stack.top.handle_event(key(pygame.K_RETURN))  # Enter: the first answer, Quit
    assert not app.running


# ----- setup ---------------------------------------------------------------------------------------------
def test_setup_builds_seats_with_the_player_name_and_greek_ai_names(app):
    setup = SetupScene(app, app.catalog.games["count"])
    assert setup.build_seats() == [SeatInfo("You", "human"), SeatInfo("Ariadne", "ai:random"),
                                   SeatInfo("Nikias", "ai:random")]
    assert setup.build_options() == {"target": 10}


def test_setup_player_count_human_ai_and_options_change_what_starts(app):
    setup = SetupScene(app, app.catalog.games["count"])
    show(app, setup)
    controls = {c.key: c for c in setup.focus.controls}
    controls["count"].step(1)
    controls = {c.key: c for c in setup.focus.controls}
    controls["kind-3"].step(-1)           # seat 4 becomes human
    controls["option-target"].step(2)
    seats = setup.build_seats()
    assert len(seats) == 4 and seats[3].controller == "human"
    assert setup.build_options() == {"target": 12}
    setup.seed_text = "77"
    setup.start()
    app.stack.apply_pending()
    table = app.stack.top
    assert isinstance(table, CountTable)
    assert table.session.state.seed == 77 and table.session.state.options == {"target": 12}
    assert app.dirs.autosave.exists()


def test_setup_refuses_two_players_with_the_same_name(app):
    setup = SetupScene(app, app.catalog.games["count"])
    show(app, setup)
    setup.set_name(1, "you ")
    assert "both called you" in setup.problem()
    assert setup.start_button is not None and not setup.start_button.enabled
    setup.start()
    app.stack.apply_pending()
    assert app.stack.top is setup
    setup.set_name(1, "")
    assert setup.problem() == "Seat 2 needs a name."


def test_setup_name_field_takes_typing(app):
    setup = SetupScene(app, app.catalog.games["count"])
    show(app, setup)
    field = next(c for c in setup.focus.controls if getattr(c, "key", "") == "name-0")
    for event in click(field.rect):
        setup.handle_event(event)
    assert setup.focus.focused is field
    setup.handle_event(key(pygame.K_BACKSPACE))
    setup.handle_event(key(pygame.K_BACKSPACE))
    setup.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="lysses"))
    assert setup.seats[0].name == "Ylysses"
    setup.handle_event(key(pygame.K_SPACE))        # a space is typed, not a button press
    assert setup.focus.focused is field


def test_setup_tab_walks_every_control_in_order(app):
    setup = SetupScene(app, app.catalog.games["count"])
    show(app, setup)
    seen = []
    for _ in range(len(setup.focus.controls)):
        seen.append(setup.focus.focused.key)
        setup.handle_event(key(pygame.K_TAB))
    assert seen[0] == "count" and seen[-3:] == ["back", "rules", "start"]
    assert "seed" in seen and "option-target" in seen


def test_setup_shows_beginner_for_the_random_level(app):
    setup = SetupScene(app, app.catalog.games["count"])
    level = next(c for c in setup.focus.controls if getattr(c, "key", "") == "level-1")
    assert isinstance(level, Stepper) and level.describe(level.value) == "Beginner"


# ----- settings ------------------------------------------------------------------------------------------
def test_settings_changes_are_saved_at_once(app):
    settings = SettingsScene(app)
    show(app, settings)
    controls = {c.key: c for c in settings.focus.controls}
    controls["Animation speed"].step(1)
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["animation_speed"] == "fast"
    sneak = controls["Zeus sneak window"]
    assert sneak.describe(sneak.value) == "1.50 s"
    sneak.step(2)
    assert app.settings.game_value("zeus", "sneak_window_s") == 2.0
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["games"]["zeus"] == {"sneak_window_s": 2.0}
    name = controls["Your name"]
    assert isinstance(name, TextField)
    settings.focus.focus_control(name)
    settings.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    settings.handle_event(key(pygame.K_RETURN))
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["player_name"] == "You!"
    assert isinstance(controls["Fullscreen"], Toggle)


def test_settings_window_preset_resizes_the_window(app):
    settings = SettingsScene(app)
    show(app, settings)
    preset = {c.key: c for c in settings.focus.controls}["Window size"]
    preset.step(-1)
    assert app.size == (960, 540)
    assert (app.settings.window_width, app.settings.window_height) == (960, 540)


def test_settings_rows_of_a_game_come_from_its_manifest(app, monkeypatch):
    zeus, telos = manifests.registry()["zeus"], manifests.registry()["telos"]
    memory = GameSetting(name="show_memory", label="Tamoul memory marks", help="Tamoul: mark the cards you have seen.",
                         kind="toggle", default=True)
    tamoul = replace(telos, id="tamoul", title="Tamoul", menu_order=30, settings=(memory,))
    unoffered = replace(telos, id="elios", title="Elios", menu_order=40, table=None,
                        settings=(replace(memory, label="Elios hint"),))
    monkeypatch.setattr(manifests, "registry", lambda: Registry((zeus, telos, tamoul, unoffered)))
    settings = SettingsScene(app)
    show(app, settings)
    assert [label for label, _, _ in settings.rows] == [
        "Language", "Size of text and cards", "Animation speed", "Sound volume", "Reduced motion", "Fullscreen",
        "Window size", "Zeus sneak window",
        "Tamoul memory marks", "AI move delay", "Skip to my turn", "Replays kept", "Your name", "Accessibility"]
    marks = {c.key: c for c in settings.focus.controls}["Tamoul memory marks"]
    assert isinstance(marks, Toggle) and marks.value is True
    settings.focus.focus_control(marks)
    settings.handle_event(key(pygame.K_RETURN))
    assert app.settings.game_value("tamoul", "show_memory") is False
    app.frame(1 / 60)     # draws without trouble


def test_the_title_offers_registered_games_with_a_table_and_names_a_broken_manifest(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    zeus, telos = manifests.registry()["zeus"], manifests.registry()["telos"]
    problem = "game/elios/manifest.py is broken: title must be a non-empty text"
    monkeypatch.setattr(manifests, "registry", lambda: Registry((zeus, replace(telos, table=None)), {"elios": problem}))
    app = make_headless_app((1280, 720))
    assert set(app.catalog.games) == {"zeus", "telos"}     # Télos still loads: commands and tests play it
    title = TitleScene(app)
    assert labels(title) == ["Play Zeus on the Loose", "Rules", "Learn to play", "Play with friends online",
                              "Saved games", "Replays", "Statistics", "Settings", "Quit"]
    assert title.error_lines == [f"⚠ elios cannot be offered: {problem}"]
