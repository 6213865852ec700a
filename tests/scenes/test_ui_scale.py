"""The UI scale setting: text, cards and controls grow together, at once, and every screen still fits.

At 200 % a 1280×720 window is laid out as a 640×360 window at 100 %: every screen that is not a table
(and the replay viewer's and review's own panels) is checked there, in English and Dutch, for text cut or
running into other text or off the window, as the language tests check them at 100 %."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from dataclasses import replace

import pygame
import pytest

from game.core.settings import Settings
from scenes.app import App
from scenes.headless import make_headless_app
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene
from scenes.ui import i18n, theme
from scenes.ui.widgets import Stepper, recording_text
from tests.scenes.i18n_screens import SCREENS, VIEWER_SCREENS, open_screen, text_problems, viewer_own_text

BIG = 200


@pytest.fixture(autouse=True)
def back_to_normal():
    yield
    i18n.set_language("en")
    theme.set_ui_scale_setting(100)


def scaled_app(size: tuple[int, int], percent: int, language: str):
    app = make_headless_app(size)
    app.update_settings(replace(app.settings, ui_scale=percent))
    app.set_language(language)
    return app


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("name", sorted(SCREENS) + sorted(VIEWER_SCREENS))
def test_at_200_percent_no_text_on_any_screen_is_cut_or_runs_out_of_its_box(name, language, tmp_path,
                                                                            monkeypatch) -> None:
    """Every screen's own words (the replay viewer's and the review's: their panels', the tables have
    their own test below)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = scaled_app((1280, 720), BIG, language)
    open_screen(app, name)
    app.frame(1 / 60)
    if name in VIEWER_SCREENS:
        log = viewer_own_text(app)
        app.stack.top.exit()
        assert len(log.drawn) >= 5
    else:
        with recording_text() as log:
            app.stack.top.draw(app.screen)
        assert log.drawn
    assert text_problems(log) == []


# ----- the setting ---------------------------------------------------------------------------------------------
def test_the_setting_multiplies_into_every_ui_scale() -> None:
    assert theme.ui_scale((1280, 720)) == 1.0
    theme.set_ui_scale_setting(200)
    assert theme.ui_scale((1280, 720)) == 2.0 and theme.ui_scale((800, 500)) == 1.25
    theme.set_ui_scale_setting(75)
    assert theme.ui_scale((1280, 720)) == 0.75 and theme.ui_scale((640, 400)) == 0.5   # never below half
    theme.set_ui_scale_setting(500)
    assert theme.ui_scale_setting() == 2.0                                              # 75 .. 200 %


def test_a_first_start_picks_the_scale_from_the_screens_size() -> None:
    assert [theme.default_ui_scale(size) for size in ((1366, 768), (1920, 1080), (1920, 1200), (2560, 1440),
                                                       (3840, 2160))] == [100, 100, 100, 125, 150]


def test_a_hand_edited_scale_is_brought_into_range() -> None:
    assert Settings(ui_scale=20).validated().ui_scale == 75
    assert Settings(ui_scale=900).validated().ui_scale == 200
    assert Settings(ui_scale=0).validated().ui_scale == 0          # not chosen yet: the next start picks one


