"""The reaction window at the table: who is offered its control, what glows, who waits.

Part of the table kit, mixed into `TableScene` (base.py); the window itself (its countdown, its
buttons, AI timing) is `ReactionWindow` in reaction.py. With one human, the control is offered only
when that human can really react, and the card to react with glows; with several, every human alike
and nothing glows. With nobody able and at most one human, no window opens. While a window is open
the seat on turn waits, its marker saying "next" (`_turn_tag`).

A reaction that needs a card picked (a window with `pick` words, or a game's own key for it) waits in
`reaction_pick` for its seat's next click on one of its own cards or that card's number key; the card's
place (a slot number, a card id) completes the action.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.actions import Action
from scenes.ui import theme
from scenes.table.card_art import card_height
from scenes.table.drag import Notice
from scenes.table.reaction import ReactionWindow
from scenes.table.seating import reacting_seats
from scenes.ui.i18n import _


class ReactionFlow:
    """Opening a game's reaction window, offering its control, lighting the card, and the seat controls below."""

    def _reaction_due(self) -> ReactionWindow | None:
        """A game with reactions: the window to open now (the engine says a reaction is possible and it
        is not the window already shown), else None."""
        return None

    def _maybe_open_reaction(self) -> None:
        window = self._reaction_due()
        if window is None or (self.reaction is not None and self.reaction.key == window.key):
            return
        able = [s for s in reacting_seats(self.state) if window.concerns(self.state.legal_actions(s))]
        if len(self.humans) <= 1 and not able:
            # Nobody can react and there is at most one human, who sees their own hand: an open window
            # would hide nothing and only hold up the next move. (With several humans it opens for all
            # alike, so whether it opens says nothing about anyone's cards.)
            return
        if self.humans:
            window.stretch(float(self.app.settings.reaction_time))
        self.reaction = window
        self._refresh_reaction_buttons()

    def _reaction_open(self) -> bool:
        return self.reaction is not None and self.reaction.open

    def _reaction_offered_to(self) -> list[int]:
        """The human seats shown the reaction's control. With one human: only when that human can
        really react (their own hand says so anyway); with several: all alike, so it leaks nothing."""
        if self.reaction is None:
            return []
        offered = self.reaction.offered_to(self.humans, self._waiting())
        if len(self.humans) == 1:
            offered = [s for s in offered if self._can_react(s)]
        return offered

    def _can_react(self, seat: int) -> bool:
        """`seat` may take the open window's reaction now (asked once per position, not every frame)."""
        key = (self._token(), seat, self.reaction.key if self.reaction is not None else None)
        if self._can_react_cache is None or self._can_react_cache[0] != key:
            able = (self.reaction is not None and seat in reacting_seats(self.state)
                    and self.reaction.concerns(self.state.legal_actions(seat)))
            self._can_react_cache = (key, able)
        return self._can_react_cache[1]

    def _reaction_cards(self) -> set[str]:
        """The cards a lone human would react with (lit in their hand while the window is open); none
        with several humans, where lighting a card would show the others who can react."""
        if len(self.humans) != 1 or not self._reaction_open() or not self.gate.may_show(self.bottom):
            return set()
        if self.bottom not in self._reaction_offered_to() or self.reaction is None:
            return set()
        verb = self.reaction.verb
        return {str(a.args[0]) for a in self.state.legal_actions(self.bottom) if a.verb == verb and a.args}

    def _light_reaction_cards(self) -> None:
        """The hand cards a reaction could use glow while its window is open (others keep their lift glow)."""
        lit = self._reaction_cards()
        for sprite in self.hand_zones[self.bottom].cards:
            if sprite.card_id in lit:
                sprite.glow = theme.LEGAL_GLOW
                self._lit_for_reaction.add(id(sprite))
            elif id(sprite) in self._lit_for_reaction:
                sprite.glow = None
                self._lit_for_reaction.discard(id(sprite))

    def _waits_for_reaction(self) -> bool:
        """The seat on turn waits while a reaction window is open (its move would end the window)."""
        return self.TURN_WAITS_FOR_REACTION and self._reaction_open() and self.bottom in self._waiting()

    def _turn_tag(self, seat: int) -> str:
        """The words on the active seat's marker: "your turn" only when the move is really theirs now;
        while a reaction window is open the turn may still be taken away, so it says "next"."""
        if self._reaction_open():
            return _("next")
        # Your move made and still being shown: no "your turn" left standing while it lands.
        return _("your turn") if self._you(seat) and seat in self._waiting() else _("turn")

    def _reaction_race_on(self) -> bool:
        """A reaction window offered to humans is open: the next hand-off waits until it closes."""
        return self.reaction is not None and self.reaction.open and bool(self._reaction_offered_to())

    def press_reaction(self, seat: int) -> None:
        """A human seat's reaction control (its button, or its key): the engine judges it; a window
        that needs a card first asks the seat to pick one."""
        if self.reaction is None or not self.reaction.open:
            return
        if self.reaction.pick:
            self._ask_reaction_pick(seat, self.reaction.verb, f"{self.names[seat]}: {self.reaction.pick}")
            return
        reason = self._apply(seat, self.reaction.action)
        if reason is not None:
            self._notice(reason, seat)

    def _ask_reaction_pick(self, seat: int, verb: str, prompt: str) -> None:
        """`seat` reacts with a card still to pick: its next click on one of its own cards (or that
        card's number key) proposes `verb <place>`; `prompt` says so over the controls."""
        self.reaction_pick = (seat, verb)
        rect = self.layout.controls_rect
        self.drag.notice = Notice(prompt, (rect.centerx, rect.top), advice=True)

    def _pick_for_reaction(self, seat: int, place: str, where: tuple[int, int] | None = None) -> bool:
        """A card of `seat` picked: the waiting reaction is proposed with its place (True), or no
        reaction waits for this seat's pick (False)."""
        if self.reaction_pick is None or self.reaction_pick[0] != seat:
            return False
        verb = self.reaction_pick[1]
        self.reaction_pick = None
        reason = self._apply(seat, Action(verb, (place,)))
        if reason is not None:
            self._notice(reason, seat, where)
        return True

    def _click_for_reaction(self, sprite: Any) -> bool:
        """A click on a card while a reaction waits for its seat to pick one (the drag controller's
        `on_click` asks this first)."""
        found = self._zone_place(sprite)
        if found is None:
            return False
        where = (int(sprite.x), int(sprite.y - card_height(sprite.pixel_width) // 2 - 8))
        return self._pick_for_reaction(found[0], found[1], where)

    def _key_for_reaction(self, event: pygame.event.Event) -> bool:
        """A number key while a reaction waits for a pick: the card in that place of the seat's zone."""
        if (self.reaction_pick is None or event.type != pygame.KEYDOWN or not pygame.K_1 <= event.key <= pygame.K_9
                or not self._human_may_act()):
            return False
        seat = self.reaction_pick[0]
        place = self._seat_zone(seat).place_at(event.key - pygame.K_1)
        return place is not None and self._pick_for_reaction(seat, place)

    def _control_rows(self) -> tuple[int, int]:
        """Height and first top of the stacked per-seat controls (room above them for the countdown bar)."""
        lay = self.layout
        # Grown with the UI scale as far as leaves the hint room under a row for each person at the screen
        # (a reaction's buttons, Zeus's draws, stack one per person).
        h = self.control_height(max(28, int(lay.card_width * 0.42)), rows=max(1, len(self.humans)), above=0.6)
        return h, lay.controls_rect.top + int(h * 0.6)

    def _refresh_reaction_buttons(self) -> None:
        """The reaction controls for the human seats they are offered to, then the game's own seat controls."""
        lay = self.layout
        h, y = self._control_rows()
        self.reaction_buttons = []
        if self.reaction is not None and self.reaction.open:
            area = lay.controls_rect
            self.reaction_buttons = self.reaction.buttons(
                self._reaction_offered_to(), self.names, pygame.Rect(area.left, y, area.width, h), lay.margin,
                self.press_reaction, len(self.humans) > 1)
            y += len(self.reaction_buttons) * (h + lay.margin)
        if self.table_looked:       # the round's results put aside: only the way back to them
            self.seat_buttons = self._results_button(y, h)
            return
        self._place_seat_controls(y, h)

    def _place_seat_controls(self, top: int, height: int) -> None:
        """The game's own per-seat controls stacked below the reaction's (Zeus: Draw a card)."""

    def _controls_state(self) -> tuple:
        """What else the game's controls depend on: they are placed again whenever it changes (as
        whenever a move is made, a reaction window opens or closes, the seat or the view changes)."""
        return ()

    def _draw_reaction(self, surface: pygame.Surface) -> None:
        """The countdown bar over the controls and each offered seat's control."""
        if self.reaction is not None and self.reaction.open and self.reaction_buttons:
            area = self.layout.controls_rect
            self.reaction.draw_bar(surface, pygame.Rect(area.left, area.top, area.width,
                                                        max(6, int(self.layout.card_width * 0.1))))
        for _seat, button in self.reaction_buttons:
            button.draw(surface)
