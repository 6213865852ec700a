"""What one seat may know of a Tamoul game (`TamoulState.view(seat)`), and the events the engine emits.

Tamoul is a memory game, so a view is a memory: it holds exactly what the seat has seen and may still
know, plus the public table. The AI and the table read only this.

The knowledge model (tied to the card, not the slot)
----------------------------------------------------
Every card lying in a slot carries its *watchers*: the seats that have seen its face while it lay
there, each with the step at which it last saw it and how many swaps have moved it since. A seat sees
a card in a slot by:
- the first look at its own slots 2 and 3 after the deal (A-4);
- a peek (`peek S`, `peek P.S`): only the peeker sees the face, everyone sees which slot (A-9);
- keeping a card (`keep S`): the keeper saw the card it drew; a card drawn from the discard pile was
  face up, so every seat knows it;
- a failed interception: the card was shown against the top discard, so every seat saw it before it
  went back face down (A-13).
Swaps are done in the open (everyone sees which two slots changed places), so a card's watchers move
with it: whoever knew it still knows it, in its new slot. A swap of two cards a seat never saw moves
nothing that seat knows; it only learns which slots were swapped (and the `swaps` counter of every
watcher of those cards grows, which is how forgetful players lose track). A card leaving the slots
(kept over, intercepted) goes face up onto the discard pile, which is public; a card that comes back
from the draw pile into a slot unseen (a penalty card) has no watchers. Who watches which slot is
public (all looks are done in the open); only the faces are private. A seat's own face knowledge is
`SlotView.card`; a spectator (seat None) knows no face.

Cards on the discard pile are public, as is the card drawn from it. The card drawn from the draw pile
is seen by its drawer only until it is kept (then it is a card the drawer watches) or discarded
(public). The order of a reshuffled draw pile is known to nobody.

TamoulView fields
-----------------
- `seat` (int | None), `names`, `round_index`, `step` (actions so far in this round: `seen_at` counts
  in the same steps).
- `first` (the round's first player), `turn` (whose turn, None when the game is over).
- `phase`: `draw` (the turn player draws), `hold` (holds a drawn card: keep or discard), `action`
  (a discarded 7..K's steps are due), `end` (end the turn or call Tamoul), `over`.
- `reshuffle_due`: the draw pile is empty and the chance seat reshuffles before anyone acts (A-11).
- `pending`: the action steps still due (`peek_own`, `peek_other`, `swap`), the current one first.
- `holder`, `drawn_from` (`deck` | `discard` | None), `drawn`: the held card's face when this seat may
  know it (its own draw, or any card drawn from the discard pile), else None.
- `board[p][s]`: seat p's slot s: None when empty, else a `SlotView(card, watchers)`.
- `discard` (bottom to top; the top card is the last), `draw_count`.
- `callers` (in call order), `frozen` (seats whose cards no action may touch), `to_play` (the seats
  still to take their last turn after a call, in order; () before any call).
- `attempts`: the seats that have tried to intercept the current top card (A-12).
- `can_intercept`: this seat may `intercept S` now.
- `totals`, `last_scores` (the previous round's scores, None in round 1), `target`, `options`,
  `finished`, `winners`.

Event kinds (`Event.kind`; `data` is public, `secret` goes only to `private_to`)
-------------------------------------------------------------------------------
- `round_started` {round, first, draw_count}.
- `cards_dealt` seat=p {slots: [0, 1, 2, 3]}: four face-down cards.
- `first_look` seat=p {slots: [2, 3]} secret {cards: [c2, c3]} private_to p.
- `turn_started` seat=p {last_turn: bool}.
- `drawn` seat=p {source: deck|discard, card (from the discard pile only)} secret {card} private_to p
  (from the draw pile only). A card key is in `data` only when it is public.
- `kept` seat=p {slot, source, card (drawn from the discard pile only), discarded: the card that left
  the slot, face up, or None (a keep into an empty slot)} secret {card} private_to p (from the deck).
- `discarded` seat=p {card, steps: [...]}: the drawn card onto the pile; `steps` it triggers.
- `peeked` seat=p {target: owner seat, slot} secret {card} private_to p.
- `swapped` seat=p {a: [seat, slot], b: [seat, slot]}.
- `step_skipped` seat=p {step, reason}: an action step with no target when it was due (A-9).
- `intercepted` seat=p {slot, card, top, success, penalty_slot: int | None}: `card` was shown to
  everyone; on failure it went back and an unseen penalty card went to `penalty_slot` (A-13).
- `reshuffled` {count}: the discard pile less its top card became the draw pile (A-11).
- `tamoul_called` seat=p {order: 1 for the first caller, …}.
- `turn_ended` seat=p {}.
- `cards_revealed` {slots: per seat 8 ids or None, sums, callers}.
- `round_ended` {round, score, totals} and `game_ended` {winners, totals} (shared with every game).
`TamoulState.opening_events()` returns the current round's `round_started`, `cards_dealt` and
`first_look` events.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

Watch = tuple[int, int, int]
"""(seat, seen_at, swaps): a seat that saw a slot's card at step `seen_at`; `swaps` moved it since."""


@dataclass(frozen=True)
class SlotView:
    """An occupied slot as a seat knows it: the face if it has seen the card, and who has seen it."""

    card: str | None
    watchers: tuple[Watch, ...]

    def watch_of(self, seat: int | None) -> Watch | None:
        for watch in self.watchers:
            if watch[0] == seat:
                return watch
        return None

    def known_by(self, seat: int) -> bool:
        return any(w[0] == seat for w in self.watchers)


@dataclass(frozen=True)
class TamoulView:
    seat: int | None
    names: tuple[str, ...]
    round_index: int
    step: int
    first: int
    turn: int | None
    phase: str
    reshuffle_due: bool
    pending: tuple[str, ...]
    holder: int | None
    drawn_from: str | None
    drawn: str | None
    board: tuple[tuple[SlotView | None, ...], ...]
    discard: tuple[str, ...]
    draw_count: int
    callers: tuple[int, ...]
    frozen: tuple[int, ...]
    to_play: tuple[int, ...]
    attempts: tuple[int, ...]
    can_intercept: bool
    totals: tuple[int, ...]
    last_scores: tuple[int, ...] | None
    target: int
    options: Mapping[str, Any]
    finished: bool
    winners: tuple[int, ...]

    @property
    def top(self) -> str | None:
        """The top card of the discard pile (None when empty)."""
        return self.discard[-1] if self.discard else None

    def my_slots(self) -> tuple[SlotView | None, ...]:
        return self.board[self.seat] if self.seat is not None else ()
