"""Sampling a full Télos state from one seat's view, for the search AI (game/core/ismcts.py).

Known and kept as the view says: this seat's hand, every score card and total, the cards of this
round's completed tricks, the current trick's plays, the dealer, direction, leader, trick number,
Serpent ban and who has used their Divine Trick. Every other card still in the deck (the deck less
the score cards, less what this seat has seen) is unseen; it is shuffled into the other hands at their
real sizes, the blind cards (Divine Trick) and the undealt cards. This seat's own blind card is unseen
too: after a swap the view no longer says which card was put face down, so it is not used.

A sample is a position (`TelosState.position()`'s format) at the start of the current trick, each
seat that already played in it holding those cards again, made a state by `TelosGame.from_position`
(so it is checked like any position); the trick's plays are then replayed through the engine's `apply`.
A sample in which a replayed play would be illegal is drawn again: that is how the rules' public
inference is used — a seat that did not reach the line played its lowest cards (T-12), so it cannot
hold low cards that would have been forced instead, nor cards that would have let it reach. Only the
current trick is used this way (the view keeps no seat-by-seat history of earlier tricks). After
`MAX_REJECTIONS` failed draws the last sample is kept, as a position in the middle of the trick with
the view's plays, line and powers as they stand.

The history is synthetic (earlier rounds as empty logs, keeping the round number; the current
round's setup is the sample at the trick's start). A sampled state is for search only, never saved.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.telos.cards import canonical
from game.telos.state import TelosState, game_deck, play_rules
from game.telos.view import TelosView, TrickPlay

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


def _play_json(play: TrickPlay) -> dict[str, Any]:
    return {"seat": play.seat, "cards": list(play.cards), "values": list(play.values)}


class TelosDeterminizer:
    """Samples `TelosState`s consistent with a view; call it as `determinizer(view, rng)`."""

    def __init__(self, game: "TelosGame") -> None:
        self.game = game
        self._public_for: TelosView | None = None
        self._public: dict[str, Any] = {}
        self._hidden: list[str] = []
        self._blind_count = 0
        self.rejected = 0  # samples drawn again because a replayed play was illegal (for tests)
        self.forced = 0    # samples kept without the check after MAX_REJECTIONS

    def __call__(self, view: TelosView, rng: random.Random) -> TelosState:
        return self.sample(view, rng)

    def sample(self, view: TelosView, rng: random.Random) -> TelosState:
        if view is not self._public_for:
            self._public, self._hidden = self._public_position(view, rng)
            self._public_for = view
        for _ in range(MAX_REJECTIONS):
            state = self.game.from_position(self._with_hidden_cards(view, rng, at_trick_start=True))
            if self._replay_trick(state, view):
                return state
            self.rejected += 1
        self.forced += 1
        return self.game.from_position(self._with_hidden_cards(view, rng, at_trick_start=False))

    # ----- building ------------------------------------------------------------------------------
    def _public_position(self, view: TelosView, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
        """Every public fact of the view as a position at the current trick's start, less the hidden
        cards; and the cards this seat has not seen."""
        me = view.seat
        if me is None or not 0 <= me < len(view.names):
            raise ValueError("only a player's view can be determinized")
        if view.finished:
            raise ValueError("the game is over: there is nothing to search")
        n = len(view.names)
        options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in view.options.items()}
        seed = rng.randrange(2**31)
        rules = play_rules(self.game.content, tuple(view.zeus_cards), n, view.powers)
        trick_cards = [c for play in view.trick for c in play.cards]
        swans = sum(1 for c in trick_cards if rules.behaviour(c).reverses_direction)
        direction = view.direction * (-1) ** swans  # the direction this trick started with
        serpent_ban = view.serpent_ban and not (
            not view.last_trick and any(rules.behaviour(c).bans_multiple_leads for c in trick_cards))
        deck = game_deck(self.game.content, tuple(view.zeus_cards), n)
        hidden = unseen_cards(deck, view)
        scored = {c for cards in view.score_cards for c in cards}
        pool = [c for c in deck if c not in scored]
        self._blind_count = n if view.divine_trick else 0
        undealt = len(pool) - n * view.hand_size - self._blind_count
        slots = sum(size for s, size in enumerate(view.hand_sizes) if s != me) + self._blind_count + undealt
        if undealt < 0 or slots != len(hidden):
            raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unseen")
        public = {
            "game": self.game.id,
            "seats": [{"name": name, "controller": "ai:hard"} for name in view.names],
            "options": options,
            "seed": seed,
            "totals": list(view.totals),
            "winners": [],
            "finished": False,
            "now": {
                "dealer": view.dealer, "direction": direction,
                "scores_before": [list(cards) for cards in view.score_cards],
                "zeus_cards": list(view.zeus_cards), "hand_size": view.hand_size,
                "divine_used": list(view.divine_used), "serpent_ban": serpent_ban,
                "played_this_round": list(view.played_this_round),
                "previous_trick": [_play_json(p) for p in view.previous_trick],
                "previous_winner": view.previous_winner, "trick_number": view.trick_number,
                "leader": view.leader, "trick_order": list(view.trick_order), "plays": [], "line": [], "k": 0,
                "last_trick": view.last_trick, "loser": None,
                "coming_setups": [],  # a record's later deals are not the seat's to know
            },
        }
        return public, hidden

    def _with_hidden_cards(self, view: TelosView, rng: random.Random, *, at_trick_start: bool) -> dict[str, Any]:
        """The public position with the unseen cards dealt at random to the other hands, the blind
        cards and the undealt cards: at the trick's start (plays to replay), or as the view stands."""
        me = view.seat
        cards = list(self._hidden)
        rng.shuffle(cards)
        played: dict[int, tuple[str, ...]] = {play.seat: play.cards for play in view.trick}
        start_hands: list[list[str]] = []
        hands_now: list[list[str]] = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == me:
                held = list(view.hand)
            else:
                held = cards[:size]
                del cards[:size]
            hands_now.append(held)
            start_hands.append(list(canonical(held + list(played.get(seat, ())))))
        blind = None
        if self._blind_count:
            blind = cards[:self._blind_count]
            del cards[:self._blind_count]
        public = self._public
        now = public["now"]
        rounds: list[dict[str, Any]] = [{"setup": {}, "actions": [], "score": None} for _ in range(view.round_index)]
        rounds.append({"setup": {"dealer": view.dealer, "direction": now["direction"],
                                 "hands": [list(h) for h in start_hands],
                                 "blind": None if blind is None else list(blind),
                                 "scores_before": now["scores_before"]}, "actions": [], "score": None})
        sampled = {**now, "hands": start_hands, "blind": blind, "undealt": cards}
        if not at_trick_start:
            sampled.update(hands=[list(canonical(h)) for h in hands_now], direction=view.direction,
                           serpent_ban=view.serpent_ban, plays=[_play_json(p) for p in view.trick],
                           line=list(view.line), k=view.k)
        return {**public, "rounds": rounds, "now": sampled}

    def _replay_trick(self, state: TelosState, view: TelosView) -> bool:
        """Play the current trick's plays again; False when the sample makes one of them illegal."""
        for play in view.trick:
            try:
                state.apply(play.seat, Action("play", (",".join(play.cards),)))
            except IllegalAction:
                return False
        return True
