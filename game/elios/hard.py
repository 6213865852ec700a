"""Elios `hard` AI: a plain game-tree search over the placing phase (open information).

After the grouping every beam and group is on the table, so no sampling is needed: the search reads the
view, imagines moves on a light copy of the sun (`Board`: stack heights, the disc level, everyone's
groups, whose turn) and looks a few turns ahead with alpha-beta. Its own side (with 4 players, its
partner too) picks the best move for the side, every other seat the worst for it ("paranoid", which
is exact with 2 players and with teams). In teams the partner is read as the `normal` player it may
be (`partner_move`: the move a two-ply `normal` would make), and a team's time is counted by its slower
member (`team_time`). Positions at the horizon are scored like `normal` scores a move: the turns the
other side still needs minus the turns its own side needs. Where a group fits comes from
`sun.placements`, the engine's own function, so the search never imagines an illegal move.

How deep it looks depends on the player count (`DEPTHS`), from games against the benchmark opponent
(`bench-lookahead`, game/elios/bench.py; docs/ai.md has the runs): in teams a deeper search wins
more (hard + a `normal` partner against two benchmark seats, 200 games each: depth 2 60 %, depth 4
65 %, depth 6 69.5 %), so it searches six turns (one and a half rounds). With 2 players it does not:
with this count of turns, two turns deep won 77-83 % of 150 games on each of two sets of seeds and
four turns 69-75 % (and every other count, ordering and tie-break tried at depth 4 stayed within
69-75 %), so it searches two turns, as `normal` does (its planned grouping, too, won less often
against the benchmark: 73.6 % of 250 games against 80 % of 300 without). With 3 players it searches
four (not measured against the benchmark).

What the count misses with 2 players is the tempo of the discs: when neither side has a group that
fits, the seat on turn must spend its turn on a disc (or a split), and the other then places first at
the new height. The count charges both sides alike for a group waiting for a disc. So with 2 players a
horizon position is also played out as a plain race (`race_result`: each seat places its largest group
that fits, else splits, else adds a disc), and the side that wins that race gets `PLAYOUT_WEIGHT` turns
more. That is what makes `hard` differ from `normal` with 2 players, and it won more against the
benchmark (docs/ai.md: 150 games each, seeds 5001-5150 117 against the count's 116, seeds 5151-5300 120
against 107; seeds 1-500 as offered in the README). A deeper search with it was not measured; a tempo
term in the count and other tries did not win more (docs/ai.md). `normal` does not play it out (its
records are unchanged); the review judges with it (game/elios/review.py, calibrated on its values).

The search is bounded by work, not by the clock: it deepens one turn at a time up to its depth and stops
a depth that would score more than `WORK` positions, playing the best move of the deepest finished
search. So it chooses the same move on a busy machine as on a quiet one (and a measurement does not
depend on the load). Six turns with 4 players scored at most 29,000 positions a move in measured games
(0.2 s of CPU); `WORK` keeps a move under about half a second on this machine. An optional `seconds`
still caps the wall time for callers that want it.

The grouping: with 3 and 4 players it is chosen for the placing that follows (game/elios/plan.py); with
2 it is `normal`'s (as few groups as possible).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.elios.agents import BLOCKED_TURNS, LEADER_WEIGHT, OTHERS_WEIGHT, WAITING_TURNS, OneMoveAgent, Sun, grouping_action
from game.elios.grouping import SEPARATOR, split_texts
from game.elios.sun import placements
from game.elios.view import EliosView

WIN = 1000.0
DEPTHS = {2: 2, 3: 4, 4: 6}   # turns searched, by player count (measured: see the module docstring)
WORK = 60_000                # positions scored a move at most; a depth that needs more is not finished
PLAYOUT_WEIGHT = 2.0         # with 2 players: turns a horizon position is worth when the race played out is won
PLAYOUT_TURNS = 120          # a race playout that runs longer is counted as neither side's

Move = tuple  # ("place", index, stacks) | ("disc",) | ("split", index, first, second)


@dataclass
class Board:
    """The part of a position the search changes, with apply/undo in place (no copies per node)."""

    sun: Sun
    max_discs: int
    groups: list[list[str]]
    turn: int
    teams: bool

    def moves(self) -> list[Move]:
        """Places (larger groups first), a disc, then the splits of groups that do not fit now (one
        order of each split: the order only changes group numbers, never the position)."""
        sun = self.sun
        groups = self.groups[self.turn]
        found: list[Move] = []
        for index in sorted(range(len(groups)), key=lambda i: -len(groups[i])):
            for stacks in placements(sun.heights, sun.discs, groups[index], sun.stack_of, sun.joker):
                found.append(("place", index, stacks))
        if sun.discs < self.max_discs:
            found.append(("disc",))
        for index, group in enumerate(groups):
            if len(group) > 1 and not sun.fits(group):
                for text in split_texts(group)[: (1 << len(group)) // 2 - 1]:
                    first, second = text.split(SEPARATOR)
                    found.append(("split", index, first, second))
        return found

    def play(self, move: Move) -> tuple[int, str | None]:
        """Carry out `move` for the seat on turn; return what `undo` needs."""
        seat = self.turn
        removed = None
        if move[0] == "place":
            removed = self.groups[seat].pop(move[1])
            for stack in move[2]:
                self.sun.heights[stack] += 1
        elif move[0] == "disc":
            self.sun.discs += 1
        else:
            self.groups[seat][move[1]:move[1] + 1] = [move[2], move[3]]
        self.turn = self.next_seat(seat)
        return seat, removed

    def undo(self, move: Move, seat: int, removed: str | None) -> None:
        self.turn = seat
        if move[0] == "place":
            assert removed is not None
            self.groups[seat].insert(move[1], removed)
            for stack in move[2]:
                self.sun.heights[stack] -= 1
        elif move[0] == "disc":
            self.sun.discs -= 1
        else:
            self.groups[seat][move[1]:move[1] + 2] = [move[2] + move[3]]

    def next_seat(self, seat: int) -> int:
        n = len(self.groups)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.groups[candidate]:
                return candidate
        return seat

    def winner_side(self, seat: int) -> bool:
        """True when `seat`'s side has placed everything (E-12)."""
        if self.groups[seat]:
            return False
        return not self.teams or not self.groups[(seat + 2) % 4]


