"""Who the table is waiting for, who sits at the bottom, and the chance actions the table makes itself.

Everything here follows the engine contract (game/core/engine.py), never a game's own `turn`:
- `waiting_for()` names the seats the game cannot go on without; several during a simultaneous
  decision, `(CHANCE,)` when chance acts next. Reactions (a Zeus sneak, a Tamoul interception) are
  the seats in `to_act()` that `is_reaction`.
- The bottom seat is a human the game waits for (the one already there if it is one of them, so
  several humans deciding at once are served one after another as people do); with no human waited
  for it stays where it is.
- Chance is never asked: when it is due, the state makes its action from its own seeded generator
  and the table applies it through the session (so it is autosaved like any move).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from game.core.actions import Action
from game.core.drive import MAX_CHANCE_IN_A_ROW, chance_is_due, player_seats_waited_for
from game.core.engine import CHANCE
from game.core.events import Event


class ActingSession(Protocol):
    state: Any

    def apply(self, seat: int, action: Action | str) -> list[Event]: ...


def waited_for(state: Any) -> tuple[int, ...]:
    """The player seats the game waits for now (the chance seat left out; none once it is over)."""
    return () if state.finished else player_seats_waited_for(state)


def reacting_seats(state: Any) -> tuple[int, ...]:
    """Seats that may act now although the game does not wait for them."""
    return tuple(s for s in state.to_act() if s >= 0 and state.is_reaction(s))


def bottom_seat_for(state: Any, humans: Sequence[int], bottom: int) -> int:
    """The seat to show at the bottom: a human the game waits for, preferring the one already there."""
    waiting = [s for s in waited_for(state) if s in humans]
    if not waiting or bottom in waiting:
        return bottom
    return waiting[0]


def apply_due_chance(session: ActingSession) -> tuple[list[Event], list[Action]]:
    """Apply every chance action due now through the session; the events and the actions applied."""
    events: list[Event] = []
    actions: list[Action] = []
    state = session.state
    for _ in range(MAX_CHANCE_IN_A_ROW):
        if not chance_is_due(state):
            return events, actions
        action = state.chance_action()
        if action is None:
            raise RuntimeError(f"{state.game_id}: the game waits for chance but made no chance action")
        events += session.apply(CHANCE, action)
        actions.append(action)
    raise RuntimeError(f"{state.game_id}: chance acted {MAX_CHANCE_IN_A_ROW} times in a row")
