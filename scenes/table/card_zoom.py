"""The card the player is looking at, drawn large, where the table cannot grow to the size they chose.

Part of the table kit, mixed into `TableScene` (base.py). At a large UI scale a table grows only as far as
its window leaves the centre room (layout.py: about 130 % at the 200 % setting in a 16:9 window), so its
cards stay smaller than a low-vision player asked for. Then the card with the keyboard focus, else the
one under the pointer, is drawn again at the size the player chose (a hand card of the 100 % table times
the setting, or larger), above, below or beside it, covering neither the card itself nor the buttons and
the controls area. Where the table's cards are as large as the setting asks (100 %), nothing is drawn.
The keyboard focus may be on a card of the player's hand or on a card of the table (table_focus.py),
whose focus ring is drawn here too, just before the enlarged card.

Only a card already drawn face up this frame is enlarged, and only its face as drawn: a back stays a
back, a hand turned away in pass-and-play shows nothing, and nothing is drawn while the hand-off
screen is up or a card is being dragged.
"""
from __future__ import annotations

import math

import pygame

from scenes.table.card_art import card_height, corner_radius
from scenes.table.sprites import CardSprite
from scenes.ui import theme
from scenes.ui.theme import ui_scale

GROWN_ENOUGH = 1.02     # the table's cards within 2 % of the chosen size need no enlarged view


