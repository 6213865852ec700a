"""A game's real card faces away from its table: the rules screen draws its worked examples with them.

Each game paints its faces in its own module (scenes/telos_art.py, scenes/zeus_art.py); this module
only knows which painter belongs to which game id, and which card ids that game's deck holds, so a
rules text naming a card the deck does not have can be caught and shown, not drawn as a wrong face.
The renderer is the table kit's cached CardArt, built the way the tables build theirs.
"""
from __future__ import annotations

from typing import Callable

from game.core.engine import Game
from scenes.table.card_art import CardArt


def _telos_art(game: Game) -> CardArt:
    from scenes.telos_art import TelosFaces

    # The plain kit renderer, not the table's SnappingCardArt: rules cards never move, so every
    # width is drawn exactly.
    faces = TelosFaces(game.content)  # type: ignore[attr-defined]
    return CardArt(faces.paint, border_for=faces.border_for)


def _telos_ids(game: Game) -> frozenset[str]:
    content = game.content  # type: ignore[attr-defined]
    every_count = max(content.players)
    return frozenset(content.god_cards(every_count)) | frozenset(content.zeus_ids)


def _zeus_art(game: Game) -> CardArt:
    from scenes.zeus_art import zeus_card_art

    return zeus_card_art(game.cards)  # type: ignore[attr-defined]


def _zeus_ids(game: Game) -> frozenset[str]:
    return frozenset(game.cards)  # type: ignore[attr-defined]


FACES: dict[str, tuple[Callable[[Game], CardArt], Callable[[Game], frozenset[str]]]] = {
    "telos": (_telos_art, _telos_ids),
    "zeus": (_zeus_art, _zeus_ids),
}


def _faces(game_id: str) -> tuple[Callable[[Game], CardArt], Callable[[Game], frozenset[str]]]:
    try:
        return FACES[game_id]
    except KeyError:
        raise LookupError(f"there are no card faces for the game {game_id!r}") from None


def _loaded(game_id: str, game: Game | None) -> Game:
    if game is not None:
        return game
    from game.catalog import load_game

    return load_game(game_id)   # ContentError when its deck file is damaged


def card_art_for(game_id: str, game: Game | None = None) -> CardArt:
    """The kit's cached card renderer with `game_id`'s own face painter (LookupError: no faces known).

    `game` is the loaded game when the caller has it (the app's catalog); otherwise it is loaded here.
    """
    build_art, _ = _faces(game_id)
    return build_art(_loaded(game_id, game))


def deck_card_ids(game_id: str, game: Game | None = None) -> frozenset[str]:
    """Every card id `game_id`'s deck can hold (all sets, all Zeus cards), to check names against."""
    _, list_ids = _faces(game_id)
    return list_ids(_loaded(game_id, game))
