"""Zeus god cards in a hand at 800x500 (about 64 px wide) still say their effect in words, in up to
three small lines that fit the card (issue 20 item 26); only a text that cannot fit is left to the hover."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.zeus import load_game
from scenes.ui import i18n, theme
from scenes.zeus.art import effect_line, paint_god


@pytest.mark.parametrize("language", ["en", "nl"])
def test_god_cards_64_px_wide_say_their_effect(monkeypatch, language):
    pygame.init()
    i18n.set_language(language)
    try:
        drawn: list[str] = []
        real = theme.SafeFont.render

        def spy(self, text, *args, **kwargs):
            drawn.append(text)
            return real(self, text, *args, **kwargs)

        monkeypatch.setattr(theme.SafeFont, "render", spy)
        gods = [c for c in load_game().cards.values() if c.kind != "number"]
        said = 0
        for card in gods:
            drawn.clear()
            surface = pygame.Surface((64, 90))
            paint_god(surface, card)
            words = " ".join(drawn)
            if all(word in words for word in effect_line(card).split()):
                said += 1
        assert said >= len(gods) - 1, f"{said} of {len(gods)} god cards say their effect"
    finally:
        i18n.set_language("en")
