"""Text drawn every frame without rendering it every frame: rendered lines are cached.

A table redraws the same names, counts and labels sixty times a second; font rendering is the
costliest part of that, so each (text, size, colour, style) is rendered once and reused.
"""
from __future__ import annotations

import pygame

from scenes.ui import theme
from scenes.ui.surface_cache import SurfaceCache
from scenes.ui.widgets import note_drawn

# Lines differ all game (the log, counts, scores), so the cache is bounded by bytes too: memory levels off.
_LINES = SurfaceCache(max_entries=1024, max_bytes=8 * 2**20)


def rendered(text: str, size: int, colour: tuple[int, ...], style: str = "sans") -> pygame.Surface:
    key = (text, size, colour, style)
    surface = _LINES.get(key)
    if surface is None:
        surface = _LINES.put(key, theme.font(size, style).render(text, True, colour))
    return surface


def blit_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour: tuple[int, ...] = theme.CREAM, style: str = "sans", anchor: str = "topleft") -> pygame.Rect:
    """Like widgets.draw_text, from the cache; `anchor` is any pygame.Rect point name."""
    image = rendered(text, int(size), tuple(colour), style)
    rect = image.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(image, rect)
    note_drawn(surface, text, rect)     # for the tests' text recorder; nothing when none records
    return rect
