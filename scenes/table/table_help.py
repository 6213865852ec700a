"""Help at the table: a Hint from the Normal AI, and a look back at the last trick or moves.

Part of the table kit, mixed into `TableScene` (base.py). A Hint (H) asks the Normal AI, in its own
runner off the main thread and on the player's own view, and lights the cards it names with a line
why (`_hint_reason`); it is offered when one human plays, in pass-and-play only when every human
agreed at setup, never in a replay. "Last trick / Last moves" (L) shows what the game gives in
`_look_back` (`LOOK_BACK_LABEL`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import pygame

from game.core.actions import Action
from scenes.ui import theme
from scenes.table.card_art import card_height
from scenes.table.text import blit_text
from scenes.table.input_routing import fitting_label
from scenes.ui.widgets import Button, draw_panel, ellipsize, label_widths, text_width
from scenes.ui.i18n import _


HINT_LEVEL = "normal"       # the AI whose choice a Hint shows
HINT_GLOW = (120, 200, 255)     # the hinted cards' glow: unlike the legal green and the focus gold


@dataclass(frozen=True)


class LookBack:
    """What "show the last trick / move" shows: a title and each seat's cards in it, in play order."""

    title: str
    rows: list[tuple[int, list[str]]]


class TableHelp:
    """The Hint and look-back buttons above the log, and what they show."""

    LOOK_BACK_LABEL = ""        # "Last trick" / "Last move": the game can show it (`_look_back`)

    def _place_help_buttons(self, min_height: int) -> None:
        """"Hint (H)" (when hints are allowed here) and "Last trick (L)" (when the game can look back),
        side by side just above the move log."""
        lay = self.layout
        labels: list[tuple[tuple[str, ...], Callable[[], None]]] = []
        if self._hints_allowed():
            labels.append(((_("Hint (H)"), _("Hint")), self.press_hint))
        if self.LOOK_BACK_LABEL:
            look_back = _(self.LOOK_BACK_LABEL)
            labels.append(((_("{label} (L)").format(label=look_back), look_back, _("Last")), self.toggle_look_back))
        self.help_buttons = []
        if not labels:
            return
        gap = lay.margin // 2
        h = self._help_button_height(min_height)
        # Equal widths while every label fits; else each as wide as its label needs (a long Dutch word).
        widths = label_widths([words[0] for words, _action in labels], lay.log_rect.width, gap, h)
        # The row's top is where the layout keeps room for it; grown with the UI scale, it reaches down into
        # the log's rectangle (the log is drawn below it: base.log_area).
        x, y = lay.log_rect.left, lay.log_rect.top - self._help_button_height(min_height, table_sized=True) - gap
        for (words, action), w in zip(labels, widths):
            self.help_buttons.append(Button(pygame.Rect(x, y, w, h), fitting_label(words, w, h), action,
                                            style="secondary"))
            x += w + gap

    def _help_button_height(self, min_height: int, table_sized: bool = False) -> int:
        """The Hint row's height: as the bottom seat's plate, grown to the player's whole UI scale like the
        other words beside the table (`table_sized`: as the table's own size, the room the layout keeps)."""
        boost = 1.0 if table_sized else self.side_boost
        return max(min_height - 4, int(self.layout.seats[self.bottom].plate.height * 0.9 * boost))

    def help_row_top(self) -> int:
        """The top of the Hint / look-back row above the log (the log's top when the row is empty): a
        game laying out things above the log (a side seat's trays) stops here, whether or not the
        buttons exist yet."""
        lay = self.layout
        if not (self._hints_allowed() or self.LOOK_BACK_LABEL):
            return lay.log_rect.top
        return lay.log_rect.top - self._help_button_height(self.CORNER_MIN_HEIGHT, table_sized=True) - lay.margin // 2

    def _look_back(self) -> LookBack | None:
        """The last trick or move as the viewer saw it (None: nothing to show yet)."""
        return None

    def toggle_look_back(self) -> None:
        self.looking_back = not self.looking_back and self._look_back() is not None
        if not self.looking_back and self._look_back() is None:
            self._notice(_("nothing to look back at yet"))

    def _hints_allowed(self) -> bool:
        """A Hint shows what an AI would do with your cards: offered when one human plays; in
        pass-and-play only when every human agreed in the setup of this very game; never in a replay."""
        if self.replay_mode:
            return False
        if len(self.humans) == 1:
            return True
        if not self.humans:
            return False
        if self._hints_agreed is None:
            from scenes.screens.setup import LAST_SETUPS, hints_agreed_for

            self._hints_agreed = hints_agreed_for(self.app.dirs.config / LAST_SETUPS, self.game.id, self.state.seed)
        return self._hints_agreed

    def press_hint(self) -> None:
        """Ask the Normal AI, off the main thread and on the player's own view, what it would play now."""
        if not self._hints_allowed():
            return
        if not self._human_may_act() or self.bottom not in self._waiting():
            self._notice(_("a hint is for your own turn"))
            return
        token = self._token()
        if self.hint_action is not None and self.hint_action[0] == token:
            self._show_hint_words()
            return
        legal = [a for a in self.state.legal_actions(self.bottom) if a.verb not in self.REACTION_VERBS]
        if not legal:
            return
        self.hint_runner.request(self.bottom, self.game.agent(HINT_LEVEL), self.state.view(self.bottom), legal,
                                 random.Random(f"hint/{self.state.seed}/{token}"), token=token)

    def _collect_hint(self) -> None:
        self.hint_runner.update(0.0)
        for result in self.hint_runner.ready():
            if result.token == self._token() and result.action is not None:
                self.hint_action = (result.token, result.action)
                self._show_hint_words()
        if self.hint_action is not None and self.hint_action[0] != self._token():
            self.hint_action = None

    def _show_hint_words(self) -> None:
        if self.hint_action is not None:
            self._notice(_("Hint: {advice}").format(advice=self._hint_reason(self.hint_action[1])), advice=True)

    def _hint_reason(self, action: Action) -> str:
        """The Hint's one line (a game may say more, in its own words)."""
        cards = ", ".join(self._hint_cards(action))
        return _("the Normal AI would {move} {cards}").format(move=action.verb, cards=cards).rstrip()

    @staticmethod
    def _hint_cards(action: Action) -> list[str]:
        """The card ids an action names (Télos sets are comma-separated)."""
        return [part for arg in action.args for part in str(arg).split(",") if part]

    def _light_hint_cards(self) -> None:
        lit = set(self._hint_cards(self.hint_action[1])) if self.hint_action is not None else set()
        if lit and self.viewer != self.bottom:
            lit = set()
        for sprite in self.hand_zones[self.bottom].cards:
            if sprite.card_id in lit:
                sprite.glow = HINT_GLOW
                self._lit_for_hint.add(id(sprite))
            elif id(sprite) in self._lit_for_hint:
                sprite.glow = None
                self._lit_for_hint.discard(id(sprite))

    def _draw_look_back(self, surface: pygame.Surface) -> None:
        """The last trick (or move) in a panel over the middle of the table, each card under its player's name."""
        look = self._look_back() if self.looking_back else None
        if look is None:
            self.looking_back = False
            return
        lay = self.layout
        art = getattr(getattr(self, "renderer", None), "art", None)
        card_w = lay.card_width
        size = lay.text_size(15)
        pad = lay.margin
        cols = [(self._name(seat), cards) for seat, cards in look.rows]
        col_w = [max(text_width(name, size, "bold"), card_w * (1 + 0.35 * (len(cards) - 1))) for name, cards in cols]
        width = int(sum(col_w) + pad * (len(cols) + 1))
        height = int(size * 2.6 + card_height(card_w) + size * 1.6 + 2 * pad)
        panel = pygame.Rect(0, 0, min(width, lay.size[0] - 2 * pad), height)
        panel.center = lay.centre.center
        draw_panel(surface, panel, alpha=235)
        blit_text(surface, look.title, (panel.centerx, panel.top + pad), lay.text_size(17), theme.GOLD, "bold",
                  "midtop")
        x = panel.left + pad
        top = panel.top + pad + int(size * 1.8)
        for (name, cards), w in zip(cols, col_w):
            blit_text(surface, ellipsize(name, size, int(w), "bold"), (int(x + w / 2), top), size, theme.CREAM,
                      "bold", "midtop")
            for i, card in enumerate(cards):
                if art is not None:
                    image = art.card(card, card_w, True)
                    surface.blit(image, (int(x + i * card_w * 0.35), top + int(size * 1.5)))
            x += w + pad
