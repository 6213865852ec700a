"""Words stacked in the middle of a table: what the round asks for now, said where everyone looks.

A table gives a list of `CentreLine`s, top to bottom; `draw_centre_lines` centres the stack on a point
and draws each line by its kind:
- "banner": bold words on a filled rounded band (a call everyone must see: "Last trick!");
- "chips":  a bold label followed by value chips (a trick game's table line: "Reach: 3 · 7");
- "text":   a plain line at the main size;
- "warning": an icon and bold words in a red-edged box (a ban that holds for the round);
- "small":  a plain line at the small size (the way play goes).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.ui import theme
from scenes.table.chips import value_chip
from scenes.ui.widgets import draw_text

WARNING_FILL = (60, 20, 16)


@dataclass
class CentreLine:
    kind: str                                   # banner, chips, text, warning, small
    text: str = ""
    values: tuple[str, ...] = ()                # a "chips" line's chips
    colour: tuple[int, int, int] = theme.GOLD   # a banner's band
    icon: pygame.Surface | None = field(default=None, compare=False)     # a warning's icon
    continues: bool = False     # a wrapped banner's or warning's later line: drawn in the box of the line above


def _heights(size: int, small: int) -> dict[str, int]:
    chip_h = max(14, int(size * 1.5))
    return {"banner": int(size * 1.6), "chips": chip_h + 4, "text": int(size * 1.35), "warning": int(small * 1.6),
            "small": int(small * 1.4)}


def stack_height(lines: list[CentreLine], size: int, small: int) -> int:
    """How tall the lines stand when drawn at these sizes (a table checks they fit between its plays)."""
    heights = _heights(size, small)
    return sum(heights[line.kind] for line in lines)


def draw_centre_lines(surface: pygame.Surface, centre: tuple[float, float], lines: list[CentreLine], size: int,
                      small: int, drawn: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """The lines as one stack centred on `centre`; returns the banner's rect (for tags to keep clear of).
    `drawn`, when given, receives each line's rect (for a coach bubble to keep clear of)."""
    cx, cy = centre
    heights = _heights(size, small)
    chip_h = max(14, int(size * 1.5))
    y = cy - sum(heights[line.kind] for line in lines) / 2
    banner: pygame.Rect | None = None
    boxes = _boxes(lines, cx, y, heights, size, small)
    for index, line in enumerate(lines):
        h = heights[line.kind]
        mid = int(y + h / 2)
        if drawn is not None:
            drawn.append(_line_rect(line, cx, mid, h, size, small, chip_h))
        box = boxes.get(index)
        if line.kind == "banner":
            image = theme.font(size, "bold").render(line.text, True, theme.INK)
            if box is not None:
                pygame.draw.rect(surface, line.colour, box, border_radius=min(box.height, 2 * h) // 3)
                banner = box
            surface.blit(image, image.get_rect(center=(int(cx), mid)))
        elif line.kind == "chips":
            label = theme.font(size, "bold").render(line.text, True, theme.CREAM)
            chips = [value_chip(v, chip_h, theme.CREAM, theme.INK) for v in line.values]
            gap = max(3, chip_h // 5)
            width = label.get_width() + gap * 2 + sum(c.get_width() for c in chips) + gap * (len(chips) - 1)
            x = int(cx - width / 2)
            surface.blit(label, label.get_rect(midleft=(x, mid)))
            x += label.get_width() + gap * 2
            for chip in chips:
                surface.blit(chip, chip.get_rect(midleft=(x, mid)))
                x += chip.get_width() + gap
        elif line.kind == "text":
            draw_text(surface, line.text, (int(cx), mid), size, theme.PARCHMENT, "sans", "center")
        elif line.kind == "warning":
            image = theme.font(small, "bold").render(line.text, True, theme.CREAM)
            icon_w = line.icon.get_width() + 4 if line.icon is not None else 0
            width = icon_w + image.get_width()
            x = int(cx - width / 2)
            if box is not None:
                pygame.draw.rect(surface, WARNING_FILL, box, border_radius=h // 3)
                pygame.draw.rect(surface, theme.ILLEGAL, box, width=2, border_radius=h // 3)
            if line.icon is not None:
                surface.blit(line.icon, line.icon.get_rect(midleft=(x, mid)))
            surface.blit(image, image.get_rect(midleft=(x + icon_w, mid)))
        else:
            draw_text(surface, line.text, (int(cx), mid), small, theme.PARCHMENT, "sans", "center")
        y += h
    return banner


def _boxes(lines: list[CentreLine], cx: float, top: float, heights: dict[str, int], size: int,
           small: int) -> dict[int, pygame.Rect]:
    """The box of each banner or warning, by the index of its first line: one box round a wrapped line's
    parts (`continues`), as wide as the widest, so a call split over two lines still reads as one."""
    boxes: dict[int, pygame.Rect] = {}
    first: int | None = None
    y = top
    for index, line in enumerate(lines):
        h = heights[line.kind]
        mid = int(y + h / 2)
        y += h
        if line.kind == "banner":
            image = theme.font(size, "bold").size(line.text)
            own = pygame.Rect(0, 0, *image)
            own.center = (int(cx), mid)
            own = own.inflate(size, size // 3)
        elif line.kind == "warning":
            icon_w = line.icon.get_width() + 4 if line.icon is not None else 0
            width = icon_w + theme.font(small, "bold").size(line.text)[0]
            own = pygame.Rect(int(cx - width / 2) - 6, mid - h // 2, width + 12, h)
        else:
            first = None
            continue
        if line.continues and first is not None and lines[first].kind == line.kind:
            boxes[first] = boxes[first].union(own)
        else:
            first = index
            boxes[index] = own
    return boxes


def _line_rect(line: CentreLine, cx: float, mid: int, h: int, size: int, small: int, chip_h: int) -> pygame.Rect:
    """About where a line is drawn: its width at its kind's size (chips counted at their height), its
    kind's height."""
    style = "sans" if line.kind in ("text", "small") else "bold"
    width = theme.font(small if line.kind in ("small", "warning") else size, style).size(line.text)[0]
    if line.kind == "banner":
        width += size
    elif line.kind == "chips":
        width += chip_h * (len(line.values) + 1)
    elif line.kind == "warning":
        width += (line.icon.get_width() + 4 if line.icon is not None else 0) + 12
    return pygame.Rect(int(cx - width / 2), mid - h // 2, width, h)
