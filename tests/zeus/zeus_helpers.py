"""Building Zeus tables for tests: chosen hands and draw pile, the rest of the deck below them."""
from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any, Sequence

from game.core.engine import SeatInfo
from game.zeus import ZeusGame, ZeusState, load_game

GAME: ZeusGame = load_game()
NAMES = ("Zoe", "Ann", "Bob", "Cid", "Dee")  # Zoe (seat 0) plays first, so the last seat deals


def deal(hands: Sequence[Sequence[str]], draw_top: Sequence[str] = (), *, dealer: int | None = None
         ) -> dict[str, Any]:
    """A setup with these hands and these cards on top of the draw pile; the rest of the deck follows
    in deck order."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    rest = Counter(GAME.deck.full_deck()) - Counter(c for h in hands for c in h) - Counter(draw_top)
    pile = list(draw_top) + sorted(rest.elements(), key=GAME.deck.rank)
    return {"dealer": dealer, "first": (dealer + 1) % n, "hands": [list(h) for h in hands], "draw_pile": pile}


def table(hands: Sequence[Sequence[str]], draw_top: Sequence[str] = (), *, names: Sequence[str] | None = None,
          sneak: bool = True, manual_draw: bool = False, seed: int = 7) -> ZeusState:
    """A game whose first round is dealt exactly as given (seat 0 plays first with the default names)."""
    names = NAMES[: len(hands)] if names is None else names
    seats = [SeatInfo(name) for name in names]
    setup = deal(hands, draw_top)
    return GAME.new_state(seats, {"sneak": sneak, "manual_draw": manual_draw}, seed, setups=[setup])


def at(state: ZeusState, **changes: Any) -> ZeusState:
    """The same game with some of its position changed (`total=90`, `zeus_holder=2`, `totals=[3, 2]`):
    keys of the position itself or of its `now`, built again through `GAME.from_position`."""
    position = state.position()
    for key, value in changes.items():
        (position if key in position else position["now"])[key] = value
    return GAME.from_position(position)


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]


def first_of(events: Sequence[Any], kind: str) -> Any:
    return next(e for e in events if e.kind == kind)


def card_count(state: ZeusState) -> Counter[str]:
    """Every card in hands, on Mount Olympus and in the draw pile (Zeus removes no card from play)."""
    return Counter(chain(chain.from_iterable(state.hands), (c for c, _ in state.pile), state.draw_pile))
