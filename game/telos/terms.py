"""Télos's game terms that come from its content file (assets/decks/telos.yaml), said in the player's
language: the Zeus cards' names and powers and the sets' colours. They are data, so no extractor can
read them from the source; the catalog tool reads `content_terms()` to put them in the catalog.
A Zeus card's name has no context: the setup screen offers the same names (Dutch: Mier, Zwaan,
Witte Stier, Koekoek, Adelaar, Slang, as in the Dutch rules), so one entry serves both.
"""
from __future__ import annotations

from game.core.messages import Message, term

ZEUS_POWER = "Télos: what a Zeus card does (advanced rules)"
SET_COLOUR = "Télos: a set's colour, as in 'the Olive set'"


def zeus_card_name(name: str) -> Message:
    """A Zeus card's name ("Serpent"), as a term the UI translates."""
    return term(name)


def zeus_card_power(text: str) -> Message:
    """A Zeus card's power as the content file words it."""
    return term(text, ZEUS_POWER)


def set_colour(colour: str) -> Message:
    """A set's colour name ("Aegean Blue")."""
    return term(colour, SET_COLOUR)


def content_terms() -> list[Message]:
    """Every Zeus card's name and power and every set's colour of the shipped content, for the catalog."""
    from game.telos import load_game

    content = load_game().content
    return ([zeus_card_name(card.name) for card in content.zeus_cards.values()]
            + [zeus_card_power(card.text) for card in content.zeus_cards.values()]
            + [set_colour(god_set.colour) for god_set in content.sets.values()])
