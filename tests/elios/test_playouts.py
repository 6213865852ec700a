"""Random playouts: 150 seeded games of 2, 3 and 4 players (more in a script, see docs/rules/elios.md).

Checked at every step: beams are conserved, no stack rises above the discs, someone can act until the
game ends, every listed legal action is accepted (a sample is applied to copies), and each game's record
replays byte for byte.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.drive import next_waiting_seat
from game.core.records import record_to_text, replay
from game.elios.grouping import grouping_text, random_grouping
from game.elios.state import EliosState
from tests.elios.helpers import GAME, seats

GAMES = 150
CHUNKS = 6
APPLIED_PER_STEP = 1


def check_invariants(state: EliosState, start: Counter[str]) -> None:
    on_table = Counter("".join(state.held)) + Counter("".join(state.stacks))
    assert on_table == start, "beams not conserved"
    assert max(len(stack) for stack in state.stacks) <= state.discs <= 9
    assert state.totals == [len(h) for h in state.held]


def play_out(seed: int) -> EliosState:
    players = 2 + seed % 3
    state = GAME.new_state(seats(players), seed=seed)
    start = Counter("".join(state.held)) + Counter("".join(state.stacks))
    rng = random.Random(seed)
    while not state.finished:
        waiting = state.waiting_for()
        assert waiting and all(state.legal_actions(s) for s in waiting), f"seed {seed}: nobody can act"
        seat = next_waiting_seat(state, rng)
        legal = state.legal_actions(seat)
        assert all(state.why_illegal(seat, a) is None for a in legal), seed
        for action in rng.sample(legal, min(APPLIED_PER_STEP, len(legal))):
            state.clone().apply(seat, action)
        if state.lists_all_actions(seat):
            action = rng.choice(legal)
        else:
            action = f"groups {grouping_text(random_grouping(state.view(seat).beams[seat], rng))}"
        state.apply(seat, action)
        check_invariants(state, start)
    assert state.to_act() == () and state.winners and state.end in ("win", "stalemate")
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant_and_replay_byte_for_byte(chunk: int) -> None:
    for seed in range(chunk, GAMES, CHUNKS):
        state = play_out(seed)
        record = state.record()
        assert record_to_text(replay(GAME, record).record()) == record_to_text(record), f"seed {seed}"
        assert record["rounds"][0]["score"] == record["totals"] == [len(h) for h in state.held]
