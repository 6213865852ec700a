"""Choosing Télos's Zeus cards on the setup screen: Random, or one chosen chip per player."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.tables as tables
from game.core.engine import OptionSpec
from scenes.headless import make_headless_app
from scenes.scene import Scene
from scenes.screens.setup import SetupScene
from scenes.ui.widgets import Chip, Stepper


class OpenedTable(Scene):
    """Stands in for the Télos table: remembers the session it was opened with."""

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "open_table", lambda app, session: OpenedTable(app, session))
    return make_headless_app((1280, 720))


@pytest.fixture
def setup(app) -> SetupScene:
    scene = SetupScene(app, app.catalog.get("telos"))
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(rect: pygame.Rect) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)]


def control(scene: SetupScene, name: str):
    return next(c for c in scene.focus.controls if getattr(c, "key", "") == name)


def chips(scene: SetupScene) -> dict[str, Chip]:
    return {c.label: c for c in scene.focus.controls if isinstance(c, Chip)}


def choose_mode(app, scene: SetupScene) -> None:
    """Press ▶ on the Zeus cards row, as a player would, to switch from Random to Choose."""
    mode = control(scene, "option-zeus_cards")
    assert isinstance(mode, Stepper) and mode.value == "random"
    scene.focus.focus_control(mode)
    scene.handle_event(key(pygame.K_RIGHT))
    assert control(scene, "option-zeus_cards").value == "choose"


def click_chips(scene: SetupScene, *labels: str) -> None:
    for label in labels:
        for event in click(chips(scene)[label].rect):
            scene.handle_event(event)


def deck_zeus_cards(state) -> set[str]:
    """Every Zeus card in the round's cards: the hands, the blind cards and the undealt rest."""
    cards = [c for hand in state.hands for c in hand] + list(state.blind or ()) + list(state.undealt)
    return {c for c in cards if c.startswith("Z:")}


def test_zeus_cards_option_is_a_pick_of_the_six_cards_by_name(app):
    spec = next(s for s in app.catalog.get("telos").option_specs() if s.name == "zeus_cards")
    assert spec.kind == "pick" and spec.default == "random"
    assert [spec.label_of(c) for c in spec.choices] == ["Ant", "Swan", "White Bull", "Cuckoo", "Eagle", "Serpent"]
    assert "list of ids" not in spec.help


def test_random_shows_no_chips_and_starts_with_one_zeus_card_per_player(app, setup):
    assert chips(setup) == {}
    assert setup.start_button.enabled
    for event in click(setup.start_button.rect):
        setup.handle_event(event)
    app.stack.apply_pending()
    table = app.stack.top
    assert isinstance(table, OpenedTable)
    assert table.session.state.options["zeus_cards"] == "random"
    assert len(deck_zeus_cards(table.session.state)) == setup.count == 3


def test_choose_shows_six_chips_by_name_none_chosen(app, setup):
    choose_mode(app, setup)
    assert sorted(chips(setup)) == sorted(["Ant", "Swan", "White Bull", "Cuckoo", "Eagle", "Serpent"])
    assert not any(chip.selected for chip in chips(setup).values())


def test_wrong_count_disables_start_with_the_message(app, setup):
    control(setup, "count").step(1)              # 4 players
    choose_mode(app, setup)
    click_chips(setup, "Ant", "Eagle", "Swan")
    assert setup.problem() == "Choose 4 Zeus cards, one per player — 3 chosen"
    assert not setup.start_button.enabled
    for event in click(setup.start_button.rect):
        setup.handle_event(event)
    app.stack.apply_pending()
    assert app.stack.top is setup


def test_player_count_changes_how_many_must_be_chosen(app, setup):
    choose_mode(app, setup)
    click_chips(setup, "Ant", "Eagle", "Swan")
    assert setup.start_button.enabled
    control(setup, "count").step(1)              # 4 players: one more needed
    assert not setup.start_button.enabled
    assert setup.problem() == "Choose 4 Zeus cards, one per player — 3 chosen"
    assert chips(setup)["Eagle"].selected        # the choice survives the relayout


def test_exactly_one_per_player_starts_a_game_with_those_zeus_cards(app, setup):
    control(setup, "count").step(1)              # 4 players
    choose_mode(app, setup)
    click_chips(setup, "White Bull", "Cuckoo", "Serpent", "Ant")
    assert chips(setup)["White Bull"].selected
    assert setup.problem() == "" and setup.start_button.enabled
    assert setup.build_options()["zeus_cards"] == ["Z:ant", "Z:bull", "Z:cuckoo", "Z:serpent"]
    for event in click(setup.start_button.rect):
        setup.handle_event(event)
    app.stack.apply_pending()
    state = app.stack.top.session.state
    assert deck_zeus_cards(state) == {"Z:ant", "Z:bull", "Z:cuckoo", "Z:serpent"}


