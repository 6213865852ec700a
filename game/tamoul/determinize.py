"""Sampling a full Tamoul state from one seat's view, for search (built through `from_position`).

Kept as the view says: the whole public table (slot occupancy, discard pile, draw pile size, turn,
phase, pending steps, callers, interception attempts, totals) and every face this seat knows, with the
watchers of every slot (who has seen which card is public; only the faces are private). Every other
card of the deck (not on the discard pile, not a face this seat knows, not the card it holds) is
unseen: shuffled into the unknown slots, the card another seat is holding (drawn from the draw pile)
and the draw pile. Another seat's knowledge follows the sampled card in the slot it watches, so it
knows the sampled face. The sample knows no history (each round's log is empty; the step counter is
kept) and gets a fresh seed: it is for search only, never saved.

The unseen cards are drawn uniformly by default: the view does not keep which cards went into a
reshuffled draw pile, so a sample may put a card there that this seat could have counted as being in a slot.

With `kept_low` (what `hard` searches with), a hidden card that its owner has seen is drawn low: players
keep the low cards they know and replace the high ones, so the longer an owner has known a card, the lower
it is likely to be. In 100 four-player games (`hard`, `bench-cabo`, two `normal`; 67,000 looks at hidden
cards, taken at every draw from the drawing seat's side) a hidden card its owner did not know averaged
6.4, one its owner had seen within the last round of turns 4.8, one to two rounds before 3.8 and 3.4, and
longer before 3.0. `kept_low` gives each such slot a weight exp(-value / tau) by how long its owner has
known it (`KEPT_TAU`, fitted to those means) and draws its card by weight from the unseen cards; the other
hidden places are dealt uniformly from what is left. Who has seen which card is public, so the sample still
depends on the view only.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from game.tamoul.agents import ACTIONS_PER_TURN
from game.tamoul.state import TamoulState
from game.tamoul.view import TamoulView

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame


KEPT_TAU = (8.0, 4.7, 4.0, 3.3)  # by rounds of turns since its owner saw it (0, 1, 2, 3 or more)


class TamoulDeterminizer:
    """Samples `TamoulState`s consistent with a view; call it as `determinizer(view, rng)`."""

    def __init__(self, game: "TamoulGame", kept_low: bool = False) -> None:
        self.game = game
        self.kept_low = kept_low
        value = game.content.value
        self.weights = {tau: {card: math.exp(-value[card] / tau) for card in game.content.cards}
                        for tau in KEPT_TAU}

    def __call__(self, view: TamoulView, rng: random.Random) -> TamoulState:
        return self.game.from_position(self.sample_position(view, rng))

    def sample_position(self, view: TamoulView, rng: random.Random) -> dict[str, Any]:
        me = view.seat
        if me is None or not 0 <= me < len(view.names):
            raise ValueError("only a player's view can be determinized")
        if view.finished:
            raise ValueError("the game is over: there is nothing to search")
        known = list(view.discard)
        hidden_slots = 0
        for row in view.board:
            for slot in row:
                if slot is not None:
                    if slot.card is None:
                        hidden_slots += 1
                    else:
                        known.append(slot.card)
        if view.drawn is not None:
            known.append(view.drawn)
        hidden_drawn = view.holder is not None and view.drawn is None
        seen = set(known)
        if len(seen) != len(known):
            raise ValueError("the view shows a card twice")
        unseen = [c for c in self.game.content.cards if c not in seen]
        if len(unseen) != hidden_slots + int(hidden_drawn) + view.draw_count:
            raise ValueError(f"the view hides {hidden_slots + int(hidden_drawn) + view.draw_count} cards "
                             f"but {len(unseen)} are unseen")
        rng.shuffle(unseen)
        dealt = self.kept_cards(view, unseen, rng) if self.kept_low else {}
        slots = []
        for p, row in enumerate(view.board):
            out: list[str | None] = []
            for s, slot in enumerate(row):
                if slot is None:
                    out.append(None)
                elif slot.card is None:
                    out.append(dealt[(p, s)] if (p, s) in dealt else unseen.pop())
                else:
                    out.append(slot.card)
            slots.append(out)
        drawn = unseen.pop() if hidden_drawn else view.drawn
        now = {
            "first": view.first, "slots": slots, "draw_pile": unseen, "discard": list(view.discard),
            "turn": view.turn, "phase": view.phase, "pending": list(view.pending), "holder": view.holder,
            "drawn": drawn, "drawn_from": view.drawn_from, "callers": list(view.callers),
            "attempts": list(view.attempts),
            "watchers": [[[] if slot is None else [list(w) for w in slot.watchers] for slot in row]
                         for row in view.board],
            "reshuffle_due": view.reshuffle_due, "step": view.step,
            "last_scores": None if view.last_scores is None else list(view.last_scores),
            "coming_setups": [],  # a record's later deals are not the seat's to know
        }
        empty_round = {"setup": {}, "actions": [], "score": None}
        return {
            "game": self.game.id, "seats": [{"name": name, "controller": "ai:hard"} for name in view.names],
            "options": dict(view.options), "seed": rng.randrange(2**31),
            "rounds": [dict(empty_round) for _ in range(view.round_index + 1)],
            "totals": list(view.totals), "winners": [], "finished": False, "now": now,
        }

    def kept_cards(self, view: TamoulView, unseen: list[str], rng: random.Random) -> dict[tuple[int, int], str]:
        """Cards for the hidden slots whose owner has seen them, drawn low by weight (module docstring);
        each is taken out of `unseen`."""
        players = len(view.names)
        dealt: dict[tuple[int, int], str] = {}
        for p, row in enumerate(view.board):
            for s, slot in enumerate(row):
                if slot is None or slot.card is not None:
                    continue
                watch = slot.watch_of(p)
                if watch is None:
                    continue
                age = (view.step - watch[1]) // (ACTIONS_PER_TURN * players)
                weight = self.weights[KEPT_TAU[min(max(age, 0), len(KEPT_TAU) - 1)]]
                pick = rng.random() * sum(weight[card] for card in unseen)
                for k, card in enumerate(unseen):
                    pick -= weight[card]
                    if pick <= 0:
                        break
                dealt[(p, s)] = unseen.pop(k)
        return dealt
