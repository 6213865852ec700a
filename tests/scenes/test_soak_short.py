"""The memory soak's short version: AI-only games follow one another (a finished game's table gives way to
the next) and resident memory after the first quarter stays within the issue's 6 MiB."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.headless import make_headless_app, run_soak
from scenes.tables import open_table


def test_a_short_soak_plays_games_one_after_another_and_stays_level(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500))
    app.settings = replace(app.settings, animation_speed="fast", ai_delay_s=0.05)
    game = app.catalog.get("elios")

    def new_table(seed: int):
        seats = [SeatInfo("Ann", "ai:random"), SeatInfo("Bob", "ai:random")]
        return open_table(app, GameSession.new(game, seats, {}, seed))

    result = run_soak(app, "elios", new_table, 4000, 2).summary()
    app.shutdown()
    assert result["games_finished"] >= 2, result
    assert len(result["rss_mib"]) == 5
    assert result["growth_after_first_quarter_mib"] <= 6.0, result
