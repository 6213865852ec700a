"""Memory levels off in a long session (issue: memory crept up as surface caches filled with every size of
card in flight and every log line): the caches are bounded by bytes, and a short soak stays flat."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.table import text
from scenes.table.card_art import CARD_CACHE_BYTES, CardArt
from scenes.ui.surface_cache import SurfaceCache, surface_bytes


def test_a_surface_cache_keeps_within_its_bytes_and_entries_dropping_the_least_recently_used() -> None:
    cache = SurfaceCache(max_entries=10, max_bytes=100 * 100 * 4 * 3)
    first = cache.put("a", pygame.Surface((100, 100), pygame.SRCALPHA))
    cache.put("b", pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.get("a") is first                       # now the most recently used
    cache.put("c", pygame.Surface((100, 100), pygame.SRCALPHA))
    cache.put("d", pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.get("b") is None and cache.get("a") is first
    assert len(cache) == 3 and cache.bytes == sum(surface_bytes(cache.get(k)) for k in "acd")
    huge = cache.put("e", pygame.Surface((400, 400), pygame.SRCALPHA))
    assert len(cache) == 1 and cache.get("e") is huge    # the newest is kept even when it alone is larger
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_card_art_of_cards_in_flight_stays_within_its_byte_budget() -> None:
    art = CardArt(lambda surface, card_id: None)
    for width in range(60, 400):                         # a card growing and turning every frame
        for angle in (0, 7, 13):
            art.card("c1", width, True, angle)
    assert art._cache.bytes <= CARD_CACHE_BYTES


def test_rendered_lines_stay_within_their_byte_budget() -> None:
    for n in range(3000):                                # a long game's log lines, all different
        text.rendered(f"Ariadne plays card {n} of a very long game, one line after another", 22, (250, 240, 220))
    assert text._LINES.bytes <= text._LINES.max_bytes and len(text._LINES) <= text._LINES.max_entries
