"""Shared helpers for the Elios tests: even draws, grouped starts, and positions built through the
public constructor (`EliosGame.from_position`), never by assigning a state's fields."""
from __future__ import annotations

from typing import Any, Sequence

from game.core.engine import SeatInfo
from game.elios import load_game
from game.elios.content import parse_content
from game.elios.game import EliosGame
from game.elios.state import EliosState
from game.core.resources import asset_path

GAME = load_game()
SHIPPED = asset_path("decks", "elios.yaml").read_text(encoding="utf-8")

# Draws that give every seat the same beams, so a test can name its groups without reading the seed.
EVEN_DRAWS = {
    2: ["rroyyllggssbbvvo" + "ww"] * 2,
    3: ["roylgsbvro" + "w", "roylgsbvyl" + "w", "roylgsbvgs" + "w"],
    4: ["roylgsbv" + "w"] * 4,
}


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(f"P{i}", "human") for i in range(n)]


def even_setup(players: int) -> dict[str, Any]:
    order = GAME.content.letters
    return {"beams": [sorted(beams, key=order.index) for beams in EVEN_DRAWS[players]], "discs": 2}


def fresh(players: int = 2, game: EliosGame = GAME) -> EliosState:
    """A new game on the even draw, before anyone has grouped."""
    return game.new_state(seats(players), seed=1, setups=[even_setup(players)])


def grouped(groupings: Sequence[str], order: Sequence[int] | None = None, game: EliosGame = GAME) -> EliosState:
    """A game on the even draw whose seats confirmed `groupings` (notation texts) in `order`
    (default: seat 0 first, so the last seat starts)."""
    state = fresh(len(groupings), game)
    for seat in order if order is not None else range(len(groupings)):
        state.apply(seat, f"groups {groupings[seat]}")
    return state


def rebuilt(state: EliosState, game: EliosGame = GAME, **now: Any) -> EliosState:
    """`state`'s position with some of `now` replaced, through `from_position` (which checks it)."""
    position = state.position()
    position["now"].update(now)
    position["totals"] = [len(b) for b in position["now"]["beams"]]
    return game.from_position(position)


def game_with(old: str, new: str) -> EliosGame:
    """The shipped content with one text replaced (for rules that need other numbers, e.g. fewer discs)."""
    assert old in SHIPPED, old
    return EliosGame(parse_content(SHIPPED.replace(old, new, 1)))
