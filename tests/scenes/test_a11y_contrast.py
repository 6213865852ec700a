"""High contrast and colour vision.

The high-contrast palette (a setting) keeps every text at 7:1 or more against its background, measured
on the palette's pairs and on rendered pictures: felt, name plates, card faces, a lit drop zone's words,
the focus ring, the turn tag and the buttons.

Colour vision: each pair of cards a game asks a player to tell apart (Télos sets, Tamoul suits, Elios
beams) and Elios's two team stripes are rendered, then seen as a person with protanopia, deuteranopia
or tritanopia would see them (Machado, Oliveira and Fernandes 2009, severity 1.0, applied in linear
RGB). A pair passes when it still differs by a clear lightness step (CIE L* 20 or more) over a visible
part of the card (1% of its pixels or more): a different symbol gives that, and so does a different
lightness of colour. Two cards told apart by hue alone would not (the last test shows the measure failing
them).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter
from itertools import combinations

import pygame
import pytest

from game.catalog import load_game
from scenes.card_faces import card_art_for
from scenes.ui import theme
from scenes.ui.theme import contrast

pygame.display.init()
pygame.font.init()

MACHADO_2009 = {       # severity 1.0, linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
CLEAR_STEP = 20.0       # CIE L* units
VISIBLE_SHARE = 0.01    # of a card's pixels: at 80 pixels wide about 90 pixels, the size of a corner symbol
CARD_WIDTH = 80


@pytest.fixture
def high_contrast():
    theme.use_palette(True)
    yield
    theme.use_palette(False)


# ----- contrast ---------------------------------------------------------------------------------------
def test_every_text_pair_of_the_high_contrast_palette_is_at_least_7_to_1(high_contrast):
    ratios = {(text, back): contrast(getattr(theme, text), getattr(theme, back)) for text, back in theme.TEXT_ON}
    low = {pair: round(ratio, 2) for pair, ratio in ratios.items() if ratio < 7.0}
    assert not low, f"below 7:1 in high contrast: {low}"


def test_the_standard_palette_is_unchanged_and_has_pairs_high_contrast_improves():
    theme.use_palette(False)
    assert theme.CREAM == (244, 233, 210) and theme.FELT == (24, 66, 62) and theme.GOLD == (230, 184, 60)
    below = [pair for pair in theme.TEXT_ON if contrast(getattr(theme, pair[0]), getattr(theme, pair[1])) < 7.0]
    assert below        # otherwise the high-contrast palette would have nothing to add


def measured(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The contrast of what is drawn in `rect`: its most common colour (the background) against the
    next most common one (the solid colour of the text or line on it; anti-aliased edge pixels are each
    rare)."""
    rect = rect.clip(surface.get_rect())
    pixels = [tuple(surface.get_at((x, y)))[:3] for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)]
    (background, _n), (ink, _m) = Counter(pixels).most_common(2)
    return contrast(ink, background)


def rendered_cases() -> dict[str, float]:
    """Each element of the high-contrast table, drawn, and the contrast measured on its pixels."""
    from scenes.table.log_panel import draw_turn_marker
    from scenes.table.plates import draw_name_plate
    from scenes.table.text import blit_text
    from scenes.ui import widgets

    cases: dict[str, float] = {}
    screen = pygame.Surface((640, 400))
    widgets._felt_surface.cache_clear()
    widgets.draw_felt(screen)
    area = widgets.draw_text(screen, "Your turn: play a card", (20, 20), 18)
    cases["text on the felt"] = measured(screen, area)
    area = blit_text(screen, "Play here", (20, 60), 18, theme.LEGAL_GLOW, "bold")
    cases["a lit drop zone's words on the felt"] = measured(screen, area)
    screen.fill(theme.FELT, pygame.Rect(0, 90, 640, 60))      # a plate's backing is see-through: on even felt
    plate = draw_name_plate(screen, pygame.Rect(20, 100, 260, 36), "Chloe", " (AI)", "ZE", None)
    cases["a name plate"] = measured(screen, pygame.Rect(plate.x + 6, plate.y + 6, 90, plate.h - 12))
    tag = draw_turn_marker(screen, pygame.Rect(320, 120, 200, 36), 0.0, "your turn")
    cases["the turn tag and ring"] = measured(screen, pygame.Rect(tag.x, tag.y, tag.w, 22))
    button = widgets.Button(pygame.Rect(20, 180, 200, 44), "Play", lambda: None)
    button.focused = True
    button.draw(screen)
    cases["a focused button's words"] = measured(screen, button.rect.inflate(-14, -14))
    cases["the focus ring on the felt"] = contrast(theme.GOLD, theme.FELT_LIGHT)
    plain = widgets.Button(pygame.Rect(240, 180, 200, 44), "Draw", lambda: None)
    plain.draw(screen)
    cases["a button's words"] = measured(screen, plain.rect.inflate(-14, -14))
    panel = pygame.Rect(20, 250, 300, 60)
    widgets.draw_panel(screen, panel, 255)
    area = widgets.draw_text(screen, "Moves", (30, 260), 16, theme.GOLD, "bold")
    cases["a panel's heading"] = measured(screen, area)
    for game_id, card, corner in (("zeus", "7", "corner"), ("tamoul", "7H", "corner"), ("tamoul", "7S", "corner"),
                                  ("telos", "5d", "corner"), ("zeus", "7", "middle")):
        art = card_art_for(game_id, load_game(game_id))
        art.clear()
        face = pygame.Surface((120, 168))
        face.fill(theme.FELT)
        face.blit(art.face(card, 120), (0, 0))
        # Inside the frame's fine inner line (6% of the width in), so the index itself is measured.
        where = pygame.Rect(10, 10, 24, 30) if corner == "corner" else pygame.Rect(30, 40, 60, 80)
        cases[f"{game_id} card {card}, {corner}"] = measured(face, where)
    return cases


