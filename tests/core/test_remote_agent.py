"""An agent thinking in a child process chooses exactly what the same agent would choose here."""
from __future__ import annotations

import random

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.remote_agent import RemoteAgent


def test_remote_agent_matches_the_local_agent_move_for_move() -> None:
    game = load_game("telos")
    seats = [SeatInfo(f"P{i}", "ai:normal") for i in range(3)]
    state = game.new_state(seats, game.normalize_options({}), 8)
    local = game.agent("normal")
    remote = RemoteAgent("telos", "normal")
    try:
        for _ in range(12):
            seat = state.waiting_for()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            rng_here, rng_there = random.Random(seat), random.Random(seat)
            expected = local.choose(view, legal, rng_here)
            assert remote.choose(view, legal, rng_there) == expected
            assert rng_here.getstate() == rng_there.getstate()
            state.apply(seat, expected)
    finally:
        remote.close()
    remote.close()


def test_a_failing_remote_agent_says_so() -> None:
    remote = RemoteAgent("telos", "normal")
    try:
        try:
            remote.choose("not a view", [], random.Random(1))
        except RuntimeError as exc:
            assert "normal AI for telos failed" in str(exc)
        else:
            raise AssertionError("a broken request must raise")
    finally:
        remote.close()
