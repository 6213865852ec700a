"""The Review screen: it fills in while the analysis runs in the background, steps through the moves by
keyboard and mouse, shows each position as the reviewed player saw it, and is reached from the
replays list and the replay viewer."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from scenes.headless import make_headless_app, run_frames
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.review import ReviewScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    made = make_headless_app((1280, 720))
    yield made
    made.shutdown()


def zeus_record(app) -> dict:
    game = app.catalog.get("zeus")
    seats = [SeatInfo("You", "human"), SeatInfo("Bion", "ai:random")]
    return play_game(game, seats, [game.agent("random") for _ in seats], seed=4).record()


def key(scene, code: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def run_until_done(app, scene: ReviewScene, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while scene.worker.progress.running and time.monotonic() < deadline:
        run_frames(app, 5)
        time.sleep(0.01)
    run_frames(app, 2)


def test_the_review_fills_in_steps_through_moves_and_shows_only_the_players_own_cards(app):
    scene = ReviewScene(app, app.catalog.get("zeus"), zeus_record(app), iterations=4)
    app.stack.push(scene)
    run_frames(app, 1)
    assert scene.worker.progress.running       # the first frame did not wait for the analysis
    run_until_done(app, scene)
    progress = scene.worker.progress
    assert progress.finished and scene.moves and progress.done == progress.total
    assert scene.selected == 0 and scene.table_k == scene.moves[0].index
    key(scene, pygame.K_DOWN)
    assert scene.selected == 1 and scene.table_k == scene.moves[1].index
    key(scene, pygame.K_END)
    assert scene.selected == len(scene.moves) - 1
    key(scene, pygame.K_HOME)
    assert scene.selected == 0
    # The table shows the reviewed seat's hand face up and the other hand face down (once dealt).
    key(scene, pygame.K_DOWN)
    run_frames(app, 240)
    hands = scene.table.hands
    assert hands[0] and all(sprite.card_id is not None for sprite in hands[0])
    assert hands[1] and all(sprite.card_id is None for sprite in hands[1])
    # A click on a row selects its move.
    rect, index = scene.row_rects[-1]
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert scene.selected == index
    scene.leave()
    run_frames(app, 1)
    assert app.stack.top is not scene


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_review_screen_lays_out_inside_the_window(tmp_path, monkeypatch, size):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    app = make_headless_app(size)
    scene = ReviewScene(app, app.catalog.get("zeus"), zeus_record(app), iterations=4)
    app.stack.push(scene)
    run_until_done(app, scene)
    scene.resize(app.size)
    run_frames(app, 1)
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(button.rect) for button in scene.buttons)
    assert all(scene.panel.contains(rect) for rect, _ in scene.row_rects)
    assert scene._detail_top() > max((rect.bottom for rect, _ in scene.row_rects), default=0)
    assert scene.table_rect.right == scene.panel.left and scene.table.layout.size == scene.table_rect.size
    scene.leave()
    run_frames(app, 1)
    app.shutdown()


def test_leaving_the_review_stops_its_analysis(app):
    scene = ReviewScene(app, app.catalog.get("zeus"), zeus_record(app), iterations=400)
    app.stack.push(scene)
    run_frames(app, 2)
    worker = scene.worker
    key(scene, pygame.K_ESCAPE)
    run_frames(app, 1)
    deadline = time.monotonic() + 10
    while worker.alive and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not worker.alive and worker.progress.cancelled


def test_the_replay_viewer_and_the_replays_list_open_the_review(app):
    record = zeus_record(app)
    viewer = ReplayScene(app, app.catalog.get("zeus"), record)
    app.stack.push(viewer)
    run_frames(app, 2)
    assert any(getattr(b, "label", "") == "Review" for b in viewer.controls)
    key(viewer, pygame.K_r)
    run_frames(app, 1)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    review.leave()
    run_frames(app, 1)
    assert app.stack.top is viewer

    from scenes.screens.replays import ReplaysScene

    (app.dirs.records / "zeus-4.json").write_text(record_to_text(record), encoding="utf-8")
    listing = ReplaysScene(app)
    app.stack.push(listing)
    run_frames(app, 1)
    button = next(c for c in listing.focus.controls if getattr(c, "label", "") == "Review")
    assert button.enabled
    button.on_click()
    run_frames(app, 1)
    assert isinstance(app.stack.top, ReviewScene)
    app.stack.top.leave()
    run_frames(app, 1)


def test_closing_the_program_with_a_review_open_stops_its_analysis(tmp_path, monkeypatch):
    """The window closed (or Quit) while a Review still computes: its process ends with the program, as
    when the screen is left, instead of searching on with no one to read it."""
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    made = make_headless_app((1280, 720))
    scene = ReviewScene(made, made.catalog.get("zeus"), zeus_record(made), iterations=400)
    made.stack.push(scene)
    run_frames(made, 2)
    worker = scene.worker
    assert worker.alive and worker.progress.running
    made.shutdown()
    deadline = time.monotonic() + 10
    while worker.alive and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not worker.alive and worker.progress.cancelled