def board_of(view: EliosView) -> Board:
    """The search's light copy of a placing position, with the seat on turn to move."""
    assert view.turn is not None, "a board is read from a position with a seat on turn"
    return Board(
        sun=Sun(list(view.heights), view.discs, {c: i for i, c in enumerate(view.colours)}, view.joker,
                BLOCKED_TURNS, WAITING_TURNS),
        max_discs=view.max_discs, groups=[list(g or ()) for g in view.groups], turn=view.turn,
        teams=view.teams is not None)


def team_time(first: float, second: float) -> float:
    """How long a team needs, in its own turns, when its members need `first` and `second` turns.
    The team wins only when both are out, and its members take turns with the other team's in
    between (A, B, A, B): while both still play, a round of four turns gives the team two; once one
    is out, the other plays one turn in three. So a team finishes after about 4·least + 3·(most -
    least) turns of the table, and an uneven split costs it: 1 and 5 turns take 15 turns of the
    table, 3 and 3 only 11. Halved, it is the plain sum of the two when they are even."""
    low, high = (first, second) if first <= second else (second, first)
    return (3.0 * high + low) / 2.0


def move_of(action: Action) -> Move:
    """The board's move for a legal action (`place G P1,…`, `disc`, `split G A/B`)."""
    if action.verb == "place":
        return ("place", int(action.args[0]), tuple(int(p) for p in action.args[1].split(",")))
    if action.verb == "disc":
        return ("disc",)
    first, second = action.args[1].split(SEPARATOR)
    return ("split", int(action.args[0]), first, second)


def race_move(board: Board) -> Move | None:
    """The plain move of the seat on turn in a race playout: place its largest group that fits now
    (the first way `placements` gives), else split a stuck group so that a part fits, else add a
    disc; None when nothing is possible (a pass). Deterministic, so a horizon value depends on the
    position only."""
    sun = board.sun
    groups = board.groups[board.turn]
    best = None
    for index, group in enumerate(groups):
        if (best is None or len(group) > len(groups[best])) and sun.extra_turns(group) == 0.0:
            best = index
    if best is not None:
        return ("place", best, placements(sun.heights, sun.discs, groups[best], sun.stack_of, sun.joker)[0])
    for index, group in enumerate(groups):
        if len(group) > 1:
            for text in split_texts(group):
                first, second = text.split(SEPARATOR)
                if sun.extra_turns(first) == 0.0:
                    return ("split", index, first, second)
    if sun.discs < board.max_discs:
        return ("disc",)
    return None


def race_result(board: Board, me: int) -> int:
    """Play the position out with `race_move` for every seat, from the seat on turn: 1 when `me`'s
    side places everything first, -1 when another does, 0 when neither within PLAYOUT_TURNS or all
    pass. The board is left as it was. The playout sees what the count of turns cannot: who runs out
    of fitting groups first and so must spend a turn on a disc that lets the other place first."""
    heights, discs, turn = list(board.sun.heights), board.sun.discs, board.turn
    groups = [list(g) for g in board.groups]  # restored as they were: a split's undo may reorder letters
    passes = 0
    try:
        for _ in range(PLAYOUT_TURNS):
            move = race_move(board)
            if move is None:
                passes += 1
                if passes >= len(board.groups):
                    return 0
                board.turn = board.next_seat(board.turn)
                continue
            passes = 0
            seat, _ = board.play(move)
            if move[0] == "place" and board.winner_side(seat):
                return 1 if seat == me or (board.teams and seat == (me + 2) % 4) else -1
        return 0
    finally:
        board.sun.heights[:] = heights
        board.sun.discs, board.turn = discs, turn
        for seat, kept in enumerate(groups):
            board.groups[seat][:] = kept


