"""Tamoul's card faces: a standard 52-card deck drawn in code at the size the window needs.

Every shape is drawn at the card's final width (circles, polygons and text, never a scaled bitmap), so
a face is sharp at any size. The faces speak the project's visual language: the kit's cream frame,
terracotta for red and ink for black, the serif title font for ranks.

Suits are told apart without colour: each has its own symbol (spade, heart, diamond, club), and the
two colours differ in shape too: a red card's centre pip sits in a round medallion with a terracotta
frame, a black card's in a square one with an ink frame. Kings, whose value depends on their colour
(red 0, black 13), carry their value in a chip, as do jacks and queens (11 and 12).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from scenes.ui import theme
from scenes.table.card_art import CardArt
from scenes.ui.i18n import _

RED_INK = (178, 44, 36)
RED_INK_HIGH_CONTRAST = (150, 20, 10)     # 8.7:1 on the high-contrast white face (the usual red is 6:1)
SUITS = {"S": "black", "H": "red", "D": "red", "C": "black"}
COURT_VALUES = {"J": "11", "Q": "12"}
Point = tuple[float, float]


def split_card(card_id: str) -> tuple[str, str]:
    """`10H` -> ("10", "H"): rank then suit, as the deck file names cards."""
    return card_id[:-1], card_id[-1]


def card_value_words(card_id: str) -> str:
    """The points a card counts, as a short chip: "0" for a red king, "13" for a black one."""
    rank, suit = split_card(card_id)
    if rank == "K":
        return "0" if SUITS.get(suit) == "red" else "13"
    return COURT_VALUES.get(rank, "")


def ink_of(suit: str) -> tuple[int, int, int]:
    if SUITS.get(suit) == "red":
        return RED_INK_HIGH_CONTRAST if theme.high_contrast else RED_INK
    return theme.INK


# ----- suit symbols, each fitting a box of size r*2 around (cx, cy) -------------------------------
def _heart(surface: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    lobe = r * 0.52
    pygame.draw.circle(surface, colour, (round(cx - lobe * 0.92), round(cy - r * 0.32)), round(lobe))
    pygame.draw.circle(surface, colour, (round(cx + lobe * 0.92), round(cy - r * 0.32)), round(lobe))
    pygame.draw.polygon(surface, colour, [(cx - r * 0.98, cy - r * 0.18), (cx + r * 0.98, cy - r * 0.18),
                                          (cx, cy + r * 0.95)])


def _diamond(surface: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)])


def _spade(surface: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    lobe = r * 0.5
    pygame.draw.circle(surface, colour, (round(cx - lobe * 0.9), round(cy + r * 0.12)), round(lobe))
    pygame.draw.circle(surface, colour, (round(cx + lobe * 0.9), round(cy + r * 0.12)), round(lobe))
    pygame.draw.polygon(surface, colour, [(cx - r * 0.95, cy - r * 0.02), (cx + r * 0.95, cy - r * 0.02),
                                          (cx, cy - r)])
    _stem(surface, cx, cy, r, colour)


def _club(surface: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    lobe = r * 0.42
    pygame.draw.circle(surface, colour, (round(cx), round(cy - r * 0.5)), round(lobe))
    pygame.draw.circle(surface, colour, (round(cx - r * 0.5), round(cy + r * 0.12)), round(lobe))
    pygame.draw.circle(surface, colour, (round(cx + r * 0.5), round(cy + r * 0.12)), round(lobe))
    pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(lobe * 0.6))
    _stem(surface, cx, cy, r, colour)


def _stem(surface: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    pygame.draw.polygon(surface, colour, [(cx, cy + r * 0.15), (cx + r * 0.42, cy + r), (cx - r * 0.42, cy + r)])


SYMBOLS: dict[str, Callable[[pygame.Surface, float, float, float, tuple[int, int, int]], None]] = {
    "S": _spade, "H": _heart, "D": _diamond, "C": _club}


def draw_suit(surface: pygame.Surface, suit: str, centre: Point, radius: float,
              colour: tuple[int, int, int] | None = None) -> None:
    """A suit symbol of `radius` (half its height) around `centre`, drawn small enough to stay whole."""
    if radius < 1.5:
        return
    SYMBOLS[suit](surface, centre[0], centre[1], radius, colour or ink_of(suit))


# ----- the face ------------------------------------------------------------------------------------
def _fit_font(text: str, width: int, height: int, style: str) -> pygame.font.Font:
    size = max(9, height)
    font = theme.font(size, style)
    while size > 9 and (font.size(text)[0] > width or font.get_height() * 0.78 > height):
        size -= 1
        font = theme.font(size, style)
    return font


def _corner(surface: pygame.Surface, rank: str, suit: str) -> None:
    """The rank and a small suit in the top-left corner, and the same upside down at the bottom right."""
    width, height = surface.get_size()
    colour = ink_of(suit)
    inset = max(2, int(width * 0.07))
    font = _fit_font(rank, int(width * 0.36), int(width * 0.3), "title")
    text = font.render(rank, True, colour)
    pip = max(2.0, width * 0.085)
    block = pygame.Surface((max(text.get_width(), int(pip * 2) + 2), text.get_height() + int(pip * 2) + 1),
                           pygame.SRCALPHA)
    block.blit(text, text.get_rect(midtop=(block.get_width() // 2, 0)))
    draw_suit(block, suit, (block.get_width() / 2, text.get_height() + pip - 1), pip, colour)
    surface.blit(block, (inset, inset - 1))
    flipped = pygame.transform.rotate(block, 180)
    surface.blit(flipped, flipped.get_rect(bottomright=(width - inset, height - inset + 1)))


def _medallion(surface: pygame.Surface, suit: str, centre: Point, radius: float) -> None:
    """Red: a round medallion; black: a square one. The colour is never the only sign."""
    colour = ink_of(suit)
    line = max(1, int(radius * 0.09))
    cx, cy = int(centre[0]), int(centre[1])
    if SUITS.get(suit) == "red":
        pygame.draw.circle(surface, theme.PARCHMENT, (cx, cy), int(radius))
        pygame.draw.circle(surface, colour, (cx, cy), int(radius), line)
    else:
        side = int(radius * 1.7)
        box = pygame.Rect(0, 0, side, side)
        box.center = (cx, cy)
        pygame.draw.rect(surface, theme.PARCHMENT, box)
        pygame.draw.rect(surface, colour, box, line)


def paint_tamoul_face(surface: pygame.Surface, card_id: str) -> None:
    """One face on the blank framed card: corner indices, the suit in its medallion, a court letter and
    the value chip of the cards whose value is not their rank."""
    rank, suit = split_card(card_id)
    if suit not in SUITS:
        _corner(surface, "?", "S")
        return
    width, height = surface.get_size()
    _corner(surface, rank, suit)
    centre = (width / 2, height * 0.52)
    radius = width * 0.3
    _medallion(surface, suit, centre, radius)
    colour = ink_of(suit)
    if rank in ("J", "Q", "K"):
        font = _fit_font(rank, int(radius * 1.3), int(radius * 1.15), "title")
        letter = font.render(rank, True, colour)
        surface.blit(letter, letter.get_rect(center=(int(centre[0]), int(centre[1] - radius * 0.12))))
        draw_suit(surface, suit, (centre[0], centre[1] + radius * 0.62), radius * 0.26, colour)
    else:
        draw_suit(surface, suit, centre, radius * 0.62, colour)
    value = card_value_words(card_id)
    if value and width >= 36:
        _value_chip(surface, value, (width * 0.4, height * 0.87), colour)


def _value_chip(surface: pygame.Surface, text: str, centre: Point, colour: tuple[int, int, int]) -> None:
    width = surface.get_width()
    words = _("{points} pts").format(points=text)
    font = _fit_font(words, int(width * 0.44), max(9, int(width * 0.16)), "bold")
    image = font.render(words, True, theme.CREAM)
    box = image.get_rect(center=(int(centre[0]), int(centre[1]))).inflate(max(4, width // 12), 2)
    pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=box.center))


def border_of(card_id: str) -> tuple[int, int, int]:
    """Red cards in a terracotta frame, black cards in ink."""
    return theme.TERRACOTTA if SUITS.get(split_card(card_id)[1]) == "red" else theme.INK


def tamoul_card_art() -> CardArt:
    """The kit's cached renderer with Tamoul's faces and the common back."""
    return CardArt(paint_tamoul_face, border_for=border_of)


def eye_mark(size: int, colour: tuple[int, int, int] = theme.GOLD) -> pygame.Surface:
    """A small eye (memory aid: a card you have seen), drawn at `size` pixels wide."""
    size = max(10, size)
    image = pygame.Surface((size, int(size * 0.7)), pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.ellipse(image, theme.INK, rect)
    pygame.draw.ellipse(image, colour, rect.inflate(-2, -2), max(1, size // 10))
    pygame.draw.circle(image, colour, rect.center, max(2, int(size * 0.17)))
    return image


def lock_mark(size: int) -> pygame.Surface:
    """A padlock: a caller's frozen card (A-14)."""
    size = max(10, size)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(int(size * 0.15), int(size * 0.42), int(size * 0.7), int(size * 0.52))
    pygame.draw.arc(image, theme.CREAM, pygame.Rect(int(size * 0.27), int(size * 0.08), int(size * 0.46),
                                                    int(size * 0.6)), 0, math.pi, max(2, size // 8))
    pygame.draw.rect(image, theme.INK, body.inflate(2, 2), border_radius=max(1, size // 8))
    pygame.draw.rect(image, theme.CREAM, body, border_radius=max(1, size // 8))
    pygame.draw.circle(image, theme.INK, body.center, max(1, size // 10))
    return image


def tamoul_faces(game: Any) -> tuple[CardArt, frozenset[str]]:
    """The manifest's `card_faces`: the renderer and every card id of the deck (the rules screen's examples)."""
    return tamoul_card_art(), frozenset(game.content.cards)
