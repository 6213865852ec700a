"""Télos benchmark opponent `bench-greedy`: a plain trick-avoidance heuristic, never offered to players.

Written from the public strategy of games where the last trick loses, not from our levels, so that
`normal` and `hard` are measured against a player they were not tuned on (`python -m game tournament
--game telos --seats hard,bench-greedy,normal,normal`). The advice such games give: keep your lowest
card for the last trick, get rid of high cards and of anything that counts high at the end (here the
Zeus cards, worth 20) as early as the rules let you, and shed the most with every play: lead your
highest value (as many of it as you may), and when you follow, follow with the highest cards you may.
With the Divine Trick it swaps a last card of 8 or more for its blind card. It reads only its seat's
view.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.telos.agents import _value
from game.telos.view import TelosView

ZEUS_AT_END = 20      # a Zeus card left for the last trick counts this much (T-18)
ZEUS_SHED = 15        # what shedding a Zeus card is worth, in card points
SWAP_FROM = 8         # a last card this high is swapped for the blind card


def end_value(card: str) -> int:
    return _value(card, ZEUS_AT_END)


def shed_value(card: str) -> int:
    return _value(card, ZEUS_SHED)


class GreedyAgent:
    """Keeps its lowest card, sheds the most it can with every play (see the module text)."""

    name = "bench-greedy"

    def choose(self, view: TelosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        plays = [a for a in legal_actions if a.verb == "play"]
        swaps = [a for a in legal_actions if a.verb != "play"]
        if view.last_trick:
            if swaps and end_value(view.hand[0]) >= SWAP_FROM:
                return swaps[0]
            return plays[0] if plays else (swaps[0] if swaps else None)
        if not plays:
            return swaps[0] if swaps else None
        return max(plays, key=lambda action: (self.score(view, action.cards), rng.random()))

    @staticmethod
    def score(view: TelosView, cards: tuple[str, ...]) -> float:
        """The lowest card kept first (by far), then the points shed, then the most cards shed."""
        rest = list(view.hand)
        for card in cards:
            rest.remove(card)
        kept = min((end_value(card) for card in rest), default=0)
        return -100.0 * kept + sum(shed_value(card) for card in cards) + 0.5 * len(cards)


def bench_agents(game: Any) -> dict[str, Callable[[], Any]]:
    """The benchmark opponents `tournament` may seat (game/core/engine.py, `Game.bench_agents`)."""
    return {GreedyAgent.name: GreedyAgent}
