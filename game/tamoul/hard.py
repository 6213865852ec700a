"""Tamoul `hard`: a flat Monte Carlo search over what the seat does not know.

At each decision that matters (which pile to draw from, keep a drawn card or discard it, end the turn or
call Tamoul) `hard` lists a few candidate moves and compares them on the same positions:

- **Determinize.** `samples` positions are drawn from the seat's view by the game's determinizer
  (game/tamoul/determinize.py): every card the seat has not seen goes at random into the slots it has
  not seen, the card another seat holds unseen and the draw pile; everything the view shows stays,
  including who has seen which card (so the other seats know in the sample what they know at the table).
  A hidden card that its owner has seen is drawn low, the lower the longer its owner has known it
  (`kept_low`): players keep the low cards they know. Dealt uniformly, the others held cards of 6.5 in
  the samples where they really held about 3 to 5, so the playouts had them call later than they do.
- **Play out.** Each candidate is applied to each sample and the round is played to its end with the
  perfect-memory rule (`MemoryAgent` with `HARD`) in every seat, interceptions asked as the table asks
  them (game/tamoul/review.py `Playout`). The other seats act on their own view of the sample, so the
  playouts hold what they know (a card this seat gave them by a swap is a card they never saw). A call
  is judged by what follows it: a sample in which the total is over 8 costs the penalty, one in which it
  is not ends the round at 0 while the others take their last turn. Discarding a drawn card that matches
  a known own card is followed by the interception of its twin; an interception of the seat's own twin
  in the playouts is the rule's (exact known matches only).
- **Score.** The round's end is worth, to the seat, the game won (1, shared on a tie) or lost (0) when it
  ends the game, else a logistic of its lead in the totals over the best other seat (`LEAD_SCALE` points
  for a 73% reward): a round won by more is worth more, and the totals already there make a seat that is
  behind take more risk.
- **Compare.** Every candidate sees the same samples and the same playout generators (common random
  numbers): a difference comes from the moves, not from luckier deals. The rule's own move is played
  unless another beats it by more than `CONFIDENCE` standard errors of the paired difference (`pick`):
  with a dozen samples the best of several means runs high by luck, and without that gate the search
  traded sound moves for lucky-looking ones (risky calls, mostly). A call is searched on `CALL_SHARE`
  times the samples. A time cap (`seconds`) stops between samples, never within one (and never before
  `MIN_SAMPLES`), so each candidate has the same samples.

Why not the platform's ISMCTS: a playout of a Tamoul round costs 3-8 ms here (views for the rule at every
decision), so a move gets a few hundred playouts; the decisions worth searching are one step deep
(the opponents' replies are the rule's), and a tree would spread those playouts over replies it cannot
tell apart. Flat sampling spends every playout on the comparison that matters.

Not searched, because a sound rule is as good and far cheaper: an interception (an own card known to
match the top discard is always put on it; a blind try never), which card to look at, which cards to swap
(the swap that lowers the believed total most, else one that moves the others' cards), and a call when
the seat is sure of 8 or less (a certain 0). A draw from the discard pile is searched only when the top
card is below the highest own estimate.

**Aim** (`aimed`): at a table of more than two, a round is lost to the seat that calls while this one
still holds high or unknown cards. So a look at another's card and a swap go where they hurt the seat
closest to calling. Each other seat's round total is estimated from the view (a face this seat knows at
its value, a card its owner has seen at `KEPT_LOWER` below the mean of the unseen cards, else the mean),
and its threat is a logistic of how far that is over the call limit (`THREAT_SCALE`). A look at another's
card goes to the most threatening seat, a card its owner knows first (a low card worth taking later). A
swap is scored by the change in this seat's total, weighted up by the threat of the seat that gets the
card given away, minus `SPOIL` times that threat when the card taken is one its owner knows (it now holds
a card it has not seen); a swap between two others by the threat-weighted change in their totals
(`OTHERS`: a point on another seat's total counts half a point on this one's). With two players there is
one other seat: a look prefers a card its owner knows, and a swap is the rule's but for a preference of
less than half a point for taking a card its owner knows.
"""
from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Sequence