class OutOfWork(Exception):
    """Raised inside a search that has used up its work budget (see `HardAgent.work`)."""


class HardAgent:
    """Alpha-beta over the placing phase, a fixed number of turns deep (see the module docstring)."""

    name = "hard"
    # A pure-Python search of up to WORK leaves: a table runs it in its own process
    # (game/core/remote_agent.py) so it never competes with drawing for the interpreter lock.
    isolate = True

    def __init__(self, seconds: float | None = None, max_depth: int | None = None,
                 plan_grouping: bool | None = None, read_partner: bool = True, team_balance: bool = True,
                 work: int | None = WORK, playout_weight: float = PLAYOUT_WEIGHT) -> None:
        self.seconds = seconds
        self.max_depth = max_depth
        self.plan_grouping = plan_grouping
        self.read_partner = read_partner
        self.partner_depth = 2  # a `normal` partner looks two plies ahead
        self.team_balance = team_balance
        self.work = work
        self.playout_weight = playout_weight
        self.normal = OneMoveAgent()
        self.last_depth = 0
        self.leaves = 0
        self._limit: float = float("inf")
        self._extra: dict[tuple, dict[str, float]] = {}

    def depth_for(self, players: int) -> int:
        """The search depth in turns: `max_depth` when given, else DEPTHS of the player count."""
        return self.max_depth if self.max_depth is not None else DEPTHS[players]

    def plans_grouping(self, players: int) -> bool:
        """Whether the grouping is chosen by playouts (plan.py): `plan_grouping` when given, else
        with 3 and 4 players (see the module docstring for why not with 2)."""
        return self.plan_grouping if self.plan_grouping is not None else players > 2

    def choose(self, view: EliosView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        seat = view.seat
        assert seat is not None, "an agent plays a seat"
        players = len(view.names)
        if view.phase == "grouping" and self.plans_grouping(players):
            from game.elios.plan import planned_grouping  # plan.py builds on this module's board

            return grouping_action(planned_grouping(view, rng))
        if view.phase == "grouping" or len(legal_actions) == 1:
            return self.normal.choose(view, legal_actions, rng)
        board = board_of(view)
        root = self._root_order(view, legal_actions, rng)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else float("inf")
        self.leaves = 0
        self._limit = self.work if self.work is not None else float("inf")
        best = root[0][1]
        try:
            for depth in range(1, self.depth_for(players) + 1):
                started = time.perf_counter()
                value, action = self._root(board, seat, root, depth)
                best = action
                self.last_depth = depth
                if value >= WIN / 2:
                    break
                spent = time.perf_counter() - started
                if time.perf_counter() + spent * 8 > deadline:  # the next depth would not finish in time
                    break
                root.sort(key=lambda pair: pair[1] != best)
        except OutOfWork:
            pass  # the deepest finished search's move stands
        finally:
            self._limit = float("inf")
        return best

    def analyse(self, view: EliosView, legal_actions: Sequence[Action], played: Action, depth: int,
                rng: random.Random) -> tuple[Action, float, float]:
        """(the best move, its value, the value of `played`), all searched `depth` turns deep with no
        time limit, for the post-game review (game/elios/review.py). The best move's value is exact
        (the root's window is open above); `played` is searched again with an open window, so its value
        is exact too, not the bound alpha-beta leaves for a move it has seen is worse. Values are what
        `choose` compares: the side's turns-ahead margin at the horizon, or WIN (+ depth left) for a
        sure win within it (minus for a sure loss)."""
        seat = view.seat
        assert seat is not None and view.phase == "placing", "analyse reads a placing decision of a seat"
        board = board_of(view)
        root = self._root_order(view, legal_actions, rng)
        best_value, best = self._root(board, seat, root, depth)
        if played == best:
            return best, best_value, best_value
        played_value = self._after(board, seat, self._move_of(played), depth, -float("inf"), float("inf"))
        return best, best_value, played_value

    def _root_order(self, view: EliosView, legal_actions: Sequence[Action],
                    rng: random.Random) -> list[tuple[Move, Action]]:
        """The root moves, best-looking to `normal` first (ties in a seeded random order): alpha-beta
        prunes most when the best move comes first."""
        assert view.seat is not None
        root = [(self._move_of(action), action) for action in legal_actions]
        rng.shuffle(root)
        root.sort(key=lambda pair: -self.normal.score(view, view.seat, pair[1]))  # type: ignore[arg-type]
        return root

    def _move_of(self, action: Action) -> Move:
        return move_of(action)

    def _root(self, board: Board, me: int, root: list[tuple[Move, Action]], depth: int) -> tuple[float, Action]:
        alpha, best_value, best = -float("inf"), -float("inf"), root[0][1]
        for move, action in root:
            value = self._after(board, me, move, depth, alpha, float("inf"))
            if value > best_value:
                best_value, best = value, action
            alpha = max(alpha, value)
        return best_value, best

    def _after(self, board: Board, me: int, move: Move, depth: int, alpha: float, beta: float) -> float:
        seat, removed = board.play(move)
        try:
            if move[0] == "place" and board.winner_side(seat):
                return (WIN + depth) if self._ours(board, me, seat) else -(WIN + depth)
            if depth <= 1:
                return self._evaluate(board, me)
            return self._search(board, me, depth - 1, alpha, beta)
        finally:
            board.undo(move, seat, removed)

    def _search(self, board: Board, me: int, depth: int, alpha: float, beta: float) -> float:
        moves = board.moves()
        if not moves:  # a pass (E-9): the turn goes on
            seat = board.turn
            board.turn = board.next_seat(seat)
            try:
                return self._evaluate(board, me) if depth <= 1 else self._search(board, me, depth - 1, alpha, beta)
            finally:
                board.turn = seat
        maximising = self._ours(board, me, board.turn)
        if self.read_partner and board.teams and board.turn == (me + 2) % 4:
            moves = [self.partner_move(board, moves)]
        best = -float("inf") if maximising else float("inf")
        for move in moves:
            value = self._after(board, me, move, depth, alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def partner_move(self, board: Board, moves: list[Move]) -> Move:
        """The move the partner on turn will make, read as a `normal` player's: the move whose worst
        reply by the next seat leaves the team furthest ahead by the turn count (its two plies; ties
        to the first in the board's order, where `normal` breaks them at random)."""
        partner = board.turn
        best, best_value = moves[0], -float("inf")
        for move in moves:
            seat, removed = board.play(move)
            try:
                if move[0] == "place" and board.winner_side(seat):
                    return move
                value = self._evaluate(board, partner) if self.partner_depth < 2 else self._worst_reply(board, partner)
            finally:
                board.undo(move, seat, removed)
            if value > best_value:
                best, best_value = move, value
        return best

    def _worst_reply(self, board: Board, partner: int) -> float:
        """The count for `partner`'s team after the next seat's reply that is worst for it."""
        replies = board.moves()
        if not replies or self._ours(board, partner, board.turn):
            return self._evaluate(board, partner)
        worst = float("inf")
        for reply in replies:
            seat, removed = board.play(reply)
            try:
                if reply[0] == "place" and board.winner_side(seat):
                    return -(WIN + 1)
                worst = min(worst, self._evaluate(board, partner))
            finally:
                board.undo(reply, seat, removed)
        return worst

    @staticmethod
    def _ours(board: Board, me: int, seat: int) -> bool:
        return seat == me or (board.teams and seat == (me + 2) % 4)

    def _evaluate(self, board: Board, me: int) -> float:
        """Turns the other side needs minus the turns this side needs (as `normal` counts them)."""
        self.leaves += 1
        if self.leaves > self._limit:
            raise OutOfWork
        need = self._needs(board)
        n = len(need)
        if board.teams:
            if self.team_balance:
                return team_time(need[(me + 1) % 4], need[(me + 3) % 4]) - team_time(need[me], need[(me + 2) % 4])
            return need[(me + 1) % 4] + need[(me + 3) % 4] - need[me] - need[(me + 2) % 4]
        others = sorted(need[s] for s in range(n) if s != me)
        value = LEADER_WEIGHT * others[0] + OTHERS_WEIGHT * sum(others[1:]) - need[me]
        if n == 2 and self.playout_weight:
            value += self.playout_weight * race_result(board, me)
        return value

    def _needs(self, board: Board) -> list[float]:
        """`Sun.turns_needed` of every seat's groups, each group's extra turns remembered per sun (a
        search meets the same group on the same sun again and again); the same sums, in the same order."""
        sun = board.sun
        known = self._extra.get((tuple(sun.heights), sun.discs))
        if known is None:
            if len(self._extra) > 20_000:
                self._extra.clear()
            known = self._extra[(tuple(sun.heights), sun.discs)] = {}
        need = []
        for groups in board.groups:
            if not groups:
                need.append(0.0)
                continue
            extras = []
            for group in groups:
                extra = known.get(group)
                if extra is None:
                    extra = known[group] = sun.extra_turns(group)
                extras.append(extra)
            need.append(len(groups) + sum(extras))
        return need
