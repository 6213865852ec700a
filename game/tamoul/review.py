"""The post-game review of Tamoul (game/core/review.py): a move judged by playing the round out many times.

Tamoul's `hard` is a rule with a perfect memory, not a search, so it has no value to compare two moves
with. The review makes one from the seat's view only:

- `SAMPLES` positions are sampled from the view the way the `hard` level reads it
  (game/tamoul/determinize.py, `kept_low`): every card the seat has not seen is dealt into the slots it
  has not seen and the draw pile, a hidden card its owner has seen drawn low (players keep the low cards
  they know); everything the view knows stays as it is.
- Each candidate move is applied to every sample, and the round is played out to its end with the
  `hard` rule in every seat (interceptions included, asked in a seeded order as the table asks them).
- A playout scores 1 when the seat ends the round with the lowest score (shared on a tie: 1/2, 1/3…),
  else 0, so a move's estimate reads as "a 62% chance to score lowest this round".
- The move played and the others are compared on the same samples and the same playout generators
  (common random numbers): a difference comes from the moves, not from luckier deals.
- Two steps, like the searching games' review: a first look at every candidate on a quarter of the
  samples picks the best; when that is not the move played, the two are played out again on
  `SAMPLES` fresh samples, and those estimates are the verdict. The best of several noisy estimates
  runs high by luck; judging it on new samples removes that bias. One playout says little (the paired
  difference of two moves has a spread of about 0.4 on the 0-1 scale), so a difference of half the
  mark or more is measured again on `CLOSE_LOOK` times as many samples before it is believed
  (docs/ai.md has the measurements).

Candidates: every listed move when there are at most `MAX_CANDIDATES` (a draw, a keep or discard, the end
of a turn, most peeks), else the move played and the one the `hard` level's search picks (a swap among
many slots; searched without a clock, so the review stays repeatable). With two candidates the first look is skipped. A taken interception is compared with letting
the card pass; in the "pass" playouts the seat
does not try that same top card again. The best estimate is "what hard would have played"; on a tie
the move played keeps it.

Every generator is seeded from the review's seed and the move's index, so a review is repeatable.
The cost and the noise are measured in docs/ai.md ("Post-game review").
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from game.core.actions import Action
from game.core.drive import apply_chance
from game.core.engine import CHANCE
from game.core.messages import Message, msg
from game.core.review import MARK_THRESHOLD, PASS_TEXT, Decision, MoveReview, decision_rng
from game.tamoul.agents import HARD, MemoryAgent
from game.tamoul.determinize import TamoulDeterminizer
from game.tamoul.state import TamoulState

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame

SAMPLES = 32            # sampled positions for the verdict on the move played and the best other
SCREEN_SHARE = 4        # the first look at every candidate uses SAMPLES // SCREEN_SHARE samples
CLOSE_LOOK = 3          # a difference of half the mark or more is measured on this many times SAMPLES
MAX_CANDIDATES = 9      # up to this many listed moves are all tried (8 slots + discard)
MAX_PLAYOUT_STEPS = 5_000


def round_reward(scores: Sequence[int], seat: int) -> float:
    """1 for the round's lowest score, shared on a tie; 0 otherwise."""
    low = min(scores)
    if scores[seat] != low:
        return 0.0
    return 1.0 / sum(1 for s in scores if s == low)