class CardZoom:
    """The enlarged view of the focused or pointed-at card (drawn by `TableScene.draw` after the card help)."""

    zoom_rect: pygame.Rect | None = None       # where the last frame drew the enlarged card (None: not drawn)
    zoomed: CardSprite | None = None           # the card it showed

    def zoom_width(self) -> int:
        """How wide the enlarged card is: a hand card at the player's chosen size in this window; 0 when the
        table's own cards already have that size."""
        lay = self.layout
        shortfall = ui_scale(lay.size) / lay.scale
        # The table's card width was rounded down from the grown size; one pixel more keeps this at least
        # the chosen size.
        return math.ceil((lay.card_width + 1) * shortfall) if shortfall > GROWN_ENOUGH else 0

    def _zoom_target(self) -> CardSprite | None:
        """The card the keyboard focus is on (on the table, else in the hand), else the one under the
        pointer; only one drawn face up."""
        drag = self.drag
        if drag.held or self.gate.waiting or self.looking_back:
            return None
        shown = self.renderer.shown
        if self.table_focus_item() is not None and self.table_focus_card() is None:
            return None         # a spot of the table (a sun stack) has the focus: no card to enlarge
        sprite = self.table_focus_card()
        if sprite is None and drag.focus is not None and drag.focus < len(drag.sprites):
            sprite = drag.sprites[drag.focus]
        if sprite is None:
            for candidate in reversed(shown):      # the top-most card under the pointer (a lifted one where it shows)
                lift = int(candidate.pixel_width * 0.12) if candidate.lifted else 0
                if candidate.contains(self.mouse) or candidate.contains((self.mouse[0], self.mouse[1] + lift)):
                    sprite = candidate
                    break
        if sprite is None or sprite not in shown or not sprite.face_up or sprite in self.flying:
            return None
        return sprite

    def _zoom_keep_clear(self) -> list[pygame.Rect]:
        """What the enlarged card never covers: every button and the controls area."""
        lay = self.layout
        buttons = [*self.buttons, *self.help_buttons, *self.seat_buttons, *(b for _s, b in self.reaction_buttons)]
        return [lay.controls_rect, lay.corner_rect, *(b.rect for b in buttons)]

    def _zoom_keep_clear_if_room(self) -> list[pygame.Rect]:
        """What the enlarged card keeps off as it keeps off a button, unless that leaves it no place at all
        (then it keeps off only the buttons and the controls): a tutorial's coach bubble, whose words
        would otherwise be covered or cover it. Nothing on a plain table."""
        return []

    def _zoom_rather_clear(self) -> list[pygame.Rect]:
        """What the enlarged card keeps off when the table leaves it room elsewhere: the name plates, the
        turn tag, the move log, the other cards shown and the words a game shows in the middle (its
        `centre_words_rects`, if it keeps them)."""
        lay = self.layout
        rects = [area.plate for area in lay.seats.values()] + [lay.log_rect]
        if self.turn_tag_rect is not None:
            rects.append(self.turn_tag_rect)
        rects += list(getattr(self, "centre_words_rects", ()))
        rects += [sprite.rect() for sprite in self.renderer.shown]
        return [r for r in rects if r.width and r.height]

    def _zoom_place(self, card: pygame.Rect, size: tuple[int, int], window: pygame.Rect) -> pygame.Rect | None:
        """Where the enlarged card goes: the place nearest its card that covers nothing of the table
        (plates, other cards, the log, the words in the middle); where there is none, above its card, else
        below, left, right, sliding sideways off a button. Never over the card itself, a button or the
        controls, nor, where the window leaves room, a coach bubble (`_zoom_keep_clear_if_room`). None:
        nowhere is clear. Worked out again only when the card or the table moves."""
        avoid = self._zoom_keep_clear()
        room = self._zoom_keep_clear_if_room()
        rather = self._zoom_rather_clear()     # its own card among them never counts: no place covers it
        key = (tuple(card), size, tuple(window), *(tuple(map(tuple, rects)) for rects in (avoid, room, rather)))
        cached = getattr(self, "_zoom_placed", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        place = None
        for keep_off in ([*avoid, *room], avoid) if room else (avoid,):
            place = self._zoom_clear_place(card, size, window, keep_off, rather) \
                or self._zoom_near_place(card, size, window, keep_off)
            if place is not None:
                break
        self._zoom_placed = (key, place)
        return place

    def _zoom_clear_place(self, card: pygame.Rect, size: tuple[int, int], window: pygame.Rect,
                          avoid: list[pygame.Rect], rather: list[pygame.Rect]) -> pygame.Rect | None:
        """Among the places beside the edges of what is in the way that cover no button, the controls or
        the card itself: the one covering the least of `rather` (the plates, other cards, the log, the
        words in the middle), then the nearest the card."""
        gap = self.layout.margin
        width, height = size
        lefts = {card.centerx - width // 2, card.right + gap, card.left - gap - width}
        tops = {card.centery - height // 2, card.bottom + gap, card.top - gap - height}
        for r in avoid + rather:
            lefts |= {r.right + gap, r.left - gap - width}
            tops |= {r.bottom + gap, r.top - gap - height}
        best: tuple[int, int, pygame.Rect] | None = None
        for x in lefts:
            for y in tops:
                place = pygame.Rect(x, y, width, height)
                if not window.contains(place) or place.colliderect(card) or place.collidelist(avoid) >= 0:
                    continue
                covered = 0
                for r in rather:
                    overlap = place.clip(r)
                    covered += overlap.width * overlap.height
                far = (place.centerx - card.centerx) ** 2 + (place.centery - card.centery) ** 2
                if best is None or (covered, far) < best[:2]:
                    best = (covered, far, place)
        return None if best is None else best[2]

    def _zoom_near_place(self, card: pygame.Rect, size: tuple[int, int], window: pygame.Rect,
                         avoid: list[pygame.Rect]) -> pygame.Rect | None:
        """Above its card, else below, left, right; above and below it may slide sideways off a button
        in the way, as little as it can."""
        gap = self.layout.margin
        width, height = size
        centred = card.centerx - width // 2
        lefts = sorted({centred, *(r.right + gap for r in avoid), *(r.left - gap - width for r in avoid)},
                       key=lambda x: abs(x - centred))
        rows = [[pygame.Rect(x, card.top - gap - height, width, height) for x in lefts],
                [pygame.Rect(x, card.bottom + gap, width, height) for x in lefts],
                [pygame.Rect(card.left - gap - width, card.centery - height // 2, width, height)],
                [pygame.Rect(card.right + gap, card.centery - height // 2, width, height)]]
        for row in rows:
            for place in row:
                place = place.clamp(window)
                if window.contains(place) and not place.colliderect(card) and place.collidelist(avoid) < 0:
                    return place
        return None

    def _draw_card_zoom(self, surface: pygame.Surface) -> CardSprite | None:
        """The focus ring on a table card, then the enlarged card in the first place that fits: above its
        card, below, left, right. Returns a sprite standing where it was drawn, for the card's help box
        to sit on (None: not drawn)."""
        self.zoom_rect = self.zoomed = None
        self._draw_table_focus(surface)
        width = self.zoom_width()
        sprite = self._zoom_target() if width else None
        if sprite is None or width <= sprite.pixel_width:
            return None
        card = sprite.rect()
        card.union_ip(card.move(0, -int(sprite.pixel_width * 0.12)))      # where it stands lifted too
        place = self._zoom_place(card, (width, card_height(width)), surface.get_rect())
        if place is None:
            return None
        image = self.renderer.art.card(sprite.card_id, width, True, 0)
        shadow = max(3, width // 22)
        radius = corner_radius(width)
        pygame.draw.rect(surface, (0, 0, 0), place.move(shadow, shadow), border_radius=radius)
        surface.blit(image, image.get_rect(center=place.center))
        pygame.draw.rect(surface, theme.GOLD, place.inflate(6, 6), width=3, border_radius=radius + 3)
        self.renderer.drawn_faces.append(sprite.card_id)  # type: ignore[arg-type]
        self.zoom_rect, self.zoomed = place, sprite
        return CardSprite(sprite.card_id, x=place.centerx, y=place.centery, flip=1.0, width=width)
