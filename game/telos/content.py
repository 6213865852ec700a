"""assets/decks/telos.yaml validated into frozen dataclasses (one ContentError per problem).

The deck (sets and values), the sets used per player count, the hand-size and scoring numbers and
the six Zeus cards with their powers are data; the rules engine reads only `TelosContent`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from game.core.content import Node, load_yaml, parse_yaml, player_count_nodes, read_rgb, read_symbol
from game.core.powers import PowerSpec
from game.telos.cards import ZEUS_PREFIX, god_card_id
from game.telos.powers import REGISTRY, BadParameter, ZeusBehaviour

PLAYER_COUNTS = (3, 4, 5, 6)
SET_ID = re.compile(r"^[a-z]$")
ZEUS_ID = re.compile(r"^Z:[a-z_]+$")


@dataclass(frozen=True)
class GodSet:
    """One set of God cards: its own colour and a symbol, so it can be told apart without colour."""

    id: str
    colour: str
    rgb: tuple[int, int, int]
    symbol: str


@dataclass(frozen=True)
class ZeusCard:
    id: str
    name: str
    text: str
    power: PowerSpec
    behaviour: ZeusBehaviour


@dataclass(frozen=True)
class PlayerCountRules:
    sets: tuple[str, ...]
    max_multiple_lead: int | None


@dataclass(frozen=True)
class TelosContent:
    file: str
    lowest: int
    highest: int
    sets: Mapping[str, GodSet]
    players: Mapping[int, PlayerCountRules]
    first_hand_size: int
    minimum_hand_size: int
    zeus_last_trick_value: int
    losing_total: int
    zeus_cards: Mapping[str, ZeusCard]

    def god_cards(self, player_count: int) -> tuple[str, ...]:
        """The God cards in play for this many players, in canonical order."""
        sets = self.players[player_count].sets
        return tuple(god_card_id(v, s) for v in range(self.lowest, self.highest + 1) for s in sets)

    @property
    def zeus_ids(self) -> tuple[str, ...]:
        return tuple(self.zeus_cards)


def load_content(path: Path | str, display_name: str | None = None) -> TelosContent:
    root = load_yaml(path, display_name=display_name)
    return read_content(root)


def parse_content(text: str, name: str = "telos.yaml") -> TelosContent:
    return read_content(parse_yaml(text, name))


def read_content(root: Node) -> TelosContent:
    root.check_keys({"game", "values", "sets", "players", "hands", "scoring", "zeus_cards"})
    root.get("game").expect_str(choices=("telos",))

    values = root.get("values")
    values.check_keys({"lowest", "highest"})
    lowest = values.get("lowest").expect_int(minimum=0, maximum=19)
    highest = values.get("highest").expect_int(minimum=lowest + 1, maximum=19)

    sets: dict[str, GodSet] = {}
    for set_id, node in root.get("sets").items():
        sets[set_id] = _read_set(set_id, node)

    players: dict[int, PlayerCountRules] = {}
    for count, node in player_count_nodes(root, PLAYER_COUNTS, lambda n: f"the sets used with {n} players"):
        players[count] = _read_player_count(node, sets)

    hands = root.get("hands")
    hands.check_keys({"first_round", "minimum"})
    first_hand_size = hands.get("first_round").expect_int(minimum=2, maximum=30)
    minimum_hand_size = hands.get("minimum").expect_int(minimum=2, maximum=30)

    scoring = root.get("scoring")
    scoring.check_keys({"zeus_last_trick_value", "losing_total"})
    zeus_value = scoring.get("zeus_last_trick_value").expect_int(minimum=highest + 1, maximum=99)
    losing_total = scoring.get("losing_total").expect_int(minimum=1, maximum=999)

    zeus_cards: dict[str, ZeusCard] = {}
    for node in root.get("zeus_cards").expect_list(min_length=max(PLAYER_COUNTS)):
        card = _read_zeus_card(node)
        if card.id in zeus_cards:
            raise node.get("id").fail("a Zeus card id used only once (this one is repeated)", card.id)
        zeus_cards[card.id] = card

    return TelosContent(
        file=root.file, lowest=lowest, highest=highest, sets=MappingProxyType(sets),
        players=MappingProxyType(players), first_hand_size=first_hand_size,
        minimum_hand_size=minimum_hand_size, zeus_last_trick_value=zeus_value,
        losing_total=losing_total, zeus_cards=MappingProxyType(zeus_cards),
    )


def _read_set(set_id: str, node: Node) -> GodSet:
    if not SET_ID.match(set_id):
        raise node.fail("a set id of one lower-case letter (a, b, …)", set_id)
    node.check_keys({"colour", "rgb", "symbol"})
    colour = node.get("colour").expect_str()
    return GodSet(set_id, colour, read_rgb(node.get("rgb")), read_symbol(node.get("symbol")))


def _read_player_count(node: Node, sets: Mapping[str, GodSet]) -> PlayerCountRules:
    node.check_keys({"sets", "max_multiple_lead"})
    chosen: list[str] = []
    for element in node.get("sets").expect_list(min_length=1):
        set_id = element.expect_str()
        if set_id not in sets:
            raise element.fail(f"a set defined under 'sets' ({', '.join(sets) or 'none defined'})", set_id)
        if set_id in chosen:
            raise element.fail("each set only once (a set listed twice would duplicate its cards)", set_id)
        chosen.append(set_id)
    cap_node = node.get("max_multiple_lead", required=False)
    cap = None if cap_node.value is None else cap_node.expect_int(minimum=2)
    return PlayerCountRules(tuple(chosen), cap)


def _read_zeus_card(node: Node) -> ZeusCard:
    node.check_keys({"id", "name", "text", "power"})
    id_node = node.get("id")
    card_id = id_node.expect_str()
    if not ZEUS_ID.match(card_id):
        raise id_node.fail(f"a Zeus card id '{ZEUS_PREFIX}<name>' in lower case", card_id)
    name = node.get("name").expect_str()
    text = node.get("text").expect_str()
    power_node = node.get("power")
    spec = REGISTRY.read(power_node)
    try:
        behaviour = REGISTRY.handler(spec.type)(spec.params)
    except BadParameter as exc:
        raise power_node.get("params").get(exc.name).fail(exc.expected, spec.params[exc.name]) from exc
    return ZeusCard(card_id, name, text, spec, behaviour)
