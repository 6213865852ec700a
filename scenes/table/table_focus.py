"""The cards on the table that are not the player's own, reached by keys, to look at them.

Part of the table kit (mixed into `InputRouting`, input_routing.py). Tab goes from the player's own
cards to the cards on the table, then to the buttons, and round again (Shift+Tab the other way). On
the table the arrows move among its face-up cards: a Télos trick, Zeus's Mount Olympus, Tamoul's top
discard, a card another player drew from the discard pile and, at a round's end, every board turned
over, the beams in the other Elios players' trays and then each stack of the Elios sun. The card with this focus wears the focus ring, is
drawn large where the table is smaller than the player's UI scale (card_zoom.py), shows its help box
and is said by speech in plain words ("Trick: Ann's 9 Ochre, 1 of 3"). Esc goes back to the player's
own cards, where the arrows were. A card on the table is only looked at: Enter and Space play nothing.

Each game says which of its cards may be looked at and in what words (`_table_cards`); the kit keeps
only the ones drawn face up in the last frame that are not the player's own to pick up, so a back, a
Tamoul look that has ended, a hand turned away or anything behind the hand-off screen is never
reached, enlarged or said. A game may add places drawn as shapes rather than cards (`TableSpot`, an
Elios sun stack): the arrows reach them in the same round, the ring follows their outline and speech
says their words; they have no card face to enlarge or explain, so the enlarged card and the help box
stay away while one has the focus.
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


Point = tuple[float, float]


@dataclass(frozen=True)
class TableCard:
    """One card on the table that may be looked at, and how speech names it ("Trick: Ann's 9 Ochre")."""

    sprite: CardSprite
    words: str


@dataclass(frozen=True)
class TableSpot:
    """A place on the table drawn as shapes, not as a card (an Elios sun stack), that may be looked at:
    `key` tells it from the others from frame to frame, `outline` is the shape the focus ring follows
    (in the order it is drawn), `words` what speech says of it ("The red stack: 2 beams (red, joker)")."""

    key: str
    outline: tuple[Point, ...]
    words: str


TableItem = TableCard | TableSpot


def focus_key(item: TableItem) -> object:
    """What the focus holds on to: a card's sprite, a spot's key."""
    return item.sprite if isinstance(item, TableCard) else item.key


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

    _table_focus: object | None = None          # the focus_key of what has the focus (None: not on the table)
    _table_focus_at = 0                         # its place in the list, kept for when it leaves the table
    _hand_focus_before: int | None = None       # where the arrows were in the hand, for Esc

    def _table_cards(self) -> list[TableItem]:
        """The game's face-up cards on the table that anyone at it may see, in reading order (the game
        says; the kit filters, see `table_cards`)."""
        return []

    def table_cards(self) -> list[TableItem]:
        """The cards (and spots) the table focus may reach now: the game's, a card only if the last frame
        drew it face up, it is not one of the player's own (those are the hand's focus) and it is not on
        its way off; a spot is always drawn for everyone while the table shows."""
        if self.replay_mode or self.gate.waiting:
            return []
        own = self.drag.sprites
        shown = self.renderer.shown
        return [card for card in self._table_cards()
                if isinstance(card, TableSpot) or (
                    card.sprite.face_up and card.sprite.alpha >= 128 and card.sprite in shown
                    and card.sprite not in own and card.sprite not in self.flying)]

    def table_focus_item(self) -> TableItem | None:
        """The card or spot with the table focus; when a card has left the table (swept, turned over) the
        focus goes to what is now in its place, and back to the hand when nothing is left to look at."""
        if self._table_focus is None:
            return None
        items = self.table_cards()
        keys = [focus_key(item) for item in items]
        at = next((i for i, key in enumerate(keys) if key is self._table_focus or key == self._table_focus), None)
        if at is not None:
            self._table_focus_at = at
            return items[at]
        if not items:
            self._table_focus = None
            return None
        self._table_focus_at = min(self._table_focus_at, len(items) - 1)
        self._table_focus = keys[self._table_focus_at]
        return items[self._table_focus_at]

    def table_focus_card(self) -> CardSprite | None:
        """The table card with the focus (None also while a spot, such as a sun stack, has it)."""
        item = self.table_focus_item()
        return item.sprite if isinstance(item, TableCard) else None

    def table_focus_words(self) -> str:
        """What speech says of the table card or spot with the focus: its words and its place among them."""
        item = self.table_focus_item()
        if item is None:
            return ""
        cards = self.table_cards()
        at = self._table_focus_at
        words = item.words
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
        self._table_focus = focus_key(cards[self._table_focus_at])
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
        if event.type != pygame.KEYDOWN or self.table_focus_item() is None:
            return False
        if event.key in LEFT_KEYS + RIGHT_KEYS:
            keys = [focus_key(card) for card in self.table_cards()]
            step = -1 if event.key in LEFT_KEYS else 1
            self._table_focus_at = (self._table_focus_at + step) % len(keys)
            self._table_focus = keys[self._table_focus_at]
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
        """The focus ring round the table card or spot with the focus (not while the look back covers the
        table)."""
        item = self.table_focus_item()
        if item is None or self.looking_back:
            return
        if isinstance(item, TableSpot):
            draw_spot_focus_ring(surface, item.outline)
            return
        draw_table_focus_ring(surface, card_bounds(item.sprite), corner_radius(item.sprite.pixel_width))


def draw_table_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The focus ring of a table card: the focus gold, thicker than a button's and edged in ink on both
    sides, with a gap, so it never reads as the thin gold glow a game puts on a card (Télos's winning
    card)."""
    width = max(3, rect.width // 20)
    gap = max(3, rect.width // 24)
    ring = rect.inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surface, theme.INK, ring.inflate(4, 4), width=width + 4, border_radius=radius + gap + width + 2)
    pygame.draw.rect(surface, theme.GOLD, ring, width=width, border_radius=radius + gap + width)


def draw_spot_focus_ring(surface: pygame.Surface, outline: tuple[Point, ...]) -> None:
    """The focus ring round a spot drawn as shapes (an Elios sun stack): the same focus gold edged in ink
    as a card's ring, along the spot's outline; round joints keep the corners closed."""
    points = [(round(x), round(y)) for x, y in outline]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    width = max(3, min(max(xs) - min(xs), max(ys) - min(ys)) // 14)
    for colour, line in ((theme.INK, width + 4), (theme.GOLD, width)):
        pygame.draw.lines(surface, colour, True, points, line)
        for point in points:
            pygame.draw.circle(surface, colour, point, line // 2)
