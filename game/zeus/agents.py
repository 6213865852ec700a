"""Zeus AI levels. Agents read only the `ZeusView` (never the state), so they cannot cheat.

- `easy` plays simply: a card that takes Zeus if it has one, else any legal card; it always sneaks
  and always draws.
- `normal` looks one play ahead: it takes a win when there is one, keeps away from totals where the
  next player (or a sneaker) can reach 100 or a round ten, holds its stealing cards for the end of the
  round when the draw pile is nearly empty, and keeps pairs for sneaks. Its odds come from the cards
  it has not seen (the deck less its hand and Mount Olympus), never from hidden cards.
"""
from __future__ import annotations

import random
from collections import Counter
from math import comb
from typing import Sequence

from game.core.actions import Action
from game.zeus.outcome import PlayOutcome, play_outcome
from game.zeus.view import ZeusView

WIN = 1000.0


def outcome_of(view: ZeusView, card: str, *, sneak: bool = False) -> PlayOutcome:
    """What this seat playing `card` now would do, from public facts only."""
    assert view.seat is not None
    return play_outcome(view.cards[card], view.total, view.top_number, view.top_number_seat, view.seat,
                        sneak=sneak)


def first_of_verb(actions: Sequence[Action], verb: str) -> Action | None:
    return next((a for a in actions if a.verb == verb), None)


class EasyAgent:
    """Takes Zeus whenever a card does it, else plays a random legal card; always sneaks and draws."""

    name = "easy"

    def choose(self, view: ZeusView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        for verb in ("draw", "sneak"):
            action = first_of_verb(legal_actions, verb)
            if action is not None:
                return action
        plays = [a for a in legal_actions if a.verb == "play"]
        if not plays:
            return None
        stealing = [a for a in plays if outcome_of(view, a.args[0]).steals]
        return rng.choice(stealing or plays)


def unseen_cards(view: ZeusView) -> Counter[str]:
    """Cards this seat has not seen this round: the deck less its own hand and Mount Olympus."""
    unseen = Counter({card_id: card.count for card_id, card in view.cards.items()})
    unseen.subtract(view.hand)
    unseen.subtract(view.pile)
    return +unseen


def chance_to_hold_any(wanted: int, unseen_total: int, hand_size: int) -> float:
    """Chance that `hand_size` cards drawn from `unseen_total` include one of `wanted` cards."""
    if wanted <= 0 or hand_size <= 0 or unseen_total <= 0:
        return 0.0
    hand_size = min(hand_size, unseen_total)
    return 1.0 - comb(unseen_total - wanted, hand_size) / comb(unseen_total, hand_size)


class NormalAgent:
    """A rule-based player that weighs each play by a one-play look-ahead (see the module text)."""

    name = "normal"

    def choose(self, view: ZeusView, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        draw = first_of_verb(legal_actions, "draw")
        if draw is not None:
            return draw  # a free card: always take it before anyone plays on
        sneak = first_of_verb(legal_actions, "sneak")
        plays = [a for a in legal_actions if a.verb == "play"]
        if sneak is not None and self._wants_sneak(view, sneak.args[0]):
            return sneak
        if not plays:
            return None  # let the sneak pass
        unseen = unseen_cards(view)
        scored = [(self._score(view, a.args[0], unseen) + rng.random() * 1e-3, a) for a in plays]
        return max(scored, key=lambda pair: pair[0])[1]

    # ----- sneaks --------------------------------------------------------------------------------------
    def _wants_sneak(self, view: ZeusView, card: str) -> bool:
        """Always when it takes Zeus; when Zeus is already ours, only when the sneak wins the round
        (otherwise the card is worth more kept)."""
        return view.zeus_holder != view.seat or outcome_of(view, card, sneak=True).wins_round is not None

    # ----- plays ----------------------------------------------------------------------------------------
    def _score(self, view: ZeusView, card: str, unseen: Counter[str]) -> float:
        assert view.seat is not None
        me, n = view.seat, view.players
        outcome = outcome_of(view, card)
        if outcome.wins_round:
            return WIN
        hold_after = outcome.steals or view.zeus_holder == me
        pile_left = view.draw_pile_size
        if pile_left == 0:  # Z-13: this play ends the round; the Zeus holder after it wins
            return WIN if hold_after else -WIN / 2

        next_seat = (me + (2 if outcome.skips_next else 1)) % n
        top_after = view.cards[card].value
        steal_risk, win_risk = self._risks(view, outcome.total, top_after, next_seat, unseen)

        score = -WIN * 0.6 * win_risk
        if hold_after:
            score += self._holding_value(view, pile_left, next_seat) * (1.0 - steal_risk)
        score -= self._keep_value(view, card)
        return score

    def _holding_value(self, view: ZeusView, pile_left: int, next_seat: int) -> float:
        """How much holding Zeus after this play is worth: a lot when the round is about to end."""
        n = view.players
        if pile_left == 1:  # the next play is the last one of the round
            return WIN if next_seat != view.seat else WIN / 2
        if pile_left <= n:
            return 250.0
        if pile_left <= 2 * n:
            return 60.0
        return 15.0

    def _risks(self, view: ZeusView, total: int, top_after: int | None, next_seat: int,
               unseen: Counter[str]) -> tuple[float, float]:
        """Chance that the next player (or a sneaker) takes Zeus, and that one of them wins at once."""
        me, n = view.seat, view.players
        assert me is not None
        if next_seat == me:  # Athena with two players: we play again
            return 0.0, 0.0
        remaining = unseen  # the played card is not in it: it was in our hand
        unseen_total = sum(remaining.values())
        steal_cards = win_cards = 0
        for card_id, count in remaining.items():
            answer = play_outcome(view.cards[card_id], total, top_after, me, next_seat)
            if not answer.legal_total:
                continue
            if answer.wins_round:
                win_cards += count
            if answer.steals or answer.wins_round:
                steal_cards += count
        hand = view.hand_sizes[next_seat]
        steal = chance_to_hold_any(steal_cards, unseen_total, hand)
        win = chance_to_hold_any(win_cards, unseen_total, hand)
        if top_after is not None and view.options.get("sneak") and n > 2:
            others = sum(view.hand_sizes[s] for s in range(n) if s not in (me, next_seat))
            sneak_cards = remaining.get(str(top_after), 0)
            sneak = chance_to_hold_any(sneak_cards, unseen_total, others)
            sneak_win = sneak if total + top_after >= 100 else 0.0
            steal = 1 - (1 - steal) * (1 - sneak)
            win = 1 - (1 - win) * (1 - sneak_win)
        return steal, win

    def _keep_value(self, view: ZeusView, card: str) -> float:
        """What we give up by spending this card now rather than later."""
        definition = view.cards[card]
        hand = Counter(view.hand)
        if definition.kind == "god":
            if not definition.steals:
                return 4.0
            stealers = sum(c for cid, c in hand.items() if view.cards[cid].steals)
            value = 12.0
            if stealers == 1 and self._we_play_last(view) and view.draw_pile_size > 0:
                value += 300.0
            return value
        value = 0.0
        if hand[card] >= 2:
            value += 6.0  # a pair: keep one to sneak or match with
        if (definition.value or 0) <= 3:
            value += 2.0  # small numbers finish at exactly 100
        return value

    def _we_play_last(self, view: ZeusView) -> bool:
        """Whether, with no sneaks or skips, we make the play that meets the empty draw pile."""
        n = view.players
        pile_left = view.draw_pile_size
        return pile_left <= 2 * n and pile_left % n == 0
