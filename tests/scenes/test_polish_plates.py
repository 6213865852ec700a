"""A side name plate beside a long status keeps "(AI)": the name is shortened first ("Ariad… (AI)"),
and the role goes only when not even a few letters of the name would be left (issue 20 item 26)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.table import plates
from scenes.ui import theme


def drawn_name(monkeypatch, room: int) -> str:
    shown: list[str] = []
    real = plates.blit_text
    monkeypatch.setattr(plates, "blit_text", lambda surface, text, *a, **k: (shown.append(text), real(surface, text, *a, **k))[1])
    plates.draw_plate_name(pygame.Surface((400, 40)), pygame.Rect(0, 0, 400, 40), "Ariadne", " (AI)", 16, 6, room)
    return shown[-1]


def test_the_name_is_shortened_before_its_role_is_dropped(monkeypatch):
    pygame.init()
    whole = theme.font(16, "bold").size("Ariadne (AI)")[0]
    assert drawn_name(monkeypatch, whole + 2) == "Ariadne (AI)"
    short = drawn_name(monkeypatch, whole - 20)
    assert short.endswith("… (AI)") and short.startswith("Ari"), short
    tiny = drawn_name(monkeypatch, theme.font(16, "bold").size(" (AI)")[0] + 4)
    assert "(AI)" not in tiny                               # no room for a name beside it: the name first


def test_a_side_score_plate_grows_to_keep_the_role_beside_its_tag(monkeypatch):
    from scenes.table.chips import value_chip

    pygame.init()
    surface = pygame.Surface((800, 500))
    plate = pygame.Rect(130, 46, 150, 24)
    tag = value_chip("komt uit", 13, theme.CREAM, theme.INK)
    grown = plates.grown_score_plate(surface.get_rect(), plate, "Ariadne", " (AI)", "0 / 32", tag)
    assert grown.width > plate.width and grown.width <= plate.width * 4 // 3 + 1 and grown.center == plate.center
    shown: list[str] = []
    real = plates.draw_plate_name
    monkeypatch.setattr(plates, "draw_plate_name", lambda *a: (shown.append(a[2] + a[3]), real(*a))[1])
    real_blit = plates.blit_text
    texts: list[str] = []
    monkeypatch.setattr(plates, "blit_text", lambda s, text, *a, **k: (texts.append(text), real_blit(s, text, *a, **k))[1])
    plates.draw_score_plate(surface, grown, "Ariadne", " (AI)", "0 / 32", theme.GOLD, None, 0, tag)
    assert "Ariadne (AI)" in texts
    assert plates.grown_score_plate(surface.get_rect(), plate, "Io", " (AI)", "0 / 32") == plate   # fits: unchanged
