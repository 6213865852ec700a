"""In a replay every card is face up, so the move log names the player and the card drawn ("Ariadne
draws Athena"), never "You draw a card" (issue 20 item 26)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.events import Event
from tests.scenes.test_replay_viewer import app, finished_record, settle  # noqa: F401
from scenes.headless import run_frames
from scenes.screens.replay_viewer import ReplayScene


def replay_log(app, game_id: str, steps: int) -> tuple[ReplayScene, list[str]]:
    """A self-played game of `game_id` replayed `steps` moves in; the viewer and its log's lines."""
    scene = ReplayScene(app, app.catalog.get(game_id), finished_record(app, game_id))
    app.stack.clear_to(scene)
    run_frames(app, 2)
    for _step in range(steps):
        scene.step_forward()
        settle(app, scene)
    return scene, scene.table.log.lines


def test_a_zeus_replay_names_each_drawn_card_and_its_player(app):
    scene, lines = replay_log(app, "zeus", 14)
    draws = [line for line in lines if " draw" in line]
    assert draws, lines
    assert not any(line.endswith("draws a card") or line.startswith("You draw ") for line in draws), draws
    assert all(any(line.startswith(f"{name} draws ") for name in scene.table.names) for line in draws), draws


def test_a_tamoul_replay_names_the_cards_drawn_from_the_pile_and_looked_at(app):
    scene, lines = replay_log(app, "tamoul", 12)
    draws = [line for line in lines if " draws " in line or " draw " in line]
    assert draws and not any(line.endswith("draws a card") for line in draws), lines
    table = scene.table
    table.events.append(Event("peeked", 1, {"target": 1, "slot": 0}, {"card": "7H"}, 1))   # a look, as recorded
    run_frames(app, 120)
    assert any(line.endswith("looks at their own card 1: 7♥") for line in table.log.lines), table.log.lines[-3:]
