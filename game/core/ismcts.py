"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), shared by every game's `hard` AI.

Cowling, Powley and Whitehouse (2012), as OpenSpiel's `ismcts.py` does it, cut to what our games need:

- Each iteration samples a **determinization**: a full `State` consistent with what the searching seat
  knows, built from its *view* by the game's determinizer (never from the true state).
- One tree serves all determinizations. A node is the sequence of decisions taken from the searching
  seat's information set; its children are keyed by **(seat, action)**, so when a reaction (or a
  hidden card) changes who moves next, the two seats' choices are different children and one node's
  statistics always belong to one seat. A child is "available" in an iteration when its seat decides
  there and its action is legal in that iteration's determinization. UCB uses availability counts
  instead of the parent's visits (the subset-armed bandit of SO-ISMCTS), so actions that are often
  impossible (an opponent's card it may not hold) are not over-explored.
- **Progressive widening** keeps a wide decision (a Télos follow can list thousands of plays) from
  spreading the budget thin: after a seat has decided `n` times at a node, it may choose among at most
  `ceil(k * n ** alpha)` children (`Widening`). New children are added in the order a game-supplied
  `SearchRules.order` gives (most promising first), else drawn at random. Where the game does not list
  every legal action (`lists_all_actions(seat)` is False) the candidates are the listed representatives,
  what `SearchRules.candidates` builds, and earlier children that `why_illegal` still accepts: the list
  is never taken as complete.
- **Chance** is never a decision: whenever a state waits for the chance seat (in the tree or in a
  rollout), the state's own chance action is applied (as `game.core.drive.apply_chance` does, through
  the event-free `State.advance`). The seat
  cannot know what chance will do, so a determinizer samples the seed behind it as well: chance
  outcomes are then averaged over like hidden cards.
- **Simultaneous decisions**: when several seats are waited for, the next one is picked with
  `game.core.drive.next_waiting_seat` (seeded), in the tree and in rollouts alike.
- Tree steps and rollouts move the sample with `State.advance` (the same checks and rules as `apply`,
  without building events nobody reads).
- Past the tree, a cheap **rollout policy** plays on until the game's **evaluator** says the playout
  is over (end of the round or the game) and gives a reward per seat in [0, 1].
- Every decision node maximises the reward of the seat that decides there (each opponent plays for
  itself), and the root returns the most visited choice that is legal now (on a tie, the child added
  first).
- **Reactions** (a seat that may act out of turn, `state.is_reaction`) are offered as `game.core.play.step`
  offers them: every offered reactor is asked, in a random order, before the seats the game waits for.
  By default a game-supplied reaction rule answers (in the tree and in rollouts alike). With
  `SearchRules.search_reactions` an offered reaction inside the tree is a decision of the reacting seat
  with "let it pass" (`PASS`, i.e. None) as one of its choices; rollouts still use the rule.

The budget is a number of iterations, so a search is deterministic given its generator; an optional
time cap stops earlier on a slow machine (then the result depends on the clock, by design).
Pure Python: no numpy, no pygame.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from game.core.actions import Action
from game.core.drive import MAX_CHANCE_IN_A_ROW, chance_is_due, next_waiting_seat
from game.core.engine import CHANCE, State

# A rollout or reaction rule reads the (determinized) state: it is a sample, so looking at it is fair.
RolloutPolicy = Callable[[State, int, Sequence[Action], random.Random], Action]
ReactionPolicy = Callable[[State, int, Sequence[Action], random.Random], "Action | None"]
Determinizer = Callable[[Any, random.Random], State]
# Most promising first: the order in which widening adds a decision's children (same actions, reordered).
ActionOrder = Callable[[State, int, Sequence[Action], random.Random], Sequence[Action]]
# More legal actions for a decision the game does not list in full (`lists_all_actions` False).
CandidateGenerator = Callable[[State, int, Sequence[Action], random.Random], Sequence[Action]]