def test_unchoosing_a_chip_takes_it_out_again(app, setup):
    choose_mode(app, setup)
    click_chips(setup, "Ant", "Swan", "Eagle", "Swan", "Serpent")
    assert setup.build_options()["zeus_cards"] == ["Z:ant", "Z:eagle", "Z:serpent"]
    assert not chips(setup)["Swan"].selected


def test_keyboard_reaches_a_chip_and_space_toggles_it(app, setup):
    choose_mode(app, setup)
    setup.handle_event(key(pygame.K_TAB))        # from the Choose stepper to the first chip
    focused = setup.focus.focused
    assert isinstance(focused, Chip) and focused.label == "Ant"
    setup.handle_event(key(pygame.K_SPACE))
    assert focused.selected and setup.picks["zeus_cards"] == ["Z:ant"]
    setup.handle_event(key(pygame.K_RIGHT))      # arrows move along the row of chips
    assert setup.focus.focused.label == "Swan"
    setup.handle_event(key(pygame.K_RETURN))
    setup.handle_event(key(pygame.K_SPACE))      # and off again
    assert setup.picks["zeus_cards"] == ["Z:ant"]


def test_back_to_random_starts_even_with_a_partial_choice(app, setup):
    choose_mode(app, setup)
    click_chips(setup, "Ant")
    assert not setup.start_button.enabled
    control(setup, "option-zeus_cards").step(1)  # wraps back to Random
    assert setup.start_button.enabled and chips(setup) == {}
    assert setup.build_options()["zeus_cards"] == "random"


def test_chosen_state_is_said_in_marks_not_colour_alone(app, setup):
    choose_mode(app, setup)
    click_chips(setup, "Ant")
    surface = pygame.Surface((200, 40))
    for chip in chips(setup).values():
        chip.draw(surface)                       # draws both states without trouble
    from scenes.ui import widgets
    drawn: list[str] = []
    original = widgets.draw_text
    widgets.draw_text = lambda s, text, *a, **k: drawn.append(text)
    try:
        chips(setup)["Ant"].draw(surface)
        chips(setup)["Swan"].draw(surface)
    finally:
        widgets.draw_text = original
    assert drawn == ["✓ Ant", "+ Swan"]


def test_pick_option_check_takes_the_default_or_different_choices():
    spec = OptionSpec("gods", "pick", "random", "Gods", choices=("a", "b", "c"), labels=("Alpha", "Beta", "Gamma"))
    assert spec.check("random") == "random"
    assert spec.check(("b", "a")) == ["b", "a"]
    assert spec.label_of("c") == "Gamma"
    for bad in (["a", "a"], ["d"], [], "a"):
        with pytest.raises(ValueError):
            spec.check(bad)


def test_setup_fits_with_six_players_choosing_at_small_size(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500))
    scene = SetupScene(app, app.catalog.get("telos"))
    scene.set_count(6)
    scene.set_pick_mode("zeus_cards", "choose")
    screen = pygame.Rect(0, 0, 800, 500)
    rects = [c.rect for c in scene.focus.controls]
    assert all(screen.contains(r) for r in rects)
    assert all(scene.options_panel.contains(c.rect) for c in chips(scene).values())
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1:]), a


@pytest.mark.parametrize("chosen, dutch", [
    ("Z:nope,Z:ant,Z:eagle", "'Z:nope' is geen Zeuskaart; kies uit"),
    ("Z:ant,Z:ant,Z:eagle", "een Zeuskaart staat twee keer in"),
    (5, "verwacht random of een lijst van Zeuskaarten, niet 5"),
])
def test_a_zeus_card_choice_the_game_refuses_is_told_in_the_players_language(setup, monkeypatch, chosen, dutch):
    from scenes.ui import i18n

    setup.app.set_language("nl")
    try:
        monkeypatch.setattr(setup, "build_options", lambda: {"zeus_cards": chosen})
        setup.start()
        assert setup.error.startswith("Het spel kon niet beginnen") and dutch in setup.error, setup.error
    finally:
        i18n.set_language("en")


def test_an_unfinished_game_a_new_one_replaces_is_kept_under_a_name_in_the_players_language(setup):
    from scenes.ui import i18n

    setup.start()                                   # an unfinished Télos game is now the autosave
    assert setup.app.dirs.autosave.exists()
    setup.app.set_language("nl")
    try:
        again = SetupScene(setup.app, setup.app.catalog.get("telos"))
        again.start()
        kept = [path.name for path in setup.app.dirs.saves.glob("*.json")]
        assert len(kept) == 1 and kept[0].startswith("Onafgemaakt Télos "), kept
    finally:
        i18n.set_language("en")
