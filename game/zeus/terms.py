"""Zeus on the Loose's game terms that come from its deck file (assets/decks/zeus.yaml), said in the
player's language: the gods' names and what each god card does. They are data, so no extractor can
read them from the source; the catalog tool reads `content_terms()` to put them in the catalog.
The Dutch rules keep the gods' Greek names; the catalog says so entry by entry.
"""
from __future__ import annotations

from game.core.messages import Message, term

GOD = "Zeus on the Loose: a god's name, on a card and in sentences"
EFFECT = "Zeus on the Loose: what a god card does, as the deck file says it"


def god_name(name: str) -> Message:
    """A god's name ("Hermes"), as a term the table translates."""
    return term(name, GOD)


def god_effect(text: str) -> Message:
    """A god card's effect text from the deck file, as a term the table translates."""
    return term(text, EFFECT)


def content_terms() -> list[Message]:
    """Every god's name and effect of the shipped deck, for the catalog."""
    from game.zeus import load_game

    gods = [card for card in load_game().cards.values() if not card.is_number]
    return [god_name(card.id) for card in gods] + [god_effect(str(card.effect)) for card in gods]