from game.core.actions import Action
from game.tamoul.agents import HARD, MemoryAgent
from game.tamoul.determinize import TamoulDeterminizer
from game.tamoul.review import Playout
from game.tamoul.state import TamoulState
from game.tamoul.view import TamoulView

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame

Place = tuple[int, int]
DEFAULT_SAMPLES = 12     # samples per candidate move
CALL_SHARE = 2           # a call is searched on this many times as many samples: it risks the most
CONFIDENCE = 1.0         # standard errors by which a move must beat the rule's to be played instead
DEFAULT_SECONDS = 0.8    # wall-time cap of one decision (room for the sample running at the cap)
MIN_SAMPLES = 6          # the cap never stops a search before this many samples
MAX_CANDIDATES = 4
LEAD_SCALE = 10.0
MAX_PLAYOUT_STEPS = 5_000
KEPT_LOWER = 2.0         # a card its owner has seen counts this much below an unknown one (the rule's reading)
UNKNOWN_RISK = 0.0       # an unknown card of another seat counts this much above the mean
THREAT_SCALE = 3.0       # points over the call limit for a threat of 27%
OTHERS = 0.5             # a point on one other seat's total, against a point on mine
SPOIL = 1.0              # points a caller-to-be loses, in my reckoning, when a card it knows is moved
END, CALL, DISCARD = Action("end"), Action("tamoul"), Action("discard")
DRAW_DECK, DRAW_DISCARD = Action("draw", ("deck",)), Action("draw", ("discard",))


def round_value(state: TamoulState, seat: int) -> float:
    """What the end of a round is worth to `seat` (module docstring, "Score")."""
    if state.finished:
        if seat not in state.winners:
            return 0.0
        return 1.0 / len(state.winners)
    totals = state.totals
    best_other = min(t for s, t in enumerate(totals) if s != seat)
    return 1.0 / (1.0 + math.exp((totals[seat] - best_other) / LEAD_SCALE))


