"""Remapped keys: the map refuses a taken or reserved key in words, the Keys screen changes a key by
pressing it (by keys alone) and stores it with the settings, and a table obeys the chosen key, names it
on its buttons and hints, and ignores the default key it replaced."""
from __future__ import annotations

import pygame
import pytest

from game.core.settings import Settings, load_settings, save_settings
from scenes.screens.settings import SettingsScene
from scenes.screens.settings_keys import KeysScene
from scenes.screens.title import TitleScene
from scenes.ui.keymap import ACTIONS, KeyMap
from tests.scenes.table_driving import app_fixture, run
from tests.scenes.test_keys_games import activate, open_table_from_title, press, tab_to
from tests.scenes.test_keys_menus import escape_to, title

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


@pytest.fixture(autouse=True)
def english():
    from scenes.ui import i18n

    i18n.set_language("en")


def test_a_taken_or_reserved_key_is_refused_in_words():
    keys = KeyMap()
    assert keys.refusal("zeus.sneak", pygame.K_d) == "D is already Draw a card."
    assert keys.refusal("zeus.sneak", pygame.K_h) == "H is already Hint."
    assert keys.refusal("table.hint", pygame.K_d) == "D is already Add disc."     # shared: every game's keys count
    assert keys.refusal("zeus.sneak", pygame.K_RETURN) == "Return is kept for moving and choosing; pick another key."
    assert keys.refusal("zeus.sneak", pygame.K_3) is not None
    assert keys.refusal("zeus.sneak", pygame.K_t) is None           # T is Tamoul's Take: another table
    assert keys.refusal("zeus.sneak", pygame.K_s) is None           # its own key


def test_chosen_keys_are_translated_relabelled_and_stored():
    keys = KeyMap(KeyMap().with_key("zeus.draw", pygame.K_f))
    down = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")
    assert keys.translate(down(pygame.K_f), "zeus").key == pygame.K_d
    assert keys.translate(down(pygame.K_d), "zeus") is None          # the key given away does nothing
    assert keys.translate(down(pygame.K_d), "tamoul").key == pygame.K_d   # another table keeps its own D
    assert keys.translate(down(pygame.K_s), "zeus").key == pygame.K_s
    undo = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")
    assert KeyMap({"zeus.draw": "z"}).translate(undo, "zeus").key == pygame.K_z    # Ctrl+Z stays Undo
    # A swap: each label names the other's key once (no second replacement).
    swapped = KeyMap({"tamoul.draw": "t", "tamoul.take": "d"})
    assert swapped.keys["tamoul.draw"] == pygame.K_d               # T is Take's: refused, the default stays
    swapped = KeyMap({"tamoul.draw": "f"})
    swapped = KeyMap({**swapped.bindings(), **KeyMap(swapped.bindings()).with_key("tamoul.take", pygame.K_d)})
    assert swapped.relabel("Draw (D) or Take (T)", "tamoul") == "Draw (F) or Take (D)"
    assert KeyMap({"zeus.draw": "nonsense", "nobody": "f"}).bindings() == {}


