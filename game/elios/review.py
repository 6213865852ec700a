"""The post-game review of Elios (game/core/review.py): the `hard` alpha-beta's judgement of a placing move.

Placing is open information: every beam and every group lies on the table, so the seat's view is the
whole position and alpha-beta's value is a real estimate, not a guess about hidden cards. For each
placing decision the review searches as deep as `hard` plays (`review_depth`) with no time limit
(`HardAgent.analyse`, the very search and evaluation `hard` plays with): the best move and its value,
and the move played searched again with an open window, so both values are exact at that depth.

The value is the side's turns-ahead margin at the horizon (the turns the others still need minus its
own, as `normal` counts them; with 2 players plus `hard`'s race, below), or a sure win or loss found
within the horizon. It is read as a chance to win the game: a sure win is 100%, a sure loss 0%, and a
margin `m` is 1 / (1 + e^(-(m - offset) / scale)) with the `CALIBRATION` of the player count. Those
two numbers were fitted (maximum likelihood) to how games really ended: at every placing decision of
self-played games, the value against whether the deciding seat's side went on to win (docs/ai.md,
"Post-game review", has the figures). With 3 players
an even position is worth a third, not a half, and the margin there counts the others' turns with
weights, hence the offset. So "10 points" means the search thought the move cost a tenth of a win.

The judge is `hard` as it plays, as deep as it plays (`review_depth`): with 4 players `hard` searches
six turns, so the review does too, counts a team's time by its slower member (`team_time`) and reads
the partner as a `normal` player (`HardAgent.partner_move`), so a move that leaves the partner stuck,
or counts on the partner finding a move `normal` would not make, is judged as the game will go. Its
4-player calibration was fitted again at six turns (40 games of `hard` and three `normal` seats, 1,330
decisions). With 3 players four turns. With 2 players `hard` plays two turns deep and plays each
horizon position out as a plain race (`race_result` in hard.py: who runs out of fitting groups first
and must add the next disc), worth `PLAYOUT_WEIGHT` turns to the side that wins it; the review judges
exactly so, two turns deep with the race, and its 2-player calibration was fitted again on that value
(40 games of `hard` against `normal`, 1,896 decisions). Its values foretold how games ended better than
the count four turns deep that it replaces, and cost less (docs/ai.md has the figures). The race reads
the order the groups lie in, so two moves that leave one position in another order can get different
values; the review gives a move the best value of the moves that leave its position, and a move that
leaves the same position as the best one agrees with it (`JudgeAgent`).

The grouping is not judged. It is made in secret and at the same time as everyone else's; its worth
depends on the others' groupings, which the seat cannot see, and on who confirms last (that seat
starts). `hard` now chooses its own grouping by playouts (game/elios/plan.py), but those play a quick
rule against the groupings the others would most likely make, from an unknown first player: good
enough to rank groupings against each other, not a calibrated chance to win that a player could be
told a grouping cost them. The screen says so (`not_judged_note`).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from game.core.actions import Action
from game.core.messages import Listing, Message, msg
from game.core.review import Decision, MoveReview, decision_rng
from game.elios.grouping import SEPARATOR
from game.elios.hard import DEPTHS, WIN, Board, HardAgent, Move, board_of, move_of
from game.elios.terms import JOKER, colour_on_its_own
from game.elios.view import EliosView

if TYPE_CHECKING:
    from game.elios.game import EliosGame

REVIEW_DEPTH = 4        # the judge's budget a review's header states (the depth with 3 players); see review_depth


def review_depth(players: int) -> int:
    """The depth a placing move is judged at: `hard`'s own (`DEPTHS`), with its own evaluation: with
    2 players two turns and its race at the horizon, with 3 four turns, with 4 six and the team count."""
    return DEPTHS[players]


# players -> (offset, scale) in turns of margin: the margin of an even chance, and the margin per
# e-fold of the odds (fitted, see the module docstring; with 2 players on the value with the race: the
# seat to move at the horizon is a tempo ahead, so an even margin reads 61%).
CALIBRATION = {2: (-1.0, 2.2), 3: (2.8, 2.6), 4: (-0.8, 2.0)}


def win_chance(value: float, players: int) -> float:
    """The search's value as a chance (0..1) that the seat's side wins."""
    if value >= WIN / 2:
        return 1.0
    if value <= -WIN / 2:
        return 0.0
    offset, scale = CALIBRATION[players]
    return 1.0 / (1.0 + math.exp(-(value - offset) / scale))


class JudgeAgent(HardAgent):
    """`hard` as it plays (its search, its count of turns and, with 2 players, its race at the
    horizon), with no work limit, and the value of a move that leaves the same position as another.
    Every value is a function of the view alone (all groups are on the table once placing starts).

    The race places the first of equal-sized groups that fit and splits the first group it can, in
    the order the groups lie in; so two moves that leave one same position in another order (a split
    written r/o or o/r, one of two equal groups placed) can get different values (in 80 of 491
    decisions measured, docs/ai.md). A position is worth the same whatever its order, so with 2
    players the review gives a move the best value of the moves that leave its position
    (`value_of_position`), as the search gives the best move the best of all. (Without the race, with
    3 and 4 players, the count does not read the order and such moves are worth the same already.)"""

    def __init__(self) -> None:
        super().__init__(work=None)

    def value_of_position(self, view: EliosView, legal: Sequence[Action], played: Action, played_value: float,
                          depth: int) -> float:
        """The best value, searched `depth` turns deep with an open window, of `played` (`played_value`)
        and of the other legal moves that leave the same position as it (groups in any order)."""
        seat = view.seat
        assert seat is not None
        board = board_of(view)
        target = position_after(board, move_of(played))
        value = played_value
        for action in legal:
            move = move_of(action)
            if action != played and position_after(board, move) == target:
                value = max(value, self._after(board, seat, move, depth, -float("inf"), float("inf")))
        return value

    @staticmethod
    def same_position(view: EliosView, first: Action, second: Action) -> bool:
        """Whether the two moves leave the same position (groups and their letters in any order)."""
        board = board_of(view)
        return position_after(board, move_of(first)) == position_after(board, move_of(second))


def position_after(board: Board, move: Move) -> tuple:
    """The position `move` leaves, with each seat's groups as a sorted tuple of sorted letters (their
    order changes group numbers only); the board is left as it was."""
    seat, removed = board.play(move)
    try:
        return (tuple(board.sun.heights), board.sun.discs, board.turn,
                tuple(tuple(sorted("".join(sorted(g)) for g in groups)) for groups in board.groups))
    finally:
        board.undo(move, seat, removed)


class EliosJudge:
    """Judges Elios placing moves with `hard`'s alpha-beta at a fixed depth; leaves groupings alone."""

    not_judged_note: Message | None = msg(
        "Groupings are not judged: everyone groups in secret at the same time, against groups nobody "
        "could see yet.")

    def __init__(self, game: "EliosGame", depth: int | None = None) -> None:
        if depth is not None and depth < 1:
            raise ValueError("a review needs a search at least one turn deep")
        self.game = game
        self.depth = depth      # None: `review_depth` of the table's player count
        self.budget = depth if depth is not None else REVIEW_DEPTH
        self.agent = JudgeAgent()

    def judge(self, decision: Decision, seed: int) -> MoveReview | None:
        view: EliosView = decision.view
        if view.phase != "placing":
            return None         # a grouping: see the module docstring
        legal = list(decision.legal)
        if decision.played not in legal:
            legal.append(decision.played)
        players = len(view.names)
        depth = self.depth if self.depth is not None else review_depth(players)
        best, best_value, played_value = self.agent.analyse(view, legal, decision.played, depth,
                                                            decision_rng(seed, decision.index))
        if players == 2 and best != decision.played:   # the race reads the order of groups: see JudgeAgent
            if self.agent.same_position(view, best, decision.played):
                best, played_value = decision.played, best_value
            else:
                played_value = self.agent.value_of_position(view, legal, decision.played, played_value, depth)
        return MoveReview(decision.index, decision.round_index, decision.seat, str(decision.played), str(best),
                          win_chance(played_value, players), win_chance(best_value, players), len(decision.legal),
                          decision.reaction, depth)

    def describe(self, text: str, view: Any, card_words: Any = None) -> str:
        """A placing move in a player's words: "place red, joker on blue", "add a disc",
        "split red, joker / blue" (the view says which beams a group number stands for)."""
        action = Action.parse(text)
        content = self.game.content
        if action.verb == "disc":
            return msg("add a disc")
        if action.verb == "split":
            first, second = action.args[1].split(SEPARATOR)
            return msg("split a group: {first} / {second}",
                       first=Listing([colour_on_its_own(content, letter) for letter in first]),
                       second=Listing([colour_on_its_own(content, letter) for letter in second]))
        if action.verb == "place" and view is not None and view.seat is not None:
            group = (view.groups[view.seat] or ())[int(action.args[0])]
            stacks = [int(p) for p in action.args[1].split(",")]
            parts: list[str] = []
            for letter, stack in zip(group, stacks):
                if letter == content.joker.id:
                    parts.append(msg("{joker} on {colour}", joker=JOKER,
                                     colour=colour_on_its_own(content, view.colours[stack])))
                else:
                    parts.append(colour_on_its_own(content, letter))
            return msg("place {beams}", beams=Listing(parts))
        return text
