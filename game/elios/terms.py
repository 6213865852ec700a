"""Elios's game terms that come from its content file (assets/decks/elios.yaml), said in the player's
language: the colours of the beams. The engine's sentences name a colour in two ways, which Dutch
writes differently ("een rode straal", but "twee keer rood"), so each colour is a term twice: before
a noun and on its own. The catalog tool reads `content_terms()` to put them in the catalog.
"""
from __future__ import annotations

from game.core.messages import Message, msg, term
from game.elios.content import EliosContent

BEFORE_A_NOUN = "Elios: a colour before a noun, as in 'a red beam', 'the red stack'"
ON_ITS_OWN = "Elios: a colour on its own, as in 'red twice', 'not grouped: red, blue'"
JOKER = msg("joker")


def colour_before_noun(content: EliosContent, letter: str) -> Message:
    """"red" in "a red beam" (Dutch: "rode")."""
    return term(content.colour(letter).name.lower(), BEFORE_A_NOUN)


def colour_on_its_own(content: EliosContent, letter: str) -> Message:
    """"red" in "group 0 has red twice" (Dutch: "rood"); the joker is "joker"."""
    if letter == content.joker.id:
        return JOKER
    return term(content.colour(letter).name.lower(), ON_ITS_OWN)


def content_terms() -> list[Message]:
    """Every colour term of the shipped content, for the catalog."""
    from game.elios import load_game

    content = load_game().content
    return [make(content, colour.id) for colour in content.colours for make in (colour_before_noun, colour_on_its_own)]
