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


def test_a_table_that_leaves_the_stack_is_freed_at_once(tmp_path, monkeypatch) -> None:
    """A table holds itself in reference cycles; the app collects them as it goes (the soak's 10 MiB step
    was a finished game's table left alive under the next one). Python's own collector is off here, so
    only the app's release can free it."""
    import gc
    import weakref

    from scenes.headless import HEADLESS_DT

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500))
    game = app.catalog.get("zeus")

    def new_table(seed: int):
        seats = [SeatInfo(f"P{n}", "ai:easy") for n in range(3)]
        return open_table(app, GameSession.new(game, seats, {}, seed))

    first = new_table(1)
    app.stack.clear_to(first)
    app.apply_stack_changes()
    for _ in range(120):
        app.frame(HEADLESS_DT)
    gone = weakref.ref(first)
    del first
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        app.stack.clear_to(new_table(2))
        app.frame(HEADLESS_DT)                 # the frame applies the change: the old table leaves the stack
        app.frame(HEADLESS_DT)                 # and the next one frees it
        assert gone() is None
    finally:
        if was_enabled:
            gc.enable()
    app.shutdown()