def test_the_key_bindings_are_kept_with_the_settings(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(path, Settings(key_bindings={"zeus.sneak": "f"}))
    loaded = load_settings(path)
    assert loaded.message is None and loaded.settings.key_bindings == {"zeus.sneak": "f"}
    assert KeyMap(loaded.settings.key_bindings).key("zeus.sneak") == pygame.K_f


def test_every_action_has_one_default_key_per_table():
    for game in {a.game for a in ACTIONS} - {""}:
        defaults = [a.default for a in ACTIONS if a.game in ("", game)]
        assert len(defaults) == len(set(defaults)), game


def open_keys_screen(app) -> KeysScene:
    """Title -> Settings -> Accessibility -> Keys, by Tab and Enter."""
    title(app)
    activate(app, "settings")
    activate(app, "Accessibility")
    activate(app, "Keys")
    scene = app.stack.top
    assert isinstance(scene, KeysScene)
    return scene


def test_the_keys_screen_changes_a_key_by_keys_and_refuses_a_taken_one(make_app):
    app = make_app(size=(800, 500))
    scene = open_keys_screen(app)
    tab_to(app, "Game")
    while scene.game_id != "zeus":
        press(app, pygame.K_RIGHT)
    activate(app, "zeus.draw")
    assert scene.waiting_for == "zeus.draw" and scene.focus.focused.label == "Press a key…"
    press(app, pygame.K_f)
    assert app.settings.key_bindings == {"zeus.draw": "f"}
    assert scene.message == "Draw a card is now F." and scene.focus.focused.label == "F"
    activate(app, "zeus.sneak")
    press(app, pygame.K_f)
    assert scene.message == "F is already Draw a card."
    assert app.settings.key_bindings == {"zeus.draw": "f"}
    activate(app, "zeus.sneak")
    press(app, pygame.K_ESCAPE)                      # Esc while waiting: the key stays, the screen too
    assert isinstance(app.stack.top, KeysScene) and scene.waiting_for is None
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    activate(app, "Default keys")
    assert app.settings.key_bindings == {}
    escape_to(app, type(app.stack.scenes[-2]))
    escape_to(app, SettingsScene)
    escape_to(app, TitleScene)


def test_a_table_obeys_names_and_keeps_to_the_chosen_key(make_app):
    app = make_app(size=(1280, 720), key_bindings={"tamoul.draw": "f"})
    table = open_table_from_title(app, "tamoul", "5")
    run(app, 3000, until=lambda: table._my_turn() and table._phase() == "draw" and table.reaction is None)
    assert table._my_turn()
    surface = pygame.Surface(app.size)
    table.draw(surface)
    labels = [b.label for b in table.seat_buttons]
    assert any("(F)" in label for label in labels) and not any("(D)" in label for label in labels), labels
    before = sum(len(r.actions) for r in table.state.rounds)
    press(app, pygame.K_d)
    assert sum(len(r.actions) for r in table.state.rounds) == before     # D was given away
    press(app, pygame.K_f)
    assert sum(len(r.actions) for r in table.state.rounds) == before + 1


def test_speech_says_the_button_tab_reaches_with_the_chosen_key(make_app):
    from scenes.ui.speech import RecordingBackend, Speaker, SpeechFollower

    app = make_app(size=(1280, 720), key_bindings={"tamoul.draw": "f"})
    ear = RecordingBackend()
    app.speech = Speaker(ear)
    app.speech.enabled = True
    app.speech_follower = SpeechFollower(app.speech)
    table = open_table_from_title(app, "tamoul", "5")
    run(app, 3000, until=lambda: table._my_turn() and table._phase() == "draw" and table.reaction is None)
    press(app, pygame.K_TAB)
    assert table.tab_button() is not None and table.tab_button().label == "Draw (F)"
    assert any("Draw (F)" in text for text in ear.spoken), ear.spoken[-5:]


def test_elios_ready_and_suggest_name_their_chosen_keys_and_obey_them(make_app):
    app = make_app(size=(1280, 720), key_bindings={"elios.ready": "y", "elios.suggest": "u"})
    table = open_table_from_title(app, "elios", "5")
    run(app, 3000, until=lambda: table._my_phase() == "grouping")
    table.draw(pygame.Surface(app.size))
    labels = [b.label for b in table.seat_buttons]
    assert labels == ["Ready (Y)", "Suggest groups (U)"], labels
    press(app, pygame.K_u)
    press(app, pygame.K_r)                                  # R was given away: not ready
    assert table.bottom not in table.state.confirmed
    press(app, pygame.K_y)
    run(app, 600, until=lambda: table.bottom in table.state.confirmed or table.state.phase != "grouping")
    assert table.bottom in table.state.confirmed or table.state.phase != "grouping"


def test_zeus_draw_names_its_chosen_key_and_obeys_it(make_app):
    from game.catalog import load_game
    from scenes.tables import open_table
    from tests.scenes.table_driving import open_session, show

    app = make_app(size=(1280, 720), key_bindings={"zeus.draw": "f"})
    game = load_game("zeus")
    seats = [("Ann", "human"), ("Bob", "ai:random"), ("Cleo", "ai:random")]
    zeus = show(app, open_table(app, open_session(game, seats, 5, {"manual_draw": True})))
    for _ in range(20):                     # play the first card each turn until a draw is owed
        run(app, 3000, until=lambda: zeus._human_may_act() and zeus.bottom in zeus._waiting())
        if zeus.state.view(None).owes_draw[zeus.bottom]:
            break
        plays = [a for a in zeus.state.legal_actions(zeus.bottom) if a.verb == "play"]
        if plays:
            cards = [s.card_id for s in zeus.drag.sprites]
            press(app, pygame.K_1 + cards.index(plays[0].args[0]))
        else:
            break
    assert zeus.state.view(None).owes_draw[zeus.bottom], "the player never owed a draw"
    run(app, 2)
    zeus.draw(pygame.Surface(app.size))
    assert [b.label for b in zeus.seat_buttons] == ["Draw a card (F)"], [b.label for b in zeus.seat_buttons]
    before = zeus.state.view(None).draw_pile_size
    press(app, pygame.K_d)
    assert zeus.state.view(None).draw_pile_size == before
    press(app, pygame.K_f)
    assert zeus.state.view(None).draw_pile_size == before - 1