class HardAgent:
    """Flat Monte Carlo over determinizations, playouts by the perfect-memory rule (module docstring)."""

    name = "hard"
    # Searches for up to half a second in pure Python: a table runs it in its own process
    # (game/core/remote_agent.py) so it never competes with drawing for the interpreter lock.
    isolate = True

    def __init__(self, game: "TamoulGame", samples: int = DEFAULT_SAMPLES,
                 seconds: float | None = DEFAULT_SECONDS, aim: bool = True) -> None:
        if samples < 1:
            raise ValueError("a search needs at least one sample")
        self.game = game
        self.content = game.content
        self.samples = samples
        self.seconds = seconds
        self.rule = MemoryAgent(game.content, HARD)
        self.determinize = TamoulDeterminizer(game, kept_low=True)
        self.last_means: dict[str, float] = {}   # the last search's estimates, for tests and tuning
        self.aim = aim

    def reaction_delay_ms(self, rng: random.Random) -> int:
        return self.rule.reaction_delay_ms(rng)

    def choose(self, view: TamoulView, legal: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        ruled = self.rule.choose(view, legal, rng, optional)  # the rule draws nothing from the generator
        if optional or ruled is None or ruled.verb == "intercept":
            return ruled
        if ruled.verb in ("peek", "swap") and self.aim:
            return self.aimed(view, legal, ruled)
        candidates = self.candidates(view, [a for a in legal if a.verb != "intercept"], ruled)
        if len(candidates) == 1:
            return candidates[0]
        own = random.Random(rng.getrandbits(64))
        return self.search(view, candidates, own)

    # ----- whom to look at and swap with ---------------------------------------------------------
    def threats(self, view: TamoulView, faces: dict[Place, str], mean: float) -> dict[int, float]:
        """How close each other seat with cards is to calling, 0-1 (module docstring, "Aim")."""
        me = view.seat
        found: dict[int, float] = {}
        for p, row in enumerate(view.board):
            if p == me or p in view.callers:
                continue
            total = 0.0
            for s, slot in enumerate(row):
                if slot is None:
                    continue
                if (p, s) in faces:
                    total += self.content.value[faces[(p, s)]]
                elif slot.known_by(p):
                    total += mean - KEPT_LOWER
                else:
                    total += mean + UNKNOWN_RISK
            found[p] = 1.0 / (1.0 + math.exp((total - self.content.call_limit) / THREAT_SCALE))
        return found

    def aimed(self, view: TamoulView, legal: Sequence[Action], ruled: Action) -> Action:
        """The rule's peek or swap, aimed at the seat closest to calling (module docstring, "Aim")."""
        me = view.seat
        assert me is not None
        faces = self.rule.believed(view)
        values = self.rule.unseen_values(view, faces)
        mean = sum(values) / len(values)
        threat = self.threats(view, faces, mean)
        if ruled.verb == "peek":
            if "." not in ruled.args[0]:
                return ruled            # a look at an own card: the rule's first unknown one
            best, best_key = ruled, (-1.0, False)
            for action in legal:
                if action.verb != "peek" or "." not in action.args[0]:
                    continue
                p, s = _place(action.args[0])
                if (p, s) in faces:
                    continue
                slot = view.board[p][s]
                key = (threat.get(p, 0.0), slot is not None and slot.known_by(p))
                if key > best_key:
                    best, best_key = action, key
            return best

        def worth(place: Place) -> float:
            if place in faces:
                return self.content.value[faces[place]]
            slot = view.board[place[0]][place[1]]
            if place[0] != me and slot is not None and slot.known_by(place[0]):
                return mean - KEPT_LOWER
            return mean

        def known(place: Place) -> bool:
            slot = view.board[place[0]][place[1]]
            return slot is not None and slot.known_by(place[0])

        best, best_score = ruled, math.inf
        for action in legal:
            if action.verb != "swap":
                continue
            a, b = _place(action.args[0]), _place(action.args[1])
            if a[0] == me and b[0] == me:
                score = 0.0
            elif me in (a[0], b[0]):
                own, other = (a, b) if a[0] == me else (b, a)
                gain = worth(other) - worth(own)         # the change in my total
                score = gain * (1.0 + threat.get(other[0], 0.0))  # what I give the other seat counts too
                if known(other):
                    score -= SPOIL * threat.get(other[0], 0.0)
            else:
                # Between two others: give the closer caller the higher card, and spoil what it knows.
                hurt = threat.get(a[0], 0.0) * (worth(b) - worth(a)) + threat.get(b[0], 0.0) * (worth(a) - worth(b))
                hurt += SPOIL * (threat.get(a[0], 0.0) * known(a) + threat.get(b[0], 0.0) * known(b))
                score = -0.1 * (known(a) + known(b)) - OTHERS * hurt
            if score < best_score - 1e-9:
                best, best_score = action, score
        return best

    # ----- what is worth searching ---------------------------------------------------------------
    def candidates(self, view: TamoulView, legal: Sequence[Action], ruled: Action) -> list[Action]:
        """The moves compared, the rule's first (module docstring, "Not searched")."""
        rule = self.rule
        faces = rule.believed(view)
        values = rule.unseen_values(view, faces)
        mean = sum(values) / len(values)
        me = view.seat
        assert me is not None
        if view.phase == "draw":
            if DRAW_DISCARD in legal and view.top is not None:
                estimates = rule._own_estimates(view, faces, mean)
                if estimates and self.content.value[view.top] <= max(estimates.values()) - 2:
                    return _unique([ruled, DRAW_DECK, DRAW_DISCARD])
            return [ruled]
        if view.phase == "hold":
            estimates = rule._own_estimates(view, faces, mean)
            drawn = self.content.value[view.drawn] if view.drawn is not None else 0
            if ruled == DISCARD and (not estimates or drawn >= max(estimates.values())):
                return [ruled]  # keeping it could only raise the total
            found = [ruled]
            if DISCARD in legal:
                found.append(DISCARD)
            by_worth = sorted(estimates, key=lambda s: (-estimates[s], s))
            known = [s for s in by_worth if (me, s) in faces]
            unknown = [s for s in by_worth if (me, s) not in faces]
            for slot in by_worth[:1] + known[:1] + unknown[:1]:
                found.append(Action("keep", (str(slot),)))
            found = [a for a in _unique(found) if a in legal]
            return found[:MAX_CANDIDATES]
        if view.phase == "end":
            own = [s for s, slot in enumerate(view.board[me]) if slot is not None]
            known = sum(self.content.value[faces[(me, s)]] for s in own if (me, s) in faces)
            unknown = sum(1 for s in own if (me, s) not in faces)
            if unknown == 0:
                return [CALL if known <= self.content.call_limit else END]
            chance = rule.chance_at_most(known, unknown, values, self.content.call_limit)
            return [ruled] if chance < 0.05 else _unique([ruled, END, CALL])
        return [ruled]

    # ----- the search ---------------------------------------------------------------------------
    def search(self, view: TamoulView, candidates: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best mean value over the same samples and playout generators."""
        seat = view.seat
        assert seat is not None
        started = time.perf_counter()
        rewards: list[list[float]] = [[] for _ in candidates]
        wanted = self.samples * (CALL_SHARE if CALL in candidates else 1)
        while len(rewards[0]) < wanted:
            sample_seed, playout_seed = rng.getrandbits(64), rng.getrandbits(64)
            for k, candidate in enumerate(candidates):
                state = self.determinize(view, random.Random(sample_seed))
                rewards[k].append(self.play_out(state, seat, candidate, random.Random(playout_seed)))
            if self.seconds is not None and len(rewards[0]) >= MIN_SAMPLES \
                    and time.perf_counter() - started > self.seconds:
                break
        done = len(rewards[0])
        self.last_means = {str(c): sum(rewards[k]) / done for k, c in enumerate(candidates)}
        return candidates[self.pick(rewards)]

    @staticmethod
    def pick(rewards: Sequence[Sequence[float]]) -> int:
        """The candidate to play: the rule's (index 0) unless another beats it on the same samples by
        more than `CONFIDENCE` standard errors of the paired difference; then the best such one. A few
        samples give noisy means, and the best of several noisy means runs high by luck: without this
        gate the search trades the rule's sound moves for lucky-looking ones (a risky call, mostly)."""
        base = rewards[0]
        n = len(base)
        best, best_mean = 0, 0.0
        for k in range(1, len(rewards)):
            diffs = [a - b for a, b in zip(rewards[k], base)]
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
            if mean - CONFIDENCE * spread / math.sqrt(n) > 0 and mean > best_mean:
                best, best_mean = k, mean
        return best

    def play_out(self, state: TamoulState, seat: int, candidate: Action, rng: random.Random) -> float:
        """Apply `candidate`, play the round out with the rule in every seat, and value its end."""
        round_index = state.round_index
        playout = Playout(state, seat, self.rule, rng, remember_declines=True)
        playout.apply(seat, candidate)
        for _ in range(MAX_PLAYOUT_STEPS):
            if state.finished or state.round_index != round_index:
                return round_value(state, seat)
            playout.step()
        raise RuntimeError("a Tamoul playout did not end its round")


def _place(text: str) -> Place:
    p, s = text.split(".")
    return int(p), int(s)


def _unique(actions: Sequence[Action]) -> list[Action]:
    seen: list[Action] = []
    for action in actions:
        if action not in seen:
            seen.append(action)
    return seen
