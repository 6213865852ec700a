"""Picking cards up and putting them down: drag and drop, click to select, and the keyboard.

The controller never decides a rule. The table gives it two functions built on the engine:
`legal_zones(card_ids)` (which drop zones would accept these cards now, from `legal_actions`) to
light them up, and `drop(card_ids, zone_name)` which tries the move through the session and returns
None when it was played, or the reason it is not allowed (from `state.why_illegal`). A refused card
springs back to its place in the hand and the reason is shown next to it for a few seconds.

Mouse: press on a card and move to drag (with `multi_select`, every selected card travels with it);
release over a lit zone to play. A click without moving selects a card (lifts it); clicking it again
or clicking a zone plays it. Keyboard: Left/Right move the focus, Up/Down select in multi-select
mode, Enter or Space play the focused (or selected) cards onto the default zone, Esc drops the
selection. (The cards on the table that are not the player's are reached by Tab: table_focus.py.)

Multi-select (`multi_select=True`), for games that play several cards at once: a click puts a card
into the selection; clicking a chosen card again plays the selection when it is a legal play onto
the default zone (the same "click twice to play" as a single card), else takes it out (`toggle`); Up/Down add or take out the focused card, and with
`space_toggles` Space does the same (`toggle_focused`) while Enter plays. Dragging any selected card
carries the whole selection. A table whose idea of what is legal changed calls `refresh()` so the lit
zones and lifted cards follow. Which cards may join a set is the table's business; the kit's
`scenes/table/selection.py` answers it from `legal_actions`.

Zones (scenes/table/zones.py) may be any shape on any seat: rectangles, polygons and wedges, circles.

With `hover_lift`, the card under the pointer lifts too, and the lifted cards (`on_top`) are the
ones a table draws last and the first ones hit-tested, so an overlapped card can be read whole.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from scenes.ui import theme
from scenes.table.sprites import CardSprite
from scenes.table.tween import SETTLING, TweenQueue, ease_out_back
from scenes.table.zones import DropZone, zone_at, zone_under
from scenes.ui.i18n import _, translate_message
from scenes.ui.widgets import wrap_text

NOTICE_SECONDS = 3.5


@dataclass
class Notice:
    """A short message by a card (why a move was refused, or a hint); fades after a few seconds. Advice
    wears gold, a refusal red, so a hint never looks like a mistake."""

    text: str
    pos: tuple[int, int]
    remaining: float = NOTICE_SECONDS
    advice: bool = False

    def __post_init__(self) -> None:
        self.text = sentence(self.text)


def sentence(text: str) -> str:
    """A message shown alone starts with a capital, whatever the engine's reason looks like mid-sentence."""
    return text[:1].upper() + text[1:]


