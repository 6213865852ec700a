"""AI agents: plain objects with `choose(view, legal_actions, rng, optional=False) -> action`.

Agents read views only (never the true state), so they cannot cheat. Levels are different agents.
When `optional` is true the seat is offered a reaction (a sneak, an interception) that it may let
pass: returning None declines it.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from game.core.actions import Action


class Agent(Protocol):
    name: str

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None: ...


class RandomAgent:
    """Uniform over the legal actions (declining counts as one more choice when optional):
    the yardstick every other level is measured against."""

    name = "random"

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        options: list[Action | None] = list(legal_actions)
        if optional:
            options.append(None)
        return rng.choice(options)
