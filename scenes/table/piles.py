"""Piles in the middle of a table: a face-down stack with its count, and an untidy face-up heap (`Heap`).

A pile shows what the view says (how many cards are left, which lie on top); the game keeps the
sprites and says where its piles stand.
"""
from __future__ import annotations

import random
from typing import Sequence

import pygame

from scenes.ui import theme
from scenes.table.card_art import CardArt
from scenes.table.seat_zones import send_home
from scenes.table.sprites import CardSprite
from scenes.table.text import blit_text
from scenes.table.tween import TweenQueue


def heap_spot(centre: tuple[int, int], index: int, card_width: int) -> tuple[float, float, float]:
    """A slightly untidy heap: each card a little off centre and turned (fixed per position in the heap)."""
    jitter = random.Random(index)
    x, y = centre
    w = card_width
    return (x + jitter.uniform(-0.08, 0.08) * w, y + jitter.uniform(-0.06, 0.06) * w, jitter.uniform(-9, 9))


def draw_face_down_pile(surface: pygame.Surface, art: CardArt, rect: pygame.Rect, count: int, label: str,
                        text_size: int) -> None:
    """A stack of backs (thicker as it grows, an outline once empty) with its label and count below."""
    w = rect.width - 8
    if count > 0:
        back = art.back(w)
        for i in range(min(4, 1 + count // 10)):
            surface.blit(back, back.get_rect(center=(rect.centerx - i * 2, rect.centery - i * 2)))
    else:
        pygame.draw.rect(surface, theme.PARCHMENT, rect.inflate(-8, -8), width=2, border_radius=8)
    if label:       # an empty label: the table places the words itself (Tamoul, to keep them clear of its neighbours)
        blit_text(surface, f"{label}: {count}", (rect.centerx, rect.bottom + 4), text_size, theme.PARCHMENT, "sans",
                  "midtop")


class Heap:
    """A face-up heap in the middle (Zeus's Mount Olympus, Tamoul's discard pile): only its top `shown`
    cards are sprites; `base` counts the cards hidden below them, so each card keeps its untidy spot
    (`heap_spot` by its place in the whole heap) as cards come and go."""

    def __init__(self, shown: int, tag: str) -> None:
        self.shown = shown
        self.tag = tag
        self.cards: list[CardSprite] = []
        self.base = 0

    def show(self, cards: Sequence[str]) -> None:
        """The heap as the view has it, face up, its top cards as sprites."""
        top = list(cards)[-self.shown:] if self.shown else []
        self.base = len(cards) - len(top)
        self.cards = [CardSprite(card, flip=1.0, tag=self.tag) for card in top]

    def add(self, sprite: CardSprite) -> None:
        """A card lands on top; the oldest shown card slips below when there are too many."""
        self.cards.append(sprite)
        if len(self.cards) > self.shown:
            self.base += len(self.cards) - self.shown
            self.cards = self.cards[-self.shown:]

    def take_top(self) -> CardSprite | None:
        """The top card leaves the heap (taken into a hand); None when no card is shown."""
        return self.cards.pop() if self.cards else None

    def keep_top(self) -> list[CardSprite]:
        """Everything but the top card leaves (a reshuffle): returns the cards taken away."""
        below, self.cards = self.cards[:-1], self.cards[-1:]
        self.base = 0
        return below

    def clear(self) -> None:
        self.cards = []
        self.base = 0

    def z_of(self, sprite: CardSprite) -> int:
        """A card's drawing order in the heap once it has landed (10 and up, the top one last)."""
        return 10 + (self.cards.index(sprite) if sprite in self.cards else 0)

    def lay_out(self, centre: tuple[int, int], width: int, tweens: TweenQueue, animate: bool,
                seconds: float | None = None) -> None:
        """Every card at its spot: at once, or (animate) gliding there over `seconds`; with no
        `seconds` an animated card is left where it is for the table's own flight."""
        for i, sprite in enumerate(self.cards):
            x, y, rot = heap_spot(centre, self.base + i, width)
            sprite.rest_at(x, y, rot)
            sprite.width = width
            sprite.z = 10 + i
            if not animate or seconds is not None:
                send_home(sprite, tweens, animate, seconds or 0.0)
