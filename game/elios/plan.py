"""Elios `hard`'s grouping with 3 and 4 players, chosen for the placing that follows (E-5). (With 2
players `hard` groups as `normal` does: against the benchmark opponent this plan won less often there,
73.6 % of 250 games against 80 % of 300 without; game/elios/hard.py.)

Every beam lies on the table from the start, so a seat grouping its own beams knows what everyone else
will have to place. Fewest groups is the first rule (a group is a turn), but among the groupings with
that many groups some stay placeable and some get stuck: a group's colours must stand at one height
when it is placed, and a stack rises with every beam of its colour anyone places. So `hard` builds a
few dozen groupings with the fewest groups (the builder's, with its ties broken in different orders),
plays each out on the search board against the others' likely groupings (the fewest-groups builder's:
their real groupings are sealed until everyone has confirmed), with a quick rule for every seat and
every seat in turn as the first player, and keeps the grouping that won most often. The same seeded
playouts are used for every candidate, so they are compared on the same games.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.elios.agents import BLOCKED_TURNS, WAITING_TURNS, Sun
from game.elios.grouping import SEPARATOR, largest_groups, split_texts
from game.elios.hard import Board
from game.elios.sun import placements
from game.elios.view import EliosView

CANDIDATES = 24        # groupings compared
PLAYOUTS = 8           # playouts per candidate and first player
MAX_TURNS = 200        # a playout that runs longer is counted as a draw


def candidate_groupings(beams: Sequence[str], rng: random.Random, count: int = CANDIDATES) -> list[tuple[str, ...]]:
    """The fewest-groups builder's grouping first, then the same builder with its ties broken in other
    orders (shuffled beam orders), duplicates removed. Group letters keep `beams`' order."""
    position = {letter: beams.index(letter) for letter in set(beams)}
    found = [largest_groups(beams)]
    seen = {frozenset(found[0])}
    letters = sorted(set(beams), key=position.__getitem__)
    for _ in range(count * 4):
        if len(found) >= count:
            break
        order = letters[:]
        rng.shuffle(order)
        shuffled = [letter for letter in order for _ in range(beams.count(letter))]
        grouping = tuple("".join(sorted(g, key=position.__getitem__)) for g in largest_groups(shuffled))
        key = frozenset(grouping)
        if key not in seen and len(grouping) == len(found[0]):
            seen.add(key)
            found.append(grouping)
    return found


def quick_move(board: Board, rng: random.Random) -> tuple | None:
    """A cheap rule for playouts: place the largest group that fits (a random stack for a joker), else
    split a stuck group so that a part fits, else add a disc; None when nothing is possible."""
    sun = board.sun
    groups = board.groups[board.turn]
    best: tuple | None = None
    for index, group in enumerate(groups):
        if best is not None and len(group) <= len(groups[best[1]]):
            continue
        ways = placements(sun.heights, sun.discs, group, sun.stack_of, sun.joker)
        if ways:
            best = ("place", index, rng.choice(ways))
    if best is not None:
        return best
    for index, group in enumerate(groups):
        for text in split_texts(group):
            first, second = text.split(SEPARATOR)
            if placements(sun.heights, sun.discs, first, sun.stack_of, sun.joker):
                return ("split", index, first, second)
    if sun.discs < board.max_discs:
        return ("disc",)
    return None


def playout(board: Board, me: int, rng: random.Random) -> float:
    """Play `board` out with `quick_move` for everyone: 1 when `me`'s side places all first, else 0."""
    passes = 0
    for _ in range(MAX_TURNS):
        move = quick_move(board, rng)
        seat = board.turn
        if move is None:
            passes += 1
            if passes >= len(board.groups):
                break
            board.turn = board.next_seat(seat)
            continue
        passes = 0
        board.play(move)
        if move[0] == "place" and board.winner_side(seat):
            return 1.0 if seat == me or (board.teams and seat == (me + 2) % 4) else 0.0
    return 0.5


def planned_grouping(view: EliosView, rng: random.Random) -> tuple[str, ...]:
    """The grouping of the seat's beams that won most playouts (see the module text)."""
    seat = view.seat
    assert seat is not None
    beams = view.beams[seat]
    candidates = candidate_groupings(beams, rng)
    if len(candidates) == 1:
        return candidates[0]
    others = [largest_groups(b) for b in view.beams]
    stack_of = {c: i for i, c in enumerate(view.colours)}
    seeds = [rng.random() for _ in range(PLAYOUTS * len(view.beams))]
    best, best_score = candidates[0], -1.0
    for grouping in candidates:
        score = 0.0
        for k, salt in enumerate(seeds):
            groups = [list(g) for g in others]
            groups[seat] = list(grouping)
            board = Board(Sun(list(view.heights), view.discs, stack_of, view.joker, BLOCKED_TURNS, WAITING_TURNS),
                          view.max_discs, groups, k % len(groups), view.teams is not None)
            score += playout(board, seat, random.Random(salt))
        if score > best_score:
            best, best_score = grouping, score
    return best
