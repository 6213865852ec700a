"""Zeus on the Loose card faces and the gold Zeus figurine, drawn in code at any size.

Number cards: a big numeral readable on a small card, with corner indices. God cards (framed in
black): the god's name, a simple emblem, and when the card is large enough a summary of its effect
(two lines, as large as the card allows) and a "takes Zeus" mark. The summary is worded from the card's power in the deck file
(`set_total 50` -> "Total becomes 50"), so another printing's gods explain themselves too; a power
this table does not know falls back to the first sentence of the card's own effect text.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, Mapping

import pygame

from scenes.ui import theme
from scenes.ui.i18n import _, translate_message
from scenes.ui.widgets import wrap_text
from scenes.table.card_art import CardArt
from game.zeus.terms import god_name

GOD_BORDER = theme.INK
NUMBER_BORDER = theme.TERRACOTTA


def effect_line(card: Any) -> str:
    """A few words saying what a god does, from its power (type and params) in the deck data."""
    power = getattr(card, "power", None)
    kind = getattr(power, "type", None)
    params = dict(getattr(power, "params", {}) or {})
    if kind == "unchanged":
        return _("Total stays the same")
    if kind == "set_total":
        return _("Total becomes {value}").format(value=params.get("value"))
    if kind == "round_to_ten":
        return _("Round to the nearest ten")
    if kind == "skip_next":
        return _("Next player is skipped")
    if kind == "reverse_digits":
        return _("Digits swap: 37 → 73")
    if kind == "subtract":
        floor = params.get("floor")
        if floor is not None:
            return _("Total −{amount} (not below {floor})").format(amount=params.get("amount"), floor=floor)
        return _("Total −{amount}").format(amount=params.get("amount"))
    text = translate_message(getattr(card, "effect", "") or "")
    return text.split(".")[0]


def balanced_lines(text: str, font: pygame.font.Font, max_lines: int = 2) -> list[str]:
    """`text` in at most `max_lines` lines of even length (a short last word never dangles alone)."""
    words = text.split()
    if max_lines <= 1 or len(words) <= 1:
        return [text]
    best: list[str] = [text]
    best_width = font.size(text)[0]
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        width = max(font.size(first)[0], font.size(second)[0])
        if width < best_width:
            best, best_width = [first, second], width
    return best


def fit_lines(text: str, width: int, height: int, max_size: int, style: str = "sans",
              max_lines: int = 2) -> tuple[pygame.font.Font, list[str]]:
    """The largest font (up to `max_size` px) in which `text` fits the box in up to `max_lines` lines.

    Fewer lines win a tie. The size is first estimated in proportion, so only a few font sizes are
    ever opened (opening one is the slow part of painting a card).
    """
    top = max(6, int(max_size))
    best: tuple[int, list[str]] | None = None
    for count in range(1, max_lines + 1):
        probe = theme.font(top, style)
        lines = balanced_lines(text, probe, count)
        widest = max(probe.size(line)[0] for line in lines)
        size = top
        if widest > width:
            size = int(top * width / widest)
        if probe.get_linesize() * len(lines) > height:
            size = min(size, int(top * height / (probe.get_linesize() * len(lines))))
        size = max(6, size)
        while size > 6:
            font = theme.font(size, style)
            lines = balanced_lines(text, font, count)
            if all(font.size(line)[0] <= width for line in lines) and font.get_linesize() * len(lines) <= height:
                break
            size -= 1
        if best is None or size > best[0]:
            best = (size, lines)
    assert best is not None
    return theme.font(best[0], style), best[1]


def _fit(text: str, width: int, height: int, style: str = "bold") -> pygame.font.Font:
    """The largest shipped font (up to `height` px) in which `text` fits `width` (estimated, then checked)."""
    size = max(6, int(height))
    measured = theme.font(size, style).size(text)[0]
    if measured > width:
        size = max(6, int(size * width / max(1, measured)))
        while size > 6 and theme.font(size, style).size(text)[0] > width:
            size -= 1
    return theme.font(size, style)


def _blit_centered(surface: pygame.Surface, text: str, font: pygame.font.Font, colour: tuple[int, int, int],
                   center: tuple[float, float]) -> pygame.Rect:
    image = font.render(text, True, colour)
    rect = image.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(image, rect)
    return rect


def _corner_indices(surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
    width, height = surface.get_size()
    size = max(7, int(width * 0.2))
    font = _fit(text, int(width * 0.3), size)
    image = font.render(text, True, colour)
    inset = max(3, int(width * 0.08))
    surface.blit(image, (inset, inset - 1))
    flipped = pygame.transform.rotate(image, 180)
    surface.blit(flipped, flipped.get_rect(bottomright=(width - inset, height - inset + 1)))


def paint_number(surface: pygame.Surface, value: int) -> None:
    width, height = surface.get_size()
    text = str(value)
    _corner_indices(surface, text, theme.TERRACOTTA_DARK)
    # The numeral: as large as the card allows, in black with a terracotta underline band.
    font = _fit(text, int(width * 0.72), int(height * 0.5))
    centre = (width / 2, height / 2)
    if width >= 40:
        band = pygame.Rect(0, 0, int(width * 0.56), max(2, int(height * 0.025)))
        band.midtop = (int(centre[0]), int(centre[1] + font.get_height() * 0.36))
        pygame.draw.rect(surface, theme.TERRACOTTA, band, border_radius=band.height // 2)
    _blit_centered(surface, text, font, theme.INK, centre)


GOD_TEXT_MIN_WIDTH = 78   # from this width a god card says its effect and "takes Zeus" in words
GOD_SMALL_TEXT_MIN_WIDTH = 56   # from here (a hand at 800x500) the effect in up to three small lines
SMALL_TEXT = 9            # the least text size drawn (theme.font's floor)


def paint_god(surface: pygame.Surface, card: Any) -> None:
    """Name banner, emblem, the effect in words (two lines, as large as fits) and the 'takes Zeus' mark."""
    width, height = surface.get_size()
    god = str(card.god or card.id)
    name = translate_message(god_name(god))
    inset = max(3, int(width * 0.08))
    large = width >= GOD_TEXT_MIN_WIDTH
    text_w = width - 2 * inset - 2
    small_lines = _small_effect_lines(effect_line(card), text_w) if not large and width >= GOD_SMALL_TEXT_MIN_WIDTH \
        else None
    texted = large or small_lines is not None
    # Name banner (it is the index too: gods are told apart by name, so no corner letters).
    banner = pygame.Rect(inset, int(height * 0.07), width - 2 * inset, max(8, int(height * 0.14)))
    pygame.draw.rect(surface, theme.INK, banner, border_radius=max(2, banner.height // 4))
    font = _fit(name, banner.width - 4, int(banner.height * 0.8))
    _blit_centered(surface, name, font, theme.GOLD if card.steals else theme.CREAM, banner.center)
    # Emblem: smaller on a large card, to leave the effect text room to be read.
    emblem_h = int(height * (0.27 if large else 0.22 if texted else 0.48))
    emblem = pygame.Rect(0, 0, emblem_h, emblem_h)
    emblem.midtop = (width // 2, banner.bottom + max(2, int(height * 0.025)))
    draw_emblem(surface, god, emblem)
    mark_y = height * 0.87
    if large:
        top = emblem.bottom + max(1, int(height * 0.015))
        bottom = int(mark_y - height * 0.055) if card.steals else height - inset - 2
        text_w = width - 2 * inset - 2
        text_font, lines = fit_lines(effect_line(card), text_w, bottom - top, max(9, int(height * 0.105)))
        line_h = text_font.get_linesize()
        y = (top + bottom) / 2 - line_h * (len(lines) - 1) / 2
        for line in lines:
            _blit_centered(surface, line, text_font, theme.INK, (width / 2, y))
            y += line_h
    elif small_lines:       # a small card: the effect still in words, the bolt alone below it
        text_font = theme.font(SMALL_TEXT, "sans")
        line_h = text_font.get_linesize() - 1
        bottom = int(mark_y - height * 0.05) if card.steals else height - inset - 1
        top = emblem.bottom + 1
        y = (top + bottom) / 2 - line_h * (len(small_lines) - 1) / 2
        for line in small_lines:
            _blit_centered(surface, line, text_font, theme.INK, (width / 2, y))
            y += line_h
    if card.steals:
        mark = _("takes Zeus") if large else ""
        y = mark_y if texted else emblem.bottom + (height - inset - emblem.bottom) * 0.45
        bolt = pygame.Rect(0, 0, max(6, int(width * 0.1)), max(8, int(height * 0.09)))
        if mark:
            mark_font = _fit(mark, int(width * 0.66), max(8, int(height * 0.085)))
            text_w = mark_font.size(mark)[0]
            bolt.midright = (int(width / 2 - text_w / 2 - 1), int(y))
            _blit_centered(surface, mark, mark_font, theme.GOLD_DARK, (width / 2 + bolt.width / 2, y))
        else:
            bolt.center = (width // 2, int(y))
        draw_bolt(surface, bolt, theme.GOLD_DARK)


def _small_effect_lines(text: str, width: int) -> list[str] | None:
    """The effect in at most three lines of the least text size that each fit `width` (None: it does not
    fit, and the card shows name and emblem only; the table explains it on hover)."""
    lines = wrap_text(text, SMALL_TEXT, width)
    measure = theme.font(SMALL_TEXT, "sans").size
    if len(lines) > 3 or any(measure(line)[0] > width for line in lines):
        return None
    return lines


def draw_bolt(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A lightning bolt: Zeus' sign, also the 'takes Zeus' mark."""
    x, y, w, h = rect
    points = [(x + w * 0.6, y), (x + w * 0.1, y + h * 0.55), (x + w * 0.45, y + h * 0.55),
              (x + w * 0.3, y + h), (x + w * 0.9, y + h * 0.4), (x + w * 0.55, y + h * 0.4), (x + w * 0.8, y)]
    pygame.draw.polygon(surface, colour, points)


