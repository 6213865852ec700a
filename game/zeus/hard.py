"""Zeus `hard` AI: information-set Monte Carlo tree search over determinizations of its view.

Each decision samples many full deals consistent with what the seat knows (game/zeus/determinize.py),
searches them with one shared tree (game/core/ismcts.py) and plays out each line to the end of the
round with a fast rule. The reward is the round: 1 to the seat holding Zeus when it ends, 0 to the
others (a void round shares it). A round is the unit that matters: letters are won one round at a time.

Not searched, because a sound rule is as good and far cheaper: a free draw is always taken, and an
optional sneak is taken when it takes Zeus (or, with Zeus already ours, when it wins the round) —
the same rule as `normal`.

Not offered as a level yet: in the tournaments run so far it was not measurably stronger than
`normal` (docs/ai.md has the figures).
"""
from __future__ import annotations

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
DEFAULT_BUDGET = Budget(iterations=150, seconds=0.5)


class Outcomes:
    """`play_outcome` remembered per (card, total, match): a playout asks the same few hundred
    questions many thousand times, and answering from a table makes a search several times faster."""

    def __init__(self, deck: ZeusDeck) -> None:
        self.cards = deck.cards
        self.values = {card_id: card.value for card_id, card in deck.cards.items()}
        self._known: dict[tuple[str, int, bool], PlayOutcome] = {}
        self._winners: dict[tuple[int, int | None], frozenset[str]] = {}

    def of(self, card: str, total: int, number: int | None, played_by: int | None, seat: int) -> PlayOutcome:
        """What `seat` playing `card` on `total` does, with `number` (played by `played_by`) on top."""
        value = self.values[card]
        match = value is not None and value == number and played_by != seat
        key = (card, total, match)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = outcome_of(self.cards[card], total, match, False)
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


class Rollout:
    """Fast playout rule: draw when owed; win the round when a card does; else prefer plays after which
    the next player (in this sample) cannot win at once, taking Zeus among them when possible."""

    def __init__(self, outcomes: Outcomes) -> None:
        self.outcomes = outcomes

    def __call__(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(state, ZeusState)
        outcome_of_play = self.outcomes.of
        values = self.outcomes.values
        winners_after = self.outcomes.winners_after
        number, played_by = state.top_number()
        total, players = state.total, state.players
        safe: list[Action] = []
        safe_steals: list[Action] = []
        plays: list[Action] = []
        for action in legal:
            if action.verb == "draw":
                return action
            if action.verb != "play":
                continue
            card = action.args[0]
            outcome = outcome_of_play(card, total, number, played_by, seat)
            if outcome.wins_round is not None:
                return action
            plays.append(action)
            nxt = (seat + (2 if outcome.skips_next else 1)) % players
            if nxt != seat and not winners_after(outcome.total, values[card]).isdisjoint(state.hands[nxt]):
                continue
            (safe_steals if outcome.steals and state.zeus_holder != seat else safe).append(action)
        return rng.choice(safe_steals or safe or plays or list(legal))


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
        self.search = ISMCTS(SearchRules(self.determinizer, Rollout(Outcomes(deck)), react, round_reward), budget)
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
