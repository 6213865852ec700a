"""Choosing several cards for one play (a pair of 9s, three 6s and a Zeus card…) from `legal_actions` only.

A table that lets a player pick a set card by card needs two answers while the player clicks: is the
set chosen so far a legal play by itself, and which other hand cards could still join it on the way
to a legal play (to light those and dim the rest). Both come from the legal plays the engine lists.

Cards that the rules treat alike (in Télos, God cards of one value) are compared by a `key` the table
gives, so a listing that names one 9 stands for every 9 in the hand; cards that differ (a Zeus card)
keep a key of their own. The table still sends the cards the player actually chose.

`SetChooser` caches the answer per (position, selection), so asking every frame costs nothing.
The clicking itself (toggle a card in or out, Space on the focused card, dragging the whole
selection as one) is DragController's `multi_select` mode (scenes/table/drag.py).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

from scenes.ui import theme

if TYPE_CHECKING:
    from scenes.table.sprites import CardSprite


@dataclass(frozen=True)
class SelectionHelp:
    """What the current selection allows: play it now, and which other cards could still join it."""

    complete: bool
    can_join: frozenset[str] = field(default_factory=frozenset)


def selection_help(legal_sets: Iterable[Counter], selected: Sequence[str], hand: Sequence[str],
                   key: Callable[[str], Hashable]) -> SelectionHelp:
    """Is `selected` one of `legal_sets` (multisets of keys), and which `hand` cards keep it on the way to one?"""
    chosen = Counter(key(card) for card in selected)
    fitting = [legal for legal in legal_sets if all(legal[k] >= n for k, n in chosen.items())]
    complete = any(legal == chosen for legal in fitting)
    join = set()
    for card in hand:
        if card in selected:
            continue
        bigger = chosen.copy()
        bigger[key(card)] += 1
        if any(all(legal[k] >= n for k, n in bigger.items()) for legal in fitting):
            join.add(card)
    return SelectionHelp(complete, frozenset(join))


class SetChooser:
    """The legal plays of one position as multisets of keys, and `help(selected, hand)` cached per selection.

    `legal_sets()` is called only when `position` (any hashable: the table's action count and seat)
    changes, so a table may ask for help every frame.
    """

    def __init__(self, key: Callable[[str], Hashable], legal_sets: Callable[[], Iterable[Sequence[str]]]) -> None:
        self.key = key
        self._legal_sets = legal_sets
        self._position: Hashable = None
        self._sets: list[Counter] = []
        self._help: dict[tuple, SelectionHelp] = {}

    def at(self, position: Hashable) -> "SetChooser":
        """Use the legal plays of `position`; a new position forgets the old answers."""
        if position != self._position or self._position is None:
            self._position = position
            self._sets = [Counter(self.key(card) for card in cards) for cards in self._legal_sets()]
            self._help = {}
        return self

    def forget(self) -> None:
        """Read the legal plays again at the next question (the position changed under the same name)."""
        self._position = None
        self._help = {}

    def help(self, selected: Sequence[str], hand: Sequence[str]) -> SelectionHelp:
        cache_key = (tuple(sorted(selected)), tuple(hand))
        answer = self._help.get(cache_key)
        if answer is None:
            if len(self._help) > 256:
                self._help.clear()
            answer = selection_help(self._sets, selected, hand, self.key)
            self._help[cache_key] = answer
        return answer


DIM_ALPHA = 115                 # hand cards that cannot be part of a legal play now


def light_hand(sprites: Sequence["CardSprite"], held: Sequence["CardSprite"], selected: Sequence["CardSprite"],
               focused: "CardSprite | None", help_: SelectionHelp | None) -> None:
    """The legal ones lit: cards that can still join a legal play glow, the others dim (`help_` None: the
    player may not act, so nothing is lit or dimmed). A chosen card wears a ring (cream; green once the set
    is playable), so it never looks like a card only lifted under the pointer; the focus is gold."""
    if help_ is None:
        for sprite in sprites:
            if sprite not in held:
                sprite.alpha = 255.0
            sprite.glow = None
        return
    for sprite in sprites:
        chosen = sprite in selected
        can_join = sprite.card_id in help_.can_join
        sprite.alpha = 255.0 if chosen or can_join else float(DIM_ALPHA)
        if sprite is focused:
            sprite.glow = theme.GOLD
        elif chosen:
            sprite.glow = theme.LEGAL_GLOW if help_.complete else theme.CREAM
        elif selected and can_join:
            sprite.glow = theme.LEGAL_GLOW
        else:
            sprite.glow = None
