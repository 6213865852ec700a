"""The post-game review: which of one seat's moves the `hard` search, from that seat's view, expected to
turn out clearly worse than its own choice, and by how much.

How a record is reviewed (docs/ai.md, "Post-game review", has the reasons and the measured cost):

- The record is replayed (`game.core.replays.ReplayTimeline`). At every move the reviewed seat made,
  the review keeps only what that seat had in front of it: `state.view(seat)`, its legal actions,
  whether the move was an offered reaction, and the move it played. Nothing else of the state is
  passed on, so the judgement cannot use a card the seat had not seen (a test swaps hidden cards and
  gets the same marks).
- A decision with one listed choice (a forced move) is counted, not searched.
- A game's **judge** gives the verdict (`Judge`). Zeus and Télos use their `hard` search as it is
  (`SearchJudge`, below); Elios and Tamoul, whose `hard` is no tree search, give their own through
  `Game.review_judge` (game/elios/review.py: alpha-beta to a fixed depth; game/tamoul/review.py:
  playouts with the hard rule). A judge may leave a decision unjudged (Elios's secret grouping): it
  is counted, and the judge's `not_judged_note` says why on the screen.
- The game's `hard` search (game/core/ismcts.py, as its `hard` agent builds it, without the time cap)
  searches the decision with a seeded generator of its own (the review's seed and the move's index),
  so a review is repeatable and a move's verdict does not depend on the moves before it.
- When the search's choice differs from the move played, both are evaluated again with the same
  budget each and the same generator seed (`ISMCTS.evaluate`): the move played is then judged on as
  many playouts as the move preferred, not on the few visits a search gives a move it dislikes.
- A move is **marked** when the preferred move's estimate is at least `MARK_THRESHOLD` (10 points on a
  0-100 scale) above the move played; `BIG_MISTAKE` (25 points) words it more strongly.
- Reactions: a reaction the seat *took* (a Zeus sneak, a manual draw) is reviewed, with "let it pass"
  as the alternative. A reaction the seat let pass is not: the record holds what was done, not what a
  player was offered or had time to see, so judging a silence would be guessing.

Pure Python, no pygame: the same function serves the Review screen (in a background process,
game/core/review_worker.py) and the `python -m game review` command.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from game.core.actions import Action
from game.core.engine import Game
from game.core.ismcts import ISMCTS, PASS, Budget, Choice
from game.core.messages import Message, msg, msg_n
from game.core.replays import ReplayTimeline

# 10 points on the 0-100 scale. Two evaluations of one same move with different seeds, at the default
# budget, differed by 7 points or less in 9 of 10 decisions and reached 10 in 1 of 82 (docs/ai.md); the
# review compares its two moves with the same seed, which lowers that noise further.
MARK_THRESHOLD = 0.10
BIG_MISTAKE = 0.25
PASS_TEXT = "pass"      # how "let the reaction pass" is written in a review


class ReviewUnavailable(ValueError):
    """The game has no search to review with; the message says so in a player's words."""


class ReviewCancelled(Exception):
    """The review was asked to stop before it was done."""


@dataclass(frozen=True)
class ValueScale:
    """How a search's reward (0..1) for one game reads to a player."""

    value: Message      # "{value}" takes the number 0..100: "a {value}% chance to win the round"
    short: Message | None = None    # the same, without the words around it ("{value}%"); None: the number


SCALES: dict[str, ValueScale] = {
    # Zeus's reward is 1 for winning the round the decision is in, 0 for losing it.
    "zeus": ValueScale(msg("a {value}% chance to win this round"), msg("{value}%")),
    # Télos's reward is 1 for not taking the last trick, less the more its points cost (game/telos/hard.py).
    "telos": ValueScale(msg("a round result of {value} out of 100 (100: the last trick is someone else's)")),
    # Tamoul's reward is 1 for the lowest score of the round (shared on a tie), 0 otherwise
    # (game/tamoul/review.py).
    "tamoul": ValueScale(msg("a {value}% chance to score lowest this round"), msg("{value}%")),
    # Elios's alpha-beta value, read as a chance to win the game (game/elios/review.py).
    "elios": ValueScale(msg("a {value}% chance to win"), msg("{value}%")),
}
DEFAULT_SCALE = ValueScale(msg("an expected result of {value} out of 100"))


def scale_of(game_id: str) -> ValueScale:
    return SCALES.get(game_id, DEFAULT_SCALE)


