"""What one seat may know of a Télos game (`TelosState.view(seat)`), and the events the engine emits.

The table and the AI read only `TelosView`: it never shows another seat's hand, the blind cards or the
undealt cards. A spectator (`seat=None`) sees the public part only.

TelosView fields
----------------
- `seat` (int | None), `names` (seat names).
- `hand`: this seat's cards in canonical order (God cards by value then set, Zeus cards last); () for a spectator.
- `hand_sizes`: cards held per seat (always equal between tricks, T-5).
- `playable`: this seat's cards that can be part of a legal play now (equal-valued God cards count
  alike, see plays.py); () when it is not this seat's turn.
- `trick`: the current trick's plays in order, each a `TrickPlay(seat, cards, values)`; `values` are the
  cards' values as played (Zeus cards at their T-11 value, 0 when led alone, 20 in the last trick).
- `trick_order`: the seats in the order they play this trick (leader first).
- `line`: the table line (T-10), ascending; () before the lead. `k`: cards per play this trick (0 before the lead).
- `leader`, `turn` (None when the game is over), `direction` (+1 clockwise, -1 counter-clockwise; the
  direction for the next trick: a Swan played in this trick has already turned it).
- `first_trick`, `last_trick` (T-6), `trick_number` (0-based within the round).
- `serpent_ban`: no multiple leads for the rest of this round (T-8).
- `max_lead`: the most cards this seat could lead now if it held them (1 when no multiple lead is allowed).
- `played_this_round`: the cards of this round's completed tricks (public). `previous_trick`,
  `previous_winner`: the last completed trick of this round, for the table to show.
- `score_cards` (per seat, the cards set aside as points), `totals` (points), `losing_total` (32).
- `zeus_cards`: the Zeus card ids in this game; `powers` ("basic"/"advanced"); `divine_trick` (bool);
  `divine_available` (this seat may still swap with its blind card this round); `divine_used` (per seat).
- `round_index`, `dealer`, `hand_size` (cards dealt per seat this round), `options`.
- `finished`, `winners`, `loser` (None until the game ends).

Event kinds (`Event.kind`; `data` is public, `secret` goes only to `private_to`)
-------------------------------------------------------------------------------
- `round_started` {round, dealer, direction, hand_size, first_leader, blind: bool}.
- `cards_dealt` seat=s {count, blind: bool} secret {cards} private_to s (the blind card is dealt face
  down and secret to nobody, so it is not in `secret`).
- `divine_swap` seat=s {} secret {gave, got} private_to s: s put `gave` face down and took the blind card `got`.
- `cards_played` seat=s {cards, values, line, k, lead: bool, last_trick: bool}: `values` in the order of
  `cards`; `line` is the table line after this play.
- `direction_changed` seat=s {direction, card}: a Swan; takes effect from the next trick.
- `serpent_ban` seat=s {card}: no multiple leads for the rest of the round.
- `trick_won` seat=winner {winner, next_leader, reason: "winner"|"eagle"|"cuckoo", cards, winning_card,
  value, last_trick}: `cards` are all cards of the trick in play order.
- `round_scored` seat=s {seat, card, points, total, round}: s set `card` aside as a score card.
- `game_over` {loser, winners}.
`TelosState.opening_events()` returns the current round's `round_started` and `cards_dealt` events, so a
table can animate the first deal (later deals come back from `apply`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple


class TrickPlay(NamedTuple):
    """One seat's play in a trick: its cards and the value each counted for. An immutable named
    tuple rather than a frozen dataclass: the engine makes one for every card played, and a frozen
    dataclass sets each field through a slow call."""

    seat: int
    cards: tuple[str, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class TelosView:
    seat: int | None
    names: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    playable: tuple[str, ...]
    trick: tuple[TrickPlay, ...]
    trick_order: tuple[int, ...]
    line: tuple[int, ...]
    k: int
    leader: int
    turn: int | None
    direction: int
    first_trick: bool
    last_trick: bool
    trick_number: int
    serpent_ban: bool
    max_lead: int
    played_this_round: tuple[str, ...]
    previous_trick: tuple[TrickPlay, ...]
    previous_winner: int | None
    score_cards: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    losing_total: int
    zeus_cards: tuple[str, ...]
    powers: str
    divine_trick: bool
    divine_available: bool
    divine_used: tuple[bool, ...]
    round_index: int
    dealer: int
    hand_size: int
    options: Mapping[str, Any]
    finished: bool
    winners: tuple[int, ...]
    loser: int | None
