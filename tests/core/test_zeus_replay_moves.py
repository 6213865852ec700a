"""Zeus's replay loop carries out the turn seat's listed play and a sneak by a seat that may sneak itself
(`ZeusState.replay_entries`: the deck's table of moves, `_carry_out` written out with no events). Here one
entry at a time is held to the general way (`records.replay_entries`: `replay_action`, then `advance` and
`_carry_out`) at every moment of random games, every player count and option set: every action any seat
may take, and damaged entries (other seats' moves, other cards, seats out of range, texts no program
writes). Both ways must end in the same state, caches included, or fail at the same entry for the same
reason leaving the same state. Whole records, round ends and damaged records: tests/core/test_perf_replay.py.
"""
from __future__ import annotations

import copy
import random

import pytest

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.records import EntryFailed, replay_entries
from game.zeus.state import DRAW

# (players, options): every player count; the sneak on (the default) and off; the draw automatic and by hand
GAMES = [(2, {}), (2, {"manual_draw": True}), (3, {}), (3, {"sneak": True, "manual_draw": True}), (4, {}),
         (4, {"sneak": False}), (5, {}), (5, {"manual_draw": True})]
DAMAGED_TEXTS = ["play nothing", "sneak Hermes", "sneak 11", "draw", "play 7 8", "play hermes", "sneak"]


def _copy(state):
    """A copy to try an entry on. It shares the engine's action values, as the state itself does (the
    replay loop knows a listed action by identity: copies of them would never be taken as listed), and
    the logs of the rounds already over (an entry never touches them; copying a whole game's history at
    every moment would make this test slow)."""
    memo = {id(log): log for log in state.rounds[:-1]}
    memo.update((id(action), action) for action, *_ in state.deck.replay_moves.values())
    memo[id(DRAW)] = DRAW
    return copy.deepcopy(state, memo)


def _outcome(state, entry: list, own: bool) -> tuple:
    """Carry out one entry the game's own way or the general way: what happened, and the state after."""
    try:
        if own:
            state.replay_entries([entry], {})
        else:
            replay_entries(state, [entry], {})
    except EntryFailed as failed:
        cause = failed.__cause__
        return ("refused", failed.index, type(cause).__name__, str(cause), vars(state))
    return ("carried out", vars(state))


def _entries(state, rng: random.Random) -> list[list]:
    """Every action each seat may take now, and damaged entries: moves of the deck's table by seats chosen
    at random (mostly not theirs to take), seats out of range, texts the program does not write."""
    players = state.players
    texts = sorted(state.deck.replay_moves)
    entries = [[seat, action.text] for seat in range(players) for action in state.legal_actions(seat)]
    entries += [[rng.randrange(players), rng.choice(texts)] for _ in range(4)]
    entries += [[rng.choice([-1, players, players + 3]), rng.choice(texts)],
                [rng.randrange(players), rng.choice(DAMAGED_TEXTS)]]
    return entries


@pytest.mark.parametrize("players, options", GAMES)
def test_one_entry_the_replay_loop_carries_out_ends_as_the_general_way_at_every_moment(
        players: int, options: dict) -> None:
    game = load_game("zeus")
    deck = game.deck
    # The deck keeps each play's effect once worked out: start with none kept, so the loop also meets
    # effects it must leave to `_carry_out` (pure caches: emptying them changes no answer).
    deck.effect_cache.clear()
    for effects in deck.plain_effects.values():
        effects[:] = [None] * len(effects)
    counts = {"carried out": 0, "refused": 0, "sneaks": 0, "matches": 0}
    seed = GAMES.index((players, options))
    state = game.new_state([SeatInfo(f"P{s}", "ai:random") for s in range(players)],
                           game.normalize_options(options), seed)
    rng = random.Random(seed)
    while not state.finished:
        cold = _copy(state)  # no legal list nor sneakers asked yet
        warm = _copy(state)
        for seat in range(players):  # every cache the state keeps, filled
            warm.legal_actions(seat)
        warm.to_act()
        for entry in _entries(_copy(state), rng):
            for base in (cold, warm):
                own = _outcome(_copy(base), entry, own=True)
                general = _outcome(_copy(base), entry, own=False)
                assert own == general, (players, options, entry)
                counts[own[0]] += 1
                if own[0] == "carried out":
                    verb, _, card = entry[1].partition(" ")
                    counts["sneaks"] += verb == "sneak"
                    number, played_by = base.top_number()
                    counts["matches"] += verb == "play" and card == str(number) and played_by != entry[0]
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    # the cases the loop writes out were all met, and so were refusals
    assert counts["carried out"] > 300 and counts["refused"] > 300 and counts["matches"] > 5
    assert counts["sneaks"] > 5 if players > 2 and options.get("sneak", True) else counts["sneaks"] == 0