def review_search(game: Game, iterations: int | None = None) -> tuple[ISMCTS, int]:
    """The game's `hard` search with `iterations` per decision (default: the agent's own) and no time
    cap, so a review depends on its seed only; and the iterations used.

    The search is the one the game's `hard` agent holds (its rules, rollout and reward). Zeus's `hard`
    is not offered as a level yet, so it is built from game/zeus/hard.py directly. A game whose `hard`
    is not a search (Tamoul's is a perfect memory, Elios's an alpha-beta over open cards) has none:
    ReviewUnavailable (those games give their own judge, `review_judge`)."""
    agent: Any = None
    factory = game.agent_levels().get("hard")
    if factory is not None:
        agent = factory()
    elif game.id == "zeus":
        from game.zeus.hard import HardAgent

        agent = HardAgent(game.deck)  # type: ignore[attr-defined]
    search = getattr(agent, "search", None)
    if not isinstance(search, ISMCTS):
        raise ReviewUnavailable(msg("{game} has no searching AI to review a game with", game=game.title))
    used = iterations if iterations is not None else search.budget.iterations
    if used < 1:
        raise ValueError("a review needs at least one iteration per decision")
    return ISMCTS(search.rules, Budget(used), search.exploration), used


CardWords = Callable[[str], str]     # a card id in a player's words ("9a" -> "9 Terracotta"), from the table


