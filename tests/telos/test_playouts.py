"""Random playouts: 1,000 seeded games over 3–6 players and every option combination.

Télos's own invariants, checked at every step: cards are conserved, hands stay equal, one seat acts
at a time; and each game ends with one loser past 32. What every game must keep (listed actions
accepted, records replaying, positions, views) is checked for all games by tests/conformance.
"""
from __future__ import annotations

import random
import pytest

from game.telos.state import TelosState
from tests.telos.table import new_game

GAMES = 1000
CHUNKS = 10
OPTION_SETS = [{"powers": p, "divine_trick": d} for p in ("basic", "advanced") for d in (False, True)]


def cards_everywhere(state: TelosState) -> tuple[int, set[str]]:
    """How many cards there are and which: the deck has no duplicates, so this is the multiset."""
    places = [c for h in state.hands for c in h] + list(state.blind or []) + state.undealt
    if not state.finished:  # the final trick stays on show in the view; its cards are discards by then
        places += [c for p in state.plays for c in p.cards]
    places += state.round_discards
    places += [c for cards in state.score_cards for c in cards]
    return len(places), set(places)


def check_hands(state: TelosState) -> None:
    sizes = [len(h) for h in state.hands]
    played = {p.seat for p in state.plays}
    before = {sizes[s] for s in range(len(sizes)) if s not in played}
    after = {sizes[s] for s in played}
    assert len(before) <= 1 and len(after) <= 1
    if before and after:
        assert before.pop() - after.pop() == state.k


def play_out(seed: int) -> TelosState:
    players = 3 + seed % 4
    options = OPTION_SETS[(seed // 4) % 4]
    state = new_game(players, seed, **options)
    deck = (len(state.deck), set(state.deck))
    rng = random.Random(seed)
    while not state.finished:
        acting = state.to_act()
        assert len(acting) == 1  # no reactions in Télos
        seat = acting[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert cards_everywhere(state) == deck, f"seed {seed}: cards not conserved"
        check_hands(state)
    assert state.to_act() == () and len(state.winners) == players - 1
    assert max(state.totals) >= 32 and sorted(state.totals)[-2] < 32
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_the_telos_invariants(chunk: int) -> None:
    for seed in range(chunk, GAMES, CHUNKS):
        play_out(seed)
