"""Zeus `hard` AI: information-set Monte Carlo tree search over determinizations of its view.

Each decision samples many full deals consistent with what the seat knows (game/zeus/determinize.py),
searches them with one shared tree (game/core/ismcts.py) and plays out each line to the end of the
round with a fast rule that plays like `normal` with the sample's cards in view (`ScoredRollout`),
so the playouts' opponents play the way real ones do. The reward is the round: 1 to the seat holding Zeus when it ends, 0 to the
others (a void round shares it). A round is the unit that matters: letters are won one round at a time.

Not searched, because a sound rule is as good and far cheaper: a free draw is always taken, and an
optional sneak is taken when it takes Zeus (or, with Zeus already ours, when it wins the round) —
the same rule as `normal`.

Offered as a level: it won at least 60 % of a 500-game tournament against `normal` (docs/ai.md).
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from game.core.actions import Action
from game.core.engine import State
from game.core.ismcts import ISMCTS, Budget, Origin, SearchResult, SearchRules
from game.zeus.deck import ZeusDeck
from game.zeus.determinize import ZeusDeterminizer
from game.zeus.outcome import PlayOutcome, outcome_of
from game.zeus.state import ZeusState
from game.zeus.view import ZeusView

# Measured on the team machine: see docs/ai.md.
DEFAULT_BUDGET = Budget(iterations=200, seconds=0.8)
WIN = 1000.0


class Outcomes:
    """`play_outcome` remembered per (card, total, match): a playout asks the same few hundred
    questions many thousand times, and answering from a table makes a search several times faster."""

    def __init__(self, deck: ZeusDeck) -> None:
        self.cards = deck.cards
        self.values = {card_id: card.value for card_id, card in deck.cards.items()}
        self._known: dict[tuple[str, int, bool], PlayOutcome] = {}
        self._winners: dict[tuple[int, int | None], frozenset[str]] = {}
        self._stealers: dict[tuple[int, int | None], frozenset[str]] = {}

    def of(self, card: str, total: int, number: int | None, played_by: int | None, seat: int) -> PlayOutcome:
        """What `seat` playing `card` on `total` does, with `number` (played by `played_by`) on top."""
        value = self.values[card]
        match = value is not None and value == number and played_by != seat
        key = (card, total, match)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = outcome_of(self.cards[card], total, match, False)
        return known

    def stealers_after(self, total: int, top: int | None) -> frozenset[str]:
        """The cards an opponent could legally play next to take Zeus (or win) after `total`."""
        key = (total, top)
        known = self._stealers.get(key)
        if known is None:
            found = set()
            for card in self.values:
                outcome = self.of(card, total, top, None, -1)
                if outcome.legal_total and (outcome.steals or outcome.wins_round is not None):
                    found.add(card)
            known = self._stealers[key] = frozenset(found)
        return known

    def winners_after(self, total: int, top: int | None) -> frozenset[str]:
        """The cards that win the round at once for an opponent of the player who just made `total`
        with `top` (a number card, or None) on top."""
        key = (total, top)
        known = self._winners.get(key)
        if known is None:
            known = self._winners[key] = frozenset(
                card for card, value in self.values.items()
                if self.of(card, total, top, None, -1).wins_round is not None)
        return known


class ScoredRollout:
    """Playout rule that plays like `normal` (game/zeus/agents.py) with the sample's cards in view:
    win when a card does; never hand the next player a win; value holding Zeus more as the draw pile
    runs out, less when the next player can take it straight back; keep stealing gods for the end."""

    def __init__(self, outcomes: Outcomes) -> None:
        self.outcomes = outcomes

    def __call__(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(state, ZeusState)
        outcomes = self.outcomes
        number, played_by = state.top_number()
        total, players, hands = state.total, state.players, state.hands
        pile_left = len(state.draw_pile)
        holder = state.zeus_holder
        best: Action | None = None
        best_score = -math.inf
        for action in legal:
            if action.verb == "draw":
                return action
            if action.verb != "play":
                continue
            card = action.args[0]
            outcome = outcomes.of(card, total, number, played_by, seat)
            if outcome.wins_round is not None:
                return action
            hold_after = outcome.steals or holder == seat
            if pile_left == 0:  # Z-13: this play ends the round
                score = WIN if hold_after else -WIN
            else:
                nxt = (seat + (2 if outcome.skips_next else 1)) % players
                score = 0.0
                if nxt != seat:
                    top = outcomes.values[card]
                    answers = hands[nxt]
                    if not outcomes.winners_after(outcome.total, top).isdisjoint(answers):
                        score -= WIN
                    elif hold_after and not outcomes.stealers_after(outcome.total, top).isdisjoint(answers):
                        hold_after = False  # it would be taken straight back
                if hold_after:
                    score += holding_value(pile_left, players, nxt != seat)
                score -= self._keep_value(state, seat, card, pile_left)
            score += rng.random()  # ties and near-ties: vary the playouts
            if score > best_score:
                best, best_score = action, score
        return best if best is not None else rng.choice(list(legal))

    def _keep_value(self, state: ZeusState, seat: int, card: str, pile_left: int) -> float:
        """What spending this card now gives up (as `normal` counts it)."""
        definition = self.outcomes.cards[card]
        hand = state.hands[seat]
        if definition.kind == "god":
            if not definition.steals:
                return 4.0
            value = 12.0
            players = state.players
            if (pile_left <= 2 * players and pile_left % players == 0
                    and sum(1 for c in hand if self.outcomes.cards[c].steals) == 1):
                value += 300.0  # our last stealer, and we make the round's last play
            return value
        value = 6.0 if hand.count(card) >= 2 else 0.0
        return value + (2.0 if (definition.value or 0) <= 3 else 0.0)


def holding_value(pile_left: int, players: int, next_is_other: bool) -> float:
    """How much holding Zeus after a play is worth: a lot when the round is about to end."""
    if pile_left == 1:
        return WIN if next_is_other else WIN / 2
    if pile_left <= players:
        return 250.0
    if pile_left <= 2 * players:
        return 60.0
    return 15.0


def react(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """Reactions in playouts and in the tree: draw when owed; sneak when it takes Zeus or wins."""
    assert isinstance(state, ZeusState)
    for action in legal:
        if action.verb == "draw":
            return action
    for action in legal:
        if action.verb == "sneak" and wants_sneak(state.zeus_holder, seat, state.total,
                                                  state.deck.cards[action.args[0]].value or 0):
            return action
    return None


def wants_sneak(zeus_holder: int | None, seat: int, total: int, value: int) -> bool:
    """A sneak steals Zeus: take it unless Zeus is ours already and the sneak does not end the round."""
    return zeus_holder != seat or total + value >= 100


def round_reward(state: State, origin: Origin) -> list[float] | None:
    """1 to the seat that won the round the playout started in (shared by all when it was void)."""
    if not state.finished and state.round_index == origin.round_index:
        return None
    n = len(state.totals)
    gained = [s for s in range(n) if state.totals[s] > origin.totals[s]]
    if not gained:
        return [1.0 / n] * n
    return [1.0 if s in gained else 0.0 for s in range(n)]


class HardAgent:
    """SO-ISMCTS player; `budget` sets iterations per decision (and a time cap)."""

    name = "hard"
    # Searches for up to half a second in pure Python: a table runs it in its own process
    # (game/core/remote_agent.py) so it never competes with drawing for the interpreter lock.
    isolate = True

    def __init__(self, deck: ZeusDeck, budget: Budget = DEFAULT_BUDGET) -> None:
        self.determinizer = ZeusDeterminizer(deck)
        self.search = ISMCTS(SearchRules(self.determinizer, ScoredRollout(Outcomes(deck)), react, round_reward), budget)
        self.last_result: SearchResult | None = None

    def choose(self, view: ZeusView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        for action in legal_actions:
            if action.verb == "draw":
                return action  # a free card: always take it before anyone plays on
        for action in legal_actions:
            if action.verb == "sneak" and wants_sneak(view.zeus_holder, view.seat if view.seat is not None else -1,
                                                      view.total, view.cards[action.args[0]].value or 0):
                return action
        plays = [a for a in legal_actions if a.verb == "play"]
        if not plays:
            return None  # let the sneak pass
        if len(plays) == 1:
            return plays[0]
        assert view.seat is not None
        self.last_result = self.search.search(view, view.seat, plays, rng)
        return self.last_result.action
