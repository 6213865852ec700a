"""The Zeus deck as data: zeus.yaml validated into frozen card definitions.

A broken file raises ContentError naming the file, the key, the line and what was expected, so the
program can say which game it cannot offer and why.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import reduce
from operator import or_
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from game.core.actions import Action
from game.core.content import Node, load_yaml, parse_yaml
from game.core.messages import Message, msg
from game.core.powers import PowerSpec
from game.zeus.powers import ZEUS_POWERS, apply_power
from game.zeus.terms import god_effect

HAND_SIZE = 4
MAX_PLAYERS = 5
MOUNT_OLYMPUS_TOP = 100

# Ranges a power's numbers must keep, so no god can lift the total past 100 or below 0.
PARAM_BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("set_total", "value"): (0, MOUNT_OLYMPUS_TOP),
    ("subtract", "amount"): (1, MOUNT_OLYMPUS_TOP),
    ("subtract", "floor"): (0, MOUNT_OLYMPUS_TOP),
}


@dataclass(frozen=True)
class CardDef:
    """One kind of card: a number (value 1..10) or a god (name, power, whether it steals Zeus)."""

    id: str
    kind: str  # "number" or "god"
    count: int
    effect: Message
    value: int | None = None
    god: str | None = None
    steals: bool = False
    power: PowerSpec | None = None

    @property
    def is_number(self) -> bool:
        return self.kind == "number"


@dataclass(frozen=True)
class ZeusDeck:
    """Every card kind, in a stable order (numbers low to high, then gods as the file lists them).

    Also made once per deck, for the engine's hot path: `values` (card id -> number value, None for a
    god), `counts` (how many of each card, as a Counter: never change it), `effect_cache` and
    `plain_effects` (what a play does, by card, total, match and sneak, as `outcome.play_effect` gives
    it; see ZeusState), and card
    kinds as bits: `bit`, `number_bits`, `fits_mask` and `plays_by_mask`."""

    cards: Mapping[str, CardDef]
    order: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))
        object.__setattr__(self, "_god_totals", {})  # (god, total) -> total after: a pure cache
        object.__setattr__(self, "_ranks", {card_id: i for i, card_id in enumerate(self.order)})
        object.__setattr__(self, "values", MappingProxyType({c: d.value for c, d in self.cards.items()}))
        # (card, total, match, sneak) -> `outcome.play_effect`: a pure cache the engine fills as it plays
        object.__setattr__(self, "effect_cache", {})
        # card -> total (0..100) -> the same for a plain play (no match, no sneak): most plays, looked
        # up without a key to build; a pure cache the engine fills as it plays
        object.__setattr__(self, "plain_effects", {c: [None] * (MOUNT_OLYMPUS_TOP + 1) for c in self.order})
        object.__setattr__(self, "_full_deck", tuple(c for c in self.order for _ in range(self.cards[c].count)))
        object.__setattr__(self, "counts", Counter({c: self.cards[c].count for c in self.order}))
        # Card kinds as bits (bit i: `order[i]`), so "which kinds does this hand hold that fit" is one
        # `&` in the engine's hot path: `bit` per card id, `number_bits` per number value.
        # Plain dicts (a read-only mapping answers more slowly): never change them.
        object.__setattr__(self, "bit", {c: 1 << i for i, c in enumerate(self.order)})
        object.__setattr__(self, "without", {c: ~(1 << i) for i, c in enumerate(self.order)})  # `& without[c]` drops c
        kinds = [self.cards[c] for c in self.order]
        object.__setattr__(self, "number_bits", {d.value: 1 << i for i, d in enumerate(kinds) if d.value is not None})
        # card id -> its number value, None for a god, as `values`, for the hot path
        object.__setattr__(self, "value_of", {c: d.value for c, d in self.cards.items()})
        # total -> the kinds a turn may play on it without a match (Z-7), for every total a round can
        # show before its end (0..100); `fits_mask` works out any other total.
        fits = tuple(self._fitting(t) for t in range(MOUNT_OLYMPUS_TOP + 1))
        object.__setattr__(self, "fits_by_total", fits)
        # number on top (None: a god) -> total -> the kinds the turn seat may play: those that fit, and on
        # a number the same number (Z-7's match, when someone else played the top card, as it is right
        # after a play: the turn has passed on)
        fits_on_top: dict[int | None, tuple[int, ...]] = {None: fits}
        for value, bit in self.number_bits.items():  # type: ignore[attr-defined]
            fits_on_top[value] = tuple(mask | bit for mask in fits)
        object.__setattr__(self, "fits_on_top", fits_on_top)
        # mask of kinds -> their `play` actions in deck order: a pure cache `plays_of` fills
        object.__setattr__(self, "plays_by_mask", {})
        # record text -> (action, card id, number value or None, whether a sneak) for every `play` and
        # `sneak` the deck allows, as the program writes them: how a replay reads most entries at once
        moves = {f"play {c}": (action_for("play", c), c, d.value, False) for c, d in self.cards.items()}
        moves.update({f"sneak {c}": (action_for("sneak", c), c, d.value, True)
                      for c, d in self.cards.items() if d.value is not None})
        object.__setattr__(self, "replay_moves", moves)

    def _fitting(self, total: int) -> int:
        """The kinds whose play keeps Mount Olympus within 100 from `total` (Z-7, a match aside)."""
        mask = 0
        for i, card_id in enumerate(self.order):
            value = self.cards[card_id].value
            after = total + value if value is not None else self.god_total(card_id, total)
            if after <= MOUNT_OLYMPUS_TOP:
                mask |= 1 << i
        return mask

    def fits_mask(self, total: int) -> int:
        """The kinds a turn may play on `total` without a match (Z-7), as bits of `order`."""
        fits: tuple[int, ...] = self.fits_by_total  # type: ignore[attr-defined]
        return fits[total] if 0 <= total < len(fits) else self._fitting(total)

    def plays_of(self, mask: int) -> list[Action]:
        """The `play` actions of the kinds in `mask`, in deck order: one shared list per mask (kept in
        `plays_by_mask`, which the engine reads first), so never change it."""
        plays = self.plays_by_mask.get(mask)  # type: ignore[attr-defined]
        if plays is None:
            plays = self.plays_by_mask[mask] = [  # type: ignore[attr-defined]
                action_for("play", card) for card in self.order if self.bit[card] & mask]  # type: ignore[attr-defined]
        return plays

    def mask_of(self, cards: "list[str] | tuple[str, ...]") -> int:
        """The kinds among `cards`, as bits of `order`."""
        return reduce(or_, map(self.bit.__getitem__, cards), 0)  # type: ignore[attr-defined]

    def god_total(self, card_id: str, total: int) -> int:
        """Mount Olympus after this god card is played on `total` (cached: legality checks ask often)."""
        key = (card_id, total)
        cache: dict[tuple[str, int], int] = self._god_totals  # type: ignore[attr-defined]
        if key not in cache:
            power = self.cards[card_id].power
            assert power is not None
            cache[key] = apply_power(power, total).total
        return cache[key]

    def __deepcopy__(self, memo: dict[int, Any]) -> "ZeusDeck":
        return self  # immutable: states share it when cloned

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards.values())

    def full_deck(self) -> list[str]:
        """Every physical card id, before shuffling."""
        return list(self._full_deck)  # type: ignore[attr-defined]

    def card_counts(self) -> Mapping[str, int]:
        """How many of each card the deck holds (what a deal or a position must hold in all)."""
        return {card_id: self.cards[card_id].count for card_id in self.order}

    def rank(self, card_id: str) -> int:
        """The card's place in `order` (numbers low to high, then the gods)."""
        return self._ranks[card_id]  # type: ignore[attr-defined]


