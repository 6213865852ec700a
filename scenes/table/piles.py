"""Piles in the middle of a table: a face-down stack with its count, and an untidy face-up heap.

A pile shows what the view says (how many cards are left, which lie on top); the game keeps the
sprites and says where its piles stand.
"""
from __future__ import annotations

import random

import pygame

from scenes import theme
from scenes.table.card_art import CardArt
from scenes.table.text import blit_text


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
    blit_text(surface, f"{label}: {count}", (rect.centerx, rect.bottom + 4), text_size, theme.PARCHMENT, "sans",
              "midtop")