def draw_emblem(surface: pygame.Surface, god: str, rect: pygame.Rect) -> None:
    """A simple drawn sign per god, in black-figure style on a terracotta disc."""
    cx, cy = rect.center
    r = rect.width / 2
    pygame.draw.circle(surface, theme.TERRACOTTA, (cx, cy), int(r))
    pygame.draw.circle(surface, theme.INK, (cx, cy), int(r), max(1, int(r * 0.08)))
    ink = theme.INK
    line = max(1, int(r * 0.12))
    painter = EMBLEMS.get(god.casefold())
    if painter is not None:
        painter(surface, cx, cy, r * 0.62, ink, line)
    else:
        font = _fit(god[:1], int(r), int(r * 1.2))
        _blit_centered(surface, god[:1], font, ink, (cx, cy))


def _trident(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    pygame.draw.line(s, c, (cx, cy - r * 0.5), (cx, cy + r), w)
    pygame.draw.line(s, c, (cx - r * 0.6, cy - r * 0.2), (cx + r * 0.6, cy - r * 0.2), w)
    for dx in (-0.6, 0.0, 0.6):
        top = cy - r * (1.0 if dx == 0 else 0.8)
        pygame.draw.line(s, c, (cx + dx * r, cy - r * 0.2), (cx + dx * r, top), w)
        pygame.draw.polygon(s, c, [(cx + dx * r - w * 1.2, top + w), (cx + dx * r, top - w * 1.5),
                                   (cx + dx * r + w * 1.2, top + w)])


def _shield_spear(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    pygame.draw.line(s, c, (cx - r, cy + r), (cx + r, cy - r), w)
    pygame.draw.polygon(s, c, [(cx + r, cy - r), (cx + r * 0.55, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.55)])
    pygame.draw.circle(s, c, (cx - int(r * 0.15), cy + int(r * 0.15)), int(r * 0.62))
    pygame.draw.circle(s, theme.TERRACOTTA, (cx - int(r * 0.15), cy + int(r * 0.15)), int(r * 0.4))
    pygame.draw.circle(s, c, (cx - int(r * 0.15), cy + int(r * 0.15)), max(1, int(r * 0.16)))


def _owl(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    body = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.9))
    body.center = (cx, int(cy + r * 0.1))
    pygame.draw.ellipse(s, c, body)
    pygame.draw.polygon(s, c, [(cx - r * 0.75, cy - r * 0.55), (cx - r * 0.6, cy - r * 1.05), (cx - r * 0.2, cy - r * 0.7)])
    pygame.draw.polygon(s, c, [(cx + r * 0.75, cy - r * 0.55), (cx + r * 0.6, cy - r * 1.05), (cx + r * 0.2, cy - r * 0.7)])
    for dx in (-0.33, 0.33):
        pygame.draw.circle(s, theme.CREAM, (int(cx + dx * r), int(cy - r * 0.3)), max(2, int(r * 0.28)))
        pygame.draw.circle(s, c, (int(cx + dx * r), int(cy - r * 0.3)), max(1, int(r * 0.12)))
    pygame.draw.polygon(s, theme.GOLD_DARK, [(cx - r * 0.1, cy - r * 0.1), (cx + r * 0.1, cy - r * 0.1), (cx, cy + r * 0.12)])


def _wing(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    # A winged sandal's wing: feathers fanning up and back from one root.
    root = (cx - r * 0.7, cy + r * 0.5)
    for k in range(5):
        angle = math.radians(20 + k * 22)
        length = r * (1.5 - k * 0.15)
        tip = (root[0] + math.cos(angle) * length, root[1] - math.sin(angle) * length)
        pygame.draw.line(s, c, root, tip, max(w, int(r * 0.22)))
    pygame.draw.circle(s, c, (int(root[0]), int(root[1])), max(2, int(r * 0.25)))


def _crown(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    pts = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.5), (cx - r * 0.5, cy), (cx, cy - r * 0.8),
           (cx + r * 0.5, cy), (cx + r, cy - r * 0.5), (cx + r, cy + r * 0.5)]
    pygame.draw.polygon(s, c, pts)
    for px in (-r, 0, r):
        top_y = cy - r * (0.8 if px == 0 else 0.5)
        pygame.draw.circle(s, theme.GOLD_DARK, (int(cx + px), int(top_y)), max(2, int(r * 0.14)))


def _sun(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    pygame.draw.circle(s, c, (cx, cy), int(r * 0.5))
    for k in range(12):
        a = math.radians(k * 30)
        pygame.draw.line(s, c, (cx + math.cos(a) * r * 0.65, cy + math.sin(a) * r * 0.65),
                         (cx + math.cos(a) * r * 1.05, cy + math.sin(a) * r * 1.05), w)


def _moon(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    pygame.draw.circle(s, c, (cx, cy), int(r * 0.9))
    pygame.draw.circle(s, theme.TERRACOTTA, (int(cx + r * 0.38), int(cy - r * 0.12)), int(r * 0.78))
    # An arrow across: the huntress.
    pygame.draw.line(s, c, (cx - r * 0.2, cy + r * 0.9), (cx + r * 0.9, cy - r * 0.2), max(1, w // 2 + 1))
    pygame.draw.polygon(s, c, [(cx + r * 1.0, cy - r * 0.3), (cx + r * 0.65, cy - r * 0.2), (cx + r * 0.9, cy + r * 0.05)])


def _shell(s: pygame.Surface, cx: int, cy: int, r: float, c: tuple, w: int) -> None:
    # A scallop shell: a ribbed half-disc on a small hinge.
    base = (cx, cy + r * 0.55)
    rim = [(base[0] + math.cos(math.radians(a)) * r * 1.05, base[1] - math.sin(math.radians(a)) * r * 1.25)
           for a in range(0, 181, 10)]
    pygame.draw.polygon(s, c, [base, *rim])
    for k in range(1, 8):
        a = math.radians(k * 22.5)
        pygame.draw.line(s, theme.TERRACOTTA, base, (base[0] + math.cos(a) * r * 1.0, base[1] - math.sin(a) * r * 1.2),
                         max(1, w // 2))
    pygame.draw.polygon(s, c, [(cx - r * 0.35, cy + r * 0.9), (cx + r * 0.35, cy + r * 0.9), (cx, cy + r * 0.5)])


EMBLEMS: dict[str, Callable[[pygame.Surface, int, int, float, tuple, int], None]] = {
    "poseidon": _trident,
    "ares": _shield_spear,
    "athena": _owl,
    "hermes": _wing,
    "hera": _crown,
    "apollo": _sun,
    "artemis": _moon,
    "aphrodite": _shell,
}


def zeus_card_art(cards: Mapping[str, Any]) -> CardArt:
    """The CardArt for a Zeus deck (card id -> definition with kind, value, god, steals, power, effect)."""

    def paint(surface: pygame.Surface, card_id: str) -> None:
        card = cards.get(card_id)
        if card is None:
            _corner_indices(surface, "?", theme.INK)
            return
        if card.kind == "number":
            paint_number(surface, int(card.value))
        else:
            paint_god(surface, card)

    def border(card_id: str) -> tuple[int, int, int]:
        card = cards.get(card_id)
        return GOD_BORDER if card is not None and card.kind != "number" else NUMBER_BORDER

    return CardArt(paint, border)


@lru_cache(maxsize=16)
def zeus_figurine(height: int) -> pygame.Surface:
    """The gold Zeus figurine: a bearded figure on a plinth, a bolt raised in his right hand."""
    h = max(16, int(height))
    w = int(h * 0.8)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    gold, dark, light = theme.GOLD, theme.GOLD_DARK, (255, 226, 130)
    line = max(1, h // 40)
    cx = w // 2
    # Plinth.
    plinth = pygame.Rect(int(w * 0.18), int(h * 0.86), int(w * 0.64), int(h * 0.12))
    pygame.draw.rect(s, dark, plinth, border_radius=max(1, h // 40))
    pygame.draw.rect(s, gold, plinth.inflate(-line * 2, -line * 2), border_radius=max(1, h // 40))
    # Robe.
    robe = [(cx - w * 0.24, h * 0.86), (cx - w * 0.14, h * 0.42), (cx + w * 0.14, h * 0.42), (cx + w * 0.24, h * 0.86)]
    pygame.draw.polygon(s, gold, robe)
    pygame.draw.polygon(s, dark, robe, line)
    for k in (-0.08, 0.0, 0.08):
        pygame.draw.line(s, dark, (cx + w * k, h * 0.5), (cx + w * k * 1.6, h * 0.84), line)
    # Raised arm with the bolt (his right, our left).
    pygame.draw.line(s, gold, (cx - w * 0.12, h * 0.46), (cx - w * 0.34, h * 0.22), max(2, h // 14))
    draw_bolt(s, pygame.Rect(int(cx - w * 0.5), int(h * 0.0), int(w * 0.26), int(h * 0.26)), light)
    # Other arm, lowered.
    pygame.draw.line(s, gold, (cx + w * 0.12, h * 0.46), (cx + w * 0.3, h * 0.62), max(2, h // 14))
    # Head and beard.
    head = (cx, int(h * 0.3))
    pygame.draw.circle(s, gold, head, int(h * 0.1))
    pygame.draw.circle(s, dark, head, int(h * 0.1), line)
    pygame.draw.polygon(s, light, [(cx - h * 0.08, h * 0.33), (cx + h * 0.08, h * 0.33), (cx, h * 0.46)])
    pygame.draw.polygon(s, dark, [(cx - h * 0.08, h * 0.33), (cx + h * 0.08, h * 0.33), (cx, h * 0.46)], line)
    # Laurel crown.
    pygame.draw.arc(s, light, pygame.Rect(head[0] - int(h * 0.11), head[1] - int(h * 0.13), int(h * 0.22), int(h * 0.16)),
                    math.radians(20), math.radians(160), max(1, h // 30))
    return s


def zeus_faces(game: Any) -> tuple[CardArt, frozenset[str]]:
    """The manifest's `card_faces`: the renderer and every card id of the deck (the rules screen's examples)."""
    cards = game.cards
    return zeus_card_art(cards), frozenset(cards)
