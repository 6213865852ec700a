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
from game.zeus.outcome import play_outcome
from game.zeus.state import ZeusState
from game.zeus.view import ZeusView

# Measured on the team machine: see docs/ai.md.
DEFAULT_BUDGET = Budget(iterations=150, seconds=0.5)


def rollout_play(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """Fast playout rule: draw when owed; win the round when a card does; else prefer plays after which
    the next player (in this sample) cannot win at once, taking Zeus among them when possible."""
    assert isinstance(state, ZeusState)
    cards = state.deck.cards
    number, played_by = state.top_number()
    safe: list[Action] = []
    safe_steals: list[Action] = []
    plays: list[Action] = []
    for action in legal:
        if action.verb == "draw":
            return action
        if action.verb != "play":
            continue
        card = cards[action.args[0]]
        outcome = play_outcome(card, state.total, number, played_by, seat)
        if outcome.wins_round is not None:
            return action
        plays.append(action)
        nxt = (seat + (2 if outcome.skips_next else 1)) % state.players
        top = (card.value, seat) if card.value is not None else (None, None)
        if nxt != seat and any(play_outcome(cards[c], outcome.total, top[0], top[1], nxt).wins_round
                               for c in state.hands[nxt]):
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
        self.search = ISMCTS(SearchRules(self.determinizer, rollout_play, react, round_reward), budget)
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
