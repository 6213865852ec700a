"""Sampling a full Zeus state from one seat's view, for the search AI (game/core/ismcts.py).

What the seat knows stays as the view says it: its own hand, Mount Olympus (cards, who played each,
the total, the number on top), who holds Zeus, letters, whose turn it is, the dealer, the pile and hand
sizes, a pending manual draw. Every card it has not seen this round (the deck less its hand and Mount
Olympus; a new round reshuffles the whole deck, so older rounds tell nothing) is shuffled into the
other hands (at their real sizes) and the draw pile.

One inference is used: when another seat is on turn, it must hold a card it can play (otherwise Z-8
would already have ended the round). Samples that break this are drawn again (up to
`MAX_REJECTIONS` times; after that the last sample is kept, which is still a legal position).
No inference is made from passed sneaks or from which card a player chose: that would need a model
of the other players, and a wrong model is worse than none.

The sampled state is built through the engine's constructor (so every field the engine keeps exists),
then its round is replaced by the sampled position; it stops at the end of that round (see
`SampledZeusState`). Its history is synthetic: earlier rounds as empty logs
(their number kept), the current round's setup is the sampled position, and a random seed makes any
later deal. It is for search only, never saved.
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from game.core.engine import RoundLog, SeatInfo
from game.core.events import Event
from game.zeus.deck import ZeusDeck
from game.zeus.state import ZeusState
from game.zeus.view import ZeusView

MAX_REJECTIONS = 20


def unseen_cards(deck: ZeusDeck, view: ZeusView) -> list[str]:
    """The cards this seat has not seen this round, in deck order (one entry per physical card)."""
    unseen = Counter(deck.full_deck())
    unseen.subtract(view.hand)
    unseen.subtract(view.pile)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view holds cards the deck does not have")
    return [card for card in deck.order for _ in range(unseen[card])]


class SampledZeusState(ZeusState):
    """A determinization. It plays like the engine's state until its round ends, then deals no new
    round (the search never looks past the round): the round number moves on, every hand is empty
    and nobody can act. Dealing a round the search would throw away costs a tenth of a playout."""

    def _start_round(self, dealer: int) -> list[Event]:
        if not self.rounds:  # the constructor's first deal
            return super()._start_round(dealer)
        self._begin_round({"dealer": dealer, "dealt": False})
        self.dealer = self.first = self.turn = dealer
        self.hands = [[] for _ in range(self.players)]
        self.draw_pile, self.pile = [], []
        self.total, self.zeus_holder, self.owes_draw = 0, None, None
        self._top = (None, None)
        self._forget_derived()
        return []


class ZeusDeterminizer:
    """Samples `ZeusState`s consistent with a view; call it as `determinizer(view, rng)`.

    The public part of the state is built once per view (through the engine's constructor) and
    copied for every sample; only the hidden cards are dealt anew each time."""

    def __init__(self, deck: ZeusDeck) -> None:
        self.deck = deck
        self._base_for: ZeusView | None = None
        self._base: SampledZeusState | None = None
        self._hidden: list[str] = []

    def __call__(self, view: ZeusView, rng: random.Random) -> ZeusState:
        return self.sample(view, rng)

    def sample(self, view: ZeusView, rng: random.Random) -> ZeusState:
        me = view.seat
        if view is not self._base_for or self._base is None:
            if me is None or not 0 <= me < view.players:
                raise ValueError("only a player's view can be determinized")
            if view.finished:
                raise ValueError("the game is over: there is nothing to search")
            hidden = unseen_cards(self.deck, view)
            slots = sum(size for s, size in enumerate(view.hand_sizes) if s != me) + view.draw_pile_size
            if slots != len(hidden):
                raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unseen")
            self._base, self._base_for, self._hidden = self._base_state(view, rng), view, hidden
        state = copy.copy(self._base)
        state.totals = list(self._base.totals)
        state.pile = list(self._base.pile)
        for _ in range(MAX_REJECTIONS):
            self._deal_hidden(state, view, self._hidden, rng)
            if view.turn == me or any(state.is_playable(view.turn, c) for c in state.hands[view.turn]):
                break
        return state

    def _base_state(self, view: ZeusView, rng: random.Random) -> SampledZeusState:
        """A fresh engine state carrying every public fact of the view (hidden cards still to deal)."""
        seats = [SeatInfo(name, "ai:hard") for name in view.names]
        state = SampledZeusState(self.deck, seats, dict(view.options), seed=rng.randrange(2**31))
        state.totals = list(view.letters)
        state.dealer = view.dealer
        state.first = (view.dealer + 1) % view.players  # Z-1
        state.turn = view.turn
        state.total = view.total
        state.zeus_holder = view.zeus_holder
        state.last_round_winner = view.last_round_winner
        state.pile = list(zip(view.pile, view.pile_seats))
        state._top = (view.top_number, view.top_number_seat)
        state.owes_draw = next((s for s, owes in enumerate(view.owes_draw) if owes), None)
        state._opening_events = []
        return state

    def _deal_hidden(self, state: ZeusState, view: ZeusView, hidden: list[str], rng: random.Random) -> None:
        me = view.seat
        assert me is not None
        cards = list(hidden)
        rng.shuffle(cards)
        hands: list[list[str]] = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == me:
                hands.append(list(view.hand))
            else:
                hands.append(cards[:size])
                del cards[:size]
        state.hands = hands
        state.draw_pile = cards
        # Earlier rounds are not known to a view in detail: empty logs keep the round number right.
        state.rounds = [RoundLog(setup={}) for _ in range(view.round_index)]
        state.rounds.append(RoundLog(setup={"dealer": state.dealer, "first": state.first,
                                            "hands": [list(h) for h in hands], "draw_pile": list(cards)}))
        state._forget_derived()
