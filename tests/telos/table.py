"""Test helpers: set up a Télos table in a chosen position, the way a rules example describes it."""
from __future__ import annotations

from typing import Any, Sequence

from game.core.engine import SeatInfo
from game.telos import load_game
from game.telos.game import TelosGame
from game.telos.state import TelosState

GAME: TelosGame = load_game()
NAMES = ("Sietse", "Vicky", "Irene", "Arnold", "Elpis", "Felix")


def new_game(players: int = 4, seed: int = 1, **options: Any) -> TelosState:
    seats = [SeatInfo(NAMES[i]) for i in range(players)]
    return GAME.new_state(seats, options, seed)


def arrange(hands: Sequence[Sequence[str]], *, leader: int = 0, trick_number: int = 1, direction: int = 1,
            seed: int = 1, **options: Any) -> TelosState:
    """A state whose current trick starts with these hands (white-box: the deal is replaced).

    `trick_number` 1 means "not the first trick of the round", so multiple leads are allowed.
    """
    options.setdefault("zeus_cards", ["Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent"][:len(hands)])
    state = new_game(len(hands), seed, **options)
    state.hands = [list(h) for h in hands]
    state.direction = direction
    state.trick_number = trick_number
    state._start_trick(leader)
    state._legal_cache.clear()
    return state


def play(state: TelosState, *moves: tuple[int, str]) -> list:
    events = []
    for seat, text in moves:
        events += state.apply(seat, text)
    return events


def texts(state: TelosState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
