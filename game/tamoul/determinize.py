"""Sampling a full Tamoul state from one seat's view, for search (built through `from_position`).

Kept as the view says: the whole public table (slot occupancy, discard pile, draw pile size, turn,
phase, pending steps, callers, interception attempts, totals) and every face this seat knows, with the
watchers of every slot (who has seen which card is public; only the faces are private). Every other
card of the deck (not on the discard pile, not a face this seat knows, not the card it holds) is
unseen: shuffled into the unknown slots, the card another seat is holding (drawn from the draw pile)
and the draw pile. Another seat's knowledge follows the sampled card in the slot it watches, so it
knows the sampled face. The sample knows no history (each round's log is empty; the step counter is
kept) and gets a fresh seed: it is for search only, never saved.

The unseen cards are drawn uniformly: the view does not keep which cards went into a reshuffled draw
pile, so a sample may put a card there that this seat could have counted as being in a slot.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.tamoul.state import TamoulState
from game.tamoul.view import TamoulView

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame


class TamoulDeterminizer:
    """Samples `TamoulState`s consistent with a view; call it as `determinizer(view, rng)`."""

    def __init__(self, game: "TamoulGame") -> None:
        self.game = game

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
        slots = []
        for row in view.board:
            out: list[str | None] = []
            for slot in row:
                if slot is None:
                    out.append(None)
                elif slot.card is None:
                    out.append(unseen.pop())
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
