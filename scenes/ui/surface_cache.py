"""A cache of drawn surfaces bounded by bytes as well as by count, least recently used out first.

Card faces and text are drawn once and reused every frame. A cache bounded only by its number of entries
still grows for a long time: a card flying from hand to trick asks for a new width and turn every frame,
and a move log brings new lines all game, so the memory of a long session crept up as the caches filled
with surfaces of every size. Bounding the bytes makes memory level off early, whatever the window size.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    """What a surface's pixels take in memory."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """Surfaces by key, at most `max_entries` of them and `max_bytes` of pixels (the newest one is always
    kept, even when it alone is larger)."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.bytes = 0

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._entries.get(key)
        if surface is not None:
            self._entries.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._entries[key] = surface
        self.bytes += surface_bytes(surface)
        while len(self._entries) > 1 and (len(self._entries) > self.max_entries or self.bytes > self.max_bytes):
            _, dropped = self._entries.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surface

    def get_or_make(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self.get(key)
        return surface if surface is not None else self.put(key, make())

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)