def test_rendered_text_and_marks_in_high_contrast_are_at_least_7_to_1(high_contrast):
    cases = rendered_cases()
    low = {name: round(ratio, 2) for name, ratio in cases.items() if ratio < 7.0}
    assert not low, f"below 7:1 as drawn: {low}"
    assert len(cases) >= 12


def test_the_setting_switches_the_palette_and_redraws(tmp_path, monkeypatch):
    from dataclasses import replace

    from scenes.app import App

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = App(headless=True, fixed_dt=1 / 60, size=(800, 500))
    try:
        app.update_settings(replace(app.settings, high_contrast=True))
        assert theme.high_contrast and theme.FELT_DARK == (0, 0, 0)
        app.update_settings(replace(app.settings, high_contrast=False))
        assert not theme.high_contrast and theme.FELT_DARK == (16, 46, 44)
    finally:
        theme.use_palette(False)


# ----- colour vision ----------------------------------------------------------------------------------
_LINEAR = [(c / 255 / 12.92) if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in range(256)]


def lightness(linear_rgb: tuple[float, float, float]) -> float:
    """CIE L* (0-100) of a linear RGB colour."""
    y = 0.2126 * linear_rgb[0] + 0.7152 * linear_rgb[1] + 0.0722 * linear_rgb[2]
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def seen_as(rgb: tuple[int, int, int], matrix) -> float:
    """The lightness a person with this colour vision sees in `rgb`."""
    linear = [_LINEAR[c] for c in rgb[:3]]
    simulated = tuple(min(1.0, max(0.0, sum(matrix[i][j] * linear[j] for j in range(3)))) for i in range(3))
    return lightness(simulated)   # type: ignore[arg-type]


def lightness_map(surface: pygame.Surface, matrix) -> list[float]:
    data = pygame.image.tobytes(surface, "RGB")
    cache: dict[bytes, float] = {}
    out = []
    for i in range(0, len(data), 3):
        key = data[i:i + 3]
        value = cache.get(key)
        if value is None:
            value = cache[key] = seen_as((key[0], key[1], key[2]), matrix)
        out.append(value)
    return out


def clear_share(a: list[float], b: list[float]) -> float:
    """The share of pixels whose lightness differs by a clear step."""
    return sum(1 for x, y in zip(a, b) if abs(x - y) >= CLEAR_STEP) / len(a)


def render(game_id: str, card: str) -> pygame.Surface:
    art = card_art_for(game_id, load_game(game_id))
    surface = pygame.Surface((CARD_WIDTH, int(CARD_WIDTH * 1.4)))
    surface.fill(theme.FELT)
    surface.blit(art.face(card, CARD_WIDTH), (0, 0))
    return surface


def pairs_to_tell_apart() -> dict[str, list[tuple[str, str]]]:
    """The cards each game asks a player to tell apart, as pairs with only that difference."""
    telos = load_game("telos").content
    fives = sorted(card for card in telos.god_cards(max(telos.players)) if card[:-1] == "5")
    # Tamoul: two cards match when value and colour are equal, so a red card must not pass for a
    # black one of the same rank (the kings' value hangs on it too: red 0, black 13).
    red, black = "HD", "SC"
    tamoul_pairs = [(f"{rank}{r}", f"{rank}{b}") for rank in ("7", "K", "A", "10") for r in red for b in black]
    from scenes.elios.art import colour_table

    beams = sorted(colour_table(load_game("elios").content))
    return {"telos": list(combinations(fives, 2)), "tamoul": tamoul_pairs, "elios": list(combinations(beams, 2))}


@pytest.mark.parametrize("palette", ["standard", "high contrast"])
def test_every_pair_of_cards_to_tell_apart_differs_for_each_colour_vision(palette):
    theme.use_palette(palette == "high contrast")
    try:
        failures = []
        counted = 0
        for game_id, pairs in pairs_to_tell_apart().items():
            maps = {}
            for a, b in pairs:
                for card in (a, b):
                    if card not in maps:
                        surface = render(game_id, card)
                        maps[card] = {name: lightness_map(surface, m) for name, m in MACHADO_2009.items()}
                for name in MACHADO_2009:
                    counted += 1
                    share = clear_share(maps[a][name], maps[b][name])
                    if share < VISIBLE_SHARE:
                        failures.append(f"{game_id} {a}/{b} under {name}: {share:.1%}")
        assert counted >= 3 * (28 + 16 + 15)
        assert not failures, failures
    finally:
        theme.use_palette(False)


def test_the_elios_team_stripes_differ_by_a_clear_lightness_step_for_each_colour_vision():
    from scenes.elios.table import TEAM_COLOURS

    a, b = TEAM_COLOURS
    for name, matrix in MACHADO_2009.items():
        step = abs(seen_as(a, matrix) - seen_as(b, matrix))
        assert step >= CLEAR_STEP, f"team stripes under {name}: L* step {step:.1f}"


def test_the_measure_fails_two_cards_told_apart_by_hue_alone():
    """The check can fail: a red and a green square of the same lightness, same shape, are one card
    to a person with deuteranopia (and two to everyone else)."""
    red, green = pygame.Surface((40, 40)), pygame.Surface((40, 40))
    red.fill((200, 80, 80))
    green.fill((90, 140, 60))
    normal = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    assert abs(seen_as((200, 80, 80), normal) - seen_as((90, 140, 60), normal)) < CLEAR_STEP
    deut = MACHADO_2009["deuteranopia"]
    assert clear_share(lightness_map(red, deut), lightness_map(green, deut)) < VISIBLE_SHARE