def describe(text: str, card_words: CardWords | None = None) -> str:
    """A move in a player's words: "play 7" -> "7", "play 6a,6c" -> "6a + 6c" (or the table's names for
    the cards), "sneak 8" -> "sneak in the 8", "draw" -> "draw a card", "pass" -> "let it pass".
    Sentences are Messages (translated by the UI); card names and other moves are shown as written."""
    if text == PASS_TEXT:
        return msg("let it pass")
    verb, _, rest = text.partition(" ")
    cards = rest.split(",") if rest else []
    if card_words is not None:
        cards = [card_words(c) for c in cards]
    if verb == "play" and cards:
        return " + ".join(cards)
    if verb == "sneak" and cards:
        return msg("sneak in the {cards}", cards=" + ".join(cards))
    if verb == "draw" and not cards:
        return msg("draw a card")
    return text


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed seat: what it played, what the search preferred, both estimates."""

    index: int              # the move's place in the record (0-based); the table stood at position `index`
    round_index: int
    seat: int
    played: str             # record text, or PASS_TEXT
    best: str               # the search's choice, same notation
    played_value: float     # the reviewed seat's expected reward after the move played (0..1)
    best_value: float       # ... after the search's choice (equal to played_value when they agree)
    choices: int            # how many moves the seat could choose from (as listed)
    reaction: bool          # the move was an offered reaction (a sneak, a manual draw)
    iterations: int         # search iterations this verdict cost (search plus evaluations)

    @property
    def difference(self) -> float:
        return self.best_value - self.played_value

    @property
    def agreed(self) -> bool:
        return self.best == self.played

    @property
    def marked(self) -> bool:
        return not self.agreed and self.difference >= MARK_THRESHOLD

    def verdict(self) -> Message:
        """"Hard agrees" / "About as good" / "A clear mistake" / "A big mistake"."""
        if self.agreed:
            return msg("Hard agrees")
        if not self.marked:
            return msg("About as good")
        return msg("A big mistake") if self.difference >= BIG_MISTAKE else msg("A clear mistake")

    def explanation(self, game_id: str, card_words: CardWords | None = None,
                    words: Callable[[str], str] | None = None) -> Message:
        """The verdict in a sentence a player reads. `words` says a move in a player's words where the
        game has its own (a Tamoul slot, an Elios group); else `describe` does."""
        scale = scale_of(game_id)
        say = words if words is not None else (lambda text: describe(text, card_words))
        played, best = say(self.played), say(self.best)
        if self.agreed:
            return msg("Hard would have played {best} too, expecting {value}.", best=best,
                       value=scale.value.fill(value=percent(self.best_value)))
        points = round(100 * self.difference)
        margin = round(100 * MARK_THRESHOLD)
        if scale.short is not None:     # a chance: said as two chances, never as "points" (a game's own word)
            value = scale.value.fill(value=percent(self.best_value))
            short = scale.short.fill(value=percent(self.played_value))
            if self.marked:
                return msg("Hard would have played {best}: {value} after it, instead of {short} after your move "
                           "({played}).", best=best, played=played, value=value, short=short)
            if points <= 0:
                return msg("Hard preferred {best}, but by its estimate that was no better than your move ({played}).",
                           best=best, played=played)
            return msg("Hard preferred {best}, but by its estimate that was hardly better than your move ({played}): "
                       "{value} instead of {short}.", best=best, played=played, value=value, short=short)
        if not self.marked:
            if points <= 0:
                return msg("Hard preferred {best}, but by its estimate that was no better than your move ({played}), "
                           "within the {margin}-point margin of a review.", best=best, played=played, margin=margin)
            return msg_n("Hard preferred {best}, but by its estimate that was only {count} point better than your "
                         "move ({played}), within the {margin}-point margin of a review.",
                         "Hard preferred {best}, but by its estimate that was only {count} points better than your "
                         "move ({played}), within the {margin}-point margin of a review.", points,
                         best=best, played=played, margin=margin)
        return msg_n("Hard would have played {best}: {value} after it, against {short} after your move "
                     "({played}). That is {count} point better.",
                     "Hard would have played {best}: {value} after it, against {short} after your move "
                     "({played}). That is {count} points better.", points, best=best, played=played,
                     value=scale.value.fill(value=percent(self.best_value)),
                     short=scale.short.fill(value=percent(self.played_value)) if scale.short is not None
                     else percent(self.played_value))

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "round": self.round_index, "seat": self.seat, "played": self.played,
                "best": self.best, "played_value": round(self.played_value, 4),
                "best_value": round(self.best_value, 4), "difference": round(self.difference, 4),
                "marked": self.marked, "choices": self.choices, "reaction": self.reaction,
                "iterations": self.iterations}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "MoveReview":
        return cls(int(data["index"]), int(data["round"]), int(data["seat"]), str(data["played"]),
                   str(data["best"]), float(data["played_value"]), float(data["best_value"]),
                   int(data["choices"]), bool(data["reaction"]), int(data["iterations"]))


def percent(value: float) -> int:
    return round(100 * value)


@dataclass
class Review:
    """A whole review of one seat: every searched decision, and how many were forced."""

    game_id: str
    seat: int
    iterations: int
    seed: int
    moves: list[MoveReview] = field(default_factory=list)
    forced: int = 0         # decisions with one choice: counted, not searched
    not_judged: int = 0     # decisions the game's judge leaves alone (Elios's secret grouping)
    seconds: float = 0.0

    @property
    def marked(self) -> list[MoveReview]:
        return [m for m in self.moves if m.marked]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "seat": self.seat, "iterations": self.iterations, "seed": self.seed,
                "threshold": MARK_THRESHOLD, "reviewed": len(self.moves), "forced": self.forced,
                "not_judged": self.not_judged,
                "marked": len(self.marked), "seconds": round(self.seconds, 3),
                "moves": [m.to_json() for m in self.moves]}


@dataclass(frozen=True)
class Decision:
    """What the seat had in front of it at one of its moves, and nothing more."""

    index: int
    round_index: int
    seat: int
    view: Any
    legal: tuple[Action, ...]
    complete: bool          # the legal list is every legal action (not representatives)
    reaction: bool
    played: Action

    @property
    def forced(self) -> bool:
        """One listed choice and it was played: there was nothing to decide (a search would not look)."""
        return not self.reaction and len(self.legal) == 1 and self.played == self.legal[0]


def decisions(game: Game, record: Mapping[str, Any], seat: int) -> Iterator[Decision]:
    """The reviewed seat's decisions in a record, each as the seat saw it (RecordError if the record
    does not replay)."""
    timeline = ReplayTimeline(game, record)
    if not 0 <= seat < len(record["seats"]):
        raise ValueError(f"seat {seat} is not at this table (seats 0 to {len(record['seats']) - 1})")
    state = timeline.fresh_state()
    for k, move in enumerate(timeline.moves):
        if move.seat == seat:
            yield Decision(k, move.round_index, seat, state.view(seat), tuple(state.legal_actions(seat)),
                           state.lists_all_actions(seat), state.is_reaction(seat), Action.parse(move.text))
        timeline.apply_move(state, k)


def decision_rng(seed: int, index: int) -> random.Random:
    """A move's own generator: its verdict does not depend on the other moves reviewed."""
    return random.Random(f"olympus/review/{seed}/{index}")


