"""Télos `hard` AI: information-set Monte Carlo tree search over determinizations of its view.

Each decision samples deals consistent with what the seat knows (game/telos/determinize.py; the
others' single-card plays are read as a `normal` player's, game/telos/reading.py), searches
them with one shared tree (game/core/ismcts.py) and plays each line out to the end of the round with
the `normal` player's rule in every seat. A wide decision (a follow can list hundreds of plays) is
widened progressively, the plays the `normal` player rates highest tried first. The reward is about
not losing, shaped so the search sees the round: a seat that does not take the last trick gets 1; the
seat that takes it gets less the more points it takes, relative to what it can still afford (0 when
those points lose the game).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from game.core.actions import Action
from game.core.engine import State
from game.core.ismcts import ISMCTS, Budget, Origin, SearchResult, SearchRules, Widening
from game.telos.agents import NormalAgent
from game.telos.determinize import TelosDeterminizer
from game.telos.state import TelosState
from game.telos.view import TelosView

if TYPE_CHECKING:
    from game.telos.game import TelosGame

# Measured on the team machine: see docs/ai.md.
# The search stops as soon as no remaining iteration could change its choice (`stop_when_settled`):
# every decision is the one the full 200 iterations make with the same generator, sooner.
DEFAULT_BUDGET = Budget(iterations=200, seconds=0.9, stop_when_settled=True)
# 4 children at first, 40 after 100 decisions: the usual decision (up to about 20 plays) is soon tried
# in full, a follow of hundreds of plays is not spread thin. k 2 did no better in 40-game trials.
WIDENING = Widening(k=4.0, alpha=0.5)
TAKER_BEST = 0.5  # the reward for taking the last trick at the smallest cost, against 1 for not taking it

_ROLLOUT_AGENT = NormalAgent()


class RolloutView(NamedTuple):
    """The four fields of a seat's view that `normal`'s rule reads (`NormalAgent.choose` and `rate`),
    taken from the sampled state. Building the whole `TelosView` for every playout decision was a fifth
    of a search's time at six players; these fields are the same as the view's, so every decision is."""

    hand: tuple[str, ...]
    trick: Sequence[Any]
    line: tuple[int, ...]
    last_trick: bool


def rollout_view(state: State, seat: int) -> RolloutView:
    assert isinstance(state, TelosState)
    return RolloutView(tuple(state.hands[seat]), state.plays, state.line, state.last_trick)


def rollout_play(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """Playouts use the `normal` rule for every seat (it reads the sampled seat's view's fields)."""
    choice = _ROLLOUT_AGENT.choose(rollout_view(state, seat), legal, rng)  # type: ignore[arg-type]
    assert choice is not None
    return choice


def play_order(state: State, seat: int, actions: Sequence[Action], rng: random.Random) -> list[Action]:
    """The order in which the tree tries a decision's plays: the `normal` player's preference, best
    first (its own scoring of a play), so a wide follow is searched among the plays worth a look.
    Divine Trick swaps and last-trick plays (one card each, nothing to rate) keep their listed order."""
    view = rollout_view(state, seat)
    if view.last_trick:
        return list(actions)
    lead = not view.trick
    plays = [a for a in actions if a.verb == "play"]
    plays.sort(key=lambda a: -_ROLLOUT_AGENT.rate(view, a.cards, lead))  # type: ignore[arg-type]
    return plays + [a for a in actions if a.verb != "play"]


def no_reaction(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """Télos has no reactions: the game always waits for the one seat on turn."""
    return None


def round_reward(state: State, origin: Origin) -> list[float] | None:
    """1 for every seat that did not take the round's points; the taker gets less (see the module)."""
    if not state.finished and state.round_index == origin.round_index:
        return None
    assert isinstance(state, TelosState)
    losing_total = state.content.losing_total
    rewards = [1.0] * len(state.totals)
    for seat, (before, after) in enumerate(zip(origin.totals, state.totals)):
        if after > before:
            room = max(losing_total - before, 1)
            rewards[seat] = 0.0 if after >= losing_total else TAKER_BEST * (1.0 - (after - before) / room)
    return rewards


class HardAgent:
    """SO-ISMCTS player; `budget` sets iterations per decision (and a time cap)."""

    name = "hard"
    # Searches for up to half a second in pure Python: a table runs it in its own process
    # (game/core/remote_agent.py) so it never competes with drawing for the interpreter lock.
    isolate = True

    def __init__(self, game: "TelosGame", budget: Budget = DEFAULT_BUDGET) -> None:
        self.determinizer = TelosDeterminizer(game)
        rules = SearchRules(self.determinizer, rollout_play, no_reaction, round_reward, order=play_order,
                            widening=WIDENING)
        self.search = ISMCTS(rules, budget)
        self.last_result: SearchResult | None = None

    def choose(self, view: TelosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        self.determinizer.memory.observe(view)  # every trick of the round, searched or not
        if not legal_actions:
            return None
        if len(legal_actions) == 1:
            return legal_actions[0]
        assert view.seat is not None
        self.last_result = self.search.search(view, view.seat, legal_actions, rng)
        return self.last_result.action
