"""The Host screen keeps still under the player's mouse: clicking the game's arrow to go through the games
(or adding a seat) leaves that arrow, and every row above the change, where it was."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from scenes.headless import make_headless_app, run_frames
from scenes.screens.online_host import HostScene


def control(scene: HostScene, key: str):
    return next(c for c in scene.focus.controls if getattr(c, "key", None) == key)


def click(scene: HostScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_games_arrow_stays_under_the_mouse_through_every_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  size: tuple[int, int], language: str) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app(size)
    try:
        app.update_settings(replace(app.settings, language=language))
        host = HostScene(app)
        app.stack.push(host)
        run_frames(app, 2)
        games = len(host.games)
        assert games >= 3, "several games to go through"
        stepper = control(host, "game")
        first = pygame.Rect(stepper.rect)
        arrow = (first.right - first.h // 3, first.centery)        # the right arrow ▶
        seen = [host.game.id]
        for _ in range(games * 2):      # round the list twice: every game after every other
            click(host, arrow)
            run_frames(app, 1)
            seen.append(host.game.id)
            assert control(host, "game").rect == first, f"{host.game.id}: the game's row moved"
            assert control(host, "game").rect.collidepoint(arrow)
        assert len(set(seen)) == games, "the arrow went through every game"
        top = host.panel.top
        add = control(host, "add")
        while add.enabled:
            click(host, add.rect.center)
            run_frames(app, 1)
            if host.panel.bottom < size[1] - 4:      # it still fits below its top
                assert host.panel.top == top, "the panel grows downward while it fits"
                assert control(host, "game").rect == first, "adding a seat moved the game's row"
            add = control(host, "add")
    finally:
        app.shutdown()
