"""The gods' powers as small functions, chosen by the `power.type` a god names in zeus.yaml.

Each handler takes the Mount Olympus total before the card and the power's parameters, and returns
a `GodEffect`: the new total and whether the next player is skipped. Stealing Zeus is not a power:
the deck marks it per god (`steals_zeus`) and the engine applies Z-6.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.powers import PowerRegistry, PowerSpec


@dataclass(frozen=True)
class GodEffect:
    """What a god card does to the table: the new total, and whether the next player loses a turn."""

    total: int
    skips_next: bool = False


ZEUS_POWERS = PowerRegistry("zeus")


@ZEUS_POWERS.register("unchanged")
def unchanged(total: int) -> GodEffect:
    return GodEffect(total)


@ZEUS_POWERS.register("set_total", {"value": "int"})
def set_total(total: int, value: int) -> GodEffect:
    return GodEffect(value)


@ZEUS_POWERS.register("round_to_ten")
def round_to_ten(total: int) -> GodEffect:
    """Ones digit 0-4 rounds down, 5-9 rounds up (95 -> 100)."""
    return GodEffect((total + 5) // 10 * 10)


@ZEUS_POWERS.register("skip_next")
def skip_next(total: int) -> GodEffect:
    return GodEffect(total, skips_next=True)


@ZEUS_POWERS.register("reverse_digits")
def reverse_digits(total: int) -> GodEffect:
    """37 -> 73; 1..9 -> that number times ten; a multiple of ten (0 included) stays."""
    if total % 10 == 0:
        return GodEffect(total)
    if total < 10:
        return GodEffect(total * 10)
    return GodEffect(int(str(total)[::-1]))


@ZEUS_POWERS.register("subtract", {"amount": "int", "floor": "int"})
def subtract(total: int, amount: int, floor: int) -> GodEffect:
    return GodEffect(max(floor, total - amount))


def apply_power(power: PowerSpec, total: int) -> GodEffect:
    """Run a validated power on a total."""
    return ZEUS_POWERS.handler(power.type)(total, **power.params)