Choice = Optional[Action]  # an action, or PASS for an offered reaction let pass
ChildKey = tuple[int, Choice]  # (the deciding seat, its choice)
PASS: Choice = None


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
class Widening:
    """Progressive widening: a seat that has decided `n` times at a node may use `ceil(k * n ** alpha)`
    children there. k 2 and alpha 0.5 give 2 children at first, 20 after 100 decisions: a decision of
    up to 20 choices is still tried in full at a 100-iteration root, a wider one is not spread thin."""

    k: float = 2.0
    alpha: float = 0.5

    def __post_init__(self) -> None:
        if self.k < 1 or not 0 <= self.alpha <= 1:
            raise ValueError("widening needs k >= 1 and alpha between 0 and 1")

    def limit(self, decisions: int) -> int:
        return math.ceil(self.k * decisions ** self.alpha)


@dataclass(frozen=True)
class SearchRules:
    """What one game supplies to the search: how to sample, how to play fast, when to stop and score;
    optionally how to order and extend wide decisions and whether reactions are searched."""

    determinize: Determinizer
    rollout: RolloutPolicy
    react: ReactionPolicy
    evaluate: Evaluator
    order: ActionOrder | None = None
    candidates: CandidateGenerator | None = None
    search_reactions: bool = False
    widening: Widening = field(default_factory=Widening)


@dataclass(frozen=True)
class Budget:
    """Iterations per decision; `seconds` (optional) caps the wall time of one search as well.
    `stop_when_settled`: end the search as soon as the most visited choice is more visits ahead of
    every other than there are iterations left, so no remaining iteration could change the answer
    (the same choice, sooner)."""

    iterations: int
    seconds: float | None = None
    stop_when_settled: bool = False


def advance_chance(state: State) -> None:
    """`game.core.drive.apply_chance` without events: every chance action due now, by `advance`."""
    for _ in range(MAX_CHANCE_IN_A_ROW):
        if not chance_is_due(state):
            return
        action = state.chance_action()
        if action is None:
            raise RuntimeError(f"{state.game_id}: the game waits for chance but made no chance action")
        state.advance(CHANCE, action)
    raise RuntimeError(f"{state.game_id}: chance acted {MAX_CHANCE_IN_A_ROW} times in a row")


