"""Building Tamoul positions for tests through the public constructor (`TamoulGame.from_position`)."""
from __future__ import annotations

from typing import Any, Sequence

from game.core.engine import SeatInfo
from game.tamoul import TamoulState, load_game

GAME = load_game()
SLOTS = GAME.content.slots


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name, "human") for name in ("Ana", "Bo", "Cy", "Di", "Ed", "Fay")[:n]]


def new_game(n: int = 3, seed: int = 1, **options: Any) -> TamoulState:
    return GAME.new_state(seats(n), options, seed)


def build(slots: Sequence[Sequence[str | None]], *, discard: Sequence[str] = (), draw_top: Sequence[str] = (),
          draw_count: int | None = None, turn: int = 0, first: int | None = None, phase: str = "draw",
          pending: Sequence[str] = (), drawn: str | None = None, drawn_from: str | None = None,
          callers: Sequence[int] = (), attempts: Sequence[int] = (), looks: bool = True,
          watchers: list[list[list[list[int]]]] | None = None, totals: Sequence[int] | None = None,
          reshuffle_due: bool = False, step: int = 0, seed: int = 1, **options: Any) -> TamoulState:
    """A position with these slots (each row padded to 8 with empty slots) and discard pile (bottom
    first). The draw pile is `draw_top` then every other card in deck order (cut to `draw_count`
    cards when given, the rest going under the discard pile), so all 52 cards are always there.
    With `looks`, each seat has seen its own occupied slots 2 and 3 at step 0."""
    n = len(slots)
    rows = [list(row) + [None] * (SLOTS - len(row)) for row in slots]
    used = {c for row in rows for c in row if c is not None} | set(discard) | set(draw_top)
    if drawn is not None:
        used.add(drawn)
    rest = [c for c in GAME.content.cards if c not in used]
    pile = list(draw_top) + rest
    bottom: list[str] = []
    if draw_count is not None:
        bottom, pile = pile[draw_count:], pile[:draw_count]
    if watchers is None:
        watchers = [[[[p, 0, 0]] if looks and s in (2, 3) and rows[p][s] is not None else []
                     for s in range(SLOTS)] for p in range(n)]
    position = GAME.new_state(seats(n), options, seed).position()
    position["totals"] = list(totals) if totals is not None else [0] * n
    position["now"] = {
        "first": turn if first is None else first, "slots": rows, "draw_pile": pile,
        "discard": bottom + list(discard), "turn": turn, "phase": phase, "pending": list(pending),
        "holder": turn if drawn is not None else None, "drawn": drawn, "drawn_from": drawn_from,
        "callers": list(callers), "attempts": list(attempts), "watchers": watchers,
        "reshuffle_due": reshuffle_due, "step": step, "last_scores": None, "coming_setups": [],
    }
    return GAME.from_position(position)


def faces(state: TamoulState, seat: int) -> dict[tuple[int, int], str]:
    """Every face `seat`'s view knows, by (owner, slot)."""
    view = state.view(seat)
    return {(p, s): slot.card for p, row in enumerate(view.board) for s, slot in enumerate(row)
            if slot is not None and slot.card is not None}


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]
