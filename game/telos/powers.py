"""What each Zeus card does, chosen by the `type` named in assets/decks/telos.yaml.

A power type is a small factory: it reads its validated parameters and returns a `ZeusBehaviour`,
a frozen record of the hooks the engine consults (may it free a follow, join a lead, reverse the
direction, choose the next leader, ban multiple leads). The engine never looks at a card's name or
id to decide a rule, so a player can rename or re-theme a Zeus card in YAML alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.core.messages import Message, msg
from game.core.powers import PowerRegistry

REGISTRY = PowerRegistry("telos")


@dataclass(frozen=True)
class ZeusBehaviour:
    """The hooks of one Zeus card. The default (no hook set) is a Zeus card in the basic rules."""

    free_follow_from: int | None = None   # Ant: in a trick of at least this many cards, any k-1 others may join it
    joins_multiple_lead: bool = False     # White Bull: one more card of the led value in a multiple lead
    reverses_direction: bool = False      # Swan: play turns the other way from the next trick on
    next_leader: str | None = None        # "player" (Eagle) or "lowest" (Cuckoo)
    bans_multiple_leads: bool = False     # Serpent: no multiple leads for the rest of the round


PLAIN = ZeusBehaviour()


class BadParameter(ValueError):
    """A parameter of the right kind but an unusable value; the loader turns it into a ContentError."""

    def __init__(self, name: str, expected: Message) -> None:
        self.name = name
        self.expected = expected
        super().__init__(msg("{name}: expected {expected}", name=name, expected=expected))


@REGISTRY.register("free_follow", {"min_trick_cards": "int"})
def free_follow(params: Mapping[str, Any]) -> ZeusBehaviour:
    minimum = params["min_trick_cards"]
    if minimum < 2:
        raise BadParameter("min_trick_cards", msg("a whole number ≥ 2 (a one-card trick has no other cards)"))
    return ZeusBehaviour(free_follow_from=minimum)


@REGISTRY.register("reverse_direction")
def reverse_direction(params: Mapping[str, Any]) -> ZeusBehaviour:
    return ZeusBehaviour(reverses_direction=True)


@REGISTRY.register("join_multiple_lead")
def join_multiple_lead(params: Mapping[str, Any]) -> ZeusBehaviour:
    return ZeusBehaviour(joins_multiple_lead=True)


@REGISTRY.register("lowest_leads_next")
def lowest_leads_next(params: Mapping[str, Any]) -> ZeusBehaviour:
    return ZeusBehaviour(next_leader="lowest")


@REGISTRY.register("player_leads_next")
def player_leads_next(params: Mapping[str, Any]) -> ZeusBehaviour:
    return ZeusBehaviour(next_leader="player")


@REGISTRY.register("ban_multiple_leads")
def ban_multiple_leads(params: Mapping[str, Any]) -> ZeusBehaviour:
    return ZeusBehaviour(bans_multiple_leads=True)
