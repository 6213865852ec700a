"""Who decides next: the one rule every driver (self-play, tournaments, search, the table, replay) follows.

- Chance is never asked: when the game waits for the chance seat, the state makes the chance action
  from its own seeded generator and the driver applies it (`apply_chance`).
- During a simultaneous decision several seats are waited for at once. A driver without people picks
  the next one in a seeded random order (`next_waiting_seat`), so that whichever seat the rules favour
  for acting last (Elios: the last to confirm starts) is not always the same one.
"""
from __future__ import annotations

import random

from game.core.engine import CHANCE, State
from game.core.events import Event

MAX_CHANCE_IN_A_ROW = 1_000


def chance_is_due(state: State) -> bool:
    return not state.finished and CHANCE in state.waiting_for()


def apply_chance(state: State) -> list[Event]:
    """Apply every chance action that is due now (usually none or one); return their events."""
    events: list[Event] = []
    for _ in range(MAX_CHANCE_IN_A_ROW):
        if not chance_is_due(state):
            return events
        action = state.chance_action()
        if action is None:
            raise RuntimeError(f"{state.game_id}: the game waits for chance but made no chance action")
        events += state.apply(CHANCE, action)
    raise RuntimeError(f"{state.game_id}: chance acted {MAX_CHANCE_IN_A_ROW} times in a row")


def player_seats_waited_for(state: State) -> tuple[int, ...]:
    """The player seats the game waits for (the chance seat left out)."""
    return tuple(s for s in state.waiting_for() if s != CHANCE)


def next_waiting_seat(state: State, rng: random.Random, waiting: tuple[int, ...] | None = None) -> int:
    """The seat to ask next: the only one waited for, or one of several in a seeded random order.
    `waiting` is `state.waiting_for()` when the caller has it already.

    The generator is only drawn from when there is a real choice, so a game that never waits for
    two seats at once plays exactly as it did before simultaneous decisions existed."""
    players = tuple(s for s in (state.waiting_for() if waiting is None else waiting) if s != CHANCE)
    if not players:
        raise RuntimeError(f"{state.game_id}: the game waits for nobody but is not finished")
    if len(players) == 1:
        return players[0]
    return rng.choice(sorted(players))
