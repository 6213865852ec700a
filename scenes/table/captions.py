"""Words a table shows about the play rather than the cards: the hint line and the card-help box.

- The hint line tells the player at the bottom what they can do now ("Your turn: drag a card…").
  It sits at the foot of the controls area, wrapped to its width, and never climbs above `top`.
- The card-help box explains the card under the pointer (or the keyboard focus) above that card, in
  a panel kept inside the window, so even a small card explains its power. A game gives the words
  (and, if it likes, a heading with an icon); the kit places and draws them. On the player's turn a
  card that may not be played now says why first, in one line ("What if…?", `refusal`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.ui import theme
from scenes.table.card_art import card_height
from scenes.table.sprites import CardSprite
from scenes.table.text import blit_text
from scenes.ui.widgets import draw_panel, note_cut, wrap_text


@lru_cache(maxsize=128)
def wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap_text(text, size, width))


def draw_hint(surface: pygame.Surface, text: str, area: pygame.Rect, size: int, top: int | None = None) -> None:
    """The hint's lines at the bottom of `area`; with `top`, in a size whose lines fit below it (only
    below 10 px are lines left out)."""
    if not text:
        return
    lines = wrapped(text, size, area.width)
    line_h = theme.font(size).get_linesize()
    if top is not None:
        # A small window: a smaller size before any line is left out, so the hint ends whole.
        while size > 10 and len(lines) * line_h > area.bottom - top:
            size -= 1
            lines = wrapped(text, size, area.width)
            line_h = theme.font(size).get_linesize()
        room = max(1, (area.bottom - top) // line_h)
        if len(lines) > room:
            note_cut(text, area.width)      # the overflow tests count a hint that loses its end as cut
        lines = lines[:room]
    y = area.bottom - len(lines) * line_h
    for line in lines:
        blit_text(surface, line, (area.left, y), size, theme.PARCHMENT)
        y += line_h


@dataclass(frozen=True)
class CardHelp:
    """What a card-help box says: its text, and optionally a heading drawn with an icon before it."""

    text: str
    heading: str = ""
    icon: pygame.Surface | None = None
    refusal: str = ""       # why this card may not be played now (the engine's reason), drawn first


NOT_NOW = (255, 150, 130)   # the refusal line: a light red that reads on the dark panel


@dataclass(frozen=True)
class HelpBoxStyle:
    """How a table's help box sits: its width, the panel's opacity, the gap above the card, and
    `edges`: the padding round the text, top and bottom together (and left and right together)."""

    width: int
    edges: int
    alpha: int = 240
    gap: int = 8
    always_lifted: bool = False     # measure from the card's lifted top even when it rests


def pointed_card(drag, viewer: int | None) -> CardSprite | None:
    """The hand card under the pointer, else the keyboard focus: what a help box may explain."""
    if drag.held or viewer is None:
        return None
    sprite = drag.hovered
    if sprite is None and drag.focus is not None and drag.focus < len(drag.sprites):
        sprite = drag.sprites[drag.focus]
    if sprite is None or sprite.card_id is None or not sprite.face_up:
        return None
    return sprite


def draw_card_help(surface: pygame.Surface, sprite: CardSprite, help_: CardHelp, size: int,
                   style: HelpBoxStyle) -> pygame.Rect:
    """The help box above `sprite`, clamped to the window; returns where it was drawn."""
    inset = size // 2
    line_h = theme.font(size).get_linesize()
    body = wrapped(help_.text, size, style.width - style.edges) if help_.text else ()
    refusal = wrapped(help_.refusal, size, style.width - style.edges) if help_.refusal else ()
    heading_h = line_h if help_.heading else 0
    box = pygame.Rect(0, 0, style.width, heading_h + (len(body) + len(refusal)) * line_h + style.edges)
    if style.always_lifted:
        lift: float = sprite.pixel_width * 0.12
    else:
        lift = int(sprite.pixel_width * 0.12) if sprite.lifted else 0
    box.midbottom = (int(sprite.x), int(sprite.y - card_height(sprite.pixel_width) / 2 - lift) - style.gap)
    box.clamp_ip(surface.get_rect())
    draw_panel(surface, box, alpha=style.alpha)
    y = box.top + inset
    for line in refusal:
        blit_text(surface, line, (box.left + inset, y), size, NOT_NOW)
        y += line_h
    if help_.heading:
        x = box.left + inset
        if help_.icon is not None:
            surface.blit(help_.icon, (x, y))
            x += line_h + 4
        blit_text(surface, help_.heading, (x, y), size, theme.GOLD, "bold")
        y += line_h
    for line in body:
        blit_text(surface, line, (box.left + inset, y), size, theme.CREAM)
        y += line_h
    return box
