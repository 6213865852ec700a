"""Sampling a full Télos state from one seat's view, for the search AI (game/core/ismcts.py).

Known and kept as the view says: this seat's hand, every score card and total, the cards of this
round's completed tricks, the current trick's plays, the dealer, direction, leader, trick number,
Serpent ban and who has used their Divine Trick. Every other card still in the deck (the deck less
the score cards, less what this seat has seen) is unseen; it is shuffled into the other hands at their
real sizes, the blind cards (Divine Trick) and the undealt cards. This seat's own blind card is unseen
too: after a swap the view no longer says which card was put face down, so it is not used.

The state is rebuilt at the start of the current trick (each seat that already played in it gets
those cards back) and the trick's plays are replayed through the engine's `apply`. A sample in which
a replayed play would be illegal is drawn again: that is how the rules' public inference is used —
a seat that did not reach the line played its lowest cards (T-12), so it cannot hold low cards that
would have been forced instead, nor cards that would have let it reach. Only the current trick is
used this way (the view keeps no seat-by-seat history of earlier tricks). After `MAX_REJECTIONS`
failed draws the last sample is kept and its plays are carried out without the check.

The history is synthetic (earlier rounds as empty logs, keeping the round number; the current
round's setup is the sample). A sampled state is for search only, never saved.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.engine import RoundLog, SeatInfo
from game.core.errors import IllegalAction
from game.telos.cards import canonical
from game.telos.state import TelosState
from game.telos.view import TelosView

if TYPE_CHECKING:
    from game.telos.game import TelosGame

MAX_REJECTIONS = 30


def unseen_cards(deck: tuple[str, ...], view: TelosView) -> list[str]:
    """Cards still in this round's deck that this seat has not seen, in deck order."""
    seen = Counter(view.hand)
    seen.update(c for score in view.score_cards for c in score)
    seen.update(view.played_this_round)
    seen.update(c for play in view.trick for c in play.cards)
    if any(count > 1 for count in seen.values()) or any(c not in deck for c in seen):
        raise ValueError("the view shows a card twice or a card this game does not have")
    return [c for c in deck if c not in seen]


class TelosDeterminizer:
    """Samples `TelosState`s consistent with a view; call it as `determinizer(view, rng)`."""

    def __init__(self, game: "TelosGame") -> None:
        self.game = game
        self._base_for: TelosView | None = None
        self._base: TelosState | None = None
        self._hidden: list[str] = []
        self.rejected = 0  # samples drawn again because a replayed play was illegal (for tests)
        self.forced = 0    # samples kept without the check after MAX_REJECTIONS

    def __call__(self, view: TelosView, rng: random.Random) -> TelosState:
        return self.sample(view, rng)

    def sample(self, view: TelosView, rng: random.Random) -> TelosState:
        if view is not self._base_for or self._base is None:
            self._base, self._hidden = self._base_state(view, rng)
            self._base_for = view
        base = self._base
        for attempt in range(MAX_REJECTIONS + 1):
            state = base.clone()
            assert isinstance(state, TelosState)
            self._deal_hidden(state, view, rng)
            if self._replay_trick(state, view, checked=attempt < MAX_REJECTIONS):
                return state
            self.rejected += 1
        raise AssertionError("the unchecked replay always succeeds")

    # ----- building ------------------------------------------------------------------------------
    def _base_state(self, view: TelosView, rng: random.Random) -> tuple[TelosState, list[str]]:
        me = view.seat
        if me is None or not 0 <= me < len(view.names):
            raise ValueError("only a player's view can be determinized")
        if view.finished:
            raise ValueError("the game is over: there is nothing to search")
        options = dict(view.options)
        options["zeus_cards"] = list(view.zeus_cards)
        seats = [SeatInfo(name, "ai:hard") for name in view.names]
        state = TelosState(self.game, seats, options, seed=rng.randrange(2**31))
        state.options["zeus_cards"] = view.options["zeus_cards"]  # the option as given ("random" stays)
        if isinstance(state.options["zeus_cards"], tuple):
            state.options["zeus_cards"] = list(state.options["zeus_cards"])
        n = len(seats)
        state.totals = list(view.totals)
        state.score_cards = [list(cards) for cards in view.score_cards]
        state.dealer = view.dealer
        state.hand_size = view.hand_size
        state.divine_used = list(view.divine_used)
        state.round_discards = list(view.played_this_round)
        state.previous_trick, state.previous_winner = view.previous_trick, view.previous_winner
        state.trick_number = view.trick_number
        rules = state.rules
        trick_cards = [c for play in view.trick for c in play.cards]
        swans = sum(1 for c in trick_cards if rules.behaviour(c).reverses_direction)
        state.direction = view.direction * (-1) ** swans  # the direction this trick started with
        state.serpent_ban = view.serpent_ban and not (
            not view.last_trick and any(rules.behaviour(c).bans_multiple_leads for c in trick_cards))
        state.loser, state.finished, state.winners = None, False, ()
        state._opening = []
        hidden = unseen_cards(state.deck, view)
        scored = {c for cards in view.score_cards for c in cards}
        pool = [c for c in state.deck if c not in scored]
        blind_count = n if state.divine else 0
        undealt = len(pool) - n * view.hand_size - blind_count
        slots = sum(size for s, size in enumerate(view.hand_sizes) if s != me) + blind_count + undealt
        if undealt < 0 or slots != len(hidden):
            raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unseen")
        return state, hidden

    def _deal_hidden(self, state: TelosState, view: TelosView, rng: random.Random) -> None:
        me = view.seat
        cards = list(self._hidden)
        rng.shuffle(cards)
        played: dict[int, tuple[str, ...]] = {play.seat: play.cards for play in view.trick}
        hands: list[list[str]] = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == me:
                held = list(view.hand)
            else:
                held = cards[:size]
                del cards[:size]
            hands.append(list(canonical(held + list(played.get(seat, ())))))
        state.hands = hands
        if state.divine:
            state.blind = cards[:len(hands)]
            del cards[:len(hands)]
        state.undealt = cards
        state.rounds = [RoundLog(setup={}) for _ in range(view.round_index)]
        state.rounds.append(RoundLog(setup={
            "dealer": view.dealer, "direction": state.direction, "hands": [list(h) for h in hands],
            "blind": list(state.blind) if state.blind is not None else None,
            "scores_before": [list(s) for s in state.score_cards]}))
        state._legal_cache.clear()
        state._start_trick(view.leader)

    def _replay_trick(self, state: TelosState, view: TelosView, *, checked: bool) -> bool:
        """Play the current trick's plays again; False when the sample makes one of them illegal."""
        if not checked:
            self.forced += 1
        for play in view.trick:
            action = Action("play", (",".join(play.cards),))
            if checked:
                try:
                    state.apply(play.seat, action)
                except IllegalAction:
                    return False
            else:
                state._apply_legal(play.seat, state.normalize(action))
        return True