def review_decision(search: ISMCTS, iterations: int, decision: Decision, seed: int) -> MoveReview:
    """Search one decision from its view and, when the search prefers another move, evaluate both
    with the same budget and generator seed."""
    view, seat, played = decision.view, decision.seat, decision.played
    legal = list(decision.legal)
    if played not in legal:
        legal.append(played)        # a game listing representatives: the move played is a candidate too
    result = search.search(view, seat, legal, decision_rng(seed, decision.index), optional=decision.reaction)
    best: Choice = result.action
    used = result.iterations
    if best == played:
        value = result.means.get(best, 0.0)
        return MoveReview(decision.index, decision.round_index, seat, str(played), str(played), value, value,
                          len(decision.legal), decision.reaction, used)
    best_value = search.evaluate(view, seat, best, decision_rng(seed, decision.index), iterations,
                                 optional=decision.reaction)
    played_value = search.evaluate(view, seat, played, decision_rng(seed, decision.index), iterations,
                                   optional=decision.reaction)
    return MoveReview(decision.index, decision.round_index, seat, str(played),
                      PASS_TEXT if best is PASS else str(best), played_value.mean, best_value.mean,
                      len(decision.legal), decision.reaction, used + 2 * iterations)


class Judge(Protocol):
    """How a game's review judges one decision of a seat, from the decision's view only."""

    budget: int                         # effort per decision: search iterations, playouts, or a depth
    not_judged_note: Message | None     # why some decisions are left unjudged; None: all are judged

    def judge(self, decision: Decision, seed: int) -> MoveReview | None:
        """The verdict, or None for a decision this game's review does not judge."""
        ...


@dataclass(frozen=True)
class SearchJudge:
    """The judge of a game whose `hard` agent is an ISMCTS search (Zeus, Télos): `review_decision`."""

    search: ISMCTS
    budget: int
    not_judged_note: Message | None = None

    def judge(self, decision: Decision, seed: int) -> MoveReview | None:
        return review_decision(self.search, self.budget, decision, seed)


def review_judge(game: Game, budget: int | None = None) -> Judge:
    """The game's own judge (`Game.review_judge`) when it has one, else its `hard` search;
    ReviewUnavailable when it has neither."""
    own = game.review_judge(budget)
    if own is not None:
        return own  # type: ignore[no-any-return]
    search, used = review_search(game, budget)
    return SearchJudge(search, used)


Progress = Callable[[int, int], None]       # (decisions done, decisions in all)


def review_record(game: Game, record: Mapping[str, Any], seat: int, *, iterations: int | None = None,
                  seed: int = 1, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
                  on_move: Callable[[MoveReview], None] | None = None) -> Review:
    """Review every decision `seat` made in `record` with the game's judge (`iterations`: its budget). `progress(done, total)` is called before the first
    and after each decision; `cancelled()` is asked between decisions (True: ReviewCancelled);
    `on_move` receives each searched decision as soon as it is done."""
    started = time.perf_counter()
    judge = review_judge(game, iterations)
    found = list(decisions(game, record, seat))
    review = Review(game.id, seat, judge.budget, seed)
    total = len(found)
    if progress is not None:
        progress(0, total)
    for done, decision in enumerate(found, start=1):
        if cancelled is not None and cancelled():
            raise ReviewCancelled(msg("stopped after {done} of {total} decisions", done=done - 1, total=total))
        if decision.forced:
            review.forced += 1
        else:
            verdict = judge.judge(decision, seed)
            if verdict is None:
                review.not_judged += 1
            else:
                review.moves.append(verdict)
                if on_move is not None:
                    on_move(verdict)
        if progress is not None:
            progress(done, total)
    review.seconds = time.perf_counter() - started
    return review


def reviewable_seats(record: Mapping[str, Any]) -> list[int]:
    """The seats a player would review: the human seats, or every seat of an all-AI game."""
    humans = [i for i, s in enumerate(record["seats"]) if s.get("controller") == "human"]
    return humans or list(range(len(record["seats"])))


def can_review(game: Game) -> bool:
    try:
        review_judge(game, 1)
    except ReviewUnavailable:
        return False
    return True


def seat_names(record: Mapping[str, Any]) -> Sequence[str]:
    return [str(s["name"]) for s in record["seats"]]
