"""Playing whole games with agents in every seat: self-play, tournaments and tests use this.

Reaction windows are resolved the way a real table would: every seat offered a reaction is asked
(in a seeded random order, as if by speed) before the seat on turn moves; the first taker acts.
Chance actions are applied without asking anyone, and of several seats waited for at once the next
one is picked in a seeded order (game/core/drive.py).
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.core.drive import apply_chance, next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo, State

MAX_STEPS = 100_000


def play_game(
    game: Game,
    seats: Sequence[SeatInfo],
    agents: Sequence[Any],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    state: State | None = None,
) -> State:
    """Play until the game ends; return the final state. Agents see views only."""
    if state is None:
        state = game.new_state(seats, game.normalize_options(options), seed)
    rng = random.Random(f"agents/{seed}")
    for _ in range(MAX_STEPS):
        if state.finished:
            return state
        step(state, agents, rng)
    raise RuntimeError(f"{game.id} game with seed {seed} did not end within {MAX_STEPS} actions")


def step(state: State, agents: Sequence[Any], rng: random.Random) -> None:
    """One decision: a due chance action, else offered reactions first (random order), else a seat
    the game waits for. An agent may propose an action that `legal_actions` does not list (a decision
    too large to list); `apply` judges it."""
    waiting = state.waiting_for()
    if CHANCE in waiting and not state.finished:
        apply_chance(state)
        return
    acting = state.to_act()
    reactors = [s for s in acting if state.is_reaction(s)]
    rng.shuffle(reactors)
    for seat in reactors:
        legal = state.legal_actions(seat)
        if legal:
            choice = agents[seat].choose(state.view(seat), legal, rng, optional=True)
            if choice is not None:
                state.apply(seat, choice)
                return
    seat = next_waiting_seat(state, rng, waiting)
    legal = state.legal_actions(seat)
    if not legal:
        raise RuntimeError(f"seat {seat} must act but has no legal action")
    choice = agents[seat].choose(state.view(seat), legal, rng, optional=False)
    if choice is None:
        raise RuntimeError(f"agent for seat {seat} declined a required decision")
    state.apply(seat, choice)
