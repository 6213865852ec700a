"""One visual language for all four tables: colours, fonts and sizes that scale with the window.

Warm Greek-pottery colours (terracotta, black, cream) on a deep green-blue felt, gold for Zeus.
Fonts are the shipped DejaVu files (assets/fonts, free licence, full Latin coverage), cached per size.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.resources import asset_path

FELT = (24, 66, 62)
FELT_DARK = (16, 46, 44)
FELT_LIGHT = (36, 88, 82)
TERRACOTTA = (196, 98, 52)
TERRACOTTA_DARK = (140, 62, 30)
CREAM = (244, 233, 210)
PARCHMENT = (232, 218, 188)
INK = (28, 22, 18)
GOLD = (230, 184, 60)
GOLD_DARK = (160, 118, 24)
SLATE = (60, 64, 72)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0, 90)
LEGAL_GLOW = (120, 220, 140)
ILLEGAL = (220, 70, 60)
ACTIVE_SEAT = GOLD

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}


def drawable(text: str) -> str:
    """`text` as the font renderer takes it: a NUL stops it ("A null character was found") and a lone
    surrogate (from a JSON file's "\\ud800") cannot be encoded; each becomes U+FFFD, so no text found in a
    file can take a screen down. Names are checked where they enter (game/core/names.py); this is the net."""
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


class SafeFont(pygame.font.Font):
    """A font whose `render` and `size` draw any text (see `drawable`)."""

    def render(self, text: str | bytes | None, *args, **kwargs) -> pygame.Surface:  # type: ignore[override]
        return super().render(drawable(text) if isinstance(text, str) else text, *args, **kwargs)

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        return super().size(drawable(text) if isinstance(text, str) else text)


@lru_cache(maxsize=128)
def font(size: int, style: str = "sans") -> pygame.font.Font:
    """A shipped font at a pixel size (cached; sizes are clamped so tiny windows stay legible)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return SafeFont(str(asset_path("fonts", FONT_FILES[style])), max(9, int(size)))


# The player's UI scale setting (1.0 = 100 %), multiplied into every `ui_scale`; the app sets it.
UI_SCALE_STEPS = (75, 90, 100, 125, 150, 175, 200)      # percent, as Settings offers them
_scale_setting = 1.0


def set_ui_scale_setting(percent: int) -> None:
    """Take the player's UI scale (percent); screens pick it up when they are next laid out."""
    global _scale_setting
    _scale_setting = max(UI_SCALE_STEPS[0], min(UI_SCALE_STEPS[-1], int(percent))) / 100


def ui_scale_setting() -> float:
    return _scale_setting


def default_ui_scale(screen: tuple[int, int]) -> int:
    """The UI scale a first start picks from the screen's size: 100 % up to 1920×1080, more on bigger
    screens, where the window (1280×720 unless the player chose another) is a smaller part of the
    screen and its letters are physically smaller."""
    short = min(screen)
    if short <= 1200:
        return 100
    if short <= 1600:
        return 125
    return 150


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280×720 at 100 %; smaller and larger windows scale text and cards with the shorter side,
    times the player's UI scale setting (so at 200 % a 1280×720 window is laid out as 640×360 at 100 %)."""
    width, height = size
    return max(0.5, min(width / 1280, height / 720) * _scale_setting)


def fitting_size(text: str, size: int, width: int, style: str = "sans", smallest: int = 9) -> int:
    """The largest font size up to `size` at which `text` fits in `width` pixels on one line (a heading
    at a large UI scale gets smaller rather than cut); never below `smallest`."""
    size = int(size)
    while size > smallest and font(size, style).size(text)[0] > width:
        size = max(smallest, min(size - 1, int(size * 0.93)))
    return size
