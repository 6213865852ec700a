"""Small rounded chips with a number or a word: card counts, a table line's values, a "leads" tag.

A chip is rendered once per (text, height, colours) and reused every frame.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.ui import theme

Colour = tuple[int, int, int]


def fit_font(text: str, width: int, height: int, style: str = "bold") -> pygame.font.Font:
    """The largest shipped font (up to `height` px tall) in which `text` fits `width`."""
    size = max(6, int(height))
    while size > 6 and theme.font(size, style).size(text)[0] > width:
        size -= 1
    return theme.font(size, style)


def fit_lines(text: str, width: int, height: int, style: str = "bold",
              least: float = 0.6) -> tuple[pygame.font.Font, list[str]]:
    """A name on one line when it fits `width` at `least` of `height` or more, else on two lines split at
    the space that balances them best (each up to half the height): "White Bull" on a small card is
    "White / Bull", never "White Bul"."""
    one = fit_font(text, width, height, style)
    words = text.split()
    if one.size(text)[0] <= width and one.get_height() >= height * least or len(words) < 2:
        return one, [text]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    top, bottom = min(splits, key=lambda pair: max(len(pair[0]), len(pair[1])))
    longer = top if theme.font(10, style).size(top)[0] >= theme.font(10, style).size(bottom)[0] else bottom
    return fit_font(longer, width, max(6, height // 2), style), [top, bottom]


def darker(colour: Colour, factor: float = 0.6) -> Colour:
    return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))


@lru_cache(maxsize=256)
def value_chip(text: str, height: int, fill: Colour, ink: Colour, edge: Colour | None = None) -> pygame.Surface:
    """A rounded chip with a number or a short word, `height` pixels tall and as wide as its text needs."""
    height = max(10, int(height))
    font = fit_font(text, height * 3, int(height * 0.72))
    label = font.render(text, True, ink)
    width = max(int(height * 0.78), label.get_width() + height // 3)
    chip = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, height // 4)
    pygame.draw.rect(chip, fill, chip.get_rect(), border_radius=radius)
    pygame.draw.rect(chip, edge or darker(fill, 0.5), chip.get_rect(), width=max(1, height // 12), border_radius=radius)
    chip.blit(label, label.get_rect(center=(width // 2, height // 2)))
    return chip


def draw_chip_row(surface: pygame.Surface, chips: list[pygame.Surface], right: int, centre_y: int, height: int,
                  wrap_left: int | None = None) -> int:
    """Chips side by side ending at `right` (newest rightmost), in rows downwards once they would pass
    `wrap_left`; returns the leftmost edge drawn (`right` when there is none)."""
    if not chips:
        return right
    step = max(chip.get_width() for chip in chips) + max(1, height // 8)   # equal steps: "10" stays whole
    left_limit = wrap_left if wrap_left is not None else right - step * len(chips)
    per_row = max(1, (right - left_limit) // step)
    x_left = right
    for i, chip in enumerate(chips):
        row, col = divmod(i, per_row)
        x = right - (min(len(chips) - row * per_row, per_row) - col) * step
        y = centre_y + row * (height + 2)
        surface.blit(chip, chip.get_rect(midleft=(x, y)))
        x_left = min(x_left, x)
    return x_left
