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
            seed: int = 1, blind: Sequence[str] | None = None, serpent_ban: bool = False,
            **options: Any) -> TelosState:
    """A state whose current trick starts with these hands, built as a position (`GAME.from_position`).

    `trick_number` 1 means "not the first trick of the round", so multiple leads are allowed. Every
    other card of the deck is undealt, less the blind cards (Divine Trick: the given ones, else the
    first of the rest).
    """
    options.setdefault("zeus_cards", ["Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent"][:len(hands)])
    return rearrange(new_game(len(hands), seed, **options), hands, leader=leader, trick_number=trick_number,
                     direction=direction, blind=blind, serpent_ban=serpent_ban)


def rearrange(state: TelosState, hands: Sequence[Sequence[str]], *, leader: int | None = None,
              trick_number: int | None = None, direction: int | None = None,
              blind: Sequence[str] | None = None, serpent_ban: bool | None = None) -> TelosState:
    """`state` with a new trick starting from these hands (the rest as `arrange` says)."""
    position = state.position()
    now = position["now"]
    n = len(hands)
    held = {c for h in hands for c in h}
    scored = {c for cards in now["scores_before"] for c in cards}
    rest = [c for c in state.deck if c not in held and c not in scored]
    if now["blind"] is not None:
        now["blind"] = list(blind) if blind is not None else rest[:n]
    rest = [c for c in rest if c not in (now["blind"] or ())]
    leader = now["leader"] if leader is None else leader
    direction = now["direction"] if direction is None else direction
    now.update(hands=[list(h) for h in hands], undealt=rest, played_this_round=[], leader=leader,
               direction=direction, trick_order=[(leader + i * direction) % n for i in range(n)],
               plays=[], line=[], k=0, hand_size=len(hands[0]), last_trick=all(len(h) == 1 for h in hands))
    if trick_number is not None:
        now["trick_number"] = trick_number
    if serpent_ban is not None:
        now["serpent_ban"] = serpent_ban
    position["rounds"][-1]["setup"] = {"dealer": now["dealer"], "direction": direction,
                                       "hands": [list(h) for h in hands], "blind": now["blind"],
                                       "scores_before": now["scores_before"]}
    return GAME.from_position(position)


def with_hand(state: TelosState, seat: int, hand: Sequence[str]) -> TelosState:
    """`state` with one hand changed, the cards swapped with the undealt ones (built as a position)."""
    position = state.position()
    now = position["now"]
    old = now["hands"][seat]
    missing = [c for c in hand if c not in old and c not in now["undealt"]]
    assert not missing, f"{missing} are not free to give"
    now["undealt"] = [c for c in now["undealt"] if c not in hand] + [c for c in old if c not in hand]
    now["hands"][seat] = list(hand)
    return GAME.from_position(position)


def play(state: TelosState, *moves: tuple[int, str]) -> list:
    events = []
    for seat, text in moves:
        events += state.apply(seat, text)
    return events


def texts(state: TelosState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
