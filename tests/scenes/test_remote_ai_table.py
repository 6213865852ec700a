"""A search agent plays from its own process at the table, and the process ends with the table."""
from __future__ import annotations

import dataclasses
import time

from game.core.engine import SeatInfo
from game.core.remote_agent import RemoteAgent
from game.core.session import GameSession
from scenes.headless import make_headless_app, run_frames
from scenes.tables import open_table


def test_hard_telos_seat_thinks_in_its_own_process_and_stops_with_the_table(tmp_path) -> None:
    from game.core.userfiles import UserDirs

    app = make_headless_app((960, 600), dirs=UserDirs(tmp_path / "c", tmp_path / "d", tmp_path / "l"))
    app.settings = dataclasses.replace(app.settings, animation_speed="instant", ai_delay_s=0.0)
    game = app.catalog.get("telos")
    seats = [SeatInfo("Ada", "ai:hard"), SeatInfo("Bion", "ai:normal"), SeatInfo("Chloe", "ai:hard")]
    session = GameSession.new(game, seats, {}, 3)
    table = open_table(app, session)
    remote = table.agents[0]
    assert isinstance(remote, RemoteAgent) and not isinstance(table.agents[1], RemoteAgent)
    assert table.agents[2] is remote      # seats of one level share one process
    app.stack.push(table)
    # Headless frames take no time of their own, so wait on the clock (a busy machine slows the search
    # process, not the frames): the hard seat must have played within a minute.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        run_frames(app, 1)
        if any(seat == 0 for seat, _ in session.state.rounds[0].actions[3:]):
            break
        time.sleep(0.001)
    assert any(seat == 0 for seat, _ in session.state.rounds[0].actions), "the hard seat never played"
    process = remote._process
    assert process is not None and process.is_alive()
    app.back_to_title()
    run_frames(app, 1)
    assert not process.is_alive()
    app.shutdown()
