"""Télos AI levels: `random` (core) and `normal`, a rule-based player that reads only its view.

`normal` plays the way the game rewards: it guards its lowest card for the last trick, gets rid of
Zeus cards before they can count 20, leads high cards (several at once when allowed) to drain the
others' low cards, follows with as little as it can while the round is long and with its highest
cards near the end, and uses its Divine Trick to throw away a high last card.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.core.actions import Action
from game.telos.cards import is_zeus, parse_god_card
from game.telos.view import TelosView

LATE_HAND = 3          # from this many cards left after a play, shed high cards instead of saving them
ZEUS_FINAL_VALUE = 20  # a Zeus card left for the last trick counts this much
DIVINE_SWAP_FROM = 9   # a last card this high is worth swapping for an unknown blind card


def _value(card: str, zeus_value: int) -> int:
    parsed = parse_god_card(card)
    return zeus_value if parsed is None else parsed[0]


class NormalAgent:
    name = "normal"

    def choose(self, view: TelosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        plays = [a for a in legal_actions if a.verb == "play"]
        swaps = [a for a in legal_actions if a.verb == "divine"]
        if view.last_trick:
            card = view.hand[0]
            if swaps and _value(card, ZEUS_FINAL_VALUE) >= DIVINE_SWAP_FROM:
                return swaps[0]
            return plays[0]
        lead = not view.trick
        best = max(plays, key=lambda a: (self._score(view, a.cards, lead), rng.random()))
        return best

    def rate(self, view: TelosView, cards: tuple[str, ...], lead: bool) -> float:
        """How much this player likes playing `cards` now (higher is better); the search orders its
        tries by it. The same number `choose` maximises."""
        return self._score(view, cards, lead)

    def _score(self, view: TelosView, cards: tuple[str, ...], lead: bool) -> float:
        """Higher is better: a low card kept for the end first, then shedding or saving by round stage."""
        rest = list(view.hand)
        for card in cards:
            rest.remove(card)
        final = min(_value(c, ZEUS_FINAL_VALUE) for c in rest)
        zeus_kept = sum(1 for c in rest if is_zeus(c))
        played_value = sum(_value(c, view.line[-1] if view.line else 0) for c in cards if not is_zeus(c))
        zeus_played = sum(1 for c in cards if is_zeus(c))
        score = -10.0 * final - 4.0 * zeus_kept * (1.0 + 4.0 / max(len(rest), 1))
        if lead:
            score += 1.0 * played_value + 3.0 * len(cards)
        elif len(rest) > LATE_HAND:
            score -= 0.5 * played_value - 2.0 * zeus_played
        else:
            score += 1.0 * played_value
        return score
