"""The controls of a table where a turn is a set of your own cards played into the middle.

Trick games and climbing games ask the same of the player: click the cards to play (one, or several
that go together), then drag them to the middle, press Play or press Enter. `SetPlay` is that glue
for a `TableScene`: it asks the game's `SetChooser` (scenes/table/selection.py) whether the chosen
set is a legal play and which cards may still join it, lights the hand accordingly, keeps the Play
button's words and style in step ("Play 3 cards (Enter)", bright once the set is complete), says
"Play here" inside the lit middle, and lets the choice outlive a refused set springing back but not
the turn. The game builds `chooser`, `drag` (DragController with multi_select) and its Play button
(`play_button`), names the middle's drop zone (`PLAY_ZONE`) and calls `_refresh_play_button` from its
`_refresh_buttons`.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from scenes.ui import theme
from scenes.ui.i18n import _, ngettext
from scenes.table.drag import DragController
from scenes.table.selection import SelectionHelp, SetChooser, light_hand
from scenes.ui.widgets import Button, draw_text


class SetPlay:
    """Mixed into a TableScene (before it) by a game whose turn is playing a set of hand cards."""

    PLAY_ZONE = "trick"
    chooser: SetChooser
    drag: DragController
    play_button: Button | None = None

    def selection_help(self, selected: Sequence[str]) -> SelectionHelp:
        """Is this selection a legal play, and which hand cards could join it and still lead to one?"""
        hand = [s.card_id for s in self.hands.get(self.bottom, []) if s.card_id is not None]
        return self.chooser.at((self._token(), self.bottom)).help(selected, hand)

    def _selected_ids(self) -> list[str]:
        return [s.card_id for s in self.drag.selected if s.card_id is not None]

    def _play_button_at(self, rect: pygame.Rect) -> Button:
        return Button(rect, _("Play (Enter)"), self.press_play)

    def _refresh_play_button(self) -> None:
        """Enabled while the player may act and has chosen cards; its words count them; bright once the
        chosen set is a legal play by itself."""
        if self.play_button is None:
            return
        may = self._human_may_act()
        chosen = [s.card_id for s in self.drag.default_cards() if s.card_id is not None]
        help_ = self.selection_help(chosen) if may and chosen else None
        self.play_button.enabled = bool(may and chosen)
        n = len(chosen)
        self.play_button.label = (ngettext("Play {count} card (Enter)", "Play {count} cards (Enter)", n).format(count=n)
                                  if n > 1 else _("Play (Enter)"))
        self.play_button.style = "primary" if help_ is not None and help_.complete else "secondary"

    def press_play(self) -> None:
        """The Play button and Enter: play the selection (or the focused card) into the middle."""
        cards = self.drag.default_cards()
        if not cards:
            self._notice(_("choose cards first: click them (or arrows and Space)"))
            return
        self.drag.play(cards, self.PLAY_ZONE)

    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """Enter plays the selection."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.drag.enabled:
            self.press_play()
            return True
        return False

    def _selection_may_stay(self) -> bool:
        """The selection outlives a moment of motion (a refused set springing back), not the turn."""
        return (self.bottom in self.humans and self.gate.may_show(self.bottom) and not self.overlay_open
                and not self.state.finished and self.bottom in self._waiting() and not self.events)

    def _after_frame(self) -> None:
        """The selection lasts only the turn; the hand's glow and the buttons follow the legal sets."""
        if not self._selection_may_stay() and (self.drag.selected or self.drag.held):
            self.drag.cancel()
        self._decorate_hand()
        self._refresh_buttons()

    def _decorate_hand(self) -> None:
        """Legal sets light up: glow on cards that can still join a legal play, dim on the others."""
        drag = self.drag
        focused = drag.sprites[drag.focus] if drag.focus is not None and drag.focus < len(drag.sprites) else None
        help_ = self.selection_help(self._selected_ids()) if self._human_may_act() else None
        light_hand(self.hands.get(self.bottom, []), drag.held, drag.selected, focused, help_)

    def _draw_play_here(self, surface: pygame.Surface) -> None:
        """The lit middle says "Play here" inside its own frame, at the foot where your play will lie, so the
        words never cover your name plate."""
        if self.PLAY_ZONE not in self.drag.lit_zones or not (self.drag.held or self.drag.selected):
            return
        zone = next((z for z in self.drag.zones if z.name == self.PLAY_ZONE), None)
        if zone is not None:
            plate = self.layout.seats[self.bottom].plate
            bottom = min(zone.rect.bottom - 6, plate.top - plate.height - 2)     # above the "your turn" tag
            draw_text(surface, _("Play here"), (zone.rect.centerx, bottom), self.layout.text_size(20),
                      theme.LEGAL_GLOW, "bold", "midbottom")
