"""In a replay every card is face up, so the move log names the player and the card drawn ("Ariadne
draws Athena"), never "You draw a card" (issue 20 item 26)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.scenes.test_replay_viewer import app, finished_record, settle  # noqa: F401
from scenes.headless import run_frames
from scenes.screens.replay_viewer import ReplayScene


def test_a_zeus_replay_names_each_drawn_card_and_its_player(app):
    scene = ReplayScene(app, app.catalog.get("zeus"), finished_record(app, "zeus"))
    app.stack.clear_to(scene)
    run_frames(app, 2)
    for _step in range(14):
        scene.step_forward()
        settle(app, scene)
    lines = scene.table.log.lines
    draws = [line for line in lines if " draw" in line]
    assert draws, lines
    assert not any(line.endswith("draws a card") or line.startswith("You draw ") for line in draws), draws
    names = scene.table.names
    assert all(any(line.startswith(f"{name} draws ") for name in names) for line in draws), draws
