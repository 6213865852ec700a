"""The move log ("Chloe plays Hermes: 37 → 73") and the marker of whose turn it is.

Both answer the question a player asks on looking back at the screen: what just happened, and who
is to play. The log keeps the last lines in words; the newest is brightest. The turn marker is a
gold ring around the seat's plate plus a "▶" arrow and the word "turn", so it reads without colour.
"""
from __future__ import annotations

import math
from collections import deque

import pygame

from scenes import theme
from scenes.widgets import draw_panel, ellipsize, wrap_text

MUTED = (170, 180, 170)


class LogPanel:
    def __init__(self, max_lines: int = 40) -> None:
        self.lines: deque[str] = deque(maxlen=max_lines)
        self._cached: tuple[tuple, pygame.Surface] | None = None

    def add(self, text: str) -> None:
        self.lines.append(text)

    def clear(self) -> None:
        self.lines.clear()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, text_size: int, title: str = "Moves") -> None:
        """Newest lines at the bottom, wrapped to the panel; older lines that do not fit are left out.

        The panel is rendered again only when its lines or its size change.
        """
        key = (tuple(self.lines), rect.size, text_size, title)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self._render(rect.size, text_size, title))
        surface.blit(self._cached[1], rect)

    def _render(self, size: tuple[int, int], text_size: int, title: str) -> pygame.Surface:
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        draw_panel(image, rect, alpha=170)
        pad = max(4, text_size // 2)
        heading = theme.font(text_size, "bold")
        image.blit(heading.render(title, True, theme.GOLD), (rect.x + pad, rect.y + pad // 2))
        body = theme.font(text_size)
        line_h = body.get_linesize()
        top = rect.y + pad // 2 + heading.get_linesize()
        y = rect.bottom - pad // 2
        width = rect.width - 2 * pad
        newest = True
        for text in reversed(self.lines):
            wrapped = wrap_text(text, text_size, width)
            colour = theme.CREAM if newest else MUTED
            for line in reversed(wrapped):
                if y - line_h < top:
                    return image
                y -= line_h
                image.blit(body.render(ellipsize(line, text_size, width), True, colour), (rect.x + pad, y))
            newest = False
        return image


def draw_turn_marker(surface: pygame.Surface, plate: pygame.Rect, clock: float, label: str = "turn") -> None:
    """A pulsing gold ring round the active seat's plate and a tag saying so in words."""
    pulse = 0.5 + 0.5 * math.sin(clock * 4.0)
    width = max(2, plate.height // 10)
    ring = plate.inflate(width * 2 + int(4 * pulse), width * 2 + int(4 * pulse))
    pygame.draw.rect(surface, theme.ACTIVE_SEAT, ring, width=width, border_radius=max(4, plate.height // 4))
    size = max(10, int(plate.height * 0.5))
    tag = theme.font(size, "bold").render(f"▶ {label}", True, theme.INK)
    box = tag.get_rect().inflate(size // 2, size // 5)
    box.midbottom = (plate.centerx, ring.top + width // 2)
    if box.top < 0:
        box.midtop = (plate.centerx, ring.bottom - width // 2)
    pygame.draw.rect(surface, theme.ACTIVE_SEAT, box, border_radius=size // 3)
    surface.blit(tag, tag.get_rect(center=box.center))
