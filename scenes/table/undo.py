"""Undo for a slip at the table: Ctrl+Z and an "Undo" button take back the player's own last move.

Part of the table kit, mixed into `TableScene` (base.py) before `TableHelp`, whose row of buttons above
the move log it joins when every label there still fits (else it sits beside Rules and Menu, or above the row).
The engine decides (game/core/undo.py through `GameSession.undo`): a move that
showed the player something, involved chance, decided a round, or was followed by another seat's
move stands, and the refusal says why in plain words. When the move is taken back the table forgets
everything that followed it: AI answers being thought about (they were for a game that no longer
is), the events still to be shown, motion, a reaction window, a Hint; then the move log is rebuilt
from the record and the screen from the view, as on resume.
"""
from __future__ import annotations

import pygame

from scenes.table.input_routing import fitting_label
from scenes.ui.i18n import _, reason_words, translate_message
from scenes.ui.widgets import Button, text_width

from game.core.undo import NOTHING, last_action


class TableUndo:
    """The Undo button beside Hint and Last moves, Ctrl+Z, and the table rebuilt after an undo."""

    undo_button: Button | None = None   # placed with the help row; None where undo is not offered
    _undo_apart = False                 # the Undo button sits apart from the Hint row (with the corner buttons)

    def _undo_offered(self) -> bool:
        """Offered to the people at the screen (against AI seats, or in pass-and-play); never in a replay,
        nor where the session takes no move back (a guest's seat at an online table)."""
        return not self.replay_mode and bool(self.humans) and getattr(self.session, "takes_back", True)

    def _place_help_buttons(self, min_height: int) -> None:
        """The help row above the move log (table_help.py), with "Undo (Ctrl+Z)" added at its end: the row
        is shared out again so every button keeps the same width."""
        super()._place_help_buttons(min_height)  # type: ignore[misc]
        if not self._undo_offered():
            return
        lay = self.layout
        gap = lay.margin // 2
        if self.help_buttons:
            h, y = self.help_buttons[0].rect.height, self.help_buttons[0].rect.top
        else:
            h = self._help_button_height(min_height)
            y = lay.log_rect.top - self._help_button_height(min_height, table_sized=True) - gap
        undo_words = (_("Undo (Ctrl+Z)"), _("Undo"))
        count = len(self.help_buttons) + 1
        w = (lay.log_rect.width - gap * (count - 1)) // count
        half = (lay.log_rect.width - gap) // 2
        # Where it may go, in order: in the row when every label there still shows whole; else in a place of its
        # own left of Rules and Menu; else just above the row; each only where it covers no other seat's area.
        # Beside Rules and Menu, or above the row, it is as wide as its whole label needs where that covers nothing.
        places = []
        if all(_fits(b.label, w, h) for b in self.help_buttons) and _fits(undo_words[0], w, h):
            places.append(("row", pygame.Rect(lay.log_rect.left + (w + gap) * len(self.help_buttons), y, w, h)))
        corner = lay.corner_rect
        needed = text_width(undo_words[0], max(10, int(h * 0.42))) + h // 2 + 4
        # Beside Rules and Menu it is as tall as the row is at the table's own size (they do not grow with
        # the words beside the table).
        ch = self._help_button_height(min_height, table_sized=True)
        corner_needed = text_width(undo_words[0], max(10, int(ch * 0.42))) + ch // 2 + 4
        if needed > half:
            places.append(("corner", pygame.Rect(corner.left - gap - corner_needed, corner.top, corner_needed, ch)))
            wide = min(needed, lay.log_rect.width)
            places.append(("above", pygame.Rect(lay.log_rect.left, y - h - gap, wide, h)))
        places.append(("corner", pygame.Rect(corner.left - gap - half, corner.top, half, ch)))
        places.append(("above", pygame.Rect(lay.log_rect.left, y - h - gap, half, h)))
        others = [area.rect for seat, area in lay.seats.items() if seat != self.bottom]
        where, rect = next(((name, r) for name, r in places if name == "row" or r.collidelist(others) < 0),
                           ("squeeze", pygame.Rect(lay.log_rect.left + (w + gap) * len(self.help_buttons), y, w, h)))
        if where in ("row", "squeeze"):     # share the row out again (squeezed: each label keeps its key)
            x = lay.log_rect.left
            for button in self.help_buttons:
                button.rect = pygame.Rect(x, y, w, h)
                x += w + gap
        self.undo_button = Button(rect, fitting_label(undo_words, rect.width, rect.height), self.press_undo,
                                  style="secondary")
        if where in ("row", "squeeze"):
            self.help_buttons.append(self.undo_button)
        else:   # a place of its own: with the corner buttons, so notices keep clear of the Hint row as before
            self._undo_apart = True

    def _corner_buttons(self, min_height: int) -> list[Button]:
        """Rules and Menu (input_routing.py), and the Undo button when it is not in the Hint row."""
        self._undo_apart = False
        buttons = super()._corner_buttons(min_height)  # type: ignore[misc]
        if self._undo_apart and self.undo_button is not None:
            buttons.append(self.undo_button)
        return buttons

    def _handle_menu_keys(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z takes back the last move (Cmd+Z on a Mac keyboard too); then the kit's menu keys."""
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and self._undo_offered()):
            self.press_undo()
            return True
        return super()._handle_menu_keys(event)  # type: ignore[misc]

    def _undo_seat(self) -> int | None:
        """Who is at the screen to take a move back: the player whose view is shown; while no view is shown
        (a turn over in pass-and-play, or the hand-off screen up) still the human who moved last, since
        the computer has not been handed over yet."""
        if self.gate.revealed is not None and not self.gate.waiting:
            return self.gate.revealed
        found = last_action(self.state)
        if found is not None and found[2][0] in self.humans:
            return found[2][0]
        return None

    def press_undo(self) -> None:
        """Ask the session to take back the move of the player at the screen; say why when it may not."""
        if not self._undo_offered():
            return
        seat = self._undo_seat()
        try:
            reason = self.session.undo(seat) if seat is not None else NOTHING
        except OSError as exc:  # the move is taken back; only the autosave failed
            self.app.toast(_("The game could not be saved ({reason}).").format(reason=reason_words(exc)))
            reason = None
        if reason is not None:
            text = _("Cannot undo: {reason}.").format(reason=translate_message(reason))
            if self.gate.waiting:       # the table is hidden behind the hand-off screen
                self.app.toast(text)
                return
            self.drag.cancel()
            button = self.undo_button   # told just above it when it sits low; else where the kit tells refusals
            where = button.rect.midtop if button is not None and button.rect.top > self.layout.size[1] // 2 else None
            self._notice(text, seat, where=where)
            return
        self.bottom = seat
        self._forget_what_followed()
        if self.gate.needed:    # after the log's rebuild, whose handlers may turn hands away
            self.gate.give_back(seat)   # the hand-off screen for the move, if up, goes; the mover keeps the screen
            self._sync_from_view()
        self.app.toast(_("Your last move was taken back."))

    def _forget_what_followed(self) -> None:
        """The session holds the game before the move: the table drops what belonged to the move and
        rebuilds the log and the screen from the game as it now is."""
        self.state = self.session.state
        self.ai.cancel()
        self.hint_runner.cancel()
        self.hint_action = None
        self.events.clear()
        self.tweens.finish_all()
        self.flying = []
        self.hold = 0.0
        self.reaction = None
        self.reaction_pick = None
        # Answers kept by the action count (the token) would be wrong for the same count after an undo.
        self.declined.clear()
        self._can_react_cache = None
        chooser = getattr(self, "chooser", None)    # the kit's set chooser (set_play.py), where a game has one
        if chooser is not None:
            chooser.forget()
        self.looking_back = False
        self.drag.cancel()
        self.log.clear()
        self._rebuild_log()     # ends with the screen rebuilt from the view
        self._build_controls()


def _fits(label: str, width: int, height: int) -> bool:
    """A secondary button of this size shows `label` whole on one line at its own size (as `fitting_label`
    measures)."""
    return text_width(label, max(10, int(height * 0.42))) <= width - height // 2