@pytest.fixture
def window_on_a_big_screen(tmp_path, monkeypatch):
    """A real (dummy-driver) window on a 2560×1440 screen."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    yield
    pygame.display.quit()


def test_the_first_start_on_a_big_screen_keeps_125_percent_and_a_chosen_scale_stays(window_on_a_big_screen) -> None:
    app = App(headless=False, size=(1280, 720))
    assert app.settings.ui_scale == 125 and theme.ui_scale(app.size) == 1.25
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["ui_scale"] == 125
    app.update_settings(replace(app.settings, ui_scale=90))
    assert App(headless=False, size=(1280, 720)).settings.ui_scale == 90      # the player's choice, not the screen's


def test_a_new_scale_from_settings_applies_at_once_to_every_screen(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    title = TitleScene(app)
    app.stack.push(title)
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.stack.apply_pending()
    app.frame(1 / 60)
    assert title.s == 1.0
    size = next(c for c in settings.focus.controls if getattr(c, "key", "") == "Size of text and cards")
    assert isinstance(size, Stepper) and size.describe(size.value) == "100 %"
    settings.focus.focus_control(size)
    size.step(1)
    size = next(c for c in settings.focus.controls if getattr(c, "key", "") == "Size of text and cards")
    assert size.describe(size.value) == "125 %" and size.focused          # laid out anew, the focus kept
    assert json.loads(app.dirs.settings_file.read_text(encoding="utf-8"))["ui_scale"] == 125
    assert title.s == 1.25 and settings.s == 1.25                          # the title under it too
    app.frame(1 / 60)


def test_at_200_percent_the_settings_scroll_to_every_row_by_keys_and_wheel(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = scaled_app((1280, 720), BIG, "en")
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.stack.apply_pending()
    assert settings.more_below and not settings.more_above
    seen = set()
    for _ in range(len(settings.rows) + 1):
        window = app.screen.get_rect()
        shown = [c for c in settings.focus.controls if not getattr(c, "hidden", False)]
        assert all(window.contains(c.rect) for c in shown)
        seen |= {c.key for c in shown}
        settings.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        focused = settings.focus.focused
        assert focused is not None and not getattr(focused, "hidden", False)   # the view follows the keys
    assert seen == {c.key for c in settings.focus.controls}
    settings.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert not getattr(settings.focus.focused, "hidden", False)


# ----- the game tables ---------------------------------------------------------------------------------------
# Each table at the moments build/table_screenshots.py puts it in (start, mid-game, results, reactions, game
# over), at 200 % in 1280×720 in both languages and at 100 % in 800×500 in English (the language tests check
# Dutch there): no text cut or running into other text, and no card drawn outside the window.
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.sprites import SpriteRenderer  # noqa: E402
from tests.scenes.side_columns import (hint_could_be_larger, log_could_be_larger, side_column_problems,  # noqa: E402
                                       side_sizes)
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, moments  # noqa: E402

TABLE_CASES = [("1280x720", BIG, "en"), ("1280x720", BIG, "nl"), ("800x500", 100, "en"), ("1920x1080", BIG, "nl"),
               ("2560x1440", BIG, "en")]


def cards_drawn(monkeypatch) -> list[pygame.Rect]:
    """Where each card is drawn from now on (a list that fills as frames are drawn)."""
    rects: list[pygame.Rect] = []
    draw = SpriteRenderer.draw

    def noting(self, surface, sprite):
        if sprite.alpha > 1:
            rects.append(sprite.rect())
        return draw(self, surface, sprite)

    monkeypatch.setattr(SpriteRenderer, "draw", noting)
    return rects


@pytest.mark.parametrize("size,percent,language", TABLE_CASES, ids=lambda case: str(case))
@pytest.mark.parametrize("name", sorted(TABLE_MOMENTS))
def test_every_table_fits_its_text_and_cards_in_the_window(name, size, percent, language, tmp_path,
                                                           monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    width, height = map(int, size.split("x"))
    shot = moments.Shooter(tmp_path, (width, height))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.app.set_language(language)
    shot.save = lambda game_id, moment: None
    try:
        TABLE_MOMENTS[name](shot)
        cards = cards_drawn(monkeypatch)
        with recording_text() as log:
            shot.app.stack.top.draw(shot.app.screen)
        assert len(log.drawn) >= 3
        assert text_problems(log) == []
        window = shot.app.screen.get_rect()
        assert [tuple(r) for r in cards if not window.contains(r)] == []
        check_side_columns(next(s for s in shot.app.stack.scenes if isinstance(s, TableScene)))
    finally:
        shot.close()


def check_side_columns(table: TableScene) -> None:
    """The words beside the table (the move log and its Hint row, the game's buttons and the hint line) are
    drawn at the player's whole UI scale, or as near as their room allows, and run into nothing: at 200 %
    the log's text and the hint line are no smaller than their room allows (they were the table's size,
    two thirds of the whole scale on a table grown to 130 %), the Hint row is as tall as the whole scale
    makes it, and
    the kit's buttons (Tamoul's turn, Zeus's draw, a reaction's) are taller than at the table's size. At
    100 % nothing is larger than the table's own words."""
    with recording_text() as log:
        table.draw(table.app.screen)
    assert text_problems(log) == []
    assert side_column_problems(table, log) == []
    lay = table.layout
    sizes = side_sizes(table, log)
    if theme.ui_scale_setting() <= 1:
        assert table.side_boost == 1.0 and sizes["log"] == lay.text_size(15)
        return
    full = table.side_size(15)
    assert table.side_boost > 1.0 and full >= lay.text_size(15) * 1.3, (full, lay.text_size(15))
    assert sizes["log"] >= lay.text_size(15) and not log_could_be_larger(table, sizes["log"]), sizes
    plate = lay.seats[table.bottom].plate.height
    assert all(b.rect.height >= int(plate * 0.9 * table.side_boost) for b in table.help_buttons)
    if sizes["hint"] is not None:
        assert not hint_could_be_larger(table, sizes["hint"]), sizes
    if table.GAME_ID in ("zeus", "tamoul"):
        table_h = max(28, int(lay.card_width * 0.42))
        buttons = [*table.seat_buttons, *(b for _s, b in table.reaction_buttons)]
        # Taller than at the table's size where the controls area leaves the hint its lines (a grown Tamoul
        # table of six has no such room: its buttons keep the table's size, never less).
        if table.control_height(table_h) > table_h:
            assert all(b.rect.height > table_h for b in buttons)
        else:
            assert all(b.rect.height >= table_h for b in buttons)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_at_200_percent_a_table_grows_past_125_percent_where_the_window_gives_it_room(size) -> None:
    """A table of three (hands one card tall) at 200 %: it grows to 130 % of its 100 % size in a 16:9
    window, its opponents' cards no more than 125 %, and everything stays in the window (Tamoul's tables
    of two rows of slots: the next test)."""
    from scenes.table.card_art import card_height
    from scenes.table.layout import compute_layout, table_reach

    theme.set_ui_scale_setting(100)
    plain = compute_layout(size, 3, 0)
    theme.set_ui_scale_setting(BIG)
    grown = compute_layout(size, 3, 0)
    assert grown.card_width >= int(plain.card_width * 1.3) - 1 and grown.scale >= plain.scale * 1.3 - 1e-6
    assert grown.small_card_width <= int(plain.small_card_width * 1.25) + 1
    assert table_reach(size) == 130
    window = pygame.Rect(0, 0, *size)
    for area in grown.seats.values():
        assert window.contains(area.rect) and window.contains(area.plate)
        assert not area.plate.colliderect(grown.corner_rect) or area.side == "bottom", area
    assert grown.centre.height >= card_height(grown.card_width)


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_at_200_percent_a_tamoul_table_grows_as_far_as_a_table_of_hands(size, seats) -> None:
    """Two rows of slots above the centre held a Tamoul table at 105 %: grown further, its opponents sit
    beside the centre (one each side), and it reaches the 130 % of a table of hands. The player's own
    grid and the piles get the height: the own cards are larger than the opponents', nothing overlaps,
    and everything stays in the window, clear of the corner buttons."""
    from scenes.table.card_art import card_height
    from scenes.table.layout import compute_layout
    from scenes.table.seat_zones import SlotGrid

    def tamoul(beside: bool = True):
        return compute_layout(size, seats, 0, zone_height=SlotGrid.height_for,
                              opponent_card_scale=1.25 if seats == 2 else 1.0, beside_centre=beside)

    theme.set_ui_scale_setting(100)
    plain = tamoul()
    assert plain == tamoul(beside=False)                  # at 100 % the usual seating, as before
    theme.set_ui_scale_setting(BIG)
    above = tamoul(beside=False)
    assert above.scale <= plain.scale * 1.1 + 1e-6         # the usual seating, grown: the slots above hold it back
    grown = tamoul()
    assert grown.card_width >= int(plain.card_width * 1.3) - 1 and grown.scale >= plain.scale * 1.3 - 1e-6
    window = pygame.Rect(0, 0, *size)
    own = grown.seats[0]
    others = [area for seat, area in grown.seats.items() if seat != 0]
    assert sorted(area.side for area in others) == ["left", "right"][:len(others)]
    assert grown.centre.height >= card_height(grown.card_width) and grown.centre.width >= 4 * grown.card_width
    assert abs(grown.centre.centerx - size[0] // 2) <= 1
    assert not grown.centre.colliderect(grown.corner_rect)
    for area in others:
        assert window.contains(area.rect) and window.contains(area.plate), area
        assert not area.rect.colliderect(grown.centre) and not area.rect.colliderect(grown.corner_rect)
        assert area.rect.bottom < grown.log_rect.top and area.rect.bottom < grown.controls_rect.top
        assert own.card_width > area.card_width
    assert own.hand_centre[1] + SlotGrid.height_for(own.card_width) // 2 <= size[1]
    assert own.card_width >= int(plain.seats[0].card_width * 1.3) - 1


def test_settings_say_how_far_a_table_grows_when_the_window_is_too_small_for_the_scale(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    """The line names the least and the most any table reaches, over every game and number of players (a
    Télos table of five or six, its trick as large as the hand's cards, grows to 110 % in a 16:9 window)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    between = "Tables grow to 110 %–130 % in a window this shape, by game and players."
    for percent, words in ((100, "Text, cards and buttons grow or shrink together."),
                           (125, "Tables grow to 110 %–125 % in a window this shape, by game and players."),
                           (BIG, between)):
        app = scaled_app((1280, 720), percent, "en")
        settings = SettingsScene(app)
        row = next(row for row in settings.setting_rows(app.settings) if row[0] == "Size of text and cards")
        assert row[2] == words, (percent, row[2])
    app = scaled_app((1280, 720), BIG, "nl")
    row = next(row for row in SettingsScene(app).setting_rows(app.settings) if row[0] == "Size of text and cards")
    assert row[2].startswith("Tafels groeien tot 110%–130%"), row[2]


@pytest.mark.parametrize("seats,grows", [(4, 1.3), (5, 1.3), (6, 1.2)])
def test_at_200_percent_a_tamoul_table_of_four_to_six_grows_with_two_seats_to_a_column(seats, grows) -> None:
    """Four to six players at 200 % in 1280×720 (the usual seating held them at 110 %, six at 100 %): two
    opponents to a column beside the centre push the log and the controls down, yet leave them room (two
    on the right start at the top, the corner buttons beside them; six players: the seat across at the
    top between the left column and the corner buttons, the centre right of it); the player's own grid
    and the piles are larger than at 100 % by a third or more, the opponents' cards no smaller; nothing
    overlaps, a second block of slots opening beside Main Memory included."""
    from scenes.table.card_art import card_height
    from scenes.table.layout import _least_panel
    from scenes.table.seat_zones import SlotGrid
    from scenes.tamoul.table import TamoulTableScene

    size = (1280, 720)
    theme.set_ui_scale_setting(100)
    plain = TamoulTableScene.table_layout(size, seats, 0)
    theme.set_ui_scale_setting(BIG)
    grown = TamoulTableScene.table_layout(size, seats, 0)
    assert grown.scale >= plain.scale * grows - 1e-6
    own = grown.seats[0]
    assert own.card_width >= plain.seats[0].card_width * 1.35
    others = [area for seat, area in grown.seats.items() if seat != 0]
    assert {area.side for area in others} == ({"left", "right", "top"} if seats == 6 else {"left", "right"})
    assert max(sum(area.side == side for area in others) for side in ("left", "right")) == 2
    assert sum(area.side == "top" for area in others) == (1 if seats == 6 else 0)
    assert min(area.card_width for area in others) >= plain.small_card_width
    window = pygame.Rect(0, 0, *size)
    for panel in (grown.log_rect, grown.controls_rect):
        assert panel.height >= _least_panel(own.plate.height) and window.contains(panel)
    assert grown.centre.height >= card_height(own.card_width) * 1.1 and grown.centre.width >= 4 * grown.card_width
    w, gap = own.card_width, max(2, own.card_width // 8)
    grid = pygame.Rect(own.hand_centre[0] - (2 * w + gap) // 2, own.hand_centre[1] - SlotGrid.height_for(w) // 2,
                       4 * w + 3 * gap, SlotGrid.height_for(w))
    assert window.contains(grid) and not grid.colliderect(grown.log_rect) and not grid.colliderect(grown.controls_rect)
    assert not grid.colliderect(own.plate) and own.plate.bottom <= grown.centre.bottom + own.plate.height * 2
    for index, area in enumerate(others):
        assert window.contains(area.rect) and window.contains(area.plate), area
        panel = grown.log_rect if area.side == "left" else grown.controls_rect      # the Hint row or a notice above it
        assert area.rect.bottom + area.plate.height + 2 * grown.margin <= panel.top, (area, panel)
        w, gap = area.card_width, max(2, area.card_width // 8)
        main_left = area.hand_centre[0] - (2 * w + gap) // 2
        their_grid = pygame.Rect(main_left - (2 * w + 2 * gap if area.side == "right" else 0),
                                 area.hand_centre[1] - SlotGrid.height_for(w) // 2, 4 * w + 3 * gap,
                                 SlotGrid.height_for(w))      # with its second block open
        assert window.contains(their_grid), (area, their_grid)
        for rect in (grown.centre, grown.corner_rect, grid, own.plate):
            assert not area.rect.colliderect(rect), (area, rect)
        for rect in (grown.corner_rect, grid, own.plate, grown.log_rect, grown.controls_rect):
            assert not their_grid.colliderect(rect), (area, their_grid, rect)
        assert not any(area.rect.colliderect(other.rect) for other in others[index + 1:])
        assert not any(area.plate.colliderect(other.plate) for other in others[index + 1:])
        assert area.card_width < own.card_width


@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("screen", ["settings", "accessibility", "keys"])
def test_at_200_percent_no_settings_row_runs_under_the_done_button(screen, language, tmp_path, monkeypatch) -> None:
    """Every row, scrolled into view by the keys, stands whole between the notes and the Done button (the
    notes above get smaller when they would leave no room for the tallest row)."""
    from scenes.screens.settings_accessibility import AccessibilityScene
    from scenes.screens.settings_keys import KeysScene

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = scaled_app((1280, 720), BIG, language)
    scene = {"settings": SettingsScene, "accessibility": AccessibilityScene, "keys": KeysScene}[screen](app)
    app.stack.push(scene)
    app.stack.apply_pending()
    done = next(c for c in scene.focus.controls if getattr(c, "key", "") == "done")
    seen = set()
    for _ in range(len(scene.rows) + 1):
        done = next(c for c in scene.focus.controls if getattr(c, "key", "") == "done")
        notes_bottom = scene.rows_area.top
        for label_lines, help_lines, rect in scene.row_words:
            used = len(label_lines) * scene.label_step + len(help_lines) * scene.help_step
            assert rect.top + used <= done.rect.top, (label_lines, help_lines, rect, done.rect)
            assert rect.top >= notes_bottom, (label_lines, rect, notes_bottom)
            seen.add(tuple(label_lines))
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert len(seen) == len(scene.rows)


@pytest.mark.parametrize("name", ["telos-start", "telos-mid"])
def test_at_200_percent_the_words_in_the_middle_of_telos_stay_clear_of_the_trick(name, tmp_path, monkeypatch) -> None:
    """The grown table's centre words ("Reach: 13", "1 card each", the way play goes) never run under a
    card of the trick lying at the top of the ring."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot = moments.Shooter(tmp_path, (1280, 720))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=BIG))
    shot.save = lambda game_id, moment: None
    try:
        TABLE_MOMENTS[name](shot)
        table = shot.app.stack.top
        table.draw(shot.app.screen)
        cards = [sprite.rect() for sprite in table.trick_area.sprites()]
        assert cards and table.centre_words_rects
        for words in table.centre_words_rects:
            assert not any(words.colliderect(card) for card in cards), (words, cards)
    finally:
        shot.close()


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("size,seats,grows,percent", [((1280, 720), 3, 1.3, BIG), ((2560, 1440), 3, 1.3, BIG),
                                                      ((1280, 720), 4, 1.3, BIG), ((1280, 720), 5, 1.3, BIG),
                                                      ((1280, 720), 6, 1.2, BIG), ((1920, 1080), 6, 1.2, BIG),
                                                      ((1280, 720), 6, 1.0, 100), ((800, 500), 6, 1.0, 100)],
                         ids=str)
def test_a_grown_tamoul_table_with_penalty_cards_keeps_every_slot_clear(size, seats, grows, percent, language,
                                                                       tmp_path, monkeypatch) -> None:
    """Three to six players at 200 %, each with a penalty block open beside Main Memory (the widest grids):
    the opponents sit beside the centre (six: one of them at the top beside it), and no slot runs into another
    seat's slots or plate, the piles, the log, the controls or the corner buttons; no text is cut or runs
    into other text."""
    from game.catalog import load_game
    from game.core.engine import SeatInfo
    from game.core.session import GameSession

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    game = load_game("tamoul")
    names = [name for name, _controller in moments.THREE] + ["Cleo", "Dion", "Eva"]
    players = [SeatInfo(name, "human" if index == 0 else "ai:easy") for index, name in enumerate(names[:seats])]
    position = game.new_state(players, game.normalize_options({}), 7).position()
    now = position["now"]
    for row in now["slots"]:       # two penalty cards each, in slots 5 and 7 (from the draw pile)
        row[4], row[6] = now["draw_pile"].pop(), now["draw_pile"].pop()
    shot = moments.Shooter(tmp_path, size)
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.app.set_language(language)
    try:
        table = shot.open(GameSession(game, game.from_position(position)))
        shot.settle(table)
        with recording_text() as log:
            table.draw(shot.app.screen)
        assert text_problems(log) == []
        lay = table.layout
        assert lay.scale >= grows * theme.ui_scale(size) * 100 / percent - 1e-6   # 130 % of the table at 100 %
        if grows > 1:
            assert {lay.seats[seat].side for seat in range(1, seats)} == {"left", "right"} | ({"top"} if seats == 6 else set())
        window = shot.app.screen.get_rect()
        piles = [table._pile_rect(centre) for centre in (table._deck_centre(), table._discard_centre(),
                                                         table._held_centre())]
        for seat, grid in table.grids.items():
            assert grid.slot_count() == 8
            slots = [grid.slot_rect(slot) for slot in range(grid.slot_count())]
            apart = piles + [lay.corner_rect] + [area.plate for other, area in lay.seats.items() if other != seat]
            apart += [r for other, g in table.grids.items() if other != seat
                      for r in (g.slot_rect(s) for s in range(g.slot_count()))]
            if seat != table.bottom:
                apart += [lay.log_rect, lay.controls_rect]
            for rect in slots:
                assert window.contains(rect), (seat, rect)
                assert rect.collidelist(apart) < 0, (seat, rect, apart[rect.collidelist(apart)])
    finally:
        shot.close()


# Every game at every number of players it seats (the moments above have two or three), mid-game.
SEAT_COUNTS = [(game, seats) for game, (least, most) in (("zeus", (2, 5)), ("telos", (3, 6)), ("tamoul", (2, 6)),
                                                         ("elios", (2, 4)))
               for seats in range(least, most + 1)]


@pytest.mark.parametrize("size,percent,language", [("1280x720", BIG, "en"), ("1280x720", BIG, "nl"),
                                                   ("800x500", 100, "en")], ids=str)
@pytest.mark.parametrize("game_id,seats", SEAT_COUNTS, ids=lambda v: str(v))
def test_every_table_at_every_seat_count_fits_without_one_seat_over_another(game_id, seats, size, percent, language,
                                                                          tmp_path, monkeypatch) -> None:
    """No text cut or running into other text, no card outside the window, and no seat's cards over
    another seat's (Elios's two top seats once shared one tray row at 200 %)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    width, height = map(int, size.split("x"))
    shot = moments.Shooter(tmp_path, (width, height))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=percent))
    shot.app.set_language(language)
    try:
        names = ["Ann", "Zoe", "Bob", "Cleo", "Dion", "Eva"][:seats]
        session = moments._session(game_id, [(name, "human" if i == 0 else "ai") for i, name in enumerate(names)])
        moments._play_ahead(session, moments.MID_MOVES[game_id])
        table = shot.open(session)
        shot.settle(table)
        drawn: list = []
        draw = SpriteRenderer.draw

        def noting(self, surface, sprite):
            if sprite.alpha > 1:
                drawn.append(sprite)
            return draw(self, surface, sprite)

        monkeypatch.setattr(SpriteRenderer, "draw", noting)
        with recording_text() as log:
            table.draw(shot.app.screen)
        assert text_problems(log) == []
        window = shot.app.screen.get_rect()
        assert [tuple(s.rect()) for s in drawn if not window.contains(s.rect())] == []
        at_seats = [(seat, sprite.rect()) for seat in range(seats) for sprite in table._seat_zone(seat).sprites()
                    if sprite in drawn and not table.tweens.moving(sprite)]
        assert len(at_seats) >= seats
        crossing = [(a, ra, b, rb) for i, (a, ra) in enumerate(at_seats) for b, rb in at_seats[i + 1:]
                    if a != b and ra.colliderect(rb)]
        assert crossing == []
        check_side_columns(table)
    finally:
        shot.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=str)
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_at_200_percent_telos_trick_cards_grow_as_large_as_the_players_own_where_the_centre_holds_them(seats,
                                                                                                      size) -> None:
    """Grown, the trick once stayed at its 100 % size (70/75/68/57 px for 3-6 players in 1280x720) under
    own cards of 120-131 px, with the centre round it empty. The ring now takes the whole centre: three to
    five players' trick cards are as large as the player's own (within 5 %), six players' a fifth larger
    than at 100 % at least; never smaller than at 100 %, the own cards still larger than at 100 % and the
    opponents' backs at their 100 % size (to a pixel)."""
    from scenes.table.trick_area import TrickArea
    from scenes.telos.table import TelosTableScene

    theme.set_ui_scale_setting(100)
    plain = TelosTableScene.table_layout(size, seats, 0)
    plain_trick = TrickArea(seats).card_width(plain)
    theme.set_ui_scale_setting(BIG)
    grown = TelosTableScene.table_layout(size, seats, 0)
    trick = TrickArea(seats, words_beside=True)
    trick.tag_words = TelosTableScene._best_tag_words()
    width = trick.card_width(grown)
    assert width >= plain_trick
    assert width >= (int(grown.card_width * 0.95) if seats < 6 else plain_trick * 1.2), (width, grown.card_width)
    assert grown.card_width > plain.card_width
    assert abs(grown.small_card_width - plain.small_card_width) <= 1     # the layout rounds 48 px down at 110 %


def _grown_telos_mid_round(tmp_path, seats: int, language: str | None = None):
    """A Télos table of `seats` at 200 % in 1280x720, a few moves into its first round, settled."""
    shot = moments.Shooter(tmp_path, (1280, 720))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=BIG))
    if language is not None:
        shot.app.set_language(language)
    names = ["Ann", "Zoe", "Bob", "Cleo", "Dion", "Eva"][:seats]
    session = moments._session("telos", [(name, "human" if i == 0 else "ai") for i, name in enumerate(names)])
    moments._play_ahead(session, moments.MID_MOVES["telos"])
    table = shot.open(session)
    shot.settle(table)
    return shot, table


