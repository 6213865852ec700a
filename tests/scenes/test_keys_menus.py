"""Every menu screen by keys alone: the title, setup, settings (and its accessibility page), saved games,
replays, statistics, rules, learn to play, the pause menu and the results, each reached with Tab and
Enter, showing a focused control, and left with Esc (or its own button), with no mouse event."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.screens.pause import PauseOverlay
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.results import ConfirmOverlay, ResultsOverlay
from scenes.screens.rules import RulesScene
from scenes.screens.saves import SavesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from tests.scenes.table_driving import app_fixture, run, show
from tests.scenes.test_keys_games import (WANTS, activate, focused_key, open_table_from_title, play_to_the_end,
                                          press, tab_to, type_text, zeus_move)

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def title(app: Any) -> TitleScene:
    show(app, TitleScene(app))
    run(app, 3)
    return app.stack.top


def has_focus_ring(scene: Any) -> bool:
    """A control has the focus, and drawing the screen draws it."""
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface)
    return scene.focus.focused is not None and scene.focus.focused.focused


def escape_to(app: Any, kind: type) -> None:
    press(app, pygame.K_ESCAPE, frames=4)
    assert isinstance(app.stack.top, kind), type(app.stack.top).__name__


def test_every_screen_of_the_title_opens_and_closes_by_keys(make_app):
    app = make_app(size=(1280, 720))
    title(app)
    assert has_focus_ring(app.stack.top)
    for wanted, kind in (("settings", SettingsScene), ("saves", SavesScene), ("replays", ReplaysScene),
                         ("statistics", StatisticsScene), ("rules-telos", RulesScene)):
        activate(app, wanted)
        scene = app.stack.top
        assert isinstance(scene, kind), (wanted, type(scene).__name__)
        if hasattr(scene, "focus"):
            assert has_focus_ring(scene), wanted
        escape_to(app, TitleScene)
    # Settings -> Accessibility: Tab to its Open, Enter, Esc twice.
    activate(app, "settings")
    settings = app.stack.top
    for _ in range(len(settings.focus.controls) + 1):
        if getattr(settings.focus.focused, "label", "") == "Open":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN, frames=4)
    assert app.stack.top is not settings and has_focus_ring(app.stack.top)
    escape_to(app, SettingsScene)
    escape_to(app, TitleScene)
    # Setup, past the first-time offer, and back.
    activate(app, "play-telos")
    assert isinstance(app.stack.top, ConfirmOverlay)
    activate(app, "button-1")
    assert isinstance(app.stack.top, SetupScene) and has_focus_ring(app.stack.top)
    activate(app, "back")
    assert isinstance(app.stack.top, TitleScene)
    # Learn to play: the tutorials' list.
    activate(app, "learn")
    assert app.stack.top is not None and not isinstance(app.stack.top, TitleScene)
    escape_to(app, TitleScene)


def test_the_pause_menu_saves_results_replays_and_statistics_by_keys(make_app):
    app = make_app(size=(1280, 720))
    table = open_table_from_title(app, "zeus", "11")
    run(app, 600, until=lambda: table._human_may_act())
    escape_to(app, PauseOverlay)
    assert has_focus_ring(app.stack.top)
    activate(app, "Rules")
    assert isinstance(app.stack.top, RulesScene)
    escape_to(app, PauseOverlay)
    activate(app, "Save or load a game")
    saves = app.stack.top
    assert isinstance(saves, SavesScene)
    tab_to(app, "name")
    type_text(app, "by keys")
    activate(app, "save")
    assert any("by keys" in getattr(c, "label", "") or "by keys" in str(getattr(c, "entry", ""))
               for c in saves.focus.controls), [getattr(c, "key", None) for c in saves.focus.controls]
    escape_to(app, PauseOverlay)
    activate(app, "Resume")
    assert app.stack.top is table
    # Tab at the table: a button takes the ring, Shift+Tab gives it back to the cards.
    press(app, pygame.K_TAB)
    ringed = [b for b in table._tab_buttons() if b.focused]
    assert len(ringed) == 1
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert not any(b.focused for b in table._tab_buttons())

    play_to_the_end(app, table, zeus_move, WANTS["zeus"])
    run(app, 1200, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    results = app.stack.top
    assert isinstance(results, ResultsOverlay) and has_focus_ring(results)
    labels = [c.label for c in results.focus.controls]
    activate(app, f"button-{labels.index('Back to menu')}", frames=10)
    assert isinstance(app.stack.top, TitleScene)

    activate(app, "replays")
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene) and replays.entries
    activate(app, "Watch", frames=10)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene), type(viewer).__name__
    press(app, pygame.K_RIGHT, frames=5)
    escape_to(app, ReplaysScene)
    escape_to(app, TitleScene)
    activate(app, "statistics")
    stats = app.stack.top
    assert isinstance(stats, StatisticsScene)
    press(app, pygame.K_RIGHT)
    escape_to(app, TitleScene)
