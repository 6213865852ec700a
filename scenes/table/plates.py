"""Seat furniture every table draws: the name plate with its (you)/(AI) words and the game's words at
its right (`draw_name_plate`), the active-seat ring, and the card-count badge of a face-down hand.

The words follow who is looking: the human whose private view is on screen reads "(you)" (or
"(your cards)" in pass-and-play, where several people share the screen), AI seats read "(AI)", a
player named "You" gets no tag. The active seat (whose move the table shows as awaited) wears the
kit's pulsing ring and a "turn" / "your turn" tag (scenes/table/log_panel.py `draw_turn_marker`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from scenes.ui import theme
from scenes.table.card_art import card_height
from scenes.table.chips import draw_chip_row, value_chip
from scenes.table.log_panel import draw_turn_marker
from scenes.table.sprites import CardSprite
from scenes.table.text import blit_text
from scenes.ui.widgets import draw_panel, ellipsize
from scenes.ui.i18n import _, is_named_you, ngettext

PLATE_ALPHA = 200


def role_words(seat: int, name: str, humans: Sequence[int], shown_as_you: bool) -> str:
    """" (you)", " (your cards)", " (AI)" or nothing, after a seat's name."""
    if shown_as_you:
        if is_named_you(name):
            return ""
        return " " + (_("(you)") if len(humans) == 1 else _("(your cards)"))
    return "" if seat in humans else " " + _("(AI)")


