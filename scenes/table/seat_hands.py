"""The seats' hands on screen, built from the view, dealt, taken from, gathered and turned away.

Part of the table kit, mixed into `TableScene` (base.py). Every seat holds a `FannedHand`
(seat_zones.py): the viewer's face up, the others as backs (all face up in a replay, each from its own
seat's view). A game whose seats hold other zones (Tamoul's slot grids, Elios's trays) gives them
through the per-seat hooks (`_seat_zone`, `_zone_from_view`, `_zone_matches_view`, `_after_seat_laid_out`),
and their height through `_seat_zone_height` when it is not one card.
"""
from __future__ import annotations

from typing import Any, Callable


from scenes.table.deal import fly_in, gather
from scenes.table.layout import OPPONENTS_GROW_LIMIT, CentreRoom, SeatArea, TableLayout, compute_layout
from scenes.table.seat_zones import SeatZone, send_home
from scenes.table.sprites import CardSprite


class SeatHands:
    """Hands and the screen rebuilt from the view; dealing, taking, gathering and hiding cards."""

    OPPONENTS_BESIDE_CENTRE = False     # grown, may the opponents sit beside the centre (layout.py)?
    OPPONENTS_GROW_LIMIT = OPPONENTS_GROW_LIMIT   # how far the opponents' cards grow with the table

    def _set_layout(self, size: tuple[int, int]) -> None:
        self.layout = self.table_layout(size, self.count, self.bottom)
        if hasattr(self, "drag"):
            # A refused card's reason is said above the player's own name plate, never over it.
            self.drag.notice_ceiling = self.layout.seats[self.bottom].plate.top

    @classmethod
    def table_layout(cls, size: tuple[int, int], count: int, bottom: int) -> TableLayout:
        """This game's table of `count` seats in a window of `size` (Settings asks how far each grows)."""
        return compute_layout(size, count, bottom, cls._seat_zone_height(), cls._opponent_card_scale(count),
                              cls.OPPONENTS_BESIDE_CENTRE, cls._centre_room(count), cls.OPPONENTS_GROW_LIMIT)

    @classmethod
    def _centre_room(cls, count: int) -> CentreRoom | None:
        """Whether a grown layout's centre keeps room enough for this game at `count` seats (layout.py's
        `compute_layout`); None: the kit's own measure (a card and a tenth of the player's own size)."""
        return None

    @classmethod
    def _seat_zone_height(cls) -> Callable[[int], int] | None:
        """How tall a seat's zone is for cards of a given width, when it is not one card (a hand): the
        layout makes room for it (Tamoul: `SlotGrid.height_for`)."""
        return None

    @classmethod
    def _opponent_card_scale(cls, count: int) -> float:
        """The opponents' cards larger (above 1) or smaller than the layout's usual size, at `count` seats."""
        return 1.0

    def _sync_from_view(self) -> None:
        """Make the screen match the game now, without animation (start, resume, a new seat at the bottom)."""
        self.viewer = self.bottom if self.gate.may_show(self.bottom) else None
        self.log.viewer = self.viewer
        view = self._view()
        self._set_layout(self.app.size)
        self._seat_zones_from_view(view)
        self._sync_table(view)
        self.drag.cancel()

    def _seat_zones_from_view(self, view: Any) -> None:
        """What lies at each seat, from the view, at rest: each seat's zone (`_zone_from_view`), laid out."""
        for seat in range(self.count):
            self._zone_from_view(seat, view)
            self._lay_out_seat(seat, animate=False)

    def _lay_out_seat_zones(self) -> None:
        """Every seat's zones in the current layout, at once (a new window size)."""
        for seat in range(self.count):
            self._lay_out_seat(seat, animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        self._set_layout(size)
        self._lay_out_seat_zones()
        self._lay_out_table()
        self._build_controls()

    def _revealed_cards(self, seat: int) -> list[str] | None:
        """With `reveal_all` (a replay): `seat`'s own hand from its own view; otherwise None."""
        if not self.reveal_all:
            return None
        hand = getattr(self.state.view(seat), "hand", None)
        return None if hand is None else [str(card) for card in hand]

    # ----- one seat's zone: the hooks a game whose seats hold something else (Tamoul's slots) fills in -----
    def _seat_zone(self, seat: int) -> SeatZone:
        """What lies at `seat` (a fanned hand by default; Tamoul: its slot grid)."""
        return self.hand_zones[seat]

    def _zone_area(self, seat: int) -> SeatArea:
        """The part of the window `seat`'s zone is laid out in (by default the seat's area)."""
        return self.layout.seats[seat]

    def _zone_from_view(self, seat: int, view: Any) -> None:
        """`seat`'s zone made to hold what the view says, at rest: the viewer's hand face up, every
        other hand as backs (all face up in a replay)."""
        revealed = self._revealed_cards(seat)
        known = (list(view.hand) if seat == self.viewer else revealed if revealed is not None
                 else [None] * view.hand_sizes[seat])
        self.hand_zones[seat].cards = [CardSprite(card, flip=1.0 if card is not None else 0.0, tag="hand")
                                       for card in known]

    def _zone_matches_view(self, seat: int, view: Any) -> bool:
        """`seat`'s zone on screen holds what the view says: the hand's size, and the viewer's (in a
        replay every seat's) cards."""
        cards = self.hand_zones[seat].cards
        if len(cards) != view.hand_sizes[seat]:
            return False
        shown = sorted(str(c.card_id) for c in cards)
        if self.reveal_all:
            revealed = self._revealed_cards(seat)
            return revealed is None or shown == sorted(revealed)
        return seat != self.viewer or shown == sorted(view.hand)

    def _zone_place(self, sprite: CardSprite) -> tuple[int, str] | None:
        """(seat, place) of a card lying in a seat's zone (its id in a hand, its slot in a grid)."""
        for seat in range(self.count):
            place = self._seat_zone(seat).place_of(sprite)
            if place is not None:
                return seat, place
        return None

    def _seat_zones_match(self, view: Any) -> bool:
        """Every seat's zone on screen holds what the view says."""
        return all(self._zone_matches_view(seat, view) for seat in range(self.count))

    def _empty_seat_zones(self) -> None:
        for seat in range(self.count):
            self._seat_zone(seat).clear()

    def _lay_out_seat(self, seat: int, animate: bool = True) -> None:
        """`seat`'s zone in its area (gliding there, or at once), then what may be picked up."""
        self._seat_zone(seat).lay_out(self._zone_area(seat), self.tweens, animate)
        self._after_seat_laid_out(seat)

    def _after_seat_laid_out(self, seat: int) -> None:
        """What the person at the bottom may pick up follows their own zone (a game whose pickable
        cards lie on several seats, as Tamoul's interceptions and swaps, gathers them itself)."""
        if seat == self.bottom:
            self.drag.set_cards(self._seat_zone(seat).pickable())

    def _take_from_hand(self, seat: int, card: str, origin: tuple[float, float]) -> CardSprite:
        """The sprite of a card leaving `seat`'s hand: its own face if shown, else a back from the middle
        of the hand (or a new card at `origin` if the hand is empty), now showing `card`, at rest."""
        hand = self.hand_zones[seat].cards
        sprite = next((s for s in hand if s.card_id == card), None)
        if sprite is None:
            backs = [s for s in hand if s.card_id is None] or hand
            sprite = backs[len(backs) // 2] if backs else CardSprite(None, *origin)
        if sprite in hand:
            hand.remove(sprite)
        sprite.card_id = card
        sprite.lifted, sprite.glow, sprite.alpha = False, None, 255.0
        return sprite

    def _send_home(self, sprite: CardSprite, animate: bool, seconds: float) -> None:
        send_home(sprite, self.tweens, animate, seconds)

    def _deal_into_hand(self, seat: int, cards: list[str | None], source: tuple[float, float], seconds: float,
                        delay_of: Callable[[int], float], flip_seconds: float,
                        start_width: float | None = None) -> list[CardSprite]:
        """Dealt cards fly from `source` to their places in `seat`'s hand (the viewer's turn face up)."""
        new = [CardSprite(card, x=source[0], y=source[1], flip=0.0, width=self.layout.card_width, tag="hand")
               for card in cards]
        self.hand_zones[seat].cards.extend(new)
        self._lay_out_seat(seat, animate=False)
        fly_in(self.tweens, new, source, seconds, delay_of, flip_seconds, start_width)
        return new

    def _deal_round_at_once(self, event: Any, source: tuple[float, float], seconds: float, step: float,
                            flip_seconds: float) -> None:
        """A deal event and the deal events queued right after it shown as one deal round the table: each
        seat's cards fly in together, card by card in turn (`step` seconds apart), as a dealer deals."""
        batch = [event]
        while self.events and self.events[0].kind == event.kind:
            batch.append(self.events.popleft().for_seat(self.viewer))
        for index, dealt in enumerate(batch):
            self._deal_into_hand(dealt.seat, self._dealt_cards(dealt), source, seconds,
                                 lambda i, n=len(batch), k=index: step * (i * n + k), flip_seconds)

    def _dealt_cards(self, event: Any) -> list[str | None]:
        """What a deal event brings to its seat as the viewer may see it: faces for the viewer's own
        cards, backs for everyone else's."""
        known = event.get("cards")
        return list(known) if known is not None and event.seat == self.viewer else [None] * int(event["count"])

    def _deal_face_down(self) -> None:
        """Pass-and-play: a new round is dealt face down; the first player's hand-off comes after."""
        if self.gate.needed:
            self.gate.hide()
            self.viewer = None
            self.log.viewer = None

    def _gather(self, sprites: list[CardSprite], target: tuple[float, float], seconds: float, fade: bool) -> None:
        """Cards leave the table towards a pile, face down (between rounds, a swapped card)."""
        gather(self.tweens, sprites, target, seconds, fade, self.flying)

    def _gather_for_new_round(self, others: list[CardSprite], target: tuple[float, float], seconds: float,
                              fade: bool) -> None:
        """A new round: `others` (piles, a trick) then every hand fly to `target`; the hands are empty for
        the deal to come, and any reaction window of the old round is gone."""
        self._gather(others + [s for seat in range(self.count) for s in self.hand_zones[seat].cards],
                     target, seconds, fade)
        self._empty_seat_zones()
        self.drag.set_cards([])
        self.reaction = None

    def _hide_bottom_hand(self) -> None:
        """Pass-and-play: the bottom hand turns face down (with its help and lifts) until the next
        hand-off is confirmed, so whoever looks at the screen next cannot read it."""
        self.gate.hide()
        self.viewer = None
        self.log.viewer = None
        self.drag.cancel()
        self.drag.hovered = None
        self.drag.focus = None
        hand = self.hand_zones[self.bottom].cards
        self.drag.set_cards(hand)
        for sprite in hand:
            sprite.lifted, sprite.glow, sprite.alpha = False, None, 255.0
            self.tweens.add(sprite, 0.2, flip=0.0, on_done=lambda s=sprite: setattr(s, "card_id", None))
        self._on_hand_hidden()

    def _on_hand_hidden(self) -> None:
        """The game's own private things at the bottom seat turn away with the hand (Télos: the blind card)."""

    def _forget(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)