_ACTIONS: dict[tuple[str, str], Action] = {}


def action_for(verb: str, card: str) -> Action:
    """Shared immutable action values (`play 7`, `sneak 8`): legal-action lists are built very often
    in self-play, and the engine recognises a listed action by identity."""
    key = (verb, card)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action.of(verb, card)
    return action


def number_effect(value: int) -> Message:
    return msg("Add {value} to Mount Olympus.", value=value)


def load_deck(path: Path | str) -> ZeusDeck:
    return read_deck(load_yaml(path))


def parse_deck(text: str, name: str = "zeus.yaml") -> ZeusDeck:
    return read_deck(parse_yaml(text, name))


def read_deck(root: Node) -> ZeusDeck:
    root.check_keys({"total_cards", "numbers", "gods"})
    cards: dict[str, CardDef] = {}

    numbers = root.get("numbers")
    numbers.check_keys({"lowest", "highest", "copies"})
    lowest = numbers.get("lowest").expect_int(minimum=1)
    highest_node = numbers.get("highest")
    highest = highest_node.expect_int(minimum=lowest, maximum=99)
    copies = numbers.get("copies").expect_int(minimum=1, maximum=20)
    for value in range(lowest, highest + 1):
        cards[str(value)] = CardDef(str(value), "number", copies, number_effect(value), value=value)

    gods_node = root.get("gods")
    for god in gods_node.expect_list(min_length=1):
        god.check_keys({"name", "count", "steals_zeus", "power", "effect"})
        name_node = god.get("name")
        name = name_node.expect_str()
        if not name.isalpha():
            raise name_node.fail("a god's name in letters only (it is the card id in records)", name)
        if name.casefold() in {c.casefold() for c in cards}:
            raise name_node.fail("a name used by no other card", name)
        count = god.get("count").expect_int(minimum=1, maximum=20)
        steals = god.get("steals_zeus").expect_bool()
        power_node = god.get("power")
        power = ZEUS_POWERS.read(power_node)
        for (type_name, param), (low, high) in PARAM_BOUNDS.items():
            if power.type == type_name:
                power_node.get("params").get(param).expect_int(minimum=low, maximum=high)
        effect = god_effect(god.get("effect").expect_str())
        cards[name] = CardDef(name, "god", count, effect, god=name, steals=steals, power=power)

    deck = ZeusDeck(cards, tuple(cards))
    total_node = root.get("total_cards")
    declared = total_node.expect_int(minimum=HAND_SIZE * MAX_PLAYERS + 1)
    if declared != deck.size:
        raise total_node.fail(f"the number of cards the file lists ({deck.size})", declared)
    return deck
