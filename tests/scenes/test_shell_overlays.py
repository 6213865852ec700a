"""Pause, results, hand-off and rules screens: what each button does, and the rules texts render."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import Catalog
from game.core.engine import SeatInfo
from game.core.resources import asset_path
from game.core.session import GameSession
from scenes.screens.handoff import HandoffOverlay
from scenes.headless import make_headless_app
from scenes.screens.pause import PauseOverlay
from scenes.screens.results import ResultsOverlay
from scenes.screens.rules import RulesScene, parse_markdown
from scenes.scene import Scene
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene
from tests.core.countgame import CountGame


class Table(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((200, 30, 30))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    return make_headless_app((1280, 720), catalog=Catalog(games={"count": CountGame()}))


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def over_table(app, overlay) -> Table:
    table = Table(app)
    app.stack.push(table)
    app.stack.push(overlay)
    app.stack.apply_pending()
    return table


def press(app, overlay, label: str) -> None:
    button = next(c for c in overlay.focus.controls if c.label == label)
    overlay.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    overlay.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    app.stack.apply_pending()


# ----- pause ---------------------------------------------------------------------------------------------
def test_pause_offers_the_agreed_buttons(app):
    pause = PauseOverlay(app, "count")
    assert [c.label for c in pause.focus.controls] == ["Resume", "Rules", "Settings", "Save or load a game",
                                                       "Save and return to menu", "Quit"]


def test_pause_resume_and_escape_go_back_to_the_table(app):
    pause = PauseOverlay(app, "count")
    table = over_table(app, pause)
    press(app, pause, "Resume")
    assert app.stack.top is table
    pause = PauseOverlay(app, "count")
    app.stack.push(pause)
    app.stack.apply_pending()
    pause.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is table


def test_pause_rules_and_settings_open_over_the_pause(app):
    pause = PauseOverlay(app, "count")
    over_table(app, pause)
    press(app, pause, "Rules")
    assert isinstance(app.stack.top, RulesScene)
    app.stack.pop()
    app.stack.apply_pending()
    press(app, pause, "Settings")
    assert isinstance(app.stack.top, SettingsScene)


def test_pause_save_and_return_saves_then_shows_the_title(app):
    session = GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Bion", "ai:random")], None, 9,
                              autosave_path=app.dirs.autosave)
    app.dirs.autosave.unlink()
    pause = PauseOverlay(app, "count", session)
    over_table(app, pause)
    press(app, pause, "Save and return to menu")
    assert app.dirs.autosave.exists()
    assert [type(s) for s in app.stack.scenes] == [TitleScene]


def test_pause_quit_saves_and_stops(app):
    session = GameSession.new(CountGame(), [SeatInfo("Io"), SeatInfo("Bion", "ai:random")], None, 9,
                              autosave_path=app.dirs.autosave)
    app.dirs.autosave.unlink()
    pause = PauseOverlay(app, "count", session)
    over_table(app, pause)
    press(app, pause, "Quit")
    assert app.dirs.autosave.exists() and not app.running


def test_pause_overlay_lets_the_table_show_through(app):
    over_table(app, PauseOverlay(app, "count"))
    app.frame(1 / 60)
    corner = tuple(app.screen.get_at((3, 3)))[:3]
    assert corner != (200, 30, 30) and corner[0] > corner[1]     # the red table, dimmed


# ----- results -------------------------------------------------------------------------------------------
def test_results_enter_presses_the_first_button_after_closing(app):
    calls: list[str] = []
    results = ResultsOverlay(app, "Round won", [("Io", "Z E"), ("Bion", "Z")],
                             [("Next round", lambda: calls.append(f"next {len(app.stack)}")),
                              ("Menu", lambda: calls.append("menu"))])
    over_table(app, results)
    results.handle_event(key(pygame.K_RETURN))
    results.handle_event(key(pygame.K_RETURN))     # a double press acts once
    app.stack.apply_pending()
    assert calls == ["next 2"] and isinstance(app.stack.top, Table)


def test_results_continue_by_themselves_in_a_headless_run(app):
    calls: list[str] = []
    over_table(app, ResultsOverlay(app, "Round won", [], [("Next round", lambda: calls.append("next"))]))
    for _ in range(110):
        app.frame(1 / 60)
    assert calls == []
    for _ in range(15):
        app.frame(1 / 60)
    assert calls == ["next"] and isinstance(app.stack.top, Table)


# ----- hand-off ------------------------------------------------------------------------------------------
def test_handoff_hides_the_table_and_names_the_player(app):
    ready: list[bool] = []
    handoff = HandoffOverlay(app, "Chloe", lambda: ready.append(True), "Chloe's turn")
    over_table(app, handoff)
    app.frame(1 / 60)
    width, height = app.size
    reds = [tuple(app.screen.get_at((x, y)))[:3] for x in range(0, width, 50) for y in range(0, height, 50)]
    assert (200, 30, 30) not in reds
    assert handoff.focus.controls[0].label == "I am Chloe: show my cards"
    handoff.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is handoff and ready == []
    handoff.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert ready == [True] and isinstance(app.stack.top, Table)


# ----- rules ---------------------------------------------------------------------------------------------
def test_every_shipped_rules_text_renders_and_scrolls(app):
    for path in sorted(asset_path("rules").glob("*.md")):
        rules = RulesScene(app, path.stem)
        app.stack.clear_to(rules)
        app.frame(1 / 60)
        assert rules.message == "" and len(rules.pieces) > 20, path.name
        rules.handle_event(key(pygame.K_END))
        assert rules.scroll == rules.max_scroll
        app.frame(1 / 60)


def test_missing_rules_text_gives_a_message_not_a_crash(app):
    rules = RulesScene(app, "nosuchgame")
    assert "rules/nosuchgame.md is missing" in rules.message
    app.stack.push(rules)
    app.frame(1 / 60)
    rules.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert len(app.stack) == 0


def test_rules_markdown_headings_lists_tables_and_bold():
    blocks = parse_markdown("# Title\n\nSome **bold** words\nwrapped.\n\n- one\n  more\n2. two\n\n"
                            "| god | effect |\n|---|---|\n| Ares | becomes 50 |\n---\n")
    assert [b.kind for b in blocks] == ["heading1", "paragraph", "bullet", "bullet", "table", "rule"]
    assert blocks[1].runs == [("Some ", False), ("bold", True), (" words wrapped.", False)]
    assert blocks[2].runs == [("one", False), (" more", False)] and blocks[3].marker == "2."
    assert blocks[4].cells[1][0] == [("Ares", False)] and len(blocks[4].cells) == 2


def test_rules_text_is_laid_out_again_for_a_narrow_window(app):
    rules = RulesScene(app, "nosuchgame")
    rules.blocks = parse_markdown("Mount Olympus " * 300)
    from scenes.ui.theme import font

    for size in ((1280, 720), (640, 400)):
        rules.relayout(size)
        right = max(x + font(sz, style).size(text)[0] for x, _, text, style, sz, _ in rules.pieces)
        assert right <= rules.margin + rules.text_w
        assert rules.page.right <= size[0]
