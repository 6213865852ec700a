"""The frame-time shortcuts draw the very picture of the plain way: Elios's sun from its cached layer, Télos's
direction ring blitted only where it paints, and a table's frame without clearing the window first."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import load_game
from scenes.elios.art import SunGeometry, SunLayer, colour_table, draw_sun
from scenes.table.trick_area import painted_tiles
from scenes.ui.widgets import draw_felt

pygame.display.init()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (2560, 1440)])
def test_the_cached_sun_is_the_sun_drawn_straight(size: tuple[int, int]) -> None:
    content = load_game("elios").content
    colours = colour_table(content)
    letters = content.sun_order
    rng = random.Random(size[0])
    layer = SunLayer()
    words: list = []

    def text(kind: list):
        return lambda w, p, s, c: kind.append((w, (int(p[0]), int(p[1])), s, c))

    for _ in range(8):
        discs = rng.randint(1, 6)
        stacks = tuple("".join(rng.choice(letters + content.joker.id) for _ in range(rng.randint(0, discs))) for _ in letters)
        lit = frozenset(rng.sample(range(len(letters)), rng.randint(0, 3)))
        geometry = SunGeometry((size[0] * 0.5 + rng.random(), size[1] * 0.45 + rng.random()), size[1] * 0.3, 8,
                               len(letters))
        straight, cached = pygame.Surface(size), pygame.Surface(size)
        draw_felt(straight)
        draw_felt(cached)
        said_straight: list = []
        said_cached: list = []
        draw_sun(straight, geometry, stacks, discs, 8, colours, letters, text(said_straight), lit)
        layer.draw(cached, geometry, stacks, discs, 8, colours, letters, text(said_cached), lit)
        assert _pixels(straight) == _pixels(cached)
        assert said_straight == said_cached and said_cached
        layer.draw(cached, geometry, stacks, discs, 8, colours, letters, text(words), lit)   # from the cache
        assert _pixels(straight) == _pixels(cached)


def test_the_ring_in_tiles_is_the_whole_layer() -> None:
    layer = pygame.Surface((900, 500), pygame.SRCALPHA)
    pygame.draw.ellipse(layer, (230, 220, 190, 70), layer.get_rect().inflate(-20, -20), width=5)
    pygame.draw.polygon(layer, (200, 160, 60, 200), [(450, 5), (470, 30), (430, 30)])
    whole, tiled = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    draw_felt(whole)
    draw_felt(tiled)
    whole.blit(layer, (190, 110))
    tiles = painted_tiles(layer, (190, 110))
    tiled.blits(tiles)
    assert _pixels(whole) == _pixels(tiled)
    assert len(tiles) < (900 // 64 + 1) * (500 // 64 + 1) // 2       # the empty middle is skipped


def test_a_table_frame_is_the_same_without_clearing_the_window(tmp_path, monkeypatch) -> None:
    from scenes.headless import make_headless_app
    from scenes.tables import open_table
    from tests.scenes.table_driving import open_session, run, show, wait_after_each_frame

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    wait_after_each_frame(app)
    table = show(app, open_table(app, open_session(load_game("telos"), [("Ann", "human"), ("Bo", "ai"), ("Cy", "ai")],
                                                   2, {})))
    run(app, 200)
    assert app.stack.covers_window()
    app.screen.fill((255, 0, 255))
    app.draw()
    skipped = _pixels(app.screen)
    app.screen.fill((255, 0, 255))
    app.screen.fill((20, 45, 40))
    table.draw(app.screen)
    app.draw_toasts(app.screen)
    assert skipped == _pixels(app.screen)
    app.shutdown()


@pytest.mark.parametrize("size,count", [((1280, 720), 3), ((2560, 1440), 6), ((800, 500), 4)])
def test_the_felt_with_its_ring_is_the_felt_then_the_ring(size: tuple[int, int], count: int) -> None:
    from scenes.table.layout import compute_layout
    from scenes.table.trick_area import TrickArea

    layout = compute_layout(size, count, 0)
    kept = TrickArea(count)
    for way in (1.0, 1.0, -1.0, 0.4, -1.0):         # the second asking takes the kept picture
        straight, with_ring = pygame.Surface(size), pygame.Surface(size)
        draw_felt(straight)
        TrickArea(count).draw_direction_ring(straight, layout, way, key=(0,))
        with_ring.fill((255, 0, 255))               # every pixel is painted over
        kept.draw_felt_with_ring(with_ring, layout, way, key=(0,))
        assert _pixels(straight) == _pixels(with_ring), way
    assert kept._ring_cache is None      # a ring standing still is kept only in the picture


def _cold_log_panel(log, size: tuple[int, int], text_size: int, title: str) -> pygame.Surface:
    """The move log painted with nothing kept: every line wrapped, shortened and rendered afresh."""
    from scenes.table import log_panel

    log_panel._WRAPS._kept.clear()
    log_panel._LINES.clear()
    fresh = log_panel.LogPanel(max_lines=log.entries.maxlen)
    fresh.entries.extend(log.entries)
    return fresh._render(size, text_size, title)


@pytest.mark.parametrize("size,text_size", [((260, 300), 15), ((520, 700), 30), ((120, 90), 12)])
def test_the_move_log_from_its_caches_is_the_log_painted_afresh(size: tuple[int, int], text_size: int) -> None:
    """The kept wraps and line renders (keyed by text, size, width, style and colour) give the very pixels
    of painting each line again, whatever else was kept before: other panel sizes and text sizes."""
    from scenes.table.log_panel import LogPanel

    pygame.font.init()
    rng = random.Random(size[0])
    words = ["Ann", "plays", "Hermes:", "37", "→", "73", "Chloé", "sneaks", "an", "8", "and", "takes", "Zeus",
             "Überlangername" * 3, "9b,9e,Z:bull"]
    log = LogPanel(max_lines=12)
    for n in range(30):
        log.add(" ".join(rng.choice(words) for _ in range(rng.randint(1, 14))))
        for other_size, other_text in ((size[0] // 2 + 20, size[1]), text_size), ((size[0], size[1]), text_size + 1):
            log._render(other_size, other_text, "Moves")        # keeps wraps and lines of another panel too
        kept = pygame.image.tobytes(log._render(size, text_size, "Moves"), "RGBA")
        assert kept == pygame.image.tobytes(_cold_log_panel(log, size, text_size, "Moves"), "RGBA"), n
