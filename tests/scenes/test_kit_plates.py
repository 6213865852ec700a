"""A name plate keeps the player's name whole: when the game's words at the right ("TAMOUL!  0 pts") leave
too little room, the plate grows about its centre instead of cutting the name to "Aria…"."""
from __future__ import annotations

import pygame

from scenes.table import plates


def test_a_plate_grows_to_keep_the_name_whole_and_stays_in_the_window(monkeypatch) -> None:
    pygame.init()
    surface = pygame.Surface((1280, 720))
    drawn: list[str] = []
    real_blit = plates.blit_text
    monkeypatch.setattr(plates, "blit_text", lambda s, text, *a, **k: (drawn.append(text), real_blit(s, text, *a, **k))[1])
    layout_plate = pygame.Rect(520, 50, 243, 36)
    shown = plates.draw_name_plate(surface, layout_plate, "Ariadne", " (AI)", "TAMOUL!  0 pts")
    assert shown.width > layout_plate.width and abs(shown.centerx - layout_plate.centerx) <= 1
    assert "Ariadne" in drawn[0] and "…" not in drawn[0]
    drawn.clear()
    at_edge = plates.draw_name_plate(surface, pygame.Rect(1100, 50, 170, 36), "Ariadne", "", "TAMOUL!  0 pts")
    assert surface.get_rect().contains(at_edge)


def test_a_plate_that_fits_is_drawn_exactly_where_the_layout_put_it() -> None:
    pygame.init()
    surface = pygame.Surface((1280, 720))
    layout_plate = pygame.Rect(520, 50, 243, 36)
    assert plates.draw_name_plate(surface, layout_plate, "Io", " (AI)", "0 pts") == layout_plate
