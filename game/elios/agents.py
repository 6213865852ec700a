"""Elios AI levels: `random` and `normal`, both reading only their view.

Elios is a race: every turn places at most one group, so a player needs about one turn per group,
plus a turn for each group that is stuck and must wait for a disc, a split or the stacks to even out.
`Sun.turns_needed` counts that: one turn per group, more for a group that does not fit the sun now (a
little more when it only waits for a disc, much more when its stacks are uneven). The two weights were
tuned in games of the one-move player below against itself (400 games: 2.0 and 0.5 won 57% against 1.5
and 1.5).

`normal` groups at once with as few groups as the letters allow, then looks two turns ahead: each of
its moves, then each reply of the seat that plays next, scored by that count (the turns the other side
still needs minus its own), keeping the move whose worst reply leaves its side furthest ahead
(alpha-beta two plies deep, `game/elios/hard.py`). Looking at the reply is what a decent player does:
it sees that a disc or a joker that frees its own group frees the next player's too, and that a stack
it raises may be the one the other side waits for. The earlier `normal` looked one move ahead only
(`OneMoveAgent`, kept to order the search's moves): it added discs the next player used first and won
only 28% of 100 games against the two-ply benchmark opponent (`bench-lookahead`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.elios.grouping import SEPARATOR, grouping_text, largest_groups, random_grouping
from game.elios.view import EliosView

BLOCKED_TURNS = 2.0     # what a group on uneven stacks costs beyond its own turn
WAITING_TURNS = 0.5     # what a group level with the discs (it waits for a disc) costs beyond its turn
LEADER_WEIGHT = 1.0     # with 3 players: the opponent nearest to winning matters most …
OTHERS_WEIGHT = 0.25    # … the other one a little


def grouping_action(groups: Sequence[str]) -> Action:
    return Action("groups", (grouping_text(groups),))


def plain_move(view: EliosView, legal_actions: Sequence[Action]) -> Action | None:
    """The move that needs no thought: while grouping, the fewest groups (`largest_groups`); the only
    legal move when there is one; else None."""
    assert view.seat is not None, "an agent plays a seat"
    if view.phase == "grouping":
        return grouping_action(largest_groups(view.beams[view.seat]))
    return legal_actions[0] if len(legal_actions) == 1 else None


class RandomAgent:
    """Any valid grouping at random, then uniform over the legal moves: the yardstick."""

    name = "random"

    def choose(self, view: EliosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        if view.phase == "grouping" and view.seat is not None:
            return grouping_action(random_grouping(view.beams[view.seat], rng))
        return rng.choice(list(legal_actions))


@dataclass
class Sun:
    """The stack heights and the disc level, enough to tell whether a group fits (E-6) and, if not,
    whether it only waits for a disc (its stacks are level with the discs) or for the stacks to even out."""

    heights: list[int]
    discs: int
    stack_of: dict[str, int]
    joker: str
    blocked_turns: float = BLOCKED_TURNS
    waiting_turns: float = WAITING_TURNS

    def extra_turns(self, group: str) -> float:
        """0 for a group that fits now; else the turns it is likely to cost beyond its own."""
        heights = self.heights
        coloured = [self.stack_of[letter] for letter in group if letter != self.joker]
        if not coloured:
            return 0.0 if min(heights) < self.discs else self.waiting_turns
        height = heights[coloured[0]]
        if any(heights[i] != height for i in coloured[1:]):
            return self.blocked_turns
        if len(coloured) < len(group) and not any(h == height and i not in coloured for i, h in enumerate(heights)):
            return self.blocked_turns
        return 0.0 if height < self.discs else self.waiting_turns

    def fits(self, group: str) -> bool:
        return self.extra_turns(group) == 0.0

    def turns_needed(self, groups: Sequence[str]) -> float:
        return len(groups) + sum(self.extra_turns(g) for g in groups)


class OneMoveAgent:
    """Groups at once (fewest groups), then the move that leaves its side the most turns ahead, one
    move deep: the search orders its moves by this `score` (best-looking first)."""

    name = "one-move"

    def __init__(self, blocked_turns: float = BLOCKED_TURNS, waiting_turns: float = WAITING_TURNS) -> None:
        self.blocked_turns = blocked_turns
        self.waiting_turns = waiting_turns

    def choose(self, view: EliosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        seat = view.seat
        assert seat is not None, "an agent plays a seat"
        opening = plain_move(view, legal_actions)
        if opening is not None:
            return opening
        return max(legal_actions, key=lambda action: (self.score(view, seat, action), rng.random()))

    def score(self, view: EliosView, seat: int, action: Action) -> float:
        """How far ahead this seat's side is after `action`, in turns (higher is better)."""
        stack_of = {letter: i for i, letter in enumerate(view.colours)}
        sun = Sun(list(view.heights), view.discs, stack_of, view.joker, self.blocked_turns, self.waiting_turns)
        groups = [list(g or ()) for g in view.groups]
        mine = groups[seat]
        if action.verb == "place":
            index = int(action.args[0])
            for stack in action.args[1].split(","):
                sun.heights[int(stack)] += 1
            del mine[index]
        elif action.verb == "disc":
            sun.discs += 1
        elif action.verb == "split":
            index = int(action.args[0])
            mine[index:index + 1] = action.args[1].split(SEPARATOR)
        need = [sun.turns_needed(g) if g else 0.0 for g in groups]
        if not mine and (view.teams is None or not groups[(seat + 2) % len(groups)]):
            return float("inf")  # this move wins
        if view.teams is not None:
            ours = need[seat] + need[(seat + 2) % 4]
            theirs = need[(seat + 1) % 4] + need[(seat + 3) % 4]
            return theirs - ours
        others = sorted(need[s] for s in range(len(need)) if s != seat)
        return LEADER_WEIGHT * others[0] + OTHERS_WEIGHT * sum(others[1:]) - need[seat]


NORMAL_DEPTH = 2  # its move and the next seat's reply


class NormalAgent:
    """Groups at once (fewest groups), then two plies of alpha-beta on the turn count (module text)."""

    name = "normal"

    def __init__(self, depth: int = NORMAL_DEPTH) -> None:
        from game.elios.hard import HardAgent  # hard.py builds on this module's count

        self.search = HardAgent(max_depth=depth, plan_grouping=False, read_partner=False, work=None,
                                playout_weight=0.0)

    def choose(self, view: EliosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        return self.search.choose(view, legal_actions, rng, optional)
