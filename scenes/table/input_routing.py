"""Where a click or a key goes at the table; the corner buttons (Rules, Menu) and the controls area.

Part of the table kit, mixed into `TableScene` (base.py). In order: the corner and help buttons, a
click that puts the look back away, the reaction controls, the game's buttons in the controls area
(`seat_buttons`), the game's own controls, the cards (the drag controller), the menu keys (Esc, F1,
H, L), and last the game's own keys. Tab walks from the player's own cards to the cards on the table
(table_focus.py), then through the buttons, and back to the cards. A key nothing takes while the last move is still being shown is
kept (the latest one, for a few seconds) and handled once the table is ready, and the table says so.

The controls area (bottom right) is drawn the same way at every table unless a game draws its own:
a reaction window's bar and controls, then `seat_buttons` (placed by the game's
`_place_seat_controls`, below any reaction controls), then the hint line at its foot.
"""
from __future__ import annotations

import re

import pygame

from scenes.table.captions import draw_hint
from scenes.table.table_focus import TableFocus
from scenes.ui.keymap import KeyMap, game_actions, key_map, key_words
from scenes.ui.widgets import Button, text_width
from scenes.ui.i18n import _, pgettext


KEY_AT_END = re.compile(r" \(([^()\s]+)\)$")      # "Hint (H)", "Undo (Ctrl+Z)": a label naming its key
FIXED_KEY_NAMES = frozenset({"Esc", "Enter", "Ctrl+Z"})     # the table keys no one remaps


TABLE = "table"         # Tab's stop on the cards on the table, between the hand and the buttons