class Node:
    """One decision point reached by a sequence of (seat, choice) decisions from the root."""

    __slots__ = ("seat", "visits", "reward_sum", "available", "children", "decided")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here (whose reward this node's statistics hold)
        self.visits = 0
        self.reward_sum = 0.0
        self.available = 0  # iterations in which this node's choice was open to its seat at its parent
        self.children: dict[ChildKey, Node] = {}
        self.decided: dict[int, int] = {}  # seat -> iterations in which that seat decided here (widening)

    def mean(self) -> float:
        return self.reward_sum / self.visits if self.visits else 0.0

    def ucb(self, exploration: float) -> float:
        return self.mean() + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class ActionValue:
    """A choice's mean reward for the deciding seat (0..1) over the iterations that took it."""

    mean: float
    visits: int


@dataclass
class SearchResult:
    """The chosen action (None: let the offered reaction pass) and the root statistics."""

    action: Choice
    iterations: int
    seconds: float
    visits: dict[Choice, int]
    means: dict[Choice, float]
    root: Node | None = None  # the whole tree, for tests and tuning


class ISMCTS:
    """SO-ISMCTS for one seat's decision; build once per agent, call `search` per decision."""

    def __init__(self, rules: SearchRules, budget: Budget, exploration: float = DEFAULT_EXPLORATION) -> None:
        if budget.iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.rules = rules
        self.budget = budget
        self.exploration = exploration

    def search(self, view: Any, seat: int, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> SearchResult:
        """Pick one of `legal_actions` for `seat`, whose view this is and whose decision it is now.

        `optional`: the decision is an offered reaction, and letting it pass (None) is a choice too.
        Where the game does not list every action, the game's candidate generator may add more.
        Reactions already offered at the table before this decision are not offered again at the
        root: the seat is only asked once the others have let their chance pass."""
        legal = list(legal_actions)
        if not legal:
            raise ValueError("nothing to choose from")
        started = time.perf_counter()
        if len(legal) == 1 and not optional:
            return SearchResult(legal[0], 0, 0.0, {legal[0]: 0}, {legal[0]: 0.0})
        root = Node(seat=-1)
        done = 0
        deadline = None if self.budget.seconds is None else started + self.budget.seconds
        while done < self.budget.iterations:
            self._iterate(root, view, seat, legal, optional, rng)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
            if self.budget.stop_when_settled and self._settled(root, seat, self.budget.iterations - done):
                break
        stats = {key[1]: child for key, child in root.children.items() if key[0] == seat}
        visits = {choice: child.visits for choice, child in stats.items()}
        means = {choice: child.mean() for choice, child in stats.items()}
        if visits:  # ties go to the child added first: the game's order ranked it higher
            best = max(stats, key=lambda c: (visits[c], means[c]))
        else:  # no determinization offered any of them (cannot happen when the view is honest)
            best = PASS if optional else legal[0]
        return SearchResult(best, done, time.perf_counter() - started, visits, means, root)

    @staticmethod
    def _settled(root: Node, seat: int, left: int) -> bool:
        """Whether the most visited root choice leads every other (one not tried yet counts 0) by more
        than `left` visits: each iteration adds one visit to one choice, so it stays the most visited."""
        top = second = 0
        for key, child in root.children.items():
            if key[0] == seat:
                if child.visits > top:
                    top, second = child.visits, top
                elif child.visits > second:
                    second = child.visits
        return top - second > left

    def evaluate(self, view: Any, seat: int, choice: Choice, rng: random.Random, iterations: int,
                 optional: bool = False) -> ActionValue:
        """The search's estimate of `seat`'s reward when it takes `choice` now (PASS: lets the offered
        reaction pass) and everyone plays on as in a search: `iterations` iterations whose root offers
        only this choice, with the rest of the tree searched as usual. It reads the view only, and the
        same generator gives the same estimate. The post-game review uses it to give the move played
        and the search's own choice the same budget, so neither is judged on a few stray visits."""
        if iterations < 1:
            raise ValueError("an evaluation needs at least one iteration")
        if choice is PASS and not optional:
            raise ValueError("only an offered reaction can be let pass")
        # An action is the root's only choice; letting a reaction pass is offered as the only choice by
        # offering the reaction with no action (the root then adds PASS alone).
        offered: list[Action] = [] if choice is PASS else [choice]
        reacting = choice is PASS
        root = Node(seat=-1)
        for _ in range(iterations):
            self._iterate(root, view, seat, offered, reacting, rng)
        child = root.children.get((seat, choice))
        if child is None or not child.visits:
            raise ValueError(f"{choice} was not open to seat {seat} in any sample of this view")
        return ActionValue(child.mean(), child.visits)

    # ----- one iteration -------------------------------------------------------------------------
    def _iterate(self, root: Node, view: Any, root_seat: int, root_legal: list[Action], optional: bool,
                 rng: random.Random) -> None:
        rules = self.rules
        state = rules.determinize(view, rng)  # a fresh state: ours to change
        origin = Origin.of(state)
        path: list[Node] = []
        node = root
        in_tree = True
        passed: set[int] = set()  # reactors that let the offered reaction pass since the last action
        rewards = rules.evaluate(state, origin)
        decisions = 0
        while rewards is None:
            if decisions >= MAX_PLAYOUT_DECISIONS:
                raise RuntimeError("a playout did not end within the decision limit")
            if decisions and chance_is_due(state):
                advance_chance(state)
                passed.clear()
                rewards = rules.evaluate(state, origin)
                continue
            if decisions == 0:
                seat, reacting = root_seat, optional
            else:
                reactor = self._next_reactor(state, passed, rng)
                reacting = reactor is not None
                seat = reactor if reactor is not None else next_waiting_seat(state, rng)
            decisions += 1
            choice: Choice
            if in_tree and (decisions == 1 or not reacting or rules.search_reactions):
                choices = self._choices(state, seat, node, root_legal if decisions == 1 else None, rng)
                if reacting:
                    choices.insert(0, PASS)
                if not choices:
                    raise RuntimeError(f"seat {seat} must act but has no legal action")
                node, choice, expanded = self._tree_step(node, seat, choices, state, rng)
                path.append(node)
                in_tree = not expanded
            elif reacting:
                choice = rules.react(state, seat, state.legal_actions(seat), rng)
            else:
                legal = state.legal_actions(seat)
                if not legal:
                    raise RuntimeError(f"seat {seat} must act but has no legal action")
                choice = rules.rollout(state, seat, legal, rng)
            if choice is PASS:
                if not reacting:
                    raise RuntimeError(f"seat {seat} declined a required decision")
                passed.add(seat)
                continue
            state.advance(seat, choice)  # same rules as `apply`, no events: nobody watches a playout
            passed.clear()
            rewards = rules.evaluate(state, origin)
        for visited in path:
            visited.visits += 1
            visited.reward_sum += rewards[visited.seat]

    @staticmethod
    def _next_reactor(state: State, passed: set[int], rng: random.Random) -> int | None:
        """A seat offered a reaction that has not let it pass yet, picked at random as `play.step`
        shuffles them; None when nobody is left to ask."""
        reactors = [s for s in state.to_act()
                    if s not in passed and state.is_reaction(s) and state.legal_actions(s)]
        if not reactors:
            return None
        return reactors[0] if len(reactors) == 1 else rng.choice(reactors)

    def _choices(self, state: State, seat: int, node: Node, offered: list[Action] | None,
                 rng: random.Random) -> list[Choice]:
        """The actions `seat` may take here in this sample: what the game lists (at the root: what the
        caller offered, less what this sample forbids) and, where the game does not list everything,
        generated candidates and earlier children that are still legal here."""
        listed = state.legal_actions(seat)
        complete = state.lists_all_actions(seat)
        if offered is None:
            choices: list[Choice] = list(listed)
        elif complete:
            allowed = set(listed)
            choices = [a for a in offered if a in allowed]
        else:
            choices = [a for a in offered if state.why_illegal(seat, a) is None]
        if complete:
            return choices
        known = set(choices)
        extra: list[Action] = []
        if self.rules.candidates is not None:
            extra += self.rules.candidates(state, seat, listed, rng)
        extra += [key[1] for key in node.children if key[0] == seat and key[1] is not PASS]
        for action in extra:
            if action is not None and action not in known and state.why_illegal(seat, action) is None:
                known.add(action)
                choices.append(action)
        return choices

    def _tree_step(self, node: Node, seat: int, choices: list[Choice], state: State,
                   rng: random.Random) -> tuple[Node, Choice, bool]:
        """Select (UCB over available children) or, while widening allows, add one untried choice;
        True when a child was added (the rollout starts there)."""
        decided = node.decided[seat] = node.decided.get(seat, 0) + 1
        open_now = set(choices)
        available: list[tuple[Choice, Node]] = []
        for (chooser, choice), child in node.children.items():  # few: widening keeps them so
            if chooser == seat and choice in open_now:
                child.available += 1
                available.append((choice, child))
        untried: list[Choice] = []
        if len(available) < min(len(choices), self.rules.widening.limit(decided)):
            untried = [c for c in choices if (seat, c) not in node.children]
        if untried:
            choice = self._first_to_add(state, seat, untried, rng)
            child = node.children[(seat, choice)] = Node(seat)
            child.available = 1
            return child, choice, True
        exploration = self.exploration
        best_value = -math.inf
        best: list[tuple[Choice, Node]] = []
        for choice, child in available:
            value = child.ucb(exploration)
            if value > best_value + 1e-12:
                best_value, best = value, [(choice, child)]
            elif value > best_value - 1e-12:
                best.append((choice, child))
        choice, child = best[0] if len(best) == 1 else rng.choice(best)
        return child, choice, False

    def _first_to_add(self, state: State, seat: int, untried: list[Choice], rng: random.Random) -> Choice:
        """Letting a reaction pass is tried first (it is what happens when nobody reacts); then the
        game's order, most promising first; without one, a random untried action."""
        if PASS in untried:
            return PASS
        if self.rules.order is None:
            return rng.choice(untried)
        actions = [a for a in untried if a is not None]
        ordered = self.rules.order(state, seat, actions, rng)
        return ordered[0] if ordered else rng.choice(untried)
