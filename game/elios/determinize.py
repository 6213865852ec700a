"""Sampling a full Elios state from one seat's view, for the search AI (game/core/ismcts.py).

After the grouping nothing is hidden: every beam and every group lies on the table, so the sample is the
true position. While seats are still grouping, the groupings that other seats have confirmed are not
shown to this seat; the sample gives each of them a random valid grouping of that seat's (public) beams,
drawn by `random_grouping`. Seats that have not confirmed have no grouping yet, in the sample as in the
game.

The state is built with `EliosGame.from_position`, so it is checked like any position. Its history is
partial: the round's setup is the real draw and the `groups` actions are those the view allows (sampled
for hidden ones), but the turns played after the grouping are not in the view and are left out. A
sampled state is for search only, never saved.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.elios.grouping import grouping_text, random_grouping
from game.elios.state import EliosState
from game.elios.view import EliosView

if TYPE_CHECKING:
    from game.elios.game import EliosGame


class EliosDeterminizer:
    """Call it as `determinizer(view, rng)`: a state whose `view(seat)` equals the given view."""

    def __init__(self, game: "EliosGame") -> None:
        self.game = game

    def __call__(self, view: EliosView, rng: random.Random) -> EliosState:
        return self.game.from_position(self.position(view, rng))

    def position(self, view: EliosView, rng: random.Random) -> dict[str, Any]:
        if view.finished:
            raise ValueError("the game is over: there is nothing to search")
        groups = [None if g is None else list(g) for g in view.groups]
        for seat in view.confirmed:
            if groups[seat] is None:
                groups[seat] = list(random_grouping(view.beams[seat], rng))
        actions = [[seat, f"groups {grouping_text(groups[seat])}"] for seat in view.confirmed]
        return {
            "game": self.game.id,
            "seats": [{"name": name, "controller": "ai:hard"} for name in view.names],
            "options": {},
            "seed": 0,
            "rounds": [{"setup": {"beams": [list(b) for b in view.drawn], "discs": self.game.content.start_discs},
                        "actions": actions, "score": None}],
            "totals": list(view.totals),
            "winners": [],
            "finished": False,
            "now": {
                "beams": [list(b) for b in view.beams],
                "discs": view.discs,
                "stacks": [list(s) for s in view.stacks],
                "groups": groups,
                "confirmed": list(view.confirmed),
                "turn": view.turn,
                "first_turn": view.first_turn,
                "passes": view.passes,
                "end": None,
            },
        }
