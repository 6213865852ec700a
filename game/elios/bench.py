"""Elios benchmark opponent `bench-lookahead`: a plain two-ply lookahead, never offered to players.

It is written from the public strategy of the game, not from our levels, so that `normal` and `hard`
are measured against a player they were not tuned on (`python -m game tournament --game elios --seats
hard,bench-lookahead`). Elios is a race of turns: a player needs one turn per group it still holds, one
more for each split a group on uneven stacks needs (a group whose stacks stand at d different heights
needs d - 1 splits and then d placings), and a disc whenever its groups stand level with the discs.
Adding a disc lifts everyone, so a side is charged half a turn per disc its groups still need (whoever
adds it spends the turn). The player tries each of its moves and, for each, every reply of the seat
that plays next, and keeps the move whose worst reply leaves its side the most turns ahead. It groups
with as few groups as the letters allow (the usual advice: fewer groups, fewer turns).

It reads only its seat's view (open information after the grouping) and the engine's own rule for
where a group fits (`sun.placements`), through the search board of `game/elios/hard.py`.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.elios.agents import plain_move
from game.elios.hard import Board, Move, board_of, move_of
from game.elios.view import EliosView

WIN = 1000.0
DISC_SHARE = 0.5  # a disc a side needs costs it half a turn: the other side may add it instead


def group_turns(board: Board, group: str) -> tuple[float, int]:
    """(turns to place `group`, discs it still waits for) on the board's sun as it stands."""
    sun = board.sun
    coloured = [sun.stack_of[letter] for letter in group if letter != sun.joker]
    if not coloured:  # a lone joker goes on the lowest stack
        low = min(sun.heights)
        return 1.0, max(0, low + 1 - sun.discs)
    heights = sorted({sun.heights[i] for i in coloured})
    levels = len(heights)
    if levels == 1 and len(coloured) < len(group):  # the joker needs another stack of that height
        if not any(h == heights[0] and i not in coloured for i, h in enumerate(sun.heights)):
            levels = 2
    return float(2 * levels - 1), max(0, heights[-1] + 1 - sun.discs)


def side_turns(board: Board, seats: Sequence[int]) -> float:
    """The turns the seats of one side still need: placings and splits, plus a share of the discs."""
    turns = 0.0
    discs = 0
    for seat in seats:
        for group in board.groups[seat]:
            need, wait = group_turns(board, group)
            turns += need
            discs = max(discs, wait)
    return turns + DISC_SHARE * discs


def margin(board: Board, me: int) -> float:
    """How many turns `me`'s side is ahead of the nearest other side (higher is better)."""
    n = len(board.groups)
    if board.teams:
        return side_turns(board, [(me + 1) % 4, (me + 3) % 4]) - side_turns(board, [me, (me + 2) % 4])
    return min(side_turns(board, [s]) for s in range(n) if s != me and board.groups[s]) - side_turns(board, [me])


class LookaheadAgent:
    """Two plies: its move, then the next seat's reply that hurts it most (see the module text)."""

    name = "bench-lookahead"

    def choose(self, view: EliosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        seat = view.seat
        assert seat is not None, "an agent plays a seat"
        opening = plain_move(view, legal_actions)
        if opening is not None:
            return opening
        board = board_of(view)
        scored = [(self._value(board, seat, move_of(action)), rng.random(), action) for action in legal_actions]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _value(self, board: Board, me: int, move: Move) -> float:
        seat, removed = board.play(move)
        try:
            if move[0] == "place" and board.winner_side(seat):
                return WIN
            replier = board.turn
            ours = replier == me or (board.teams and replier == (me + 2) % 4)
            replies = board.moves() if not ours else []
            if not replies:
                return margin(board, me)
            worst = WIN
            for reply in replies:
                who, gone = board.play(reply)
                try:
                    if reply[0] == "place" and board.winner_side(who):
                        return -WIN
                    worst = min(worst, margin(board, me))
                finally:
                    board.undo(reply, who, gone)
            return worst
        finally:
            board.undo(move, seat, removed)


def bench_agents(game: object) -> dict[str, Callable[[], Any]]:
    """The benchmark opponents `tournament` may seat (game/core/engine.py, `Game.bench_agents`)."""
    return {LookaheadAgent.name: LookaheadAgent}