class InputRouting(TableFocus):
    """Routing input to buttons, reaction controls, the game's controls, the cards and the keys."""

    CORNER_MIN_HEIGHT = 26      # the corner buttons' least height (a small window)
    HINT_SIZE = 16              # the hint line's text size at 1280x720
    KEPT_KEY_SECONDS = 4.0      # how long a key pressed too early waits for the table to be ready
    _kept_key: tuple[pygame.event.Event, float, object] | None = None     # the key, seconds left, its notice
    _tab_focus: tuple[str, int] | None = None    # the button Tab has reached (label, place); None: the cards

    def _build_controls(self) -> None:
        """The corner buttons, then the reaction's and the game's controls for the current layout."""
        self.buttons = self._corner_buttons(min_height=self.CORNER_MIN_HEIGHT)
        self._refresh_reaction_buttons()

    def _draw_controls(self, surface: pygame.Surface) -> None:
        """The controls area: the reaction window's bar and controls, the game's buttons, the hint line."""
        lay = self.layout
        self._tab_focused()         # the focus ring goes on the button Tab has reached (drawn with it)
        self._draw_reaction(surface)
        for button in self.seat_buttons:
            button.draw(surface)
        hint = self.keys.relabel(self._held_hint() or self._hint(), self.GAME_ID)
        draw_hint(surface, hint, lay.controls_rect, self.side_size(self.HINT_SIZE), self._hint_top())

    def _held_hint(self) -> str:
        """"Wait for me": the hint line says an AI move is ready and how to see it."""
        seat = self.held_ai_seat
        if seat is None:
            return ""
        return _("{name} has chosen a move: press {key} to see it.").format(
            name=self._name(seat), key=key_words(self.keys.key("table.next_ai_move")))

    @property
    def keys(self) -> KeyMap:
        """The keys the player chose in Settings -> Keys (scenes/ui/keymap.py)."""
        return key_map(self.app.settings.key_bindings)

    def _hint_top(self) -> int | None:
        """How high the hint line may climb: below the buttons in the controls area (a long hint is drawn
        smaller rather than over them; None: no button there, no limit). A game whose buttons are placed
        otherwise says where."""
        area = self.layout.controls_rect
        below = [b.rect.bottom for b in (*self.seat_buttons, *(b for _s, b in self.reaction_buttons))
                 if b.rect.colliderect(area)]
        return max(below) + self.layout.margin if below else None

    def _corner_buttons(self, min_height: int) -> list[Button]:
        """Rules and Menu, side by side in the corner."""
        corner = self.layout.corner_rect
        gap = self.layout.margin
        w = (corner.width - gap) // 2
        h = max(min_height, int(corner.height * 0.9))
        self._place_help_buttons(min_height)
        return [
            Button(pygame.Rect(corner.left, corner.top, w, h),
                   fitting_label((_("Rules (F1)"), pgettext("a narrow button", "Rules (F1)")), w, h), self.open_rules,
                   style="secondary"),
            Button(pygame.Rect(corner.left + w + gap, corner.top, w, h),
                   fitting_label((_("Back (Esc)"), _("Back")) if self.replay_mode else (_("Menu (Esc)"), _("Menu")), w, h),
                   self.open_pause, style="secondary"),
        ]

    def open_rules(self) -> None:
        """Any card held or chosen is let go before the rules cover the table."""
        from scenes.screens.rules import RulesScene

        self.drag.cancel()
        self.app.stack.push(RulesScene(self.app, self.GAME_ID))

    def open_pause(self) -> None:
        if self.replay_mode:
            if self.replay_exit is not None:
                self.replay_exit()
            return
        from scenes.screens.pause import PauseOverlay

        self.drag.cancel()
        self.app.stack.push(PauseOverlay(self.app, self.GAME_ID, self.session))

    def _handle_menu_keys(self, event: pygame.event.Event) -> bool:
        """Esc closes a look back or opens the pause menu, F1 the rules, H a hint, L the last trick / move."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_n and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and self.release_ai_move():
                return True
            if event.key == pygame.K_ESCAPE:
                if self.looking_back:
                    self.looking_back = False
                    return True
                self.open_pause()
                return True
            if event.key == pygame.K_h and self._hints_allowed():
                self.press_hint()
                return True
            if event.key == pygame.K_l and self.LOOK_BACK_LABEL:
                self.toggle_look_back()
                return True
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Corner buttons, reaction controls, the game's controls, the cards in hand, Esc/F1, the game's keys."""
        self.stir()         # the turn ring, held still on a table left waiting, pulses again
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        translated = self.keys.translate(event, self.GAME_ID)     # the player's keys, as the table knows them
        if translated is None:
            return False
        event = translated
        if self._handle_tab(event) or self._handle_table_focus(event):
            return True
        for button in self.buttons + self.help_buttons:
            if button.handle_event(event):
                return True
        if self.looking_back and event.type == pygame.MOUSEBUTTONDOWN:
            self.looking_back = False       # a click anywhere puts the look back away
            return True
        for _seat, button in self.reaction_buttons:
            if button.handle_event(event):
                return True
        if self._key_for_results(event):
            return True
        self.drag.enabled = self._human_may_act()
        for button in self.seat_buttons:
            if button.handle_event(event):
                return True
        if self._handle_controls(event):
            return True
        if self.drag.handle_event(event):
            return True
        if self._handle_menu_keys(event) or self._key_for_reaction(event) or self._handle_keys(event):
            return True
        return self._keep_key_for_later(event)

    # ----- Tab: the buttons by keys -------------------------------------------------------------------
    def _tab_buttons(self) -> list[Button]:
        """The table's buttons in Tab order: the game's own, the reaction's, the help, then Rules and Menu."""
        reaction = [button for _seat, button in self.reaction_buttons]
        return [b for b in (*self.seat_buttons, *reaction, *self.help_buttons, *self.buttons) if b.enabled]

    def _tab_focused(self) -> Button | None:
        """The button Tab has reached, found again by its label after the buttons are rebuilt; every other
        button loses the ring. Each button's label names the player's keys. When that button has left
        (Draw, once the player drew by its key) the focus goes back to the cards in hand, where Tab starts:
        the next Tab reaches the cards on the table, as it would from the start, and never a button that
        only happens to stand where the old one stood. A button greyed out for a moment keeps the focus
        but shows no ring until it may be pressed again."""
        self._relabel_buttons()
        found = None
        if self._tab_focus is not None and not self.replay_mode:
            label = self._tab_focus[0]
            everywhere = (*self.seat_buttons, *(b for _s, b in self.reaction_buttons), *self.help_buttons,
                          *self.buttons)
            if not any(b.label == label for b in everywhere):
                self._tab_focus = None
            found = next((b for b in self._tab_buttons() if b.label == label), None)
        for button in (*self.seat_buttons, *(b for _s, b in self.reaction_buttons), *self.help_buttons, *self.buttons):
            button.focused = button is found
        return found

    def tab_button(self) -> Button | None:
        """The button Tab has reached (None: the keys are on the cards); speech says its label."""
        return self._tab_focused()

    def _relabel_buttons(self) -> None:
        """"Draw (D)" says the key the player chose, and a button pressed by a key of its own ("Sneak 8!", S)
        names it too; the button keeps that key in sight however small it is drawn (`Button.key_cap`). Done
        once per button (a relabelled label is remembered)."""
        keys = self.keys
        for button in (*self.seat_buttons, *(b for _s, b in self.reaction_buttons), *self.help_buttons, *self.buttons):
            if getattr(button, "keys_named", None) != button.label:
                label = button.label
                if button.hotkey is not None and not label.endswith(f"({key_words(button.hotkey)})"):
                    label = f"{label} ({key_words(button.hotkey)})"
                button.label = keys.relabel(label, self.GAME_ID)
                named = KEY_AT_END.search(button.label)
                button.key_cap = named.group(1) if named and named.group(1) in self._key_names() else ""
                button.keys_named = button.label  # type: ignore[attr-defined]

    def _key_names(self) -> set[str]:
        """Every key a table button may name: this game's keys as the player chose them, and the fixed ones."""
        return {key_words(self.keys.key(a.name)) for a in game_actions(self.GAME_ID)} | FIXED_KEY_NAMES

    def _handle_tab(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab walk from the cards in hand to the cards on the table (when any may be looked
        at), through the table's buttons and back; Enter or Space presses the button with the ring; an
        arrow goes back to the cards in hand."""
        if event.type != pygame.KEYDOWN or self.replay_mode:
            return False
        focused = self._tab_focused()
        if event.key == pygame.K_TAB:
            buttons = self._tab_buttons()
            on_table = self.table_focus_item() is not None
            stops: list[object] = [None, *([TABLE] if on_table or self.table_cards() else []), *buttons]
            here = focused if focused in buttons else TABLE if on_table else None
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            target = stops[(stops.index(here) + step) % len(stops)]
            if target is None:                  # back to the cards in hand
                self._tab_focus = None
                self.leave_table_focus()
            elif target == TABLE:
                self._tab_focus = None
                self.enter_table_focus(last=step < 0)
            else:
                self.leave_table_focus(to_hand=False)
                self._tab_focus = (target.label, buttons.index(target))  # type: ignore[union-attr]
                if not self.drag.multi_select:
                    self.drag.blur()    # one ring, the button's (a Télos card in focus stays: Play plays it)
            self._tab_focused()
            return True
        if focused is None:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focused.activate()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._tab_focus = None
            self._tab_focused()
        return False

    def _showing_before_you_may_act(self) -> bool:
        """The player at this screen is kept waiting only by moves still being shown."""
        return (not self.replay_mode and self.bottom in self.humans and self.gate.may_show(self.bottom)
                and not self.state.finished and not self.overlay_open and not self.idle)

    def _keep_key_for_later(self, event: pygame.event.Event) -> bool:
        """A key pressed while the last move is still being shown (C to call right after an AI's move) is
        not lost: the latest such key is kept and handled once the table is ready (`_apply_kept_key`)."""
        if event.type != pygame.KEYDOWN or getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                or not self._showing_before_you_may_act():
            return False
        self._notice(_("a moment: the last move is still being shown; your key counts once it has been"), advice=True)
        self._kept_key = (event, self.KEPT_KEY_SECONDS, self.drag.notice)
        return True

    def _apply_kept_key(self, dt: float) -> None:
        """Hand a kept key to the table once the player may act (every frame, after the controls are
        rebuilt); after `KEPT_KEY_SECONDS` without that moment it is dropped."""
        if self._kept_key is None:
            return
        event, left, notice = self._kept_key
        if self._human_may_act():
            self._kept_key = None
            if self.drag.notice is notice:
                self.drag.notice = None
            self.handle_event(event)
        elif left - dt <= 0 or self.state.finished or self.overlay_open:
            self._kept_key = None
        else:
            self._kept_key = (event, left - dt, notice)

    def _drop_when_allowed(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        """What the drag controller calls on a drop: refused while the last move is still being shown
        (or a hand-off, a reaction window holds the seat back), else the game's `_drop` proposes the move."""
        if not self._human_may_act() or not self.drag.moving:
            return _("wait a moment: the last move is still being shown")
        return self._drop(card_ids, zone)

    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """The game's own controls, before the cards in hand see the event (True: consumed)."""
        return False

    def _handle_keys(self, event: pygame.event.Event) -> bool:
        """The game's own keys, after the cards in hand and the menu keys (True: consumed)."""
        return False


def fitting_label(labels: tuple[str, ...], width: int, height: int, style: str = "secondary") -> str:
    """The first (longest) label that a button of this size and style shows whole; the last one otherwise.
    A label naming its key ("Hint (H)") is always taken before one that does not ("Hint"): the button keeps
    the key in sight when it must shorten (widgets.Button.key_cap), so the player never loses the key."""
    size = max(10, int(height * 0.42))    # widgets.Button label size (primary: bold, secondary: sans)
    room = width - height // 2
    font_style = "bold" if style == "primary" else "sans"
    keyed = tuple(label for label in labels if KEY_AT_END.search(label)) or labels
    return next((label for label in keyed if text_width(label, size, font_style) <= room), keyed[-1])