@pytest.mark.parametrize("last_trick", [False, True], ids=["mid-round", "last-trick"])
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_at_200_percent_telos_words_stand_beside_the_ring_clear_of_everything(seats, language, last_trick, tmp_path,
                                                                            monkeypatch) -> None:
    """The words ("Reach: 9", "1 card each", the way play goes; or the last trick's banner and its long
    line, wrapped) in the column above the controls, at no less than three quarters of their size: in
    the window, clear of the trick (and of where any seat's play would lie), of every seat's cards and
    plate, and of the buttons."""
    from scenes.table.card_art import card_height

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = _grown_telos_mid_round(tmp_path, seats, language)
    try:
        table.last_trick = last_trick
        with recording_text() as log:
            table.draw(shot.app.screen)
        assert text_problems(log) == []
        lay = table.layout
        assert table.trick_area.words_beside and table.centre_words_rects
        assert len(table.centre_words_rects) >= 3
        assert min(r.height for r in table.centre_words_rects) >= lay.text_size(14) * 1.4 * 0.75 - 1, table.centre_words_rects
        words = table.centre_words_rects[0].unionall(table.centre_words_rects[1:])
        assert shot.app.screen.get_rect().contains(words)
        tw = table.trick_area.card_width(lay)
        spots = [table.trick_area.spot(lay, seat) for seat in range(seats)]      # where any play would lie
        cards = [pygame.Rect(int(x - tw / 2), int(y - card_height(tw) / 2), tw, card_height(tw)) for x, y in spots]
        cards += [s.rect() for s in table.trick_area.sprites()]
        cards += [s.rect() for seat in range(seats) for s in table._seat_zone(seat).sprites()]
        others = [area.plate for area in lay.seats.values()] + [b.rect for b in table.seat_buttons] + [lay.corner_rect]
        assert words.collidelist(cards + others) < 0, (words, (cards + others)[words.collidelist(cards + others)])
        # Every seat's play at its place, grown as large as the ring holds: inside the window, clear of each
        # other, of every seat's plate and cards, of every button, and of the best card's tag room.
        plays = cards[:seats]
        assert all(shot.app.screen.get_rect().contains(card) for card in plays)
        assert [(a, b) for i, a in enumerate(plays) for b in plays[i + 1:] if a.colliderect(b)] == []
        buttons = [b.rect for b in table.buttons + table.help_buttons + table.seat_buttons]
        hands = [s.rect() for seat in range(seats) for s in table._seat_zone(seat).sprites()]
        blocking = [area.plate for area in lay.seats.values()] + hands + buttons + [lay.corner_rect]
        assert [(card, blocking[card.collidelist(blocking)]) for card in plays if card.collidelist(blocking) >= 0] == []
    finally:
        shot.close()


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_at_200_percent_a_refusal_by_the_last_telos_card_keeps_off_the_words_beside_the_ring(seats, tmp_path,
                                                                                             monkeypatch) -> None:
    """A grown Télos table's words stand in the column above the controls; a refusal said by the player's
    rightmost card, long as Dutch makes it, must not lie over them (it moves aside, off the words)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = _grown_telos_mid_round(tmp_path, seats)
    try:
        last = max(table.drag.sprites, key=lambda sprite: sprite.home[0])
        table.drag.refuse([last], "Speel 1 kaart die 13 haalt, of je laagste kaart als dat niet kan")
        table.draw(shot.app.screen)
        assert table.trick_area.words_beside and table.centre_words_rects and table.notice_rect is not None
        words = table.centre_words_rects[0].unionall(table.centre_words_rects[1:])
        assert not table.notice_rect.colliderect(words), (table.notice_rect, words)
        assert shot.app.screen.get_rect().contains(table.notice_rect)
        assert table.turn_tag_rect is None or not table.notice_rect.colliderect(table.turn_tag_rect)
        assert not table.notice_rect.colliderect(table.layout.controls_rect)
    finally:
        shot.close()


def _grown_tamoul_start(tmp_path, seats: int, language: str, names: list[str] | None = None):
    """A Tamoul table of `seats` at 200 % in 1280x720 at its start, settled (the player at the bottom to draw)."""
    shot = moments.Shooter(tmp_path, (1280, 720))
    shot.app.update_settings(replace(shot.app.settings, ui_scale=BIG))
    shot.app.set_language(language)
    names = names or ["Ann", "Zoe", "Bob", "Cleo", "Dion", "Eva"][:seats]
    session = moments._session("tamoul", [(name, "human" if i == 0 else "ai") for i, name in enumerate(names)])
    table = shot.open(session)
    shot.settle(table)
    return shot, table


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("seats", [4, 5, 6])
def test_at_200_percent_a_tamoul_refusal_keeps_off_the_other_seats_slots(seats, language, tmp_path,
                                                                         monkeypatch) -> None:
    """A refusal said above any of the player's own slots of a grown Tamoul table (risen above the turn
    tag) once lay over the lowest slots of the seat on the right, and one said by the drawn card over the
    top slots of the seat on the right: it moves aside, off every other seat's slots and the words above
    the piles, inside the window and off the controls."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = _grown_tamoul_start(tmp_path, seats, language)
    try:
        own = table.grids[table.bottom].sprites()
        others = [grid.bounds() for seat, grid in table.grids.items() if seat != table.bottom]
        assert len(own) == 4 and len(others) == seats - 1

        def refused_clear_of_the_others(sprite) -> None:
            table.drag.refuse([sprite], i18n._("keep the card on one of your own slots, or drop it on the discard pile"))
            table.draw(shot.app.screen)
            box = table.notice_rect
            assert box is not None and shot.app.screen.get_rect().contains(box)
            assert box.collidelist(others) < 0, (sprite.home, box, others[box.collidelist(others)])
            assert box.collidelist(table.centre_words_rects) < 0, (box, table.centre_words_rects)
            plates = [area.plate for seat, area in table.layout.seats.items() if seat != table.bottom]
            assert box.collidelist(plates + [button.rect for button in table.buttons]) < 0, box
            assert not box.colliderect(table.layout.controls_rect)
            assert table.turn_tag_rect is None or not box.colliderect(table.turn_tag_rect)
            table.drag.notice = None

        for sprite in own:
            refused_clear_of_the_others(sprite)
        table.press_draw_deck()
        shot.run(30)
        assert table.drawn is not None and table.drawn.card_id is not None
        refused_clear_of_the_others(table.drawn)
    finally:
        shot.close()


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("seats", [4, 5, 6])
def test_at_200_percent_a_tamoul_opponents_turn_tag_meets_no_plate_or_button(seats, language, tmp_path,
                                                                            monkeypatch) -> None:
    """A seat at the top edge of a grown Tamoul table has its turn tag beside its plate: the corner buttons
    beside the right column leave it room (the tag once lay under Menu), and the seat across (six players)
    sits low enough for its tag above its plate (once over the name of the seat on its left)."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    shot, table = _grown_tamoul_start(tmp_path, seats, language)
    try:
        window = shot.app.screen.get_rect()
        buttons = [button.rect for button in table.buttons + table.help_buttons]
        for seat in range(1, seats):
            table.turn = seat       # as the table shows it while that seat plays
            table.draw(shot.app.screen)
            tag = table.turn_tag_rect
            assert tag is not None and window.contains(tag), (seat, tag)
            plates = [area.plate for other, area in table.layout.seats.items() if other != seat]
            assert tag.collidelist(plates) < 0, (seat, tag, plates[tag.collidelist(plates)])
            assert tag.collidelist(buttons) < 0, (seat, tag, buttons[tag.collidelist(buttons)])
    finally:
        shot.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_at_200_percent_the_words_under_a_held_card_keep_off_the_right_column(language, tmp_path, monkeypatch) -> None:
    """Six players grown: the piles stand right of the seat across, near the right column; the words under a
    card an opponent holds ("Kaart van Kallisto") go on two lines rather than under that column's plate."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    names = ["Ann", "Ariadne", "Nikias", "Phoebe", "Theron", "Kallisto"]
    shot, table = _grown_tamoul_start(tmp_path, 6, language, names)
    try:
        table.press_draw_deck()
        shot.run(30)
        assert table.drawn is not None
        for seat in range(1, 6):
            table.drawn.owner = seat        # as the table shows a card that seat holds
            with recording_text() as log:
                table.draw(shot.app.screen)
            assert text_problems(log) == []
            plates = [area.plate for area in table.layout.seats.values()]
            below_piles = table._pile_rect(table._discard_centre()).bottom
            words = [rect for text, rect, *_ in log.drawn if names[seat] in text and rect.top >= below_piles
                     and rect.left > table.layout.log_rect.right and not any(p.contains(rect) for p in plates)]
            assert words, seat
            for rect in words:
                assert rect.right <= table.layout.centre.right and rect.collidelist(plates) < 0, (rect, plates)
    finally:
        shot.close()