class TamoulJudge:
    """Judges a Tamoul decision by playouts of the round with the `hard` rule (module docstring)."""

    not_judged_note: Message | None = None

    def __init__(self, game: "TamoulGame", samples: int | None = None) -> None:
        if samples is not None and samples < 1:
            raise ValueError("a review needs at least one playout per move")
        self.game = game
        self.budget = samples if samples is not None else SAMPLES
        from game.tamoul.hard import HardAgent      # (it plays out rounds with this module's Playout)

        self.hard = MemoryAgent(game.content, HARD)                 # plays every seat of a playout
        self.search = HardAgent(game, seconds=None)                 # the `hard` level: picks among many swaps
        self.determinize = TamoulDeterminizer(game, kept_low=True)  # reads hidden cards as `hard` does

    # ----- the verdict ---------------------------------------------------------------------------
    def judge(self, decision: Decision, seed: int) -> MoveReview | None:
        seat, played = decision.seat, str(decision.played)
        rng = decision_rng(seed, decision.index)
        candidates = self.candidates(decision, rng)
        look = max(1, self.budget // SCREEN_SHARE)
        if len(candidates) == 2:
            best = candidates[1]
        else:               # a first look at every candidate, on a few samples
            screen = self.estimates(decision, candidates, look, rng)
            best = max(candidates, key=lambda c: screen[c])     # the first of equals: the move played
            if best == played:
                return MoveReview(decision.index, decision.round_index, seat, played, played, screen[played],
                                  screen[played], len(decision.legal), decision.reaction, len(candidates) * look)
        # The verdict: both moves again on fresh samples, so the winner of the first look is not
        # favoured by the luck that made it win (the largest of several noisy estimates runs high).
        # A difference near the mark is measured on more samples before it is believed.
        final = self.estimates(decision, [played, best], self.budget, rng)
        spent = (0 if len(candidates) == 2 else len(candidates) * look) + 2 * self.budget
        if final[best] - final[played] >= MARK_THRESHOLD / 2:
            more = self.estimates(decision, [played, best], (CLOSE_LOOK - 1) * self.budget, rng)
            final = {c: (final[c] + (CLOSE_LOOK - 1) * more[c]) / CLOSE_LOOK for c in (played, best)}
            spent += 2 * (CLOSE_LOOK - 1) * self.budget
        if final[best] <= final[played]:
            best = played
        return MoveReview(decision.index, decision.round_index, seat, played, best, final[played], final[best],
                          len(decision.legal), decision.reaction, spent)

    def estimates(self, decision: Decision, candidates: Sequence[str], samples: int,
                  rng: random.Random) -> dict[str, float]:
        """Each candidate's mean reward over the same `samples` sampled positions and playout generators."""
        totals = {c: 0.0 for c in candidates}
        for _ in range(samples):
            sample_seed, playout_seed = rng.randrange(2**31), rng.randrange(2**31)
            for candidate in candidates:
                state = self.determinize(decision.view, random.Random(sample_seed))
                totals[candidate] += self.play_out(state, decision.seat, candidate, random.Random(playout_seed))
        return {c: totals[c] / samples for c in candidates}

    def candidates(self, decision: Decision, rng: random.Random) -> list[str]:
        """The moves compared, the move played first (texts; PASS_TEXT for letting a card pass)."""
        played = str(decision.played)
        if decision.reaction:
            return [played, PASS_TEXT]
        legal = [str(a) for a in decision.legal]
        if len(legal) <= MAX_CANDIDATES:
            return [played] + [a for a in legal if a != played]
        choice = self.search.choose(decision.view, decision.legal, random.Random(rng.randrange(2**31)))
        pick = str(choice) if choice is not None else played
        return [played] if pick == played else [played, pick]

    # ----- one playout ---------------------------------------------------------------------------
    def play_out(self, state: TamoulState, seat: int, candidate: str, rng: random.Random,
                 remember_declines: bool = True) -> float:
        """Apply `candidate` for `seat`, play the round out with `hard` everywhere, and score it.

        `remember_declines` only saves time: a seat that let the top card pass is not asked again until
        something it could react to has changed (see `Playout`); the round is played exactly the same
        either way (a test compares them)."""
        round_index = state.round_index
        playout = Playout(state, seat, self.hard, rng, remember_declines)
        if candidate == PASS_TEXT:
            view = state.view(seat)
            playout.quiet = (len(view.discard), view.top)       # the seat lets this top card pass
        else:
            playout.apply(seat, Action.parse(candidate))
        for _ in range(MAX_PLAYOUT_STEPS):
            if state.finished or state.round_index != round_index:
                score = state.rounds[round_index].score
                assert score is not None
                return round_reward(score, seat)
            playout.step()
        raise RuntimeError("a Tamoul playout did not end its round")

    # ----- words ---------------------------------------------------------------------------------
    def describe(self, text: str, view: Any, card_words: Any = None) -> str:
        """A move in a player's words ("keep it as card 3", "look at Bo's card 2"); slots are counted
        from 1 as the table shows them."""
        if text == PASS_TEXT:
            return msg("let it pass")
        action = Action.parse(text)
        verb, args = action.verb, action.args
        names = view.names if view is not None else ()

        def card_of(place: str) -> Message:
            if "." not in place:
                return msg("your card {slot}", slot=int(place) + 1)
            owner, slot = (int(x) for x in place.split("."))
            if view is not None and owner == view.seat:
                return msg("your card {slot}", slot=slot + 1)
            name = names[owner] if owner < len(names) else str(owner)
            return msg("{name}'s card {slot}", name=name, slot=slot + 1)

        if verb == "draw":
            if args and args[0] == "discard" and view is not None and view.top is not None:
                top = card_words(view.top) if card_words is not None else view.top
                return msg("take the {card} from the discard pile", card=top)
            return msg("draw from the draw pile")
        if verb == "keep":
            return msg("keep it as card {slot}", slot=int(args[0]) + 1)
        if verb == "discard":
            return msg("discard it")
        if verb == "peek":
            return msg("look at {card}", card=card_of(args[0]))
        if verb == "swap":
            return msg("swap {a} and {b}", a=card_of(args[0]), b=card_of(args[1]))
        if verb == "end":
            return msg("end the turn")
        if verb == "tamoul":
            return msg("call Tamoul")
        if verb == "intercept":
            return msg("intercept with card {slot}", slot=int(args[0]) + 1)
        return text


# Actions after which no seat but the actor can react differently: the top card and every seat's own
# knowledge are as they were (ending a turn or calling changes no card; a draw from the deck shows a
# card to its drawer only). Every other action may change the top card or what someone knows.
QUIET_VERBS = frozenset({"end", "tamoul"})


class Playout:
    """One playout's decisions, as game/core/play.py takes them: a due chance action, else the offered
    interceptions in a seeded order, else the seat on turn; `hard` everywhere.

    The `hard` rule intercepts only a top card it knows it matches, and asking it draws nothing from
    the generator. So a seat that declined is asked again only after an action that may have changed
    the top card or what it knows (`changes` counts those); skipping the question in between gives the
    same answer without building its view, which is most of a playout's cost."""

    def __init__(self, state: TamoulState, seat: int, hard: MemoryAgent, rng: random.Random,
                 remember_declines: bool) -> None:
        self.state, self.seat, self.hard, self.rng = state, seat, hard, rng
        self.remember_declines = remember_declines
        self.quiet: tuple[int, str | None] | None = None    # (pile size, top) the reviewed seat lets pass
        self.changes = 0
        self.declined: dict[int, int] = {}     # seat -> `changes` when it last let the top card pass

    def apply(self, seat: int, action: Action) -> None:
        self.state.advance(seat, action)
        if action.verb not in QUIET_VERBS and not (action.verb == "draw" and action.args == ("deck",)):
            self.changes += 1

    def step(self) -> None:
        state, rng = self.state, self.rng
        if CHANCE in state.waiting_for():
            apply_chance(state)
            self.changes += 1
            return
        reactors = [s for s in state.to_act() if state.is_reaction(s)]
        rng.shuffle(reactors)
        for reactor in reactors:
            if self.remember_declines and self.declined.get(reactor) == self.changes:
                continue
            view = state.view(reactor)
            if reactor == self.seat and self.quiet is not None and (len(view.discard), view.top) == self.quiet:
                continue
            choice = self.hard.choose(view, state.legal_actions(reactor), rng, optional=True)
            if choice is not None:
                self.apply(reactor, choice)
                return
            self.declined[reactor] = self.changes
        turn = state.waiting_for()[0]
        choice = self.hard.choose(state.view(turn), state.legal_actions(turn), rng)
        assert choice is not None, "the hard rule always moves on its turn"
        self.apply(turn, choice)
