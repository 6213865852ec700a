"""One visual language for all four tables: colours, fonts and sizes that scale with the window.

Warm Greek-pottery colours (terracotta, black, cream) on a deep green-blue felt, gold for Zeus.
Fonts are the shipped DejaVu files (assets/fonts, free licence, full Latin coverage), cached per size.

Two palettes: the standard one and a high-contrast one (a setting), in which every text stands against
its background at 7:1 or more (WCAG's AAA level; `TEXT_ON` lists the pairs and a test measures them).
The colours are module attributes read at drawing time (`theme.CREAM`), so `use_palette` switches every
screen at once; `refresh_after_palette` drops the pictures made in the old colours.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.core.resources import asset_path

RGB = tuple[int, int, int]

# Each colour in the standard palette and in the high-contrast one. High contrast: near-black felt and
# panels, white text and card faces, black ink, a bright yellow for gold (focus ring, turn marker,
# headings), cyan for what may be played; terracotta darkened so cream text on it reads.
PALETTES: dict[str, tuple[RGB, RGB]] = {
    "FELT": ((24, 66, 62), (6, 18, 16)),
    "FELT_DARK": ((16, 46, 44), (0, 0, 0)),
    "FELT_LIGHT": ((36, 88, 82), (14, 34, 30)),
    "TERRACOTTA": ((196, 98, 52), (120, 36, 0)),
    "TERRACOTTA_DARK": ((140, 62, 30), (110, 34, 0)),
    "BUTTON_LIT": ((220, 122, 74), (160, 40, 0)),       # a primary button under the pointer or the focus
    "TERRACOTTA_TEXT": ((196, 98, 52), (255, 140, 90)),  # terracotta words on a dark panel (a game lost)
    "CREAM": ((244, 233, 210), (255, 255, 255)),
    "PARCHMENT": ((232, 218, 188), (255, 250, 225)),
    "MUTED": ((170, 180, 170), (225, 230, 225)),        # older lines of the move log
    "INK": ((28, 22, 18), (0, 0, 0)),
    "GOLD": ((230, 184, 60), (255, 216, 0)),
    "GOLD_DARK": ((160, 118, 24), (102, 74, 0)),
    "SLATE": ((60, 64, 72), (40, 40, 40)),
    "LEGAL_GLOW": ((120, 220, 140), (0, 255, 255)),
    "ILLEGAL": ((220, 70, 60), (255, 110, 90)),
}
STANDARD = {name: pair[0] for name, pair in PALETTES.items()}
HIGH_CONTRAST = {name: pair[1] for name, pair in PALETTES.items()}
# Which text colour stands on which background (text, background), as the screens draw them: the
# high-contrast palette keeps each at 7:1 or more (tests/scenes/test_a11y_contrast.py measures them on
# rendered pictures too).
TEXT_ON = (
    ("CREAM", "FELT"), ("CREAM", "FELT_DARK"), ("PARCHMENT", "FELT"), ("PARCHMENT", "FELT_DARK"),
    ("GOLD", "FELT_DARK"), ("MUTED", "FELT_DARK"), ("ILLEGAL", "FELT_DARK"), ("LEGAL_GLOW", "FELT"),
    ("LEGAL_GLOW", "FELT_DARK"), ("INK", "CREAM"), ("INK", "PARCHMENT"), ("TERRACOTTA_DARK", "CREAM"),
    ("TERRACOTTA_DARK", "PARCHMENT"), ("GOLD_DARK", "CREAM"), ("CREAM", "TERRACOTTA"), ("CREAM", "BUTTON_LIT"),
    ("INK", "GOLD"), ("CREAM", "INK"), ("GOLD", "INK"), ("TERRACOTTA_TEXT", "FELT_DARK"),
)

# The palette's names, set by use_palette below (listed here for readers and linters).
FELT = FELT_DARK = FELT_LIGHT = TERRACOTTA = TERRACOTTA_DARK = BUTTON_LIT = TERRACOTTA_TEXT = CREAM = (0, 0, 0)
PARCHMENT = MUTED = INK = GOLD = GOLD_DARK = SLATE = LEGAL_GLOW = ILLEGAL = ACTIVE_SEAT = (0, 0, 0)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0, 90)
high_contrast = False


def use_palette(high: bool) -> None:
    """Make the standard or the high-contrast colours the ones every screen draws with."""
    global high_contrast, ACTIVE_SEAT
    high_contrast = bool(high)
    globals().update(HIGH_CONTRAST if high else STANDARD)
    ACTIVE_SEAT = GOLD


use_palette(False)


def refresh_after_palette(scenes: Any) -> None:
    """Pictures made in the old colours are made again: the felt, the plates and each table's card art."""
    from scenes.table import plates
    from scenes.ui import widgets

    widgets._felt_surface.cache_clear()
    plates.plate_backing.cache_clear()
    for scene in scenes:
        art = getattr(scene, "art", None)
        if art is not None and hasattr(art, "clear"):
            art.clear()
        relayout = getattr(scene, "relayout", None)
        if callable(relayout):
            relayout()


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)

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
