"""assets/decks/elios.yaml validated into frozen dataclasses (one ContentError per problem).

The colours (their letters, names, RGB and symbols), the sun's order, the number of beams, jokers and
discs, and what each player draws per player count are data; the engine reads only `EliosContent`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from game.core.content import Node, load_yaml, parse_yaml, player_count_nodes, read_rgb, read_symbol

PLAYER_COUNTS = (2, 3, 4)
SUN_STACKS = 8  # E-1: the sun has eight stacks, one per colour
LETTER = re.compile(r"^[a-z]$")


@dataclass(frozen=True)
class BeamColour:
    """One colour of beam: its letter in the notation, its name, its RGB and a symbol for the UI."""

    id: str
    name: str
    rgb: tuple[int, int, int]
    symbol: str


@dataclass(frozen=True)
class Draw:
    """What each player takes at the start (E-4): coloured beams from the bag, and jokers."""

    beams: int
    jokers: int


@dataclass(frozen=True)
class EliosContent:
    file: str
    colours: tuple[BeamColour, ...]  # the sun's order: stack i belongs to colours[i]
    joker: BeamColour
    beams_per_colour: int
    jokers: int
    max_discs: int
    start_discs: int
    draws: Mapping[int, Draw]

    def __post_init__(self) -> None:
        # Lookups the engine makes on every move, computed once (not fields: equality ignores them).
        object.__setattr__(self, "_by_letter", {c.id: c for c in (*self.colours, self.joker)})
        object.__setattr__(self, "_stack_of", MappingProxyType({c.id: i for i, c in enumerate(self.colours)}))
        object.__setattr__(self, "_sun_order", "".join(c.id for c in self.colours))

    def __deepcopy__(self, memo: dict[int, Any]) -> "EliosContent":
        """Content never changes, so every copy of a state shares it."""
        return self

    @property
    def sun_order(self) -> str:
        """The colour letters in stack order ("roylgsbv")."""
        return self._sun_order  # type: ignore[attr-defined]

    @property
    def letters(self) -> str:
        """Every beam letter in canonical order: the colours in sun order, then the joker."""
        return self.sun_order + self.joker.id

    def colour(self, letter: str) -> BeamColour:
        """The colour a beam letter names (the joker included); KeyError for an unknown letter."""
        return self._by_letter[letter]  # type: ignore[attr-defined]

    @property
    def stack_of(self) -> Mapping[str, int]:
        """Colour letter -> the stack it belongs to (E-1); the joker is not in it (it fits any stack)."""
        return self._stack_of  # type: ignore[attr-defined]


def load_content(path: Path | str, display_name: str | None = None) -> EliosContent:
    return read_content(load_yaml(path, display_name=display_name))


def parse_content(text: str, name: str = "elios.yaml") -> EliosContent:
    return read_content(parse_yaml(text, name))


def read_content(root: Node) -> EliosContent:
    root.check_keys({"game", "colours", "joker", "beams_per_colour", "jokers", "discs", "players"})
    root.get("game").expect_str(choices=("elios",))

    colours_node = root.get("colours")
    colours: list[BeamColour] = []
    for element in colours_node.expect_list():
        colours.append(_read_colour(element, colours))
    if len(colours) != SUN_STACKS:
        raise colours_node.fail(f"exactly {SUN_STACKS} colours, one per stack of the sun (E-1)",
                                f"{len(colours)} colours")
    joker = _read_colour(root.get("joker"), colours)

    beams_per_colour = root.get("beams_per_colour").expect_int(minimum=2, maximum=20)
    jokers = root.get("jokers").expect_int(minimum=0, maximum=20)

    discs = root.get("discs")
    discs.check_keys({"total", "start"})
    max_discs = discs.get("total").expect_int(minimum=1, maximum=20)
    start_discs = discs.get("start").expect_int(minimum=1, maximum=max_discs)

    bag = SUN_STACKS * (beams_per_colour - 1)
    draws: dict[int, Draw] = {}
    for count, node in player_count_nodes(root, PLAYER_COUNTS, lambda n: f"what each of {n} players draws"):
        node.check_keys({"beams", "jokers"})
        beams_node = node.get("beams")
        beams = beams_node.expect_int(minimum=1)
        if beams * count > bag:
            raise beams_node.fail(f"at most {bag // count} beams each: the bag holds {bag} for {count} players",
                                  beams)
        jokers_node = node.get("jokers")
        each = jokers_node.expect_int(minimum=0)
        if each * count > jokers:
            raise jokers_node.fail(f"at most {jokers // count} jokers each: there are {jokers}", each)
        draws[count] = Draw(beams, each)

    return EliosContent(
        file=root.file, colours=tuple(colours), joker=joker, beams_per_colour=beams_per_colour,
        jokers=jokers, max_discs=max_discs, start_discs=start_discs, draws=MappingProxyType(draws),
    )


def _read_colour(node: Node, earlier: list[BeamColour]) -> BeamColour:
    node.check_keys({"id", "name", "rgb", "symbol"})
    id_node = node.get("id")
    letter = id_node.expect_str()
    if not LETTER.match(letter):
        raise id_node.fail("a colour id of one lower-case letter (r, o, …)", letter)
    if any(c.id == letter for c in earlier):
        raise id_node.fail("a colour id used only once (this one is repeated)", letter)
    name = node.get("name").expect_str()
    rgb = read_rgb(node.get("rgb"))
    symbol_node = node.get("symbol")
    symbol = read_symbol(symbol_node)
    if any(c.symbol == symbol for c in earlier):
        raise symbol_node.fail("a symbol used by one colour only (colours must be told apart without colour)",
                               symbol)
    return BeamColour(letter, name, rgb, symbol)
