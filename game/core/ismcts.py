"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), shared by every game's `hard` AI.

Cowling, Powley and Whitehouse (2012), as OpenSpiel's `ismcts.py` does it, cut to what our games need:

- Each iteration samples a **determinization**: a full `State` consistent with what the searching seat
  knows, built from its *view* by the game's determinizer (never from the true state).
- One tree serves all determinizations. A node is the sequence of (seat, action) decisions taken from
  the searching seat's information set; a child is "available" in an iteration when its action is
  legal in that iteration's determinization. UCB uses availability counts instead of the parent's
  visits (the subset-armed bandit of SO-ISMCTS), so actions that are often impossible (an opponent's
  card it may not hold) are not over-explored.
- Past the tree, a cheap **rollout policy** plays on until the game's **evaluator** says the playout
  is over (end of the round or the game) and gives a reward per seat in [0, 1].
- Every decision node maximises the reward of the seat that decides there (each opponent plays for
  itself), and the root returns the most visited action that is legal now.
- Reactions (a seat that may act out of turn, `state.is_reaction`) are resolved the way
  `game.core.play.step` resolves them: every offered reactor is asked, in a random order, before the
  seat on turn; here a game-supplied reaction rule answers (in the tree and in rollouts alike), so the
  tree only branches on the decisions the game waits for.

The budget is a number of iterations, so a search is deterministic given its generator; an optional
time cap stops earlier on a slow machine (then the result depends on the clock, by design).
Pure Python: no numpy, no pygame.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.core.engine import State

# A rollout or reaction rule reads the (determinized) state: it is a sample, so looking at it is fair.
RolloutPolicy = Callable[[State, int, Sequence[Action], random.Random], Action]
ReactionPolicy = Callable[[State, int, Sequence[Action], random.Random], "Action | None"]
Determinizer = Callable[[Any, random.Random], State]


@dataclass(frozen=True)
class Origin:
    """Where a playout started: enough for an evaluator to see what the playout changed."""

    round_index: int
    totals: tuple[int, ...]

    @classmethod
    def of(cls, state: State) -> "Origin":
        return cls(state.round_index, tuple(state.totals))


# Rewards per seat when the playout should stop here (round or game over), else None.
Evaluator = Callable[[State, Origin], "Sequence[float] | None"]

DEFAULT_EXPLORATION = 0.7
MAX_PLAYOUT_DECISIONS = 10_000


@dataclass(frozen=True)
class SearchRules:
    """What one game supplies to the search: how to sample, how to play fast, when to stop and score."""

    determinize: Determinizer
    rollout: RolloutPolicy
    react: ReactionPolicy
    evaluate: Evaluator


@dataclass(frozen=True)
class Budget:
    """Iterations per decision; `seconds` (optional) caps the wall time of one search as well."""

    iterations: int
    seconds: float | None = None


