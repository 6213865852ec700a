"""The cards on the table that are not the player's own, reached by keys, to look at them.

Part of the table kit (mixed into `InputRouting`, input_routing.py). Tab goes from the player's own
cards to the cards on the table, then to the buttons, and round again (Shift+Tab the other way). On
the table the arrows move among its face-up cards: a Télos trick, Zeus's Mount Olympus, Tamoul's top
discard, a card another player drew from the discard pile and, at a round's end, every board turned
over, the beams in the other Elios players' trays. The card with this focus wears the focus ring, is
drawn large where the table is smaller than the player's UI scale (card_zoom.py), shows its help box
and is said by speech in plain words ("Trick: Ann's 9 Ochre, 1 of 3"). Esc goes back to the player's
own cards, where the arrows were. A card on the table is only looked at: Enter and Space play nothing.

Each game says which of its cards may be looked at and in what words (`_table_cards`); the kit keeps
only the ones drawn face up in the last frame that are not the player's own to pick up, so a back, a
Tamoul look that has ended, a hand turned away or anything behind the hand-off screen is never
reached, enlarged or said.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.table.card_art import card_height, corner_radius
from scenes.table.sprites import CardSprite
from scenes.ui.i18n import _
from scenes.ui import theme

LEFT_KEYS = (pygame.K_LEFT, pygame.K_UP)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True)
class TableCard:
    """One card on the table that may be looked at, and how speech names it ("Trick: Ann's 9 Ochre")."""

    sprite: CardSprite
    words: str


def card_bounds(sprite: CardSprite) -> pygame.Rect:
    """The rectangle a card covers as drawn, turned as it lies (a heap's card is turned up to 9 degrees)."""
    w = sprite.pixel_width
    h = card_height(w)
    angle = math.radians(sprite.rotation)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    bw, bh = int(w * cos + h * sin), int(w * sin + h * cos)
    return pygame.Rect(int(sprite.x - bw / 2), int(sprite.y - bh / 2), bw, bh)


class TableFocus:
    """The keyboard focus on a card of the table: which card, the keys that move it, its ring and words."""

    _table_focus: CardSprite | None = None      # the table card with the focus (None: not on the table)
    _table_focus_at = 0                         # its place in the list, kept for when it leaves the table
    _hand_focus_before: int | None = None       # where the arrows were in the hand, for Esc

    def _table_cards(self) -> list[TableCard]:
        """The game's face-up cards on the table that anyone at it may see, in reading order (the game
        says; the kit filters, see `table_cards`)."""
        return []

    def table_cards(self) -> list[TableCard]:
        """The cards the table focus may reach now: the game's, each only if the last frame drew it face
        up, it is not one of the player's own (those are the hand's focus) and it is not on its way off."""
        if self.replay_mode or self.gate.waiting:
            return []
        own = self.drag.sprites
        shown = self.renderer.shown
        return [card for card in self._table_cards()
                if card.sprite.face_up and card.sprite.alpha >= 128 and card.sprite in shown
                and card.sprite not in own and card.sprite not in self.flying]

    def table_focus_card(self) -> CardSprite | None:
        """The table card with the focus; when it has left the table (swept, turned over) the focus goes
        to the card now in its place, and back to the hand when no card is left to look at."""
        if self._table_focus is None:
            return None
        cards = self.table_cards()
        sprites = [card.sprite for card in cards]
        if self._table_focus in sprites:
            self._table_focus_at = sprites.index(self._table_focus)
            return self._table_focus
        if not sprites:
            self._table_focus = None
            return None
        self._table_focus_at = min(self._table_focus_at, len(sprites) - 1)
        self._table_focus = sprites[self._table_focus_at]
        return self._table_focus

    def table_focus_words(self) -> str:
        """What speech says of the table card with the focus: its words and its place among them."""
        sprite = self.table_focus_card()
        if sprite is None:
            return ""
        cards = self.table_cards()
        at = next(i for i, card in enumerate(cards) if card.sprite is sprite)
        words = cards[at].words
        words = words[:1].upper() + words[1:]       # "your card 3: 7♥" opens the sentence
        return _("{card}, {number} of {count}").format(card=words, number=at + 1, count=len(cards))

    def enter_table_focus(self, last: bool = False) -> bool:
        """The focus goes to the table's first card (`last`: its last one, for Shift+Tab); False when
        there is none. The hand's place is kept for Esc; a Télos card in focus stays for Play to play."""
        cards = self.table_cards()
        if not cards:
            return False
        if self._table_focus is None:
            self._hand_focus_before = self.drag.focus
        self._table_focus_at = len(cards) - 1 if last else 0
        self._table_focus = cards[self._table_focus_at].sprite
        if not self.drag.multi_select:
            self.drag.blur()
        return True

    def leave_table_focus(self, to_hand: bool = True) -> None:
        """The focus leaves the table: back to where it was in the hand (`to_hand`), or on to a button."""
        if self._table_focus is None:
            return
        self._table_focus = None
        if to_hand and self._hand_focus_before is not None:
            self.drag.focus_on(self._hand_focus_before)
        self._hand_focus_before = None

    def _handle_table_focus(self, event: pygame.event.Event) -> bool:
        """On the table: the arrows move among its cards, Esc goes back to the hand, Enter and Space play
        nothing (the player is told how to go back). A mouse press ends the keyboard's look at the table."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.leave_table_focus(to_hand=False)
            return False
        if event.type != pygame.KEYDOWN or self.table_focus_card() is None:
            return False
        if event.key in LEFT_KEYS + RIGHT_KEYS:
            sprites = [card.sprite for card in self.table_cards()]
            step = -1 if event.key in LEFT_KEYS else 1
            self._table_focus_at = (sprites.index(self._table_focus) + step) % len(sprites)
            self._table_focus = sprites[self._table_focus_at]
            return True
        if event.key == pygame.K_ESCAPE:
            self.leave_table_focus()
            return True
        if event.key in PRESS_KEYS and not self.table_looked:
            self._notice(_("the cards on the table are there to look at: Esc goes back to your cards"),
                         advice=True)
            return True
        return False

    def _draw_table_focus(self, surface: pygame.Surface) -> None:
        """The focus ring round the table card with the focus (not while the look back covers the table)."""
        sprite = self.table_focus_card()
        if sprite is None or self.looking_back:
            return
        draw_table_focus_ring(surface, card_bounds(sprite), corner_radius(sprite.pixel_width))


def draw_table_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The focus ring of a table card: the focus gold, thicker than a button's and edged in ink on both
    sides, with a gap, so it never reads as the thin gold glow a game puts on a card (Télos's winning
    card)."""
    width = max(3, rect.width // 20)
    gap = max(3, rect.width // 24)
    ring = rect.inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surface, theme.INK, ring.inflate(4, 4), width=width + 4, border_radius=radius + gap + width + 2)
    pygame.draw.rect(surface, theme.GOLD, ring, width=width, border_radius=radius + gap + width)