@lru_cache(maxsize=32)
def plate_backing(size: tuple[int, int], alpha: int = PLATE_ALPHA) -> pygame.Surface:
    """A name plate's dark rounded backing, made once per size."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    draw_panel(image, image.get_rect(), alpha)
    return image


def draw_plate_backing(surface: pygame.Surface, plate: pygame.Rect) -> None:
    surface.blit(plate_backing(plate.size), plate)


def draw_plate_name(surface: pygame.Surface, plate: pygame.Rect, name: str, role: str, size: int, pad: int,
                    room: int) -> pygame.Rect:
    """The name at the plate's left with its role: when both do not fit `room` the name is shortened
    first ("Ariad… (AI)": who is an AI matters beside a long status too), and the role goes only when not
    even a few letters of the name would be left beside it."""
    shown = name + role
    font = theme.font(size, "bold")
    if font.size(shown)[0] > room:
        name_room = room - font.size(role)[0]
        if role and name_room >= font.size(name[:3] + "…")[0]:
            shown = ellipsize(name, size, name_room, "bold") + role
        else:
            shown = ellipsize(name, size, room, "bold")
    return blit_text(surface, shown, (plate.left + pad, plate.centery), size, theme.CREAM, "bold", "midleft")


def draw_name_plate(surface: pygame.Surface, plate: pygame.Rect, name: str, role: str, right: str = "",
                    right_colour: tuple[int, int, int] | None = None, text_ratio: float = 0.5,
                    stripe: tuple[int, int, int] | None = None) -> pygame.Rect:
    """A whole name plate: its backing, a colour stripe at the left if given (a team), the name and
    role, and the game's words at the right (ZEUS letters, points, "ready"), which never yield to the name.
    When the name and role would be cut ("Aria… TAMOUL!  0 pts"), the plate grows about its centre, by up to
    a third, inside the window; returns the plate as drawn (the turn ring goes round it)."""
    size = max(11, int(plate.height * text_ratio))
    pad = max(4, plate.height // 4)
    font = theme.font(size, "bold")
    stripe_w = max(5, pad) if stripe is not None else 0
    # The plate grows for the name and its role ("Ariadne (AI)"): who is an AI matters at a small size too.
    need = stripe_w + pad + font.size(name + role)[0] + 3 * pad + (font.size(right)[0] if right else 0)
    if need > plate.width:
        plate = plate.inflate(min(need - plate.width, plate.width // 3), 0)
        plate.clamp_ip(surface.get_rect())
    draw_plate_backing(surface, plate)
    left = plate.left
    if stripe is not None:
        band = pygame.Rect(plate.left, plate.top, max(5, pad), plate.height)
        pygame.draw.rect(surface, stripe, band, border_radius=3)
        left = band.right
    name_plate = pygame.Rect(left, plate.top, plate.right - left, plate.height)
    right_w = theme.font(size, "bold").size(right)[0] if right else 0
    draw_plate_name(surface, name_plate, name, role, size, pad, name_plate.width - right_w - 3 * pad)
    if right:
        blit_text(surface, right, (plate.right - pad, plate.centery), size, right_colour or theme.GOLD, "bold", "midright")
    return plate


def draw_score_plate(surface: pygame.Surface, plate: pygame.Rect, name: str, role: str, total: str,
                     total_colour: tuple[int, int, int], chips: Sequence[pygame.Surface] | None = None,
                     chip_height: int = 0,
                     tag: pygame.Surface | None = None, size: int | None = None) -> pygame.Rect | None:
    """A name plate for a game that keeps score on it (a trick game's points): the total at the right, the
    seat's score chips just left of it (newest nearest; None: this plate carries no chip row), the name with its role, and a small `tag` chip
    right after the name (a "leads" marker, kept inside the plate so it never meets the turn tag above).
    The name drops its role only when name, role and tag do not all fit; returns the tag's rect."""
    size = size if size is not None else max(10, int(plate.height * 0.48))
    pad = max(4, plate.height // 4)
    draw_plate_backing(surface, plate)
    right = blit_text(surface, total, (plate.right - pad, plate.centery), size, total_colour, "bold", "midright")
    words_right = right.left - pad // 2      # the total needs only a small gap before it
    if chips is not None:
        words_right = draw_chip_row(surface, list(chips), right.left - pad, plate.centery, chip_height)
    tag_room = tag.get_width() + pad // 2 if tag is not None else 0
    shown = draw_plate_name(surface, plate, name, role, size, pad, max(10, words_right - plate.left - pad - tag_room))
    if tag is None:
        return None
    return surface.blit(tag, tag.get_rect(midleft=(shown.right + pad // 2, plate.centery)))


def grown_score_plate(bounds: pygame.Rect, plate: pygame.Rect, name: str, role: str, total: str,
                      tag: pygame.Surface | None = None, size: int | None = None) -> pygame.Rect:
    """A side score plate (no chip row) about its centre, grown by up to a third inside `bounds` when the
    name, its role, the tag and the total would not fit ("Ariadne (AI) leads  0 / 32" at 800x500), so the
    role is not dropped beside a long status. Draw it with `draw_score_plate` and ring it as returned."""
    size = size if size is not None else max(10, int(plate.height * 0.48))
    pad = max(4, plate.height // 4)
    font = theme.font(size, "bold")
    need = pad + font.size(name + role)[0] + (tag.get_width() + pad // 2 if tag is not None else 0) \
        + pad + font.size(total)[0] + pad
    if need <= plate.width:
        return plate
    grown = plate.inflate(min(need - plate.width, plate.width // 3), 0)
    grown.clamp_ip(bounds)
    return grown


def draw_active_seat(surface: pygame.Surface, plate: pygame.Rect, clock: float, yours: bool,
                     label: str | None = None) -> pygame.Rect:
    """The ring and tag of the seat whose move is awaited (`label` overrides "your turn" / "turn");
    returns the area they cover."""
    return draw_turn_marker(surface, plate, clock, label if label is not None else (_("your turn") if yours else _("turn")))


def count_words(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def draw_count_beside(surface: pygame.Surface, hand: Sequence[CardSprite], centre: tuple[int, int],
                      size: int) -> None:
    """A face-down hand's size in words, just right of its rightmost card (centred when it is empty)."""
    text = count_words(len(hand))
    if hand:
        right = max(s.home[0] + s.pixel_width / 2 for s in hand)
        blit_text(surface, text, (int(right) + 6, int(centre[1])), size, theme.CREAM, "bold", "midleft")
    else:
        blit_text(surface, text, centre, size, theme.CREAM, "bold", "center")


def draw_count_on_card(surface: pygame.Surface, hand: Sequence[CardSprite], size: int) -> None:
    """A face-down hand's size as a chip on its last card (nothing for an empty hand)."""
    if not hand:
        return
    last = max(hand, key=lambda s: s.home[0])
    pos = (int(last.home[0] + last.pixel_width * 0.25), int(last.home[1] + card_height(last.pixel_width) * 0.3))
    chip = value_chip(str(len(hand)), int(size * 1.5), theme.INK, theme.CREAM, theme.CREAM)
    surface.blit(chip, chip.get_rect(center=pos))