class Node:
    """One decision point reached by a sequence of (seat, action) choices from the root."""

    __slots__ = ("seat", "visits", "reward_sum", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here (whose reward this node's statistics hold)
        self.visits = 0
        self.reward_sum = 0.0
        self.available = 0  # iterations in which this node's action was legal at its parent
        self.children: dict[Action, Node] = {}

    def mean(self) -> float:
        return self.reward_sum / self.visits if self.visits else 0.0

    def ucb(self, exploration: float) -> float:
        return self.mean() + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass
class SearchResult:
    """The chosen action and the root statistics (for tests, tuning and docs)."""

    action: Action
    iterations: int
    seconds: float
    visits: dict[Action, int]
    means: dict[Action, float]


def resolve_reactions(state: State, react: ReactionPolicy, rng: random.Random) -> bool:
    """Offer every reactor a move, in a random order as `play.step` does; True if one was taken."""
    reactors = [s for s in state.to_act() if state.is_reaction(s)]
    if not reactors:
        return False
    rng.shuffle(reactors)
    for seat in reactors:
        legal = state.legal_actions(seat)
        if legal:
            choice = react(state, seat, legal, rng)
            if choice is not None:
                state.apply(seat, choice)
                return True
    return False


def waiting_seat(state: State) -> int:
    waiting = state.waiting_for()
    if not waiting:
        raise RuntimeError("the game waits for nobody but is not over")
    return waiting[0]


class ISMCTS:
    """SO-ISMCTS for one seat's decision; build once per agent, call `search` per decision."""

    def __init__(self, rules: SearchRules, budget: Budget, exploration: float = DEFAULT_EXPLORATION) -> None:
        if budget.iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.rules = rules
        self.budget = budget
        self.exploration = exploration

    def search(self, view: Any, seat: int, legal_actions: Sequence[Action], rng: random.Random) -> SearchResult:
        """Pick one of `legal_actions` for `seat`, whose view this is and whose decision it is now.

        Reactions already offered at the table before this decision are not offered again at the
        root: the seat is only asked once the others have let their chance pass."""
        legal = list(legal_actions)
        if not legal:
            raise ValueError("nothing to choose from")
        started = time.perf_counter()
        if len(legal) == 1:
            return SearchResult(legal[0], 0, 0.0, {legal[0]: 0}, {legal[0]: 0.0})
        root = Node(seat=-1)
        done = 0
        deadline = None if self.budget.seconds is None else started + self.budget.seconds
        while done < self.budget.iterations:
            self._iterate(root, view, seat, legal, rng)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        visits = {a: root.children[a].visits for a in legal if a in root.children}
        means = {a: root.children[a].mean() for a in legal if a in root.children}
        if visits:
            best = max(legal, key=lambda a: (visits.get(a, -1), means.get(a, 0.0)))
        else:  # no determinization offered any of them (cannot happen when the view is honest)
            best = legal[0]
        return SearchResult(best, done, time.perf_counter() - started, visits, means)

    # ----- one iteration -------------------------------------------------------------------------
    def _iterate(self, root: Node, view: Any, root_seat: int, root_legal: list[Action],
                 rng: random.Random) -> None:
        rules = self.rules
        state = rules.determinize(view, rng)  # a fresh state: ours to change
        origin = Origin.of(state)
        path: list[Node] = []
        node = root
        rewards = rules.evaluate(state, origin)
        expanded = False
        decisions = 0
        while rewards is None and decisions < MAX_PLAYOUT_DECISIONS:
            if decisions == 0:
                seat = root_seat
            else:
                if resolve_reactions(state, rules.react, rng):
                    rewards = rules.evaluate(state, origin)
                    continue
                seat = waiting_seat(state)
            legal = state.legal_actions(seat)
            if decisions == 0:  # the root offers exactly what the caller may choose from
                legal = [a for a in legal if a in root_legal]
            decisions += 1
            if not legal:
                raise RuntimeError(f"seat {seat} must act but has no legal action")
            if expanded:
                action = rules.rollout(state, seat, legal, rng)
            else:
                node, action, expanded = self._tree_step(node, seat, legal, rng)
                path.append(node)
            state.apply(seat, action)
            rewards = rules.evaluate(state, origin)
        if rewards is None:
            raise RuntimeError("a playout did not end within the decision limit")
        for visited in path:
            visited.visits += 1
            visited.reward_sum += rewards[visited.seat]

    def _tree_step(self, node: Node, seat: int, legal: list[Action],
                   rng: random.Random) -> tuple[Node, Action, bool]:
        """Select (UCB over available children) or expand one untried action; True when expanded."""
        untried: list[Action] = []
        for action in legal:
            child = node.children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            action = rng.choice(untried)
            child = node.children[action] = Node(seat)
            child.available = 1
            return child, action, True
        exploration = self.exploration
        best_value = -math.inf
        best: list[Action] = []
        for action in legal:
            value = node.children[action].ucb(exploration)
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif value > best_value - 1e-12:
                best.append(action)
        action = best[0] if len(best) == 1 else rng.choice(best)
        return node.children[action], action, False

