"""Zeus's own invariants over many seeded random games: 1,000 games across 2-5 players and every option
mix. What every game must keep (listed actions accepted, records replaying, positions, views) is
checked for all games by tests/conformance."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import step
from zeus_helpers import GAME, card_count

GAMES_PER_PLAYER_COUNT = 250
OPTION_MIXES = ({"sneak": True, "manual_draw": False}, {"sneak": True, "manual_draw": True},
                {"sneak": False, "manual_draw": False}, {"sneak": False, "manual_draw": True})
FULL_DECK = Counter(GAME.deck.full_deck())


def check_position(state) -> None:
    assert card_count(state) == FULL_DECK  # nothing in Zeus leaves play: hands + pile + draw pile = 60
    assert state.turn in state.to_act() and state.waiting_for() == (state.turn,)  # others only react
    assert state.legal_actions(state.turn), "Z-8: the seat on turn holds a card it can play"
    assert 0 <= state.total <= 100


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_the_zeus_invariants(players: int) -> None:
    agents = [RandomAgent() for _ in range(players)]
    names = ("Ada", "Bo", "Cy", "Di", "Ed")[:players]
    finished_rounds = 0
    for i in range(GAMES_PER_PLAYER_COUNT):
        seed = 1000 * players + i
        options = OPTION_MIXES[i % len(OPTION_MIXES)]
        state = GAME.new_state([SeatInfo(n, "ai:random") for n in names], options, seed)
        rng = random.Random(seed)
        while not state.finished:
            check_position(state)
            step(state, agents, rng)
            assert len(state.rounds) < 200
        assert state.to_act() == () and max(state.totals) == 4 and state.winners == (state.totals.index(4),)
        assert sum(state.totals) == sum(sum(r.score) for r in state.rounds)
        finished_rounds += len(state.rounds)
    assert finished_rounds >= 4 * GAMES_PER_PLAYER_COUNT