@dataclass
class DragController:
    tweens: TweenQueue
    legal_zones: Callable[[tuple[str, ...]], set[str]]
    drop: Callable[[tuple[str, ...], str], str | None]
    default_zone: Callable[[], str | None] = lambda: None
    multi_select: bool = False
    sprites: list[CardSprite] = field(default_factory=list)     # pickable cards, left to right
    zones: list[DropZone] = field(default_factory=list)
    enabled: bool = True
    selected: list[CardSprite] = field(default_factory=list)
    focus: int | None = None
    held: list[CardSprite] = field(default_factory=list)
    notice: Notice | None = None
    drag_threshold: float = 6.0
    hover_lift: bool = False
    space_toggles: bool = False     # multi_select: Space toggles the focused card (Enter still plays)
    hovered: CardSprite | None = None
    notice_ceiling: int | None = None   # a refusal's notice ends above this y (the player's own name plate)
    # The table may answer a click on a card first (True: handled), e.g. a slot chosen as a swap's target.
    on_click: Callable[[CardSprite], bool] = lambda sprite: False
    # While a drop is being proposed: the sprites it is about (a face-down card carries no id to tell them).
    moving: list[CardSprite] = field(default_factory=list)
    _press: tuple[CardSprite, tuple[int, int]] | None = None
    _grab_offsets: list[tuple[float, float]] = field(default_factory=list)
    _lit: set[str] = field(default_factory=set)
    _saved_z: dict[int, int] = field(default_factory=dict)
    _focus_lit: set[int] = field(default_factory=set)     # ids of sprites whose glow is the focus gold set here

    # ----- what the table calls -------------------------------------------------------------------
    def set_cards(self, sprites: Sequence[CardSprite]) -> None:
        """The hand changed: keep the selection and focus that still make sense."""
        self.sprites = list(sprites)
        self.selected = [s for s in self.selected if s in self.sprites]
        if self.focus is not None and not self.sprites:
            self.focus = None
        elif self.focus is not None:
            self.focus = min(self.focus, len(self.sprites) - 1)
        self.held = [s for s in self.held if s in self.sprites]
        if self.hovered not in self.sprites:
            self.hovered = None
        self._refresh_lift()

    @property
    def dragging(self) -> bool:
        return bool(self.held)

    @property
    def on_top(self) -> list[CardSprite]:
        """Lifted cards, to be drawn over their neighbours (hovered last); empty without `hover_lift`."""
        if not self.hover_lift:
            return []
        raised = [s for s in self.sprites if s.lifted and s is not self.hovered and s not in self.held]
        if self.hovered is not None and self.hovered.lifted and self.hovered not in self.held:
            raised.append(self.hovered)
        return raised

    @property
    def lit_zones(self) -> set[str]:
        """Zones that would take what is held or selected now (drawn lit by `draw_zones`)."""
        return set(self._lit)

    def default_cards(self) -> list[CardSprite]:
        """What a Play button or Enter plays: the selection, else the focused card, else a last card alone."""
        if self.selected:
            return list(self.selected)
        if self.focus is not None and self.focus < len(self.sprites):
            return [self.sprites[self.focus]]
        return list(self.sprites) if len(self.sprites) == 1 else []

    def play(self, cards: Sequence[CardSprite], zone: str | None = None) -> bool:
        """Try to play these cards onto `zone` (default zone if None); spring back with the reason if refused."""
        zone = zone if zone is not None else self.default_zone()
        if not cards:
            return False
        if zone is None:
            self.refuse(cards, _("there is nowhere to play now"))
            return False
        # The cards are on their way now: a `cancel()` the table makes while carrying out the move must not
        # send them back to the hand first (a played card flies on from where it was dropped).
        self.held = []
        self.moving = list(cards)
        try:
            reason = self.drop(tuple(s.card_id or "" for s in cards), zone)
        finally:
            self.moving = []
        if reason is None:
            self.selected = []
            self.held = []
            self._lit = set()
            self._refresh_lift()
            return True
        self.refuse(cards, reason)
        return False

    def toggle(self, sprite: CardSprite) -> None:
        """Multi-select: put a hand card into the selection, or take it out; zones and lifts follow."""
        if sprite not in self.sprites:
            return
        if sprite in self.selected:
            self.selected.remove(sprite)
        else:
            self.selected.append(sprite)
        self.refresh()

    def toggle_focused(self) -> bool:
        """Toggle the focused card (the first one when nothing has the focus yet); False with an empty hand."""
        if not self.sprites:
            return False
        if self.focus is None or self.focus >= len(self.sprites):
            self.focus = 0
        self.toggle(self.sprites[self.focus])
        return True

    def refresh(self) -> None:
        """Light the zones and lift the cards again for what is held or selected now."""
        self._lit = self._zones_for(self.held or self.selected)
        self._refresh_lift()

    def play_index(self, index: int) -> bool:
        """Keys 1–9: play the card in that place of the hand."""
        if not self.enabled or not 0 <= index < len(self.sprites):
            return False
        self.focus = index
        return self.play([self.sprites[index]])

    def refuse(self, cards: Sequence[CardSprite], reason: str) -> None:
        """Send cards back to their place and, when there is a reason, say it by the card."""
        for sprite in cards:
            self.tweens.add(sprite, 0.35, easing=ease_out_back, tag=SETTLING, x=sprite.home[0], y=sprite.home[1],
                            rotation=sprite.home[2])
        self.held = []
        self._lit = self._zones_for(self.selected)
        if reason and cards:
            x, y, _angle = cards[0].home
            top = int(y - cards[0].rect().height // 2 - 8)
            if self.notice_ceiling is not None:
                top = min(top, self.notice_ceiling - 4)
            self.notice = Notice(translate_message(reason), (int(x), top))

    def cancel(self) -> None:
        """Drop the selection and any card in the hand (the turn moved on, a hand-off began)."""
        if self.held:
            self.refuse(self.held, "")
        self.selected = []
        self._press = None
        self._lit = set()
        self._refresh_lift()

    def blur(self) -> None:
        """The keyboard focus leaves the cards (Tab went to the buttons); what is chosen stays chosen."""
        self.focus = None
        self._refresh_lift()

    def focus_on(self, index: int) -> None:
        """The keyboard focus comes back to the card at `index` (Esc from the table's cards); a place the
        hand no longer has leaves the focus off the cards."""
        self.focus = index if 0 <= index < len(self.sprites) else None
        self._refresh_lift()

    # ----- input ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        if event.type == pygame.KEYDOWN and self.enabled:
            return self._key(event.key)
        return False

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.on_top):
            # A lifted card is drawn higher by its lift: it answers there, and where it rests.
            lift = int(sprite.pixel_width * 0.12)
            if sprite.contains(pos) or sprite.contains((pos[0], pos[1] + lift)):
                return sprite
        for sprite in sorted(self.sprites, key=lambda s: s.z, reverse=True):
            if sprite.contains(pos):
                return sprite
        return None

    def _hover(self, pos: tuple[int, int]) -> None:
        """The card under the pointer lifts (`hover_lift`); a card in motion is not picked."""
        if not self.hover_lift:
            return
        sprite = self._card_at(pos)
        if sprite is not None and sprite.card_id is None:
            sprite = None
        if sprite is not self.hovered:
            self.hovered = sprite
            self._refresh_lift()

    def _zone_at(self, pos: tuple[int, int]) -> DropZone | None:
        return zone_at(self.zones, pos)

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        if not self.enabled:
            return False
        sprite = self._card_at(pos)
        if sprite is not None:
            self._press = (sprite, pos)
            return True
        zone = self._zone_at(pos)
        if zone is not None and self.selected:
            self.play(list(self.selected), zone.name)
            return True
        return False

    def _mouse_move(self, pos: tuple[int, int]) -> bool:
        if not self.held and self._press is None:
            self._hover(pos)
            return False
        if self.held:
            for sprite, (ox, oy) in zip(self.held, self._grab_offsets):
                sprite.x, sprite.y = pos[0] + ox, pos[1] + oy
            return True
        if self._press is None:
            return False
        sprite, start = self._press
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < self.drag_threshold:
            return True
        self._start_drag(sprite, start)
        return self._mouse_move(pos)

    def _start_drag(self, sprite: CardSprite, start: tuple[int, int]) -> None:
        group = list(self.selected) if self.multi_select and sprite in self.selected else [sprite]
        if sprite not in group:
            group.append(sprite)
        self.held = group
        top_z = max(s.z for s in self.sprites) if self.sprites else 0
        self._grab_offsets = []
        self._saved_z = {}
        for i, held in enumerate(group):
            self.tweens.cancel(held)
            held.rotation = 0.0
            held.lifted = False
            self._saved_z[id(held)] = held.z
            held.z = top_z + 100 + i
            # The grabbed card stays under the pointer; the rest of a set fans out beside it.
            index = i - group.index(sprite)
            self._grab_offsets.append((sprite.x - start[0] + index * held.pixel_width * 0.3,
                                       sprite.y - start[1]))
        self._press = None
        self._lit = self._zones_for(group)

    def _mouse_up(self, pos: tuple[int, int]) -> bool:
        if self.held:
            held = list(self.held)
            for sprite in held:
                sprite.z = self._saved_z.get(id(sprite), sprite.z)
            zone = self._zone_at(pos) or self._zone_under(held[0])
            if zone is None:
                self.refuse(held, "")
            else:
                self.play(held, zone.name)
            return True
        if self._press is None:
            return False
        sprite, _where = self._press
        self._press = None
        self._click(sprite)
        return True

    def _zone_under(self, sprite: CardSprite) -> DropZone | None:
        return zone_under(self.zones, sprite.rect())

    def _click(self, sprite: CardSprite) -> None:
        if self.on_click(sprite):
            return
        self.focus = self.sprites.index(sprite) if sprite in self.sprites else None
        if self.multi_select:
            zone = self.default_zone()
            if sprite in self.selected and zone is not None and zone in self._zones_for(self.selected):
                self.play(list(self.selected), zone)     # clicked twice: the chosen set is played, as one card is
                return
            self.toggle(sprite)
            return
        if sprite in self.selected:
            self.play([sprite])
            return
        self.selected = [sprite]
        self._lit = self._zones_for(self.selected)
        self._refresh_lift()

    def _key(self, key: int) -> bool:
        if not self.sprites:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = (0 if step > 0 else len(self.sprites) - 1) if self.focus is None else \
                (self.focus + step) % len(self.sprites)
            if not self.multi_select:
                self.selected = [self.sprites[self.focus]]
                self._lit = self._zones_for(self.selected)
            self._refresh_lift()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and self.multi_select and self.focus is not None:
            sprite = self.sprites[self.focus]
            if (key == pygame.K_UP) != (sprite in self.selected):
                self.toggle(sprite)
            return True
        if key == pygame.K_SPACE and self.multi_select and self.space_toggles:
            return self.toggle_focused()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            cards = list(self.selected) if self.selected else (
                [self.sprites[self.focus]] if self.focus is not None else [])
            if cards:
                self.play(cards)
                return True
            return False
        if key == pygame.K_ESCAPE and (self.selected or self.held):
            self.cancel()
            return True
        return False

    # ----- per frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.notice is not None:
            self.notice.remaining -= dt
            if self.notice.remaining <= 0:
                self.notice = None

    def _zones_for(self, cards: Sequence[CardSprite]) -> set[str]:
        if not cards:
            return set()
        return set(self.legal_zones(tuple(s.card_id or "" for s in cards)))

    def _refresh_lift(self) -> None:
        focused = self.sprites[self.focus] if self.focus is not None and self.focus < len(self.sprites) else None
        for sprite in self.sprites:
            sprite.lifted = (sprite in self.selected or (sprite is focused and not self.multi_select)
                             or (self.hover_lift and sprite is self.hovered))
            # Only the focus gold is this controller's: a glow the table set (a hint, a reaction) stays.
            if sprite is focused:
                sprite.glow = theme.GOLD
                self._focus_lit.add(id(sprite))
            elif id(sprite) in self._focus_lit:
                sprite.glow = None
                self._focus_lit.discard(id(sprite))

    def draw_zones(self, surface: pygame.Surface) -> None:
        """Light the zones that would take the held or selected cards (a glow and the word "Drop here")."""
        if not (self.held or self.selected):
            return
        for zone in self.zones:
            if zone.name in self._lit:
                zone.draw_lit(surface)

    def draw_notice(self, surface: pygame.Surface, text_size: int = 16,
                    keep_clear: Sequence[pygame.Rect] = (),
                    rise_above: Sequence[pygame.Rect] = (),
                    keep_off: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The reason a card was refused, in a dark box by the card, kept inside the window, off the
        `keep_clear` areas beside the hand (the move log and its buttons, the game's controls) and above
        the `rise_above` ones (the active seat's plate and turn tag, which must stay readable). A box over
        one of the `keep_off` areas (the words a table shows beside its centre) moves sideways to the
        nearest place clear of them and of `keep_clear`, on two lines if it must, and up or down when
        nothing at its height is clear. Returns where it was drawn."""
        if self.notice is None:
            return None
        font = theme.font(text_size, "bold")
        image = font.render(self.notice.text, True, theme.CREAM)
        pad = max(4, text_size // 2)
        box = self._notice_box(image, pad, surface.get_rect(), keep_clear)
        box = _risen(box, rise_above, surface.get_rect(), pad)
        if box.collidelist(list(keep_off)) >= 0:
            clear = _sideways_clear_of(box, [*keep_off, *keep_clear], surface.get_rect(), pad)
            if clear is None:       # too wide to pass beside them: the words on two lines, then aside
                lines = wrap_text(self.notice.text, text_size, int(image.get_width() * 0.6))
                image = _stacked([font.render(line, True, theme.CREAM) for line in lines])
                box = _risen(self._notice_box(image, pad, surface.get_rect(), keep_clear), rise_above,
                             surface.get_rect(), pad)
                clear = _sideways_clear_of(box, [*keep_off, *keep_clear], surface.get_rect(), pad)
            if clear is None:       # nothing clear at that height: the nearest height that has a clear place
                clear = _nearest_clear(box, [*keep_off, *keep_clear, *rise_above], surface.get_rect(), pad)
            box = clear or box
        alpha = int(235 * min(1.0, self.notice.remaining / 0.5))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        fill, edge = ((14, 30, 28), theme.GOLD) if self.notice.advice else ((40, 12, 8), theme.ILLEGAL)
        pygame.draw.rect(panel, (*fill, alpha), panel.get_rect(), border_radius=pad)
        pygame.draw.rect(panel, (*edge, alpha), panel.get_rect(), width=2, border_radius=pad)
        image.set_alpha(alpha)
        panel.blit(image, (pad, pad))
        surface.blit(panel, box)
        return box

    def _notice_box(self, image: pygame.Surface, pad: int, bounds: pygame.Rect,
                    keep_clear: Sequence[pygame.Rect]) -> pygame.Rect:
        """Where the notice's box goes: over the card, inside `bounds`, beside the `keep_clear` areas."""
        assert self.notice is not None
        box = image.get_rect().inflate(2 * pad, 2 * pad)
        box.midbottom = self.notice.pos
        box.clamp_ip(bounds)
        for area in keep_clear:
            if box.colliderect(area):
                if area.centerx < box.centerx:
                    box.left = area.right + pad
                else:
                    box.right = area.left - pad
        box.clamp_ip(bounds)
        return box


def _sideways_clear_of(box: pygame.Rect, areas: Sequence[pygame.Rect], bounds: pygame.Rect,
                       pad: int) -> pygame.Rect | None:
    """`box` moved left or right, within `bounds`, to the place nearest it that overlaps none of `areas`
    (None when there is no such place at its height)."""
    found: list[pygame.Rect] = []
    for area in areas:
        for left in (area.left - pad - box.width, area.right + pad):
            moved = box.copy()
            moved.left = left
            moved.clamp_ip(bounds)
            if moved.collidelist(list(areas)) < 0:
                found.append(moved)
    return min(found, key=lambda moved: abs(moved.centerx - box.centerx)) if found else None


def _nearest_clear(box: pygame.Rect, areas: Sequence[pygame.Rect], bounds: pygame.Rect,
                   pad: int) -> pygame.Rect | None:
    """`box` moved up or down (up first), then sideways, to the nearest place inside `bounds` that overlaps
    none of `areas` (None when there is none)."""
    step = max(4, box.height // 4)
    for distance in range(step, bounds.height, step):
        for moved in (box.move(0, -distance), box.move(0, distance)):
            if bounds.contains(moved):
                if moved.collidelist(list(areas)) < 0:
                    return moved
                clear = _sideways_clear_of(moved, areas, bounds, pad)
                if clear is not None:
                    return clear
    return None


def _stacked(images: Sequence[pygame.Surface]) -> pygame.Surface:
    """Lines of words one under the other, centred, on a transparent surface."""
    width = max(image.get_width() for image in images)
    stack = pygame.Surface((width, sum(image.get_height() for image in images)), pygame.SRCALPHA)
    y = 0
    for image in images:
        stack.blit(image, ((width - image.get_width()) // 2, y))
        y += image.get_height()
    return stack


def _risen(box: pygame.Rect, rise_above: Sequence[pygame.Rect], bounds: pygame.Rect, pad: int) -> pygame.Rect:
    """`box` moved up above each of `rise_above` it overlaps, kept inside `bounds`."""
    box = box.copy()
    for area in rise_above:
        if box.colliderect(area):
            box.bottom = area.top - pad
    box.clamp_ip(bounds)
    return box
