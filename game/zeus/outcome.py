"""What playing one card does (Z-4..Z-7, Z-11, Z-12), as a pure function of public facts.

The engine uses it to carry out plays; the AI uses the same function on its view to look ahead, so
both always agree on the rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.zeus.deck import MOUNT_OLYMPUS_TOP, CardDef
from game.zeus.powers import apply_power


@dataclass(frozen=True)
class PlayOutcome:
    total: int  # Mount Olympus afterwards
    steal_reason: str | None  # "sneak", "match", "god", "multiple_of_ten", or None
    skips_next: bool  # Athena
    match: bool  # a number equal to an opponent's number card on top (Z-6, Z-7)
    wins_round: str | None  # "hundred" or "match_past_hundred" when the play ends the round
    legal_total: bool  # the total stays within 100 (Z-7), or the card is a match

    @property
    def steals(self) -> bool:
        return self.steal_reason is not None


PlayEffect = tuple[int, "str | None", "str | None", bool]
"""What the engine needs of a `PlayOutcome`, as a plain tuple it unpacks in one step:
(total, steal_reason, wins_round, skips_next)."""


def play_effect(outcome: PlayOutcome) -> PlayEffect:
    return outcome.total, outcome.steal_reason, outcome.wins_round, outcome.skips_next


def play_outcome(card: CardDef, total: int, top_number: int | None, top_number_seat: int | None,
                 seat: int, *, sneak: bool = False) -> PlayOutcome:
    """The effect of `seat` playing `card` on `total` (whether it is legal to play it now aside)."""
    match = card.is_number and top_number is not None and card.value == top_number and top_number_seat != seat
    return outcome_of(card, total, match, sneak)


def outcome_of(card: CardDef, total: int, match: bool, sneak: bool) -> PlayOutcome:
    """`play_outcome` once the match is known: all it depends on, so the engine can keep the results."""
    skips_next = False
    if card.is_number:
        after = total + (card.value or 0)
    else:
        assert card.power is not None
        effect = apply_power(card.power, total)
        after, skips_next = effect.total, effect.skips_next
    if sneak:
        reason: str | None = "sneak"
    elif match:
        reason = "match"
    elif card.steals:
        reason = "god"
    elif after != total and after % 10 == 0 and after > 0:
        reason = "multiple_of_ten"
    else:
        reason = None
    wins = None
    if (after == MOUNT_OLYMPUS_TOP and not sneak) or (after >= MOUNT_OLYMPUS_TOP and (match or sneak)):
        wins = "hundred" if after == MOUNT_OLYMPUS_TOP else "match_past_hundred"
    return PlayOutcome(after, reason, skips_next, match, wins, after <= MOUNT_OLYMPUS_TOP or match or sneak)
