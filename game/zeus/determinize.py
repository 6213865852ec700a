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

Each sample is a position (`ZeusState.position()`'s format) handed to `ZeusGame.from_position`, so
it is checked like any position and every engine field exists. It stops at the end of its round
(`deals_next_round` false: when the round ends the sample is finished, with no winners; the search
never looks past the round, and dealing a round it would throw away costs a tenth of a playout). Its history is synthetic: earlier rounds as empty logs (their
number kept), the current round's setup is the sampled position, and a random seed. It is for search
only, never saved.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.zeus.deck import ZeusDeck
from game.zeus.game import ZeusGame
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


class ZeusDeterminizer:
    """Samples `ZeusState`s consistent with a view; call it as `determinizer(view, rng)`.

    The public part of the position is worked out once per view; only the hidden cards are dealt
    anew for each sample."""

    def __init__(self, deck: ZeusDeck) -> None:
        self.game = ZeusGame(deck)
        self._public_for: ZeusView | None = None
        self._public: dict[str, Any] = {}
        self._hidden: list[str] = []

    def __call__(self, view: ZeusView, rng: random.Random) -> ZeusState:
        return self.sample(view, rng)

    def sample(self, view: ZeusView, rng: random.Random) -> ZeusState:
        me = view.seat
        if view is not self._public_for:
            if me is None or not 0 <= me < view.players:
                raise ValueError("only a player's view can be determinized")
            if view.finished:
                raise ValueError("the game is over: there is nothing to search")
            hidden = unseen_cards(self.game.deck, view)
            slots = sum(size for s, size in enumerate(view.hand_sizes) if s != me) + view.draw_pile_size
            if slots != len(hidden):
                raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unseen")
            self._public, self._public_for, self._hidden = self._public_position(view, rng), view, hidden
        state = None
        for _ in range(MAX_REJECTIONS):
            state = self.game.from_position(self._with_hidden_cards(view, rng))
            if view.turn == me or any(state.is_playable(view.turn, c) for c in state.hands[view.turn]):
                break
        assert state is not None
        return state

    def _public_position(self, view: ZeusView, rng: random.Random) -> dict[str, Any]:
        """Every public fact of the view as a position, less the hidden cards (`_with_hidden_cards`)."""
        dealer = view.dealer
        return {
            "game": self.game.id,
            "seats": [{"name": name, "controller": "ai:hard"} for name in view.names],
            "options": dict(view.options),
            "seed": rng.randrange(2**31),
            "totals": list(view.letters),
            "winners": [],
            "finished": False,
            "now": {
                "dealer": dealer, "first": (dealer + 1) % view.players,  # Z-1
                "turn": view.turn, "total": view.total,
                "pile": [[card, seat] for card, seat in zip(view.pile, view.pile_seats)],
                "zeus_holder": view.zeus_holder, "last_round_winner": view.last_round_winner,
                "owes_draw": next((s for s, owes in enumerate(view.owes_draw) if owes), None),
                "deals_next_round": False,
                "coming_setups": [],  # a record's later deals are not the seat's to know
            },
        }

    def _with_hidden_cards(self, view: ZeusView, rng: random.Random) -> dict[str, Any]:
        """The public position with every unseen card dealt at random to the other hands and the pile."""
        me = view.seat
        cards = list(self._hidden)
        rng.shuffle(cards)
        hands: list[list[str]] = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == me:
                hands.append(list(view.hand))
            else:
                hands.append(cards[:size])
                del cards[:size]
        public = self._public
        now = public["now"]
        # Earlier rounds are not known to a view in detail: empty logs keep the round number right.
        rounds = [{"setup": {}, "actions": [], "score": None} for _ in range(view.round_index)]
        rounds.append({"setup": {"dealer": now["dealer"], "first": now["first"], "hands": hands,
                                 "draw_pile": cards}, "actions": [], "score": None})
        return {**public, "rounds": rounds, "now": {**now, "hands": hands, "draw_pile": cards}}
