"""The Tamoul table: a memory game of face-down slots, played against AI seats or pass-and-play.

What a player sees and does (rules: docs/rules/tamoul.md; the table decides nothing):
- Every seat's slots lie in a numbered 2x2 grid (the kit's `SlotGrid`; penalty cards open a second
  block beside it, and no card moves for it) around the table; the draw pile and the discard pile lie
  in the middle, with the drawn card beside them, face up only for its drawer (and for everyone when
  it came from the discard pile).
- Your turn: click the draw pile (D) or the discard pile (T), or drag the top discard straight onto one
  of your slots (taken and kept in one go); then drag the drawn card onto one of your slots to keep it
  (or click it, then a slot; keys 1-8), or onto the discard pile (X) to use its action. Peeks: click a
  slot (keys 1-8 for your own); the card lifts and turns for you only, while everyone sees which slot
  was looked at. Swaps: drag one slot onto another, or click two slots; the two cards slide across the
  table. Then End turn (E, the primary button) or call Tamoul! (C).
- Your own look stays face up for `OWN_LOOK_SECONDS` (2.5 s, real seconds whatever the animation speed)
  and as long as a key (1-8, Space) or the mouse button is held down.
- The log never names a card only looked at (first look, peeks, a card drawn from the draw pile): the
  look shows it while it lasts; the log, the Hint and "Last moves (L)" name slots, and only the cards
  everyone saw face up. Another seat's keep or swap leaves its slots lit a moment (scaled like motion).
- Interception, at any moment: drag one of your slots onto the top discard (or click it, then the
  pile; or press I, then the slot's number). After every new top card a reaction window runs (`reaction_ms`, read from the game's
  options) with its bar and an Intercept control for every human seat alike, whoever sits at the
  bottom: pressing it, then clicking one of that seat's cards, tries it. Nothing is revealed by the
  offer. The next player does not draw while it runs; AI seats try partway through it after their
  level's `reaction_delay_ms`. A match flies onto the pile; a miss is shown to all, goes back face
  down, and a penalty card comes from the draw pile. With "Skip to my turn", the windows between a
  human's turns are not offered to the humans and close once every AI has answered.
- The callers' cards carry a padlock (frozen), the last turns are counted down in the middle, and at
  the end of a round every card turns over and each board is counted, with the +25 shown; the round's
  results can be put aside to look at the table (Results, R, brings them back).
- With the `memory_aid` option, an eye marks the cards the person at the bottom has seen, and hovering
  one shows the face remembered.
- Pass-and-play: a human's first look, peeks and drawn card are shown only after that human's hand-off
  (the kit's gate); everything at rest lies face down anyway, so nothing else needs hiding.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from game.tamoul.view import TamoulView
from scenes.ui.i18n import N_, _, is_named_you, ngettext, pgettext, translate_message
from scenes.table.input_routing import fitting_label
from scenes.ui import theme
from scenes.table.base import TableScene
from scenes.table.telling import ResultWords
from scenes.table.card_art import card_height
from scenes.table.drag import DragController
from scenes.table.log_panel import LogLine
from scenes.table.piles import Heap, draw_face_down_pile
from scenes.table.reaction import ReactionWindow
from scenes.table.seat_zones import SlotGrid
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.table_focus import TableCard
from scenes.table.table_help import HINT_GLOW, LookBack
from scenes.table.text import blit_text
from scenes.table.tween import SETTLING, Counter, ease_in_out_cubic, ease_out_cubic
from scenes.table.zones import DropZone
from scenes.tamoul.art import eye_mark, lock_mark, split_card, tamoul_card_art
from scenes.ui.widgets import Button, draw_panel, text_width, wrap_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "tamoul"
PILE_SHOWN = 6              # discard cards drawn (the rest lie hidden below)
LOOK_SECONDS = 1.6          # how long someone else's look is shown lifted (scaled like every motion)
FIRST_LOOK_EXTRA = 0.6      # the first look of a round shows two cards: a little longer
REVEAL_SECONDS = 2.6        # the final reveal turns and counts every board before the results dialog (scaled)
MOVE_MARK_SECONDS = 1.8     # another seat's keep or swap: its slots stay lit this long (scaled like motion)
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
STEP_WORDS = {     # a card's action, said to its player ("You discard 7♠: look at one of your own cards")
    "peek_own": N_("look at one of your own cards"),
    "peek_other": N_("look at another player's card"),
    "swap": N_("swap two cards"),
}
THEIR_STEP_WORDS = {     # the same action taken by another seat ("Ariadne discards 7♠: look at one of their own cards")
    "peek_own": N_("look at one of their own cards"),
    "peek_other": N_("look at another player's card"),
    "swap": N_("swap two cards"),
}
SLOT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4, pygame.K_6: 5,
             pygame.K_7: 6, pygame.K_8: 7}
HOLD_KEYS = frozenset(SLOT_KEYS) | {pygame.K_SPACE}     # held down, they keep your look up


@dataclass
class TurnMoves:
    """One turn for "Last moves": whose it was, its lines as the log told them (no looked-at value is
    ever in them), and the cards that went face up in it (all seen by everyone)."""

    seat: int
    lines: list[LogLine] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


def card_words(card: str | None) -> str:
    """`10H` -> "10♥" for the log (a card nobody may name stays "a card")."""
    if not card:
        return _("a card")
    rank, suit = split_card(card)
    return f"{rank}{SUIT_SIGNS.get(suit, suit)}"


class TamoulTableScene(TableScene):
    GAME_ID = GAME_ID
    RNG_NAME = "tamoul-table"
    RESULTS_DELAY = 0.8
    LOOK_BACK_LABEL = N_("Last moves")
    OWN_LOOK_SECONDS = 2.5                  # your own look stays face up this long, and while a key or button is held
    REACTION_VERBS: tuple[str, ...] = ()    # interception is open at any moment, not only in the window
    TURN_WAITS_FOR_REACTION = False         # the window holds back the next player's draw, not this turn's steps
    OPPONENTS_BESIDE_CENTRE = True          # grown past the room above the centre, the opponents' grids go beside it

    def __init__(self, app: "AppServices", session: GameSession) -> None:
        super().__init__(app, session)
        self.content = self.game.content
        self.art = tamoul_card_art()
        self.renderer = SpriteRenderer(self.art)
        self.drag = DragController(self.tweens, legal_zones=self._legal_zones, drop=self._drop_when_allowed,
                             default_zone=lambda: "discard", on_click=self._click_card)
        self.grids: dict[int, SlotGrid] = {s: SlotGrid(s, own=s in self.humans) for s in range(self.count)}
        self.discard = Heap(PILE_SHOWN, "discard")
        self.drawn: CardSprite | None = None
        self.draw_count = 0
        self.turn = self.state.view(None).turn or 0
        self.callers: list[int] = []
        self.sums: list[int] | None = None            # the reveal's board sums, until the next deal
        self.counting: list[Counter] = [Counter(0.0) for _ in range(self.count)]
        self.looked_at: dict[tuple[int, int], float] = {}   # (seat, slot) -> seconds its peek mark stays
        self.looks: dict[tuple[int, int], tuple[CardSprite, float]] = {}  # your own looks up: sprite, seconds left
        self.holding: set[int] = set()      # keys and mouse buttons held down: a look stays up while any is
        self.look_lift: dict[tuple[int, int], tuple[float, float]] = {}   # a look's lift (rise, spread), per place
        self.settling: dict[CardSprite, int] = {}   # looked-at cards on their way back down (sprite -> slot)
        self.swap_pick: tuple[int, int] | None = None
        self.rings: dict[CardSprite, tuple[int, int, int]] = {}   # a card in the news: looked at, swapped, tried
        self.first_look_shown: set[tuple[int, int]] = set()   # (round, seat)
        self.turn_moves: deque[TurnMoves] = deque(maxlen=self.count + 1)    # recent turns, for L
        self.shuffling = 0.0
        self.totals = list(self.state.totals)          # the totals as shown: they change when a round's results do
        self.serial = 0                                # new top cards seen: each opens a reaction window
        self._windows_opened: set[tuple[int, int]] = set()
        self._start()

    # ----- where things are ------------------------------------------------------------------------
    def card_label(self, card: str) -> str:
        """A card in words, as the log says it ("10♥"): the Review screen names cards with it too."""
        return card_words(card)

    def _line(self, base: int) -> int:
        return theme.font(self.layout.text_size(base)).get_linesize()

    def _pile_width(self) -> int:
        """As large as the middle allows below the status line, above the pile labels and the turn tag."""
        lay = self.layout
        room = self._centre().height - self._line(17) - self._line(15) - self._line(17) - lay.margin * 2
        return max(20, min(int(lay.card_width * 0.85), int(room / 1.4)))

    def _pile_y(self) -> int:
        w = self._pile_width()
        return self._centre().top + self._line(17) + self.layout.margin // 2 + card_height(w) // 2 + 4

    @classmethod
    def _seat_zone_height(cls) -> Callable[[int], int]:
        """Every seat holds a grid of two rows: the layout makes room for it."""
        return SlotGrid.height_for

    @classmethod
    def _opponent_card_scale(cls, count: int) -> float:
        return 1.25 if count == 2 else 1.0     # one opponent across the table has room to spare

    def _centre(self) -> pygame.Rect:
        """The middle of the table, clear of the grids above and the bottom plate (the layout's)."""
        return self.layout.centre

    def _deck_centre(self) -> tuple[int, int]:
        c = self._centre()
        return (c.centerx - self._deck_offset(), self._pile_y())

    def _deck_offset(self) -> int:
        """How far left of the discard pile the draw pile lies: 1.3 pile widths, further when the words under
        the two (the draw pile's with a two-digit count) would come closer than a gap of `_label_gap`."""
        size = self.layout.text_size(15)
        words = text_width(self._draw_words(88), size, "sans") + text_width(pgettext("pile", "Discard"), size, "sans")
        return max(int(self._pile_width() * 1.3), words // 2 + self._label_gap(size))

    @staticmethod
    def _label_gap(size: int) -> int:
        """The least gap between the words under two piles: an em and a half, so they read as two labels."""
        return max(6, int(size * 1.5))

    def _draw_words(self, count: int) -> str:
        return "{label}: {count}".format(label=pgettext("pile", "Draw"), count=count)

    def _discard_centre(self) -> tuple[int, int]:
        c = self._centre()
        return (c.centerx, self._pile_y())

    def _held_centre(self) -> tuple[int, int]:
        x, y = self._discard_centre()
        return (x + int(self._pile_width() * 1.5), y)

    def _pile_rect(self, centre: tuple[int, int]) -> pygame.Rect:
        w = self._pile_width()
        rect = pygame.Rect(0, 0, w + 8, card_height(w) + 8)
        rect.center = centre
        return rect

    def _notice_keep_off(self) -> list[pygame.Rect]:
        """A refusal's notice also keeps off the other seats' slots and plates and the corner buttons
        (grown, a notice over your own slots rose onto the lowest slots of the seat on the right)."""
        grids = [grid.bounds() for seat, grid in self.grids.items() if seat != self.bottom]
        plates = [area.plate for seat, area in self.layout.seats.items() if seat != self.bottom]
        return (super()._notice_keep_off() + [rect for rect in grids if rect is not None] + plates
                + [button.rect for button in self.buttons])

    # ----- layout ------------------------------------------------------------------------------------
    def _lay_out_table(self) -> None:
        for seat in range(self.count):
            self._lay_out_seat(seat, animate=False)
        self._layout_discard(animate=False)
        if self.drawn is not None:
            self._place_drawn(self.drawn, animate=False)

    def _seat_zone(self, seat: int) -> SlotGrid:
        return self.grids[seat]

    def _layout_discard(self, animate: bool = True) -> None:
        self.discard.lay_out(self._discard_centre(), self._pile_width(), self.tweens, animate, 0.3)

    def _place_drawn(self, sprite: CardSprite, animate: bool) -> None:
        x, y = self._held_centre()
        sprite.rest_at(x, y, 0.0)
        sprite.width = self._pile_width()
        sprite.z = 200
        self._send_home(sprite, animate, 0.35)

    def _refresh_pickable(self) -> None:
        """What a person may pick up: the drawn card (its drawer at the bottom), every human seat's own
        slots (interception is for every human alike), and every slot while a swap is being chosen."""
        picks: list[CardSprite] = []
        if self.drawn is not None and self.drawn.owner == self.bottom and self.drawn.card_id is not None:
            picks.append(self.drawn)
        top = self._takeable_top()
        if top is not None:
            picks.append(top)
        choosing = self._my_step() in ("peek_other", "swap")
        for seat in range(self.count):
            if seat in self.humans or choosing:
                picks += self.grids[seat].sprites()
        self.drag.set_cards(picks)
        self.drag.zones = self._zones()

    def _takeable_top(self) -> CardSprite | None:
        """The top discard, when the person at the bottom may take it now: one drag onto a slot takes and keeps it."""
        if not self.discard.cards or not self._my_turn() or self._phase() != "draw":
            return None
        if Action("draw", ("discard",)) not in self.state.legal_actions(self.bottom):
            return None
        return self.discard.cards[-1]

    def _zones(self) -> list[DropZone]:
        # No label of its own: lit, the pile's word under it lights up instead (`_draw_pile_labels`).
        zones = [DropZone("discard", self._pile_rect(self._discard_centre()))]
        for seat in range(self.count):
            zones += self.grids[seat].drop_zones()
        return zones

    # ----- the screen from the view -----------------------------------------------------------------
    def _zone_from_view(self, seat: int, view: TamoulView) -> None:
        now = self.state.position()["now"] if self.reveal_all else None    # a replay: every slot face up
        grid = self.grids[seat]
        for slot in range(len(grid.slots)):
            known = view.board[seat][slot] if slot < len(view.board[seat]) else None
            card = now["slots"][seat][slot] if now is not None and slot < len(now["slots"][seat]) else None
            grid.put(slot, None if known is None else self._slot_sprite(seat, card))

    def _slot_sprite(self, seat: int, card: str | None = None) -> CardSprite:
        return CardSprite(card, flip=1.0 if card else 0.0, width=self.layout.seats[seat].card_width, tag="slot", owner=seat)

    def _zone_matches_view(self, seat: int, view: TamoulView) -> bool:
        return [s is not None for s in self.grids[seat].slots[:len(view.board[seat])]] == \
            [s is not None for s in view.board[seat]]

    def _sync_table(self, view: TamoulView) -> None:
        self.discard.show(view.discard)
        self._layout_discard(animate=False)
        self.draw_count = view.draw_count
        self.turn = view.turn if view.turn is not None else self.turn
        self.callers = list(view.callers)
        self.totals = list(view.totals)
        self.drawn = None
        if view.holder is not None:
            card = view.drawn if not self.reveal_all else self.state.position()["now"]["drawn"]
            self.drawn = CardSprite(card, flip=1.0 if card else 0.0, tag="drawn", owner=view.holder)
            self._place_drawn(self.drawn, animate=False)
        self.swap_pick = None
        self.rings = {}
        self._refresh_pickable()

    def _matches_view(self) -> bool:
        view = self._view()
        if not self._seat_zones_match(view) or self.draw_count != view.draw_count:
            return False
        top = self.discard.cards[-1].card_id if self.discard.cards else None
        holder = self.drawn.owner if self.drawn is not None else None
        return top == view.top and holder == view.holder and self.callers == list(view.callers)

    def _reset_table_for_deal(self) -> None:
        self.discard.clear()
        self.drawn = None
        self.rings = {}
        self.draw_count = len(self.content.cards)
        self._refresh_pickable()

    def _log_where_we_are(self) -> None:
        view = self.state.view(None)
        self.log.add(self._said(view.turn, _("Round {round} goes on: {name} is to play"),
                                _("Round {round} goes on: {name} are to play"), round=view.round_index + 1))

    # ----- whose move, what now ---------------------------------------------------------------------
    def _my_turn(self) -> bool:
        return self._human_may_act() and self.bottom == self.turn and self.bottom in self._waiting()

    def _my_step(self) -> str | None:
        """The action step the person at the bottom must take now, if any."""
        if not self._my_turn():
            return None
        view = self.state.view(None)
        return view.pending[0] if view.phase == "action" and view.pending else None

    def _phase(self) -> str:
        return self.state.view(None).phase

    def _try(self, seat: int, action: Action, where: tuple[int, int] | None = None) -> bool:
        """Propose a move; a refusal is said over the controls (or above the card it is about)."""
        reason = self._apply(seat, action)
        if reason is not None:
            self._notice(reason, seat, where)
        return reason is None

    def _turn_blocked(self, action: Action) -> str | None:
        """The next player waits for the interception window before drawing."""
        if action.verb == "draw" and self._reaction_open():
            return _("wait a moment: the others may still intercept the top card")
        return None

    def _turn_action(self, action: Action) -> bool:
        blocked = self._turn_blocked(action)
        if blocked is not None:
            self._notice(blocked)
            return False
        return self._try(self.bottom, action)

    def _slot_of(self, sprite: CardSprite) -> tuple[int, int] | None:
        for seat, grid in self.grids.items():
            if sprite in grid.slots:
                return seat, grid.slots.index(sprite)
        return None

    # ----- drag and drop ------------------------------------------------------------------------------
    def _legal_zones(self, card_ids: tuple[str, ...]) -> set[str]:
        cards = self.drag.held or self.drag.selected
        if not self._human_may_act() or len(cards) != 1:
            return set()
        sprite = cards[0]
        if sprite is self._takeable_top():       # taken and kept in one go: any of your cards
            view = self.state.view(self.bottom)
            return {f"{self.bottom}.{slot}" for slot, known in enumerate(view.board[self.bottom]) if known is not None}
        if sprite is self.drawn:
            legal = self.state.legal_actions(self.bottom)
            zones = {f"{self.bottom}.{a.args[0]}" for a in legal if a.verb == "keep"}
            return zones | ({"discard"} if Action("discard") in legal else set())
        place = self._slot_of(sprite)
        if place is None:
            return set()
        zones: set[str] = set()
        if Action("intercept", (str(place[1]),)) in self.state.legal_actions(place[0]):
            zones.add("discard")
        if self._my_step() == "swap":
            for action in self.state.legal_actions(self.bottom):
                if action.verb == "swap" and f"{place[0]}.{place[1]}" in action.args:
                    zones |= {a for a in action.args if a != f"{place[0]}.{place[1]}"}
        return zones

    def _drop(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        sprite = self.drag.moving[0]
        if sprite is self._takeable_top():
            seat, _dot, slot = zone.partition(".")
            if seat != str(self.bottom):
                return _("keep the card on one of your own slots")
            taken = self._apply(self.bottom, Action("draw", ("discard",)))
            return taken if taken is not None else self._apply(self.bottom, Action("keep", (slot,)))
        if sprite is self.drawn:
            if zone == "discard":
                return self._apply(self.bottom, Action("discard"))
            seat, _dot, slot = zone.partition(".")
            if seat != str(self.bottom):
                return _("keep the card on one of your own slots, or drop it on the discard pile")
            return self._apply(self.bottom, Action("keep", (slot,)))
        place = self._slot_of(sprite)
        if place is None:
            return _("that card is no longer there")
        if zone == "discard":
            if place[0] not in self.humans:
                return _("you can only intercept with your own cards")
            return self._apply(place[0], Action("intercept", (str(place[1]),)))
        if self._my_step() == "swap":
            return self._apply(self.bottom, Action("swap", (f"{place[0]}.{place[1]}", zone)))
        return _("drop your card on the discard pile to intercept")

    def _click_card(self, sprite: CardSprite) -> bool:
        """Clicks the table answers itself: a slot for a peek or a swap, a slot to keep the drawn card
        in, a slot chosen after pressing Intercept. Anything else selects as usual."""
        if sprite is self._takeable_top():
            self.press_take()
            return True
        place = self._slot_of(sprite)
        if place is None:
            return False
        where = (int(sprite.x), int(sprite.y - card_height(sprite.pixel_width) // 2 - 8))
        if self._click_for_reaction(sprite):
            return True
        if self.drag.selected and self.drag.selected[0] is self.drawn and place[0] == self.bottom:
            self.drag.play([self.drawn], f"{place[0]}.{place[1]}")
            return True
        step = self._my_step()
        if step in ("peek_own", "peek_other"):
            target = str(place[1]) if step == "peek_own" else f"{place[0]}.{place[1]}"
            self._try(self.bottom, Action("peek", (target,)), where)
            return True
        if step == "swap":
            if self.swap_pick is None or self.swap_pick == place:
                self.swap_pick = None if self.swap_pick == place else place
                return True
            first, self.swap_pick = self.swap_pick, None
            self._try(self.bottom, Action("swap", (f"{first[0]}.{first[1]}", f"{place[0]}.{place[1]}")), where)
            return True
        return False

    # ----- controls ----------------------------------------------------------------------------------
    def _place_seat_controls(self, top: int, height: int) -> None:
        """The turn's buttons, for the person at the bottom when it is their move."""
        self.seat_buttons = []
        self._refresh_pickable()
        area = self.layout.controls_rect
        if not self._my_turn():
            return
        phase = self._phase()
        gap = self.layout.margin
        if phase == "draw":
            wanted = [((_("Draw (D)"), pgettext("a narrow button", "Draw (D)"), _("Draw")), self.press_draw_deck,
                       "primary")]
            if Action("draw", ("discard",)) in self.state.legal_actions(self.bottom):
                wanted.append(((_("Take (T)"), pgettext("a narrow button", "Take (T)"), _("Take")), self.press_take,
                               "secondary"))
        elif phase == "hold":
            # A card taken from the discard pile must be kept: no Discard button that would only be refused.
            from_discard = self.state.view(self.bottom).drawn_from == "discard"
            wanted = [] if from_discard else [((_("Discard (X)"), pgettext("a narrow button", "Discard (X)"), _("Discard")),
                                          self.press_discard, "secondary")]
        elif phase == "end":
            # Ending the turn is the usual move; calling Tamoul! is the risky one, so it is not the prominent button.
            wanted = [((_("End turn (E)"), pgettext("a narrow button", "End turn (E)"), _("End turn")), self.press_end,
                       "primary"),
                      ((_("Tamoul! (C)"), "Tamoul!"), self.press_call, "secondary")]
        else:
            wanted = []
        if not wanted:
            return
        w = (area.width - gap * (len(wanted) - 1)) // len(wanted)
        for i, (labels, press, style) in enumerate(wanted):
            rect = pygame.Rect(area.left + i * (w + gap), top, w, height)
            self.seat_buttons.append(Button(rect, fitting_label(labels, w, height, style), press, style=style))

    def press_draw_deck(self) -> None:
        self._turn_action(Action("draw", ("deck",)))

    def press_take(self) -> None:
        self._turn_action(Action("draw", ("discard",)))

    def press_discard(self) -> None:
        self._turn_action(Action("discard"))

    def press_end(self) -> None:
        self._turn_action(Action("end"))

    def press_call(self) -> None:
        self._turn_action(Action("tamoul"))

    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """A click on the draw pile or the discard pile when it is the bottom seat's draw; Enter or Space
        on the slot the arrows have reached, while a look or a swap is being chosen, picks it as a click does."""
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self._my_step() in ("peek_own", "peek_other", "swap") and self.drag.focus is not None
                and self.drag.focus < len(self.drag.sprites)):
            return self._click_card(self.drag.sprites[self.drag.focus])
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._my_turn() and self._phase() == "draw":
            if self._pile_rect(self._deck_centre()).collidepoint(event.pos):
                self.press_draw_deck()
                return True
            top = self.discard.cards[-1] if self.discard.cards else None
            if top is not None and self._pile_rect(self._discard_centre()).collidepoint(event.pos) and \
                    not self.drag.selected and not top.contains(event.pos):     # the top card itself is dragged
                self.press_take()
                return True
        return False

    def _handle_keys(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self._human_may_act():
            return False
        if event.key in SLOT_KEYS:
            return self._slot_key(SLOT_KEYS[event.key])
        if event.key == pygame.K_i and self.bottom in self.humans and self.discard.cards:
            # Interception at any moment, window or not: I, then the slot's number.
            self._ask_reaction_pick(self.bottom, "intercept", _("Intercept: press the number of your card (1-8)"))
            return True
        if not self._my_turn():
            return False
        keys = {pygame.K_d: self.press_draw_deck, pygame.K_t: self.press_take, pygame.K_x: self.press_discard,
                pygame.K_e: self.press_end, pygame.K_c: self.press_call}
        press = keys.get(event.key)
        if press is None:
            return False
        press()
        return True

    def _slot_key(self, slot: int) -> bool:
        """Keys 1-8: the slot to keep the drawn card in, or to peek at (the kit's reaction pick comes first)."""
        if not self._my_turn():
            return False
        phase, step = self._phase(), self._my_step()
        if phase == "hold":
            self._try(self.bottom, Action("keep", (str(slot),)))
        elif step == "peek_own":
            self._try(self.bottom, Action("peek", (str(slot),)))
        else:
            return False
        return True

    # ----- AI and reactions ------------------------------------------------------------------------
    def _reaction_due(self) -> ReactionWindow | None:
        """A new top card on the discard pile: the interception window (A-12, A-13)."""
        view = self.state.view(None)
        if view.finished or view.reshuffle_due or not view.discard:
            return None
        length = max(0.0, int(view.options.get("reaction_ms", 2000)) / 1000.0)
        if length <= 0:
            return None
        key = (view.round_index, self.serial)
        if key in self._windows_opened and (self.reaction is None or self.reaction.key != key):
            return None      # this top card's window has run: a later move must not open it again
        self._windows_opened.add(key)
        return ReactionWindow(Action("intercept", ("0",)), _("Intercept {card}").format(card=card_words(view.top)), length,
                              key=key, hotkey=pygame.K_i, pick=_("click the card to intercept with (or press 1-8)"))

    def _skipping(self) -> bool:
        """"Skip to my turn" between a human's turns: interception windows are not offered to the humans,
        so the AI turns (and their windows) go by at once; the humans' own turns are played as always."""
        if not self.app.settings.skip_to_my_turn or not self.humans or self.state.finished or self.gate.waiting:
            return False
        return not any(seat in self.humans for seat in self._waiting())

    def _reaction_offered_to(self) -> list[int]:
        return [] if self._skipping() else super()._reaction_offered_to()

    def _close_window_when_answered(self) -> None:
        """While skipping, a window lasts only until every AI that may intercept has answered."""
        if self.reaction is None or not self.reaction.open or not self._fast_forward():
            return
        token = self._token()
        for seat in self.state.to_act():
            if seat in self.agents and self.state.is_reaction(seat) and \
                    ((seat, token) not in self.declined or self.ai.thinking(seat, token)):
                return
        self.reaction.left = 0.0
        self._refresh_reaction_buttons()

    def _request_ai(self, seat: int, token: int, legal: list[Action], delay: float, optional: bool = False) -> None:
        """An AI's interception comes after its level's human-like reaction time (at once while skipping)."""
        agent = self.agents.get(seat)
        if optional and any(a.verb == "intercept" for a in legal) and hasattr(agent, "reaction_delay_ms"):
            delay = 0.0 if self._fast_forward() else agent.reaction_delay_ms(self.rng) / 1000.0
        super()._request_ai(seat, token, legal, delay, optional)

    def _after_move(self, seat: int, action: Action) -> None:
        self.swap_pick = None
        super()._after_move(seat, action)

    def _move_closes_reaction(self, seat: int, action: Action) -> bool:
        """Only a new top card ends the window (the next one opens for it); a failed try leaves it open."""
        return action.verb in ("draw", "keep", "discard", "reshuffle") or action.verb == "intercept"

    def _on_hand_hidden(self) -> None:
        """Pass-and-play: the drawn card turns away with the rest, and any look goes down."""
        self._put_looks_down()
        if self.drawn is not None and self.drawn.card_id is not None and self.drawn.flip > 0:
            self.tweens.add(self.drawn, 0.2, flip=0.0)

    def _tick(self, dt: float) -> None:
        self._close_window_when_answered()
        held = bool(self.holding)
        for sprite in [s for s in self.settling if not self.tweens.moving(s)]:
            self._face_down(sprite)         # its motion was stopped (a new layout): it still goes face down
        for place, (sprite, left) in list(self.looks.items()):
            if self.grids[place[0]].slots[place[1]] is not sprite:
                del self.looks[place]       # the screen was rebuilt: that card is no longer there
                continue
            left = left if held else left - dt
            if left <= 0:
                self._put_looks_down(place)
            else:
                self.looks[place] = (sprite, left)
                self.looked_at[place] = max(self.looked_at.get(place, 0.0), 1.5)
        for place in list(self.looked_at):
            self.looked_at[place] -= dt
            if self.looked_at[place] <= 0:
                del self.looked_at[place]
        self.shuffling = max(0.0, self.shuffling - dt)

    def _own_clock_running(self) -> bool:
        """A look that will end, or the pile being shuffled, changes the picture by itself."""
        return bool(self.looked_at) or self.shuffling > 0

    def _after_frame(self) -> None:
        """A human's first look of the round, shown once that person sits at the bottom with the table idle."""
        viewer = self.viewer
        if viewer is None or viewer not in self.humans or not self.idle or self.state.finished:
            return
        key = (self.state.round_index, viewer)
        if key in self.first_look_shown:
            return
        self.first_look_shown.add(key)
        view = self.state.view(viewer)
        known = [(s, view.board[viewer][s].card) for s in self.content.first_look
                 if view.board[viewer][s] is not None and view.board[viewer][s].card is not None
                 and view.board[viewer][s].watch_of(viewer) is not None
                 and view.board[viewer][s].watch_of(viewer)[1] == 0]
        if known:
            self._log_first_look(viewer, [slot for slot, _card in known])
            self._first_looks(viewer, known)

    # ----- events -> motion ---------------------------------------------------------------------------
    def _look(self, seat: int, slot: int, card: str | None, seconds: float, spread: float = 0.0) -> None:
        """A card lifts (and, for its looker, turns face up) then settles back face down.

        Someone else's look (`card` None) is a moment of the motion, scaled like every animation. Your own
        look stays face up for `OWN_LOOK_SECONDS` in real seconds, longer while you hold a key or the
        mouse button, and goes down early on a click on it; `spread` moves it sideways (a first look lifts
        two neighbours apart, so neither covers the other)."""
        sprite = self.grids[seat].slots[slot]
        if sprite is None or self._replaying:
            return
        self.looked_at[(seat, slot)] = max(self.looked_at.get((seat, slot), 0.0), seconds + 1.5)
        sprite.z = 250
        self.rings[sprite] = theme.GOLD
        if card is not None:
            sprite.card_id = card
        hx, hy, _angle = sprite.home
        # It lifts towards the middle of the table: up at the bottom seat, down at the others (clear of their plate).
        rise = -0.3 if seat == self.bottom else 0.25
        self.settling.pop(sprite, None)
        self.tweens.add(sprite, 0.25, scale=1.35, y=hy + sprite.pixel_width * rise, x=hx + sprite.pixel_width * spread,
                        flip=1.0 if card is not None else 0.0)
        if card is not None:
            self.looks[(seat, slot)] = (sprite, seconds)
            self.look_lift[(seat, slot)] = (rise, spread)
        else:
            self.tweens.call(lambda: self._settle(sprite, slot), delay=seconds)

    def _settle(self, sprite: CardSprite, slot: int) -> None:
        """A looked-at card goes back down into its slot, face down (`_tick` finishes it should a new
        layout stop its motion halfway)."""
        hx, hy, _angle = sprite.home
        self.settling[sprite] = slot
        # Tagged as settling, not as something shown: a look going down never holds up the player's next
        # move (a press on the drawn card as a look ended was lost).
        self.tweens.add(sprite, 0.25, flip=0.0, scale=1.0, x=hx, y=hy, on_done=lambda: self._face_down(sprite),
                        tag=SETTLING)

    def _face_down(self, sprite: CardSprite) -> None:
        """A looked-at card at rest again: face down, nameless, in its slot's place."""
        slot = self.settling.pop(sprite, None)
        if any(entry[0] is sprite for entry in self.looks.values()):
            return          # looked at again meanwhile
        sprite.card_id, sprite.flip, sprite.scale = None, 0.0, 1.0
        sprite.z = 60 + (slot if slot is not None else 0)
        self.rings.pop(sprite, None)

    def _after_seat_laid_out(self, seat: int) -> None:
        """A new layout snaps every card home: a look still up is lifted again where the layout put it."""
        self._refresh_pickable()
        for (owner, slot), (sprite, _left) in self.looks.items():
            if owner == seat and self.grids[seat].slots[slot] is sprite:
                rise, spread = self.look_lift.get((owner, slot), (0.0, 0.0))
                hx, hy, _angle = sprite.home
                sprite.scale, sprite.flip = 1.35, 1.0
                sprite.x, sprite.y = hx + sprite.width * spread, hy + sprite.width * rise

    def _look_seconds(self) -> float:
        """How long your own look stays up unless held (real seconds, whatever the animation speed)."""
        return self.OWN_LOOK_SECONDS

    def _put_looks_down(self, only: tuple[int, int] | None = None) -> None:
        for place in [only] if only is not None else list(self.looks):
            entry = self.looks.pop(place, None)
            if entry is not None:
                self._settle(entry[0], place[1])

    def _put_down_under(self, *places: tuple[int, int]) -> None:
        """A move touches these slots: a look still up there goes down first (no card moves face up)."""
        for place in places:
            if place in self.looks:
                entry = self.looks.pop(place)
                self.tweens.cancel(entry[0])
                entry[0].card_id, entry[0].scale, entry[0].flip = None, 1.0, 0.0
                self.rings.pop(entry[0], None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys 1-8, Space and the mouse button, held down, keep your look up (Space does nothing else then)."""
        if event.type == pygame.KEYDOWN and event.key in HOLD_KEYS:
            self.holding.add(event.key)
        elif event.type == pygame.KEYUP:
            self.holding.discard(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.holding.add(-1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.holding.discard(-1)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.holding.clear()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.looks:
            return True         # Space only holds the look
        return super().handle_event(event)

    def _on_round_started(self, event: Event) -> None:
        self._put_down_under(*self.looks)
        self._deal_face_down()
        old = [s for grid in self.grids.values() for s in grid.sprites()] + self.discard.cards
        if self.drawn is not None:
            old.append(self.drawn)
        self._gather(old, self._deck_centre(), 0.4, fade=False)
        self._reset_for_deal()
        self.sums = None
        self.callers = []
        self.turn_moves.clear()
        self.serial += 1
        self.draw_count = int(event["draw_count"]) + 4 * self.count
        self.turn = int(event["first"])
        self.log.add(self._said(event["first"], _("Round {round}: {name} plays first"),
                                _("Round {round}: {name} play first"), round=int(event["round"]) + 1))
        self.sounds.play("card_slide")

    def _on_cards_dealt(self, event: Event) -> None:
        seat = event.seat
        grid = self.grids[seat]
        new = []
        for slot in event["slots"]:
            sprite = self._slot_sprite(seat)
            grid.put(int(slot), sprite)
            new.append(sprite)
        self._lay_out_seat(seat, animate=False)
        source = self._deck_centre()
        for i, sprite in enumerate(new):
            hx, hy, _angle = sprite.home
            sprite.x, sprite.y = source
            self.tweens.add(sprite, 0.35, delay=i * 0.06, x=hx, y=hy)
        self.draw_count = max(0, self.draw_count - len(new))

    def _on_first_look(self, event: Event) -> None:
        cards = event.get("cards")
        seat = event.seat
        if cards is not None and seat == self.viewer:
            self.first_look_shown.add((self.state.round_index, seat))
            self._first_looks(seat, [(int(slot), card) for slot, card in zip(event["slots"], cards)])
            self._log_first_look(seat, [int(s) for s in event["slots"]])

    def _first_looks(self, seat: int, known: list[tuple[int, str]]) -> None:
        """The round's first look: the cards lift apart, so neither covers the other, for a little longer."""
        seconds = self._look_seconds() + FIRST_LOOK_EXTRA
        for slot, card in known:
            column = SlotGrid.cell(slot)[0] % 2
            self._look(seat, slot, card, seconds, spread=(0.22 if column else -0.22) if len(known) > 1 else 0.0)

    def _log_first_look(self, seat: int, slots: list[int]) -> None:
        """The first look in the log: which slots, never the cards (the look shows them while it lasts;
        Tamoul is a memory game, so the log must not remember them for the player)."""
        where = _("{first} and {second}").format(first=", ".join(str(s + 1) for s in slots[:-1]),
                                                  second=slots[-1] + 1) if len(slots) > 1 else str(slots[0] + 1)
        self.log.add(_("{you} look at your bottom cards (slots {slots})").format(you=self._you_words(seat), slots=where),
                     private_to=seat,
                     public=_("{name} looks at their bottom cards").format(name=self.names[seat]))

    def _tell(self, text: str, *, private_to: int | None = None, public: str | None = None) -> None:
        """A line of the current turn: in the log, and in that turn's "Last moves"."""
        self.log.add(text, private_to=private_to, public=public)
        if self.turn_moves:
            self.turn_moves[-1].lines.append(LogLine(text, private_to, public))

    def _shown_face_up(self, card: str) -> None:
        """A card everyone saw face up in this turn (thrown, taken from the pile, tried against it)."""
        if self.turn_moves:
            self.turn_moves[-1].cards.append(card)

    def _on_turn_started(self, event: Event) -> None:
        self.turn = event.seat
        self.turn_moves.append(TurnMoves(event.seat))
        if event.get("last_turn"):
            left = len(self.state.view(None).to_play)
            self.log.add(self._said(event.seat, _("Last turn for {name} ({count} to go)"),
                                    _("Your last turn ({count} to go)"), count=left) if left > 1 else
                         self._said(event.seat, _("Last turn for {name}"), _("Your last turn")))

    _replay_card: str | None = None     # in a replay, the card of the event being shown (every card is open)

    def _show(self, event: Event) -> None:
        """A replay shows every card face up, so its log may name a drawn or looked-at card (kept here
        before the kit strips the event's secret for the screen's viewer)."""
        self._replay_card = event.get("card") if self.replay_mode else None
        super()._show(event)

    def _on_drawn(self, event: Event) -> None:
        seat = event.seat
        if event["source"] == "discard":
            sprite = self.discard.take_top() or CardSprite(event["card"], flip=1.0)
            sprite.card_id = event["card"]
            self._shown_face_up(event["card"])
            self._tell(self._said(seat, _("{name} takes {card} from the discard pile"),
                                    _("{name} take {card} from the discard pile"), card=card_words(event["card"])))
            self.serial += 1
        else:
            card = event.get("card") if seat == self.viewer else None
            x, y = self._deck_centre()
            sprite = CardSprite(card, x=x, y=y, flip=0.0, width=self._pile_width())
            self.draw_count = max(0, self.draw_count - 1)
            if card is not None:
                self.tweens.add(sprite, 0.25, delay=0.3, flip=1.0)
            # The card is shown face up to its drawer while it is held, never named in the log (if it is
            # kept, the log would remember where it lies); a replay, every card open, names it.
            if self._replay_card:
                self._tell(self._said(seat, _("{name} draws {card}"), _("{name} draw {card}"),
                                      card=card_words(self._replay_card)))
            else:
                self._tell(self._said(seat, _("{name} draws a card"), _("{name} draw a card")))
        sprite.tag, sprite.owner = "drawn", seat
        self.drawn = sprite
        if not (self.events and self.events[0].kind == "kept"):     # dragged straight onto a slot: it goes there
            self._place_drawn(sprite, animate=True)
        self._refresh_pickable()
        self.sounds.play("card_slide")

    def _on_kept(self, event: Event) -> None:
        seat, slot = event.seat, int(event["slot"])
        self._put_down_under((seat, slot))
        grid = self.grids[seat]
        old = grid.slots[slot]
        sprite = self.drawn or CardSprite(None, x=self._held_centre()[0], y=self._held_centre()[1])
        self.drawn = None
        grid.put(slot, sprite)
        sprite.tag = "slot"
        self._lay_out_seat(seat, animate=True)
        self.tweens.add(sprite, 0.35, flip=0.0, on_done=lambda s=sprite: setattr(s, "card_id", None))
        if old is not None and event.get("discarded"):
            self._to_discard(old, event["discarded"])
        shown = event.data.get("card")         # a card taken from the discard pile, seen by all; never a drawn one
        what = card_words(shown) if shown else _("the card")
        thrown = _(", throwing away {card}").format(card=card_words(event["discarded"])) if event.get("discarded") else ""
        self._tell(self._said(seat, _("{name} keeps {card} in slot {slot}{thrown}"),
                                _("{name} keep {card} in slot {slot}{thrown}"), card=what, slot=slot + 1, thrown=thrown))
        self._pause(self._mark_move(seat, [(seat, slot)], 0.2))

    def _to_discard(self, sprite: CardSprite, card: str) -> None:
        """A card goes face up onto the discard pile: the new top card, a new interception window."""
        sprite.card_id = card
        sprite.lifted = False
        self.rings.pop(sprite, None)
        self.discard.add(sprite)
        # Every card keeps its spot and the new one is left where it is, to fly there from its slot or hand.
        self.discard.lay_out(self._discard_centre(), self._pile_width(), self.tweens, animate=True)
        hx, hy, hr = sprite.home
        self.tweens.cancel(sprite)
        sprite.z = 300
        self.tweens.add(sprite, 0.4, easing=ease_out_cubic, x=hx, y=hy, rotation=hr, scale=1.0, flip=1.0,
                        on_done=lambda s=sprite: setattr(s, "z", self.discard.z_of(s)))
        sprite.width = self._pile_width()
        self.serial += 1
        self._shown_face_up(card)
        self.sounds.play("card_place")

    def _on_discarded(self, event: Event) -> None:
        sprite = self.drawn or CardSprite(None, x=self._held_centre()[0], y=self._held_centre()[1])
        self.drawn = None
        self._to_discard(sprite, event["card"])
        steps = [self._step_words(event.seat, s) for s in event["steps"]]
        for step in steps[1:]:
            steps[0] = _("{first} and {then}").format(first=steps[0], then=step)
        then = f": {steps[0]}" if steps else ""
        self._tell(self._said(event.seat, _("{name} discards {card}{then}"), _("{name} discard {card}{then}"),
                                card=card_words(event["card"]), then=then))
        self._refresh_pickable()
        self._pause(0.2)

    def _on_peeked(self, event: Event) -> None:
        seat, target, slot = event.seat, int(event["target"]), int(event["slot"])
        card = event.get("card")
        mine = card is not None and seat == self.viewer
        self._look(target, slot, card if mine else None, self._look_seconds() if mine else LOOK_SECONDS)
        if target == seat:
            public = self._said(seat, _("{name} looks at their own card {slot}"),
                                _("{name} look at your own card {slot}"), slot=slot + 1)
        else:
            public = self._said(seat, _("{name} looks at {place}"), _("{name} look at {place}"),
                                place=self._place_words(target, slot))
        if self._replay_card:     # a replay, every card open: the line names the card
            public = _("{look}: {card}").format(look=public, card=card_words(self._replay_card))
        self._tell(public)        # the card itself is shown while the look lasts, never kept in the log

    def _on_swapped(self, event: Event) -> None:
        (pa, sa), (pb, sb) = event["a"], event["b"]
        self._put_down_under((pa, sa), (pb, sb))
        a, b = self.grids[pa].slots[sa], self.grids[pb].slots[sb]
        self.grids[pa].put(sa, b)
        self.grids[pb].put(sb, a)
        was = {id(sprite): (sprite.x, sprite.y) for sprite in (a, b) if sprite is not None}
        self._lay_out_seat(pa, animate=False)
        self._lay_out_seat(pb, animate=False)
        for sprite, owner in ((a, pb), (b, pa)):
            if sprite is None:
                continue
            sprite.owner, sprite.z = owner, 260
            self.rings[sprite] = theme.GOLD
            sprite.x, sprite.y = was[id(sprite)]         # from where it lay, across the table
            hx, hy, _angle = sprite.home
            self.tweens.add(sprite, 0.7, easing=ease_in_out_cubic, x=hx, y=hy, scale=1.0,
                            on_done=lambda s=sprite: (self.rings.pop(s, None), setattr(s, "z", 60)))
        self.looked_at[(pa, sa)] = self.looked_at[(pb, sb)] = 2.0
        pause = self._mark_move(event.seat, [(pa, sa), (pb, sb)], 0.3)
        self._tell(self._swap_words(event.seat, (pa, sa), (pb, sb)))
        self.sounds.play("card_slide")
        self._pause(pause)

    def _mark_move(self, seat: int, places: list[tuple[int, int]], pause: float) -> float:
        """Another seat's keep or swap: the slots it touched stay lit for a moment (scaled like all motion),
        and the table lingers on it, so a player sees which slots changed. Returns the pause to take."""
        if self._you(seat):
            return pause
        lit = MOVE_MARK_SECONDS * self._animation_factor()
        for place in places:
            self.looked_at[place] = max(self.looked_at.get(place, 0.0), lit)
        return max(pause, 0.8)

    def _place_words(self, seat: int, slot: int) -> str:
        """"Bob's card 3", but "your card 3" for a player named You."""
        return self._said(seat, _("{name}'s card {slot}"), _("your card {slot}"), slot=slot + 1)

    def _swap_words(self, seat: int, a: tuple[int, int], b: tuple[int, int]) -> str:
        """A swap in the log: "Bob swaps Ann's card 1 with Zoe's card 3"; two cards of one player are named
        once ("Bob swaps their own cards 1 and 2", "Bob swaps Ann's cards 1 and 4"), lowest slot first."""
        (pa, sa), (pb, sb) = a, b
        if pa != pb:
            return self._said(seat, _("{name} swaps {first} with {second}"), _("{name} swap {first} with {second}"),
                              first=self._place_words(pa, sa), second=self._place_words(pb, sb))
        first, second = sorted((sa + 1, sb + 1))
        if pa == seat:
            return self._said(seat, _("{name} swaps their own cards {first} and {second}"),
                              _("{name} swap your own cards {first} and {second}"), first=first, second=second)
        cards = self._said(pa, _("{name}'s cards {first} and {second}"), _("your cards {first} and {second}"),
                           first=first, second=second)
        return self._said(seat, _("{name} swaps {cards}"), _("{name} swap {cards}"), cards=cards)

    def _step_words(self, seat: int | None, step: str) -> str:
        """A card's action in words for whoever takes it: "your own cards" only for a player named You."""
        words = STEP_WORDS if is_named_you(self._name(seat)) else THEIR_STEP_WORDS
        return _(words[step]) if step in words else step

    def _on_step_skipped(self, event: Event) -> None:
        """A card's action that has nothing to act on, said with why (a newcomer wonders otherwise)."""
        reason = translate_message(event["reason"])
        if event["reason"] == "no card can be chosen":
            reason = _("no card can be chosen: the cards it needs are frozen by a Tamoul call, or gone")
        self._tell(self._said(event.seat, _("{name} skips '{step}': {reason}"), _("{name} skip '{step}': {reason}"),
                                step=self._step_words(event.seat, event["step"]), reason=reason))

    def _on_intercepted(self, event: Event) -> None:
        seat, slot = event.seat, int(event["slot"])
        card, top = event["card"], event["top"]
        self._put_down_under((seat, slot))
        grid = self.grids[seat]
        sprite = grid.slots[slot]
        if sprite is None:
            return
        if event["success"]:
            grid.put(slot, None)
            self._lay_out_seat(seat, animate=True)
            self._to_discard(sprite, card)
            self.rings[sprite] = theme.LEGAL_GLOW
            self.tweens.call(lambda s=sprite: self.rings.pop(s, None), delay=1.0)
            self._tell(self._said(seat, _("⚡ {name} intercepts {top} with {card}: a match!"),
                                    _("⚡ {name} intercept {top} with {card}: a match!"),
                                    top=card_words(top), card=card_words(card)))
            self.sounds.play("card_place")
            self._pause(0.4)
            return
        # A miss: the card is shown to all beside the pile, goes back face down, and a penalty card follows.
        penalty = int(event["penalty_slot"])
        extra = self._slot_sprite(seat)
        grid.put(penalty, extra)
        self._lay_out_seat(seat, animate=True)          # the grid widens for slots 5-8 smoothly
        px, py = self._discard_centre()
        sprite.card_id, sprite.z = card, 300
        self._shown_face_up(card)
        self.rings[sprite] = theme.ILLEGAL
        self.tweens.add(sprite, 0.35, x=px + self._pile_width() * 0.55, y=py + self._pile_width() * 0.25, flip=1.0)

        def go_back(s: CardSprite = sprite) -> None:
            self.tweens.add(s, 0.35, x=s.home[0], y=s.home[1], flip=0.0,
                            on_done=lambda: (setattr(s, "card_id", None), self.rings.pop(s, None),
                                             setattr(s, "z", 60 + slot)))

        self.tweens.call(go_back, delay=1.3)
        self.tweens.cancel(extra)
        extra.x, extra.y = self._deck_centre()
        ex, ey, _angle = extra.home
        self.tweens.add(extra, 0.45, delay=1.5, x=ex, y=ey)
        self.draw_count = max(0, self.draw_count - 1)
        self._tell(self._said(seat, _("{name} tries {card} on {top}: no match, a penalty card to slot {slot}"),
                                _("{name} try {card} on {top}: no match, a penalty card to slot {slot}"),
                                card=card_words(card), top=card_words(top), slot=penalty + 1))
        self._pause(0.5)

    def _on_reshuffled(self, event: Event) -> None:
        below = self.discard.keep_top()
        self._layout_discard(animate=True)
        self._gather(below, self._deck_centre(), 0.45, fade=True)
        self.draw_count = int(event["count"])
        self.shuffling = 1.0
        self._tell(_("The discard pile is shuffled into a new draw pile ({count} cards)").format(count=event["count"]))
        self.sounds.play("card_slide")
        self._pause(0.8)

    def _on_tamoul_called(self, event: Event) -> None:
        self.callers.append(event.seat)
        self._tell(self._said(event.seat, _("★ {name} calls Tamoul! Their cards are frozen; the others play once more"),
                                _("★ {name} call Tamoul! Your cards are frozen; the others play once more")))
        self.sounds.play("round_won")
        self._pause(0.6)

    def _on_cards_revealed(self, event: Event) -> None:
        self._put_down_under(*self.looks)
        self.drawn = None
        for seat, row in enumerate(event["slots"]):
            for slot, card in enumerate(row):
                sprite = self.grids[seat].slots[slot]
                if card is None or sprite is None:
                    continue
                sprite.card_id = card
                self.tweens.add(sprite, 0.3, delay=0.05 * slot + 0.15 * seat, flip=1.0)
        self.sums = list(event["sums"])
        self.counting = [Counter(0.0) for _ in range(self.count)]
        for seat, total in enumerate(self.sums):     # each board counts up as its cards turn
            self.tweens.add(self.counting[seat], 0.8, delay=0.3 + 0.15 * seat, value=float(total))
        self.callers = list(event["callers"])
        words = ", ".join(f"{self._name(s)} {self._board_words(s)}" for s in range(self.count))
        self.log.add(_("Every card turns over: {boards}").format(boards=words))
        self._refresh_pickable()
        self._pause(REVEAL_SECONDS)

    def _board_words(self, seat: int, counted: bool = False) -> str:
        """A board's sum, and what a call made of it: "7 (called: 0)", "12 + 25" (counting up on the table)."""
        if self.sums is None:
            return ""
        total = self.counting[seat].shown if counted else self.sums[seat]
        if counted and total != self.sums[seat]:
            return str(total)
        if seat not in self.callers:
            return str(total)
        limit = self.content.call_limit
        return _("{total} (called: 0)").format(total=total) if total <= limit else f"{total} + {self.content.wrong_call_penalty}"

    def _on_round_ended(self, event: Event) -> None:
        """The round's results (the kit's: they can be put aside to look at the turned boards)."""
        self.totals = list(event["totals"])
        super()._on_round_ended(event)

    def _on_game_ended(self, event: Event) -> None:
        self.totals = list(event["totals"])
        super()._on_game_ended(event)

    def _round_result(self, event: Event) -> ResultWords | None:
        score, totals = event["score"], event["totals"]
        rows = [(self.names[s], _("{board} → +{score}   total {total}").format(
            board=self._board_words(s), score=score[s], total=totals[s])) for s in range(self.count)]
        callers = ", ".join(self._who(s) for s in self.callers) or _("nobody")
        return ResultWords(_("Round {number} is over").format(number=int(event["round"]) + 1),
                           _("Tamoul called by {names}. The game ends at {target}.").format(
                               names=callers, target=self.state.target), rows)

    def _game_result(self, event: Event) -> ResultWords:
        words = super()._game_result(event)
        return replace(words, subtitle=words.subtitle + " " + _("The lowest total wins."))

    # ----- drawing ------------------------------------------------------------------------------------
    def _draw_table(self, surface: pygame.Surface) -> None:
        self._draw_centre(surface)
        for seat in range(self.count):
            self._draw_seat(surface, seat)
        self.drag.draw_zones(surface)
        self._draw_cards(surface, self.discard.cards + ([self.drawn] if self.drawn is not None else []))
        for sprite, colour in self.rings.items():
            rect = sprite.rect().inflate(6, 6)
            rect.y -= int(sprite.pixel_width * 0.12) if sprite.lifted else 0
            pygame.draw.rect(surface, colour, rect, width=max(3, sprite.pixel_width // 22), border_radius=8)
        self._draw_marks(surface)
        for rect in self._hint_rects():
            pygame.draw.rect(surface, HINT_GLOW, rect.inflate(10, 10), width=4, border_radius=10)
        self._draw_status(surface)
        self._draw_remembered(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        """Whose turn and what they do, above the piles: drawn over the cards, on a dark band, so a card
        flying past never hides a word ("You [are end]ing the turn")."""
        status = self._status()
        self.centre_words_rects: list[pygame.Rect] = []     # the band, which an enlarged card keeps off
        if not status:
            return
        centre = self._centre()
        left, right = self._status_span(centre)
        size, lines = self._status_lines(status, right - left)
        step = theme.font(size, "bold").get_linesize()
        band = pygame.Rect(0, 0, max(text_width(line, size, "bold") for line in lines) + size, step * len(lines) + 4)
        band.midtop = (centre.centerx, centre.top)
        if band.width <= right - left:      # over the piles where it fits, else moved towards the middle of its room
            band.left = max(left, min(band.left, right - band.width))
        draw_panel(surface, band, alpha=170)
        for index, line in enumerate(lines):
            blit_text(surface, line, (band.centerx, band.top + 2 + index * step), size, theme.CREAM, "bold", "midtop")
        self.centre_words_rects.append(band)

    def _status_span(self, centre: pygame.Rect) -> tuple[int, int]:
        """Left and right edge of the room the status band has at the top of the centre: clear of every
        other seat's plate, slots and turn tag at its height (six players grown: the seat across stands
        beside the centre, its tag above its plate), inside the window."""
        lay = self.layout
        top, bottom = centre.top, centre.top + theme.font(lay.text_size(17), "bold").get_linesize() * 2 + 4
        left, right = lay.margin, lay.size[0] - lay.margin
        others = [rect for seat, area in lay.seats.items() if seat != self.bottom
                  for rect in (area.plate, self.grids[seat].bounds())]
        for rect in [*others, self.turn_tag_rect]:
            if rect is None or not (rect.top < bottom and top < rect.bottom) or rect.left <= centre.centerx <= rect.right:
                continue
            if rect.centerx > centre.centerx:
                right = min(right, rect.left - lay.margin // 2)
            else:
                left = max(left, rect.right + lay.margin // 2)
        return left, right

    def _status_lines(self, status: str, room: int) -> tuple[int, list[str]]:
        """The status line's size and lines within `room` pixels: smaller as far as its size at 100 %, then
        on two lines."""
        size = self.layout.text_size(17)
        least = min(size, max(10, int(round(17 * theme.ui_scale(self.layout.size) / theme.ui_scale_setting()))))
        while size > least and text_width(status, size, "bold") + size > room:
            size -= 1
        if text_width(status, size, "bold") + size <= room:
            return size, [status]
        return size, wrap_text(status, size, room - size, "bold")

    def _draw_centre(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = lay.text_size(15)
        deck = self._pile_rect(self._deck_centre())
        if self.shuffling > 0:
            offset = int(6 * abs(((self.shuffling * 8) % 2) - 1))
            deck = deck.move(offset - 3, 0)
        draw_face_down_pile(surface, self.art, deck, self.draw_count, "", size)
        discard = self._pile_rect(self._discard_centre())
        if not self.discard.cards:
            pygame.draw.rect(surface, theme.PARCHMENT, discard.inflate(-8, -8), width=2, border_radius=8)
        held = self._pile_rect(self._held_centre())
        who = ""
        if self.drawn is not None:
            owner = self.drawn.owner
            words = (_("your card") if owner is not None and self._you(owner)
                     else self._said(owner, _("{name}'s card"), _("your card")))
            who = words[0].upper() + words[1:]
        self._draw_pile_labels(surface, deck, discard, held, who, size)
        if self._my_turn() and self._phase() == "draw":
            for rect in (deck, discard) if self.discard.cards else (deck,):
                pygame.draw.rect(surface, theme.LEGAL_GLOW, rect.inflate(8, 8), width=3, border_radius=10)

    def _draw_pile_labels(self, surface: pygame.Surface, deck: pygame.Rect, discard: pygame.Rect, held: pygame.Rect,
                          who: str, size: int) -> None:
        """The words under the piles, each centred under its pile unless that would run into its
        neighbour's: then it moves outwards ("Trekstapel: 40" and "Aflegstapel" never collide). The discard
        pile's word is lit with the pile when a card held or picked may go there."""
        gap = self._label_gap(size)
        top = discard.bottom + 4
        middle = pgettext("pile", "Discard")
        mid_w = text_width(middle, size, "sans")
        mid_left = discard.centerx - mid_w // 2
        draw_words = self._draw_words(self.draw_count)
        draw_w = text_width(draw_words, size, "sans")
        right = min(deck.centerx - draw_w // 2 + draw_w, mid_left - gap)
        blit_text(surface, draw_words, (right, top), size, theme.PARCHMENT, "sans", "topright")
        lit = bool(self.drag.held or self.drag.selected) and "discard" in self.drag.lit_zones
        blit_text(surface, middle, (mid_left, top), size, theme.LEGAL_GLOW if lit else theme.PARCHMENT, "sans",
                  "topleft")
        if who:
            who_w = text_width(who, size, "bold")
            least = mid_left + mid_w + gap
            left = max(held.centerx - who_w // 2, least)
            limit = self._centre().right         # six players grown: a column stands just beyond it
            if left + who_w <= limit or limit - least < who_w // 3:
                blit_text(surface, who, (left, top), size, theme.GOLD, "bold", "topleft")
                return
            lines = wrap_text(who, size, limit - least, "bold")     # "Kaart van" over "Kallisto (AI)"
            step = theme.font(size, "bold").get_linesize()
            for index, line in enumerate(lines):
                line_w = text_width(line, size, "bold")
                x = min(max(held.centerx - line_w // 2, least), limit - line_w)
                blit_text(surface, line, (x, top + index * step), size, theme.GOLD, "bold", "topleft")

    def _status(self) -> str:
        """Whose turn it is and what they do, above the piles; the countdown after a call."""
        view = self.state.view(None)
        if view.finished:
            return _("The game is over")
        if self.sums is not None:
            return _("Every card is turned: the boards are counted")
        doing = {"draw": (_("{name} is to draw"), _("{name} are to draw")),
                 "hold": (_("{name} is holding a card"), _("{name} are holding a card")),
                 "action": (_("{name} is taking a card's action"), _("{name} are taking a card's action")),
                 "end": (_("{name} is ending the turn"), _("{name} are ending the turn"))}.get(view.phase)
        who = self._said(view.turn, *(doing or (_("{name} is playing."), _("{name} are playing."))))
        text = (_("Intercept {card}? Any player may try now").format(card=card_words(view.top))
                if self._reaction_open() else who)
        if view.callers:
            text += ngettext(" · Tamoul called: {count} last turn left", " · Tamoul called: {count} last turns left",
                             len(view.to_play)).format(count=len(view.to_play))
        return text

    def _last_turns(self) -> list[TurnMoves]:
        """The newest turn of each seat that has told something, oldest first (one per player at most)."""
        seen: set[int] = set()
        turns = []
        for turn in reversed(self.turn_moves):
            if (turn.lines or turn.cards) and turn.seat not in seen:
                seen.add(turn.seat)
                turns.append(turn)
        return turns[::-1]

    def _look_back(self) -> LookBack | None:
        """Each seat's last turn, oldest first: the cards everyone saw face up in it (the lines go beside)."""
        turns = self._last_turns()
        if not turns:
            return None
        return LookBack(_("The last moves, oldest first"), [(t.seat, t.cards) for t in turns])

    def _draw_look_back(self, surface: pygame.Surface) -> None:
        """"Last moves (L)": a panel over the middle, one row per seat's last turn, oldest first: its player,
        the cards that went face up, and the turn in words (as the log told it: slots, never a looked-at value)."""
        look = self._look_back() if self.looking_back else None
        if look is None:
            self.looking_back = False
            return
        lay = self.layout
        size, pad = lay.text_size(15), lay.margin
        card_w = max(18, int(lay.card_width * 0.5))
        card_h = card_height(card_w)
        # Between the log (with the Last moves button above it) and the controls, where the room allows.
        width = min(lay.size[0] - 2 * pad, max(lay.size[0] - 2 * (lay.log_rect.right + pad), 320))
        turns = self._last_turns()
        line_h = theme.font(size).get_linesize()
        name_w = max(text_width(self._name(t.seat), size, "bold") for t in turns) + pad
        rows = []
        for turn in turns:
            cards_w = int(card_w * (1 + 0.4 * (len(turn.cards) - 1))) if turn.cards else 0
            room = max(60, width - 2 * pad - name_w - cards_w - pad)
            words = [text for line in turn.lines if (text := line.for_viewer(self.log.viewer))]
            wrapped = [part for text in words for part in wrap_text(text, size, room)]
            rows.append((turn, cards_w, wrapped, max(card_h if turn.cards else 0, line_h * max(1, len(wrapped)))))
        title_h = theme.font(lay.text_size(17), "bold").get_linesize()
        height = min(lay.size[1] - 2 * pad, pad * 2 + title_h + sum(h + pad // 2 for *_rest, h in rows))
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (lay.size[0] // 2, lay.centre.centery)
        panel.clamp_ip(pygame.Rect(0, 0, *lay.size))
        draw_panel(surface, panel, alpha=235)
        blit_text(surface, look.title, (panel.centerx, panel.top + pad), lay.text_size(17), theme.GOLD, "bold", "midtop")
        y = panel.top + pad + title_h
        clip = surface.get_clip()
        surface.set_clip(panel)
        for turn, cards_w, wrapped, h in rows:
            x = panel.left + pad
            blit_text(surface, self._name(turn.seat), (x, y), size, theme.CREAM, "bold", "topleft")
            x += name_w
            for i, card in enumerate(turn.cards):
                surface.blit(self.art.card(card, card_w, True), (x + int(i * card_w * 0.4), y))
            x += cards_w + (pad if cards_w else 0)
            for i, part in enumerate(wrapped):
                blit_text(surface, part, (x, y + i * line_h), size, theme.PARCHMENT, "sans", "topleft")
            y += h + pad // 2
        surface.set_clip(clip)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        area = self.layout.seats[seat]
        plate = area.plate
        right = (_("TAMOUL!  {points} pts") if seat in self.callers else _("{points} pts")).format(points=self.totals[seat])
        self._draw_plate(surface, seat, plate, right, theme.GOLD if seat in self.callers else theme.PARCHMENT,
                         seat == self.turn and self.sums is None)
        grid = self.grids[seat]
        for slot in range(grid.slot_count()):
            if grid.slots[slot] is None:
                pygame.draw.rect(surface, theme.FELT_LIGHT, grid.slot_rect(slot), width=1, border_radius=6)
        if self.sums is not None:
            rects = [grid.slot_rect(s) for s in range(grid.slot_count())]
            words, size = f"= {self._board_words(seat, counted=True)}", self.layout.text_size(16)
            if seat == self.bottom:     # beside the grid: below it is the window's edge
                right = max((r.right for r in rects), default=plate.centerx)
                blit_text(surface, words, (right + self.layout.margin, area.hand_centre[1]), size, theme.GOLD,
                          "bold", "midleft")
            else:
                bottom = max((r.bottom for r in rects), default=plate.bottom)
                blit_text(surface, words, (area.hand_centre[0], bottom + 2), size, theme.GOLD, "bold", "midtop")

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Frozen cards' padlocks, the peek and swap marks everyone sees, the memory aid's eyes."""
        seen = self.seen_marks()
        for seat, grid in self.grids.items():
            for slot, sprite in enumerate(grid.slots):
                if sprite is None or slot >= grid.slot_count() or self.tweens.moving(sprite) or sprite.scale > 1.05:
                    continue        # a card on its way gets its marks once it lies in its slot
                rect = grid.slot_rect(slot)
                mark = max(10, rect.width // 3)
                if seat in self.callers and self.sums is None:
                    lock = lock_mark(mark)
                    surface.blit(lock, lock.get_rect(center=(rect.right - mark // 3, rect.top + mark // 3)))
                if (seat, slot) in self.looked_at:
                    pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), width=2, border_radius=8)
                if self.swap_pick == (seat, slot):
                    pygame.draw.rect(surface, theme.LEGAL_GLOW, rect.inflate(6, 6), width=3, border_radius=8)
                if self.sums is None:       # every grid is numbered, as the log and the hints name slots
                    self._draw_slot_number(surface, rect, slot)
                if (seat, slot) in seen and sprite.flip < 0.5:
                    eye = eye_mark(mark)
                    surface.blit(eye, eye.get_rect(center=(rect.left + mark // 2 + 1, rect.bottom - mark // 3)))

    def _draw_slot_number(self, surface: pygame.Surface, rect: pygame.Rect, slot: int) -> None:
        """Every slot carries its number (1-8, your keys for your own), in a small chip at the top-left corner."""
        size = max(10, rect.width // 5)
        chip = pygame.Rect(0, 0, size + 6, size + 4)
        chip.center = (rect.left + 3, rect.top + 3)
        pygame.draw.rect(surface, theme.INK, chip, border_radius=chip.height // 2)
        blit_text(surface, str(slot + 1), chip.center, size, theme.CREAM, "bold", "center")

    def _table_cards(self) -> list[TableCard]:
        """The top discard, a drawn card everyone has seen (taken from the discard pile), and every card
        of a board lying face up (the round's end); a card only looked at lies face down for all but its
        looker, and the kit leaves out what is not drawn face up."""
        cards = []
        if self.discard.cards:
            top = self.discard.cards[-1]
            cards.append(TableCard(top, _("Discard pile, top card: {card}").format(card=card_words(top.card_id))))
        drawn = self.drawn
        if drawn is not None and drawn.owner is not None and self.state.view(None).drawn is not None:
            cards.append(TableCard(drawn, self._said(drawn.owner, _("{name}'s drawn card: {card}"),
                                                     _("Your drawn card: {card}"), card=card_words(drawn.card_id))))
        for seat in range(self.count):
            grid = self.grids[seat]
            for slot, sprite in enumerate(grid.slots[:grid.slot_count()]):
                if sprite is not None:
                    cards.append(TableCard(sprite, _("{place}: {card}").format(
                        place=self._place_words(seat, slot), card=card_words(sprite.card_id))))
        return cards

    def _card_help_target(self) -> CardSprite | None:
        """On your turn, the card of any grid under the pointer (its "What if…?" line); else the kit's."""
        if self._my_turn() and not self.drag.held:
            for seat, grid in self.grids.items():
                for slot, sprite in enumerate(grid.slots):
                    if sprite is not None and slot < grid.slot_count() and grid.slot_rect(slot).collidepoint(self.mouse):
                        return sprite
        return super()._card_help_target()

    def _what_if(self, sprite: CardSprite) -> Action | None:
        """What pointing at a card would do now: keep the drawn card there, look at it, swap it (with a
        card it could be swapped with), or intercept with it; the engine says why not, if not."""
        place = self._slot_of(sprite)
        if place is None:
            return None
        seat, slot = place
        phase, step = self._phase(), self._my_step()
        if phase == "hold":
            return Action("keep", (str(slot),)) if seat == self.bottom else None
        if step == "peek_other":
            return Action("peek", (f"{seat}.{slot}",))
        if step == "peek_own":
            return Action("peek", (str(slot),)) if seat == self.bottom else None
        if step == "swap":
            here = f"{seat}.{slot}"
            legal = self.state.legal_actions(self.bottom)
            if any(a.verb == "swap" and here in a.args for a in legal):
                return None
            other = next((arg for a in legal if a.verb == "swap" for arg in a.args if arg != here), None)
            return Action("swap", (here, other)) if other is not None else None
        if phase in ("draw", "end") and seat == self.bottom and self.discard.cards:
            return Action("intercept", (str(slot),))
        return None

    def remembered_under_pointer(self) -> tuple[int, int, str] | None:
        """The memory aid: the eye-marked card under the pointer and the face the person at the bottom
        remembers there (seat, slot, card); None without the aid, off a marked card, or while it moves."""
        seen = self.seen_marks()
        if not seen:
            return None
        view = self.state.view(self.viewer)
        for seat, slot in seen:
            sprite = self.grids[seat].slots[slot]
            if sprite is None or sprite.flip >= 0.5 or self.tweens.moving(sprite) or slot >= self.grids[seat].slot_count():
                continue
            if self.grids[seat].slot_rect(slot).collidepoint(self.mouse):
                known = view.board[seat][slot]
                return (seat, slot, known.card) if known is not None and known.card else None
        return None

    def _draw_remembered(self, surface: pygame.Surface) -> None:
        """Hovering an eye-marked card shows the face you remember, beside it, in a gold frame."""
        found = self.remembered_under_pointer()
        if found is None:
            return
        seat, slot, card = found
        rect = self.grids[seat].slot_rect(slot)
        image = self.art.card(card, rect.width, True)
        box = image.get_rect()
        box.midbottom = (rect.centerx, rect.top + rect.height // 3)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.GOLD, box.inflate(6, 6), border_radius=8)
        surface.blit(image, box)
        eye = eye_mark(max(10, rect.width // 3))
        surface.blit(eye, eye.get_rect(center=(box.left + eye.get_width() // 2 + 1, box.bottom - eye.get_height() // 2)))

    def seen_marks(self) -> set[tuple[int, int]]:
        """The memory aid (option `memory_aid`): the slots whose card the person at the bottom has seen."""
        if not self.state.options.get("memory_aid") or self.viewer not in self.humans or self.sums is not None:
            return set()
        view = self.state.view(self.viewer)
        return {(p, s) for p, row in enumerate(view.board) for s, known in enumerate(row)
                if known is not None and known.watch_of(self.viewer) is not None}

    def _hint_reason(self, action: Action) -> str:
        """The Hint's move in the table's own words (places as the player at the bottom sees them)."""
        def place(text: str) -> str:
            owner, _dot, slot = text.rpartition(".")
            seat = int(owner) if owner else self.bottom
            if seat == self.bottom:
                return _("your card {slot}").format(slot=int(slot) + 1)
            return _("{name}'s card {slot}").format(name=self.names[seat], slot=int(slot) + 1)

        verb, args = action.verb, action.args
        if verb == "draw":
            return (_("the Normal AI would take the top discard") if args == ("discard",)
                    else _("the Normal AI would draw from the draw pile"))
        if verb == "keep":
            return _("the Normal AI would keep the card in slot {slot}").format(slot=int(args[0]) + 1)
        if verb == "discard":
            return _("the Normal AI would throw the card onto the discard pile")
        if verb == "end":
            return _("the Normal AI would end the turn")
        if verb == "tamoul":
            return _("the Normal AI would call Tamoul!")
        if verb == "intercept":
            return _("the Normal AI would intercept with {place}").format(place=place(args[0]))
        if verb == "peek":
            return _("the Normal AI would look at {place}").format(place=place(args[0]))
        if verb == "swap":
            return _("the Normal AI would swap {first} with {second}").format(first=place(args[0]), second=place(args[1]))
        return super()._hint_reason(action)

    def _current_hint(self) -> Action | None:
        """The Hint's move while it still holds (the position has not changed since it was asked)."""
        if self.hint_action is None or self.hint_action[0] != self._token() or self.viewer != self.bottom:
            return None
        return self.hint_action[1]

    def _show_hint_words(self) -> None:
        """The Hint's words go in the hint line under the controls (a floating notice would cover the
        piles' labels); the slots or pile it names are lit."""

    def _hint_rects(self) -> list[pygame.Rect]:
        """Where the Hint's move lies on the table: the slots it names, or the pile or card it uses."""
        action = self._current_hint()
        if action is None:
            return []
        verb, args = action.verb, action.args
        if verb == "draw":
            return [self._pile_rect(self._deck_centre() if args == ("deck",) else self._discard_centre())]
        if verb == "discard":
            return [self._pile_rect(self._discard_centre())]
        if verb in ("end", "tamoul"):
            return [b.rect for b in self.seat_buttons if b.on_click == (self.press_end if verb == "end" else self.press_call)]
        rects = []
        for place in args:
            owner, _dot, slot = str(place).rpartition(".")
            seat = int(owner) if owner else self.bottom
            grid = self.grids.get(seat)
            if grid is not None and int(slot) < grid.slot_count():
                rects.append(grid.slot_rect(int(slot)))
        return rects

    def _hint(self) -> str:
        view = self.state.view(None)
        hinted = self._current_hint()
        if hinted is not None and self._my_turn():
            return _("Hint: {advice}").format(advice=self._hint_reason(hinted))
        if self.looks and self.viewer == self.bottom:
            return _("Hold the mouse button or Space to keep looking.")
        common = self._common_hint(view.turn)
        if common is not None:
            return common
        if self.sums is not None:
            return _("The round is over: every card is turned and each board counted.")
        if not self.gate.may_show(self.bottom):
            return "" if self.gate.waiting else self._said(view.turn, _("{name} is playing."), _("{name} are playing."))
        if self.reaction_pick is not None:
            return _("{name}: click the card you intercept with.").format(name=self.names[self.reaction_pick[0]])
        if not self._my_turn():
            if view.turn == self.bottom and self.bottom in self._waiting():
                return _("Your turn: a moment, the last move is still being shown.")
            if self._reaction_open():
                return _("Think one of yours matches? Drag it onto the discard pile, or press Intercept.")
            return self._said(view.turn, _("{name} is playing. To intercept, drag a card onto the pile (or I, then 1-8)."),
                              _("{name} are playing. To intercept, drag a card onto the pile (or I, then 1-8)."))
        if view.phase == "draw":
            if self._reaction_open():
                return _("Your turn in a moment: the others may still intercept.")
            if not self.discard.cards:      # a round's first turn: nothing to take yet
                return _("Your turn: click the draw pile (D) to draw a card.")
            return _("Your turn: click the draw pile (D) or take the top discard (T).")
        if view.phase == "hold":
            if view.drawn_from == "discard":
                return _("Drag the card onto one of your slots to keep it (or keys 1-8).")
            return _("Drag it onto a slot to keep it (1-8), or onto the discard pile (X) for its action.")
        if view.phase == "action" and view.pending:
            return {"peek_own": _("Click one of your cards to look at it (or keys 1-8)."),
                    "peek_other": _("Click another player's card to look at it."),
                    "swap": _("Swap: drag one card onto another, or click two cards.")}[view.pending[0]]
        return _("End your turn (E), or call Tamoul! (C) if you think you have 8 or less.")
