"""A game's real card faces away from its table: the rules screen draws its worked examples with them.

Each game's manifest names a function `(game) -> (CardArt, frozenset of card ids)` as its
`card_faces`: the kit's cached renderer with the game's own painter, and every card id its deck can
hold, so a rules text naming a card the deck does not have can be caught and shown, not drawn as a
wrong face. Each game keeps its function beside its painter (`scenes/<game>/art.py`).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from game.core import manifest as manifests
from game.core.engine import Game
from game.core.manifest import ManifestError
from scenes.table.card_art import CardArt


class CardFaces(NamedTuple):
    art: CardArt
    card_ids: frozenset[str]


def _faces_function(game_id: str) -> Callable[[Game], tuple[CardArt, frozenset[str]]]:
    found = manifests.registry().get(game_id)
    if found is None or found.card_faces is None:
        raise LookupError(f"there are no card faces for the game {game_id!r}")
    return manifests.resolve(game_id, found.card_faces)


def card_faces(game_id: str, game: Game | None = None) -> CardFaces:
    """`game_id`'s card renderer and deck ids (LookupError: no faces known; ManifestError: a bad reference).

    `game` is the loaded game when the caller has it (the app's catalog); otherwise it is loaded here
    (ContentError when its deck file is damaged).
    """
    make = _faces_function(game_id)
    if game is None:
        from game.catalog import load_game

        game = load_game(game_id)
    art, ids = make(game)
    if not isinstance(art, CardArt):
        raise ManifestError(f"the card faces of {game_id} gave {type(art).__name__}, not a CardArt")
    return CardFaces(art, frozenset(ids))


def card_art_for(game_id: str, game: Game | None = None) -> CardArt:
    """The kit's cached card renderer with `game_id`'s own face painter."""
    return card_faces(game_id, game).art


def deck_card_ids(game_id: str, game: Game | None = None) -> frozenset[str]:
    """Every card id `game_id`'s deck can hold (all sets, all Zeus cards), to check names against."""
    return card_faces(game_id, game).card_ids
