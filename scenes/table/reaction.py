"""The reaction window: a short, timed chance for seats off turn to act (a Zeus sneak, a Tamoul interception).

The engine says when a reaction is possible and who may take it (`to_act`, `is_reaction`,
`legal_actions`); the window is only its pacing on screen:
- It lasts `length` seconds and shows a shrinking bar, so people can react in their own time.
- Its control ("Sneak 7!") is offered to every human seat the game is not waiting for, except the
  seats the game names as not concerned (the card's own player): with several humans whether or not
  they could really react, so offering it leaks nothing; with one human, the table offers it only
  when that human can react and lights the card to react with (TableScene `_reaction_offered_to`).
  Pressing it proposes `action`; the engine may refuse.
- AI seats that may react answer partway through the window (`ai_delay`), like a person would;
  the seat the game waits for acts only once the window has closed, so reactions get their chance.
- A window with `pick` words asks the seat that pressed its control to pick one of its own cards
  (Tamoul's interception names a slot); the table proposes the reaction with that card's place.
- `key` names what the window is about (round, cards on the pile...): a move that leaves the same
  key (a Zeus draw) does not open it again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

import pygame

from game.core.actions import Action
from scenes.ui import theme
from scenes.ui.widgets import Button

AI_REACTS_WITHIN = (0.25, 0.7)     # share of the window after which an AI seat answers


@dataclass
class ReactionWindow:
    """One open reaction: its action for humans, its clock, and who is offered its control."""

    action: Action                  # what a human's control proposes, e.g. `sneak 7`
    label: str                      # the control's words, e.g. "Sneak 7!"
    length: float                   # seconds
    key: Hashable
    not_offered: frozenset[int] = frozenset()   # seats the reaction does not concern (the card's player)
    hotkey: int | None = None       # with one human, a key presses the control
    # With words here the control does not act at once: it asks its seat to pick one of its own cards
    # (a click, or the card's number key), and the action names that card's place (Tamoul: `intercept 2`).
    pick: str = ""
    left: float = field(default=-1.0)
    stretched: float = 1.0          # the player's "Reaction time": how many times its own length it lasts

    def __post_init__(self) -> None:
        if self.left < 0:
            self.left = self.length

    def stretch(self, factor: float) -> None:
        """The window lasts `factor` times as long; AI seats still answer within its own length, so the
        extra time is the player's."""
        self.stretched = max(1.0, factor)
        self.length = self.left = self.length * self.stretched

    @property
    def verb(self) -> str:
        return self.action.verb

    @property
    def open(self) -> bool:
        return self.left > 0

    def tick(self, dt: float) -> bool:
        """Run the clock; True on the frame the window closes."""
        if not self.open:
            return False
        self.left -= dt
        return not self.open

    def offered_to(self, humans: Sequence[int], waited_for: Sequence[int]) -> list[int]:
        """Every human seat the game is not waiting for, but those the reaction does not concern."""
        return [s for s in humans if s not in waited_for and s not in self.not_offered]

    def ai_delay(self, rng: random.Random) -> float:
        """When an AI seat that may react answers: partway through the window."""
        return self.length / self.stretched * rng.uniform(*AI_REACTS_WITHIN)

    def concerns(self, legal: Sequence[Action]) -> bool:
        """These legal actions include this window's kind of reaction."""
        return any(a.verb == self.verb for a in legal)

    def buttons(self, seats: Sequence[int], names: Sequence[str], rect: pygame.Rect, gap: int,
                press: Callable[[int], None], several_humans: bool) -> list[tuple[int, Button]]:
        """One control per offered seat, stacked from `rect`'s top (a name on each with several humans)."""
        placed = []
        y = rect.top
        for seat in seats:
            label = f"{self.label} ({names[seat]})" if several_humans else self.label
            button = Button(pygame.Rect(rect.left, y, rect.width, rect.height), label,
                            lambda s=seat: press(s), hotkey=self.hotkey if not several_humans else None)
            placed.append((seat, button))
            y += rect.height + gap
        return placed

    def draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        """The time left, as a gold bar shrinking in its dark track."""
        pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = int(bar.width * max(0.0, self.left / self.length))
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=bar.height // 2)
