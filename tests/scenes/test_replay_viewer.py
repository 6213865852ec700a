"""The replay viewer on every registered game's table: it steps forward and back, by move and by round,
the screen always showing the replayed position with every card open; autoplay advances; the replay
mode plays nothing, asks no AI and saves nothing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core import manifest as manifests
from game.core.engine import SeatInfo
from game.core.play import play_game
from scenes.headless import make_headless_app, run_frames
from scenes.screens.replay_viewer import ReplayScene
from scenes.table.replay_mode import REPLAY_REFUSAL

GAMES = tuple(m.id for m in manifests.registry().manifests if m.table is not None)
NAMES = ("You", "Ariadne", "Bion", "Chloé")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    os.environ["OLYMPUS_HOME"] = str(tmp_path_factory.mktemp("home"))
    return make_headless_app((1280, 720))


def finished_record(app, game_id: str, seed: int = 3) -> dict:
    """One small self-played game: the first seat a person, the others random AIs."""
    game = app.catalog.get(game_id)
    count = max(3, game.min_players) if game.max_players >= 3 else game.min_players
    seats = [SeatInfo(NAMES[i], "human" if i == 0 else "ai:random") for i in range(count)]
    return play_game(game, seats, [game.agent("random") for _ in seats], seed=seed).record()


def open_viewer(app, game_id: str) -> ReplayScene:
    scene = ReplayScene(app, app.catalog.get(game_id), finished_record(app, game_id))
    app.stack.clear_to(scene)
    run_frames(app, 2)
    return scene


def settle(app, scene: ReplayScene, frames: int = 400) -> None:
    for _ in range(frames):
        if scene.table.idle and not scene.table._replay_settle:
            return
        run_frames(app, 1)
    raise AssertionError("the table did not come to rest")


def assert_screen_is_the_position(scene: ReplayScene) -> None:
    """The hosted table's state is the record replayed to k, and what is drawn matches it, all cards open."""
    table = scene.table
    assert table.state.position() == scene.timeline.state_at(scene.k).position()
    assert table._matches_view()
    for seat in range(table.count):
        revealed = table._revealed_cards(seat)
        if revealed is not None:
            assert sorted(str(s.card_id) for s in table.hand_zones[seat].cards) == sorted(revealed)
    grids = getattr(table, "grids", None)
    if grids is not None:       # a table of slots (Tamoul): every card in a slot face up
        slots = table.state.position()["now"]["slots"]
        for seat, grid in grids.items():
            shown = [s.card_id if s is not None else None for s in grid.slots[:len(slots[seat])]]
            assert shown == slots[seat][:len(shown)]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_viewer_steps_forward_and_back_showing_the_replayed_position(app, game_id):
    scene = open_viewer(app, game_id)
    settle(app, scene)
    assert scene.k == 0
    assert_screen_is_the_position(scene)
    for _ in range(3):
        scene.step_forward()
        settle(app, scene)
    assert scene.k == 3
    assert_screen_is_the_position(scene)
    scene.step_back()
    settle(app, scene)
    assert scene.k == 2
    assert_screen_is_the_position(scene)
    scene.round_forward()
    settle(app, scene)
    assert scene.k == scene.timeline.round_start_after(2)
    assert_screen_is_the_position(scene)
    scene.round_back()
    scene.jump(scene.timeline.length)
    settle(app, scene)
    assert scene.table.state.finished and scene.status_text().startswith("The end")
    assert_screen_is_the_position(scene)
    assert scene.counter_text() == f"Round {scene.timeline.rounds} · move {scene.k} / {scene.timeline.length}"


def test_autoplay_advances_at_the_chosen_speed_and_stops_at_the_end(app):
    scene = open_viewer(app, "zeus")
    scene.next_speed()
    assert scene.speed == "fast"
    scene.toggle_play()
    run_frames(app, 240)
    assert scene.k >= 3 and scene.playing
    scene.toggle_play()
    stopped = scene.k
    run_frames(app, 120)
    assert scene.k == stopped
    scene.jump(scene.timeline.length - 1)
    scene.toggle_play()
    run_frames(app, 240)
    assert scene.k == scene.timeline.length and not scene.playing


def test_keys_step_and_escape_leaves(app):
    scene = open_viewer(app, "telos")

    def key(code: int) -> None:
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        settle(app, scene)

    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    assert scene.k == 2
    key(pygame.K_LEFT)
    assert scene.k == 1
    key(pygame.K_DOWN)
    assert scene.k == scene.timeline.round_starts[1]
    key(pygame.K_UP)
    assert scene.k == 0
    key(pygame.K_SPACE)
    assert scene.playing
    key(pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert type(app.stack.top).__name__ == "TitleScene"


def test_the_replay_mode_plays_nothing_asks_no_ai_and_saves_nothing(app):
    scene = open_viewer(app, "zeus")
    settle(app, scene)
    table = scene.table
    before = table.state.position()
    seat = table.state.waiting_for()[0]
    assert table._apply(seat, table.state.legal_actions(seat)[0]) == REPLAY_REFUSAL
    assert table.state.position() == before
    assert table.agents == {} and not table._hints_allowed() and not table._human_may_act()
    assert table.session.autosave_path is None and table.session.records_dir is None
    run_frames(app, 120)
    assert table.state.position() == before and not app.dirs.autosave.exists()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_move_is_said_in_the_players_words_not_in_record_notation(app, game_id):
    """Stepped or jumped to, the status says the move as the table's log does, in Dutch too."""
    app.set_language("nl")
    try:
        scene = open_viewer(app, game_id)
        settle(app, scene)
        for _ in range(4):
            scene.step_forward()
            settle(app, scene)
            stepped = scene.status_text()
            move = scene.timeline.moves[scene.k - 1]
            assert stepped.startswith("Laatste zet: ")
            assert move.text not in stepped
            assert scene.table.log.move_lines and scene.table.log.move_lines[0] in scene.table.log.lines
            scene.jump(scene.k - 1)
            scene.jump(scene.k + 1)         # opened anew at the same position: the same words
            settle(app, scene)
            assert scene.status_text() == stepped
        for k in range(1, scene.timeline.length, max(1, scene.timeline.length // 12)):
            scene.jump(k)
            words = scene.move_words()
            assert words and all(scene.timeline.moves[k - 1].text not in line for line in words), (k, words)
            assert len(scene.status_lines(11, 180)) <= 2
    finally:
        app.set_language("en")
