"""Zeus on the Loose benchmark opponent `bench-greedy`: a plain heuristic, never offered to players.

Written from the public strategy of the game, not from our levels, so that `normal` and `hard` are
measured against a player they were not tuned on (`python -m game tournament --game zeus --seats
hard,bench-greedy`). The advice the game's players give: only the holder at the end of the round
scores, so taking Zeus early is worth little and taking it late is worth a lot; keep the gods that steal
Zeus for the end of the round; never leave Mount Olympus within one card of 100 (any player holding the
missing number wins the round at once); spend high numbers early and keep low ones, which let you finish
at exactly 100; keep a pair for a sneak or a match. It sneaks whenever that takes Zeus late in the round
or wins it, and always draws. It counts no cards: it reads only the table and its own hand (its view).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.zeus.outcome import play_outcome
from game.zeus.view import ZeusView

WIN = 1000.0
TOP = 100


class GreedyAgent:
    """Takes a win, takes Zeus late, keeps stealing gods and low numbers (see the module text)."""

    name = "bench-greedy"

    def choose(self, view: ZeusView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        draw = next((a for a in legal_actions if a.verb == "draw"), None)
        if draw is not None:
            return draw
        sneak = next((a for a in legal_actions if a.verb == "sneak"), None)
        if sneak is not None and self._wants_sneak(view, sneak.args[0]):
            return sneak
        plays = [a for a in legal_actions if a.verb == "play"]
        if not plays:
            return None
        return max(plays, key=lambda action: (self.score(view, action.args[0]), rng.random()))

    def _wants_sneak(self, view: ZeusView, card: str) -> bool:
        assert view.seat is not None
        outcome = play_outcome(view.cards[card], view.total, view.top_number, view.top_number_seat, view.seat,
                               sneak=True)
        late = view.draw_pile_size <= 2 * view.players
        return outcome.wins_round is not None or (late and view.zeus_holder != view.seat)

    @staticmethod
    def score(view: ZeusView, card: str) -> float:
        """Higher is better: a win, then Zeus held at the end, then no opening for the next player to
        reach 100, then spending what is worth least to keep."""
        assert view.seat is not None
        definition = view.cards[card]
        outcome = play_outcome(definition, view.total, view.top_number, view.top_number_seat, view.seat)
        if outcome.wins_round:
            return WIN
        holds = outcome.steals or view.zeus_holder == view.seat
        pile, n = view.draw_pile_size, view.players
        if pile == 0:  # this play meets the empty pile: the holder after it wins (Z-13)
            return WIN / 2 if holds else -WIN / 2
        score = 0.0
        if holds:
            score += 80.0 if pile <= n else 25.0 if pile <= 2 * n else 3.0
        if 0 < TOP - outcome.total <= 10:  # one number card away from 100
            score -= 150.0
        if definition.is_number:
            value = definition.value or 0
            score += value  # high numbers out first, low ones kept to finish with
            if Counter(view.hand)[card] >= 2:
                score -= 5.0
        else:
            score -= 20.0 if definition.steals else 8.0
        return score


def bench_agents(game: Any) -> dict[str, Callable[[], Any]]:
    """The benchmark opponents `tournament` may seat (game/core/engine.py, `Game.bench_agents`)."""
    return {GreedyAgent.name: GreedyAgent}
