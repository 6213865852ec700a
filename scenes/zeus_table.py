"""The Zeus on the Loose table: play against AI seats or pass-and-play, every move animated.

How it works (DESIGN.md, "Scenes and the table"):
- Every action goes through `session.apply(seat, action)` (which autosaves); the engine's events are
  queued and shown one by one (cards travel, the total counts, Zeus changes hands). Rules are
  settled before an animation starts; the table decides nothing. What it shows is what the view of
  the seat at the bottom allows: other hands are backs, drawn cards of others stay face down.
- A new decision is taken only when the table is idle (no event left to show, nothing moving), so
  a player always acts on what they see.
- The seat at the bottom is the human whose turn it is (with one human: always that human; with
  nobody human: seat 0, watched as a spectator). With several humans, the hand-off screen comes
  before a hand is shown, and once that player's turn is over (played, and drawn or lost the draw)
  their hand turns face down and stays so until the next hand-off is confirmed. A sneak window
  after their card runs first, with no hand on screen; the next hand-off follows it.
- A human who presses Sneak! needs no hand-off: a sneak has no choice to make (the card is the
  number on top), so `sneak N` is applied for that seat at once, and a refusal is shown with
  their name ("Ann: you do not hold a 7").
- Your hand is laid out side by side with a gap when the strip has room (every face whole) and
  overlaps only when it must; the card under the pointer (or the keyboard focus) lifts, is drawn
  on top, and a god card's full text is shown above it.
- The move log names plays, draws ("Chloe draws a card"; your own: "You draw 7", which in
  pass-and-play only that player reads) and every change of Zeus' holder ("⚡ Ann takes Zeus from
  Bob with Ares"); the newest line stands out.
- AI seats think in a background thread (scenes/table/ai_runner.py) and their moves are shown
  after a human-like delay. Right after a number card a Same Number Sneak window opens for
  `settings.sneak_window_s` (a shrinking bar): every human seat that is neither on turn nor the
  card's player is offered "Sneak!" (whether or not they hold the number, so the offer leaks
  nothing); AI seats holding it may sneak after a short delay inside the window; the AI on turn
  waits until the window has closed.
"""
from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from scenes import theme
from scenes.table.base import TableScene
from scenes.table.card_art import card_height
from scenes.table.drag import DragController, DropZone, Notice
from scenes.table.layout import SeatArea, TableLayout, compute_layout
from scenes.table.log_panel import draw_turn_marker
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.tween import Counter, ease_in_out_cubic, ease_out_cubic
from scenes.table.text import blit_text
from scenes.widgets import Button, draw_panel, ellipsize, wrap_text
from scenes.zeus_art import zeus_card_art, zeus_figurine

if TYPE_CHECKING:
    from scenes.app import App

GAME_ID = "zeus"
LETTERS = "ZEUS"
PILE_SHOWN = 7          # cards of Mount Olympus drawn (the rest lie hidden below)
HAND_SPACING = 1.1      # card widths between the bottom hand's cards when there is room: every face whole
STEAL_WORDS = {          # how Zeus was taken, after "… takes Zeus from Bob"
    "god": "with {card}",
    "multiple_of_ten": "by making {total}",
    "match": "by matching the {card}",
    "sneak": "by sneaking {a_card}",
}
ROUND_END_WORDS = {
    "hundred": "{player} made Mount Olympus exactly 100.",
    "match_past_hundred": "{player} matched the number on top and reached 100 or more.",
    "no_legal_play": "{turn} had no card to play, so the round ended.",
    "draw_pile_empty": "The draw pile ran out, so the round ended.",
}


@dataclass
class Figurine:
    """The gold Zeus: where it stands (centre point), tweened between seats."""

    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0


@dataclass
class SneakWindow:
    """The timed offer after a number card (UI pacing of rule Z-9)."""

    number: int
    played_by: int
    length: float
    left: float
    key: tuple[int, int]        # (round, cards on Mount Olympus): a draw does not reopen the window
    declined: set[int] = field(default_factory=set)

    @property
    def open(self) -> bool:
        return self.left > 0


class ZeusTableScene(TableScene):
    GAME_ID = GAME_ID
    RNG_NAME = "table"
    HAND_SPACING = HAND_SPACING

    def __init__(self, app: "App", session: GameSession) -> None:
        super().__init__(app, session)
        self.cards = self.game.cards
        self.art = zeus_card_art(self.cards)
        self.renderer = SpriteRenderer(self.art)
        self.drag = DragController(self.tweens, legal_zones=self._legal_zones, drop=self._drop,
                                   default_zone=lambda: "olympus", hover_lift=True)
        self.sneak: SneakWindow | None = None
        self.declined: set[tuple[int, int]] = set()    # (seat, token): an AI let this reaction pass
        # What is on screen (hands and cards in flight: TableScene).
        self.pile: list[CardSprite] = []
        self.total = Counter(float(self.state.total))
        self.draw_pile_size = 0
        self.letters: list[int] = [0] * self.count
        self.holder: int | None = None
        self.turn = 0
        self.figurine = Figurine()
        self.sneak_buttons: list[tuple[int, Button]] = []
        self.draw_buttons: list[tuple[int, Button]] = []
        self.layout: TableLayout = compute_layout(app.size, self.count, self.bottom)
        self._controls_signature: tuple = ()
        self._last_played: tuple[str, int] = ("", 0)     # (card, total after): words for a steal
        self._secret_card: str | None = None              # the drawn card of the event being shown
        self._to_paint: list[str] = list(self.cards)        # faces not yet painted at this card width
        self._start()

    def _opening_events(self) -> list[Event] | None:
        opening = getattr(self.state, "opening_events", None)
        return opening() if callable(opening) else None

    def _log_where_we_are(self) -> None:
        """A resumed game starts its log with the position, so the first line is not a mystery."""
        view = self.state.view(None)
        holder = f"{self._name(view.zeus_holder)} holds Zeus" if view.zeus_holder is not None else "Zeus is free"
        self.log.add(f"Round {view.round_index + 1} goes on: Mount Olympus at {view.total}, {holder}")

    # ----- layout ------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.count, self.bottom)
        self._to_paint = list(self.cards)
        for seat in range(self.count):
            self._layout_hand(seat, animate=False)
        self._layout_pile(animate=False)
        self.figurine.x, self.figurine.y = self._zeus_spot(self.holder)
        self._build_controls()

    def _pile_centre(self) -> tuple[int, int]:
        c = self.layout.centre
        return (c.centerx - int(self.layout.card_width * 0.2), c.centery)

    def _draw_pile_centre(self) -> tuple[int, int]:
        x, y = self._pile_centre()
        return (x - int(self.layout.card_width * 1.9), y)

    def _total_anchor(self) -> tuple[int, int]:
        x, y = self._pile_centre()
        return (x + int(self.layout.card_width * 0.95), y)

    def _olympus_rect(self) -> pygame.Rect:
        w = int(self.layout.card_width * 1.6)
        rect = pygame.Rect(0, 0, w, int(card_height(self.layout.card_width) * 1.3))
        rect.center = self._pile_centre()
        return rect

    def _draw_pile_rect(self) -> pygame.Rect:
        w = self.layout.card_width
        rect = pygame.Rect(0, 0, w + 8, card_height(w) + 8)
        rect.center = self._draw_pile_centre()
        return rect

    def _figurine_height(self) -> int:
        """About an opponent's card tall, so it stands beside their cards without covering their plate."""
        return max(24, int(min(self.layout.card_width * 0.85, card_height(self.layout.small_card_width) * 1.05)))

    def _zeus_spot(self, seat: int | None) -> tuple[float, float]:
        """Where the figurine stands: by its holder's plate, or beside Mount Olympus when free."""
        fig_h = self._figurine_height()
        if seat is None:
            x, y = self._total_anchor()
            digits = theme.font(self.layout.text_size(64), "title").size("100")[0]
            return (x + digits + fig_h * 0.5, y)
        area = self.layout.seats[seat]
        if area.side == "bottom":
            return (area.plate.right + fig_h * 0.5, area.plate.centery + fig_h * 0.15)
        small_h = card_height(area.card_width)
        return (area.rect.right - fig_h * 0.35, area.hand_centre[1] + small_h * 0.5 - fig_h * 0.5)

    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """An opponent's cards leave room on the right for the figurine and the card-count badge."""
        fig_room = int(self._figurine_height() * 0.8) + int(area.plate.height * 2.2)
        return (area.hand_centre[0] - fig_room // 2, area.hand_centre[1]), area.hand_width - fig_room

    def _pile_spot(self, index: int) -> tuple[float, float, float]:
        """A slightly untidy heap: each card a little off centre and turned (fixed per position)."""
        jitter = random.Random(index)
        x, y = self._pile_centre()
        w = self.layout.card_width
        return (x + jitter.uniform(-0.08, 0.08) * w, y + jitter.uniform(-0.06, 0.06) * w, jitter.uniform(-9, 9))

    def _layout_pile(self, animate: bool = True) -> None:
        for i, sprite in enumerate(self.pile):
            x, y, rot = self._pile_spot(self._pile_base + i)
            sprite.rest_at(x, y, rot)
            sprite.width = self.layout.card_width
            sprite.z = 10 + i
            if not animate:
                self.tweens.cancel(sprite)
                sprite.snap_home()

    # ----- building what is on screen from the view (start, resume, a new seat at the bottom) ----------
    _pile_base = 0

    def _sync_from_view(self) -> None:
        """Make the screen match the game now, without animation."""
        self.viewer = self.bottom if self.gate.may_show(self.bottom) else None
        self.log.viewer = self.viewer
        view = self._view()
        self.layout = compute_layout(self.app.size, self.count, self.bottom)
        self._hands_from_view(view)
        shown = view.pile[-PILE_SHOWN:]
        self._pile_base = len(view.pile) - len(shown)
        self.pile = [CardSprite(card, flip=1.0, tag="pile") for card in shown]
        self._layout_pile(animate=False)
        self.total.value = float(view.total)
        self.draw_pile_size = view.draw_pile_size
        self.letters = list(view.letters)
        self.holder = view.zeus_holder
        self.turn = view.turn
        self.figurine.x, self.figurine.y = self._zeus_spot(self.holder)
        self.drag.cancel()

    def _reset_for_deal(self) -> None:
        """The very first deal is shown dealt: start from empty hands and a full draw pile."""
        for seat in range(self.count):
            self.hands[seat] = []
            self._layout_hand(seat, animate=False)
        self.pile = []
        self.draw_pile_size = self.state.view(None).draw_pile_size + sum(self.state.view(None).hand_sizes)

    def _matches_view(self) -> bool:
        view = self._view()
        if not self._hands_match(view):
            return False
        return (int(round(self.total.value)) == view.total and self.holder == view.zeus_holder
                and list(self.letters) == list(view.letters) and self.draw_pile_size == view.draw_pile_size)

    # ----- controls -------------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.buttons = self._corner_buttons(min_height=26)
        self._refresh_reaction_buttons()

    def _refresh_reaction_buttons(self) -> None:
        """Sneak and Draw buttons for the human seats they are offered to, stacked in the controls area."""
        lay = self.layout
        area = lay.controls_rect
        h = max(28, int(lay.card_width * 0.42))
        y = area.top + int(h * 0.6)
        self.sneak_buttons, self.draw_buttons = [], []
        many = len(self.humans) > 1
        if self.sneak is not None and self.sneak.open:
            for seat in self._sneak_offered_to():
                label = f"Sneak {self.sneak.number}! ({self.names[seat]})" if many else f"Sneak {self.sneak.number}!"
                button = Button(pygame.Rect(area.left, y, area.width, h), label,
                                lambda s=seat: self.press_sneak(s), hotkey=pygame.K_s if not many else None)
                self.sneak_buttons.append((seat, button))
                y += h + lay.margin
        if self.idle:
            view = self.state.view(None)
            for seat in self.humans:
                if view.owes_draw[seat]:
                    label = f"Draw a card ({self.names[seat]})" if many else "Draw a card"
                    button = Button(pygame.Rect(area.left, y, area.width, h), label,
                                    lambda s=seat: self.press_draw(s), hotkey=pygame.K_d if not many else None,
                                    style="secondary")
                    self.draw_buttons.append((seat, button))
                    y += h + lay.margin

    def _sneak_offered_to(self) -> list[int]:
        """Every human seat but the one on turn and the number's player: offering leaks nothing."""
        if self.sneak is None:
            return []
        return [s for s in self.humans if s != self.state.turn and s != self.sneak.played_by]

    # ----- actions ----------------------------------------------------------------------------------------
    def _after_move(self, seat: int, action: Action) -> None:
        """As every table, except that a draw neither closes a sneak window (Z-15) nor moves the focus."""
        if action.verb != "draw":
            self.sneak = None
        self.ai.cancel()
        self.drag.cancel()
        if seat == self.bottom and action.verb != "draw":
            self._release_focus()
        self._refresh_reaction_buttons()

    def _legal_zones(self, card_ids: tuple[str, ...]) -> set[str]:
        if not self._human_may_act() or len(card_ids) != 1:
            return set()
        legal = self.state.legal_actions(self.bottom)
        card = card_ids[0]
        if Action.of("play", card) in legal or Action.of("sneak", card) in legal:
            return {"olympus"}
        return set()

    def _bottom_action_for(self, card: str) -> Action:
        """Dropping a card on Mount Olympus: an ordinary play on one's turn, otherwise a sneak try."""
        if self.bottom == self.state.turn:
            return Action.of("play", card)
        definition = self.cards.get(card)
        if self.sneak is not None and self.sneak.open and definition is not None and definition.kind == "number":
            return Action.of("sneak", card)
        return Action.of("play", card)

    def _drop(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        if not self._human_may_act():
            return "wait a moment: the last move is still being shown"
        if zone == "draw":
            return self._apply(self.bottom, Action.of("draw"))
        if zone != "olympus" or len(card_ids) != 1:
            return "play one card onto Mount Olympus"
        return self._apply(self.bottom, self._bottom_action_for(card_ids[0]))

    def press_sneak(self, seat: int) -> None:
        """The Sneak! control of a human seat (the button, or S)."""
        if self.sneak is None or not self.sneak.open:
            return
        reason = self._apply(seat, Action.of("sneak", str(self.sneak.number)))
        if reason is not None:
            self._notice(reason, seat)

    def press_draw(self, seat: int) -> None:
        reason = self._apply(seat, Action.of("draw"))
        if reason is not None:
            self._notice(reason, seat)

    def _notice(self, reason: str, seat: int) -> None:
        rect = self.layout.controls_rect
        self.drag.notice = Notice(f"{self.names[seat]}: {reason}" if len(self.humans) > 1 else reason,
                                  (rect.centerx, rect.top))

    # ----- input -------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        for _, button in self.sneak_buttons + self.draw_buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._draw_pile_rect().collidepoint(event.pos):
            if self.bottom in self.humans and self.state.view(None).owes_draw[self.bottom] and self.idle:
                self.press_draw(self.bottom)
                return True
        self.drag.enabled = self._human_may_act()
        if self.drag.handle_event(event):
            return True
        if self._handle_menu_keys(event):
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9 and self.drag.enabled:
            self.drag.play_index(event.key - pygame.K_1)
            return True
        return False

    # ----- per frame -----------------------------------------------------------------------------------------
    def _tick(self, dt: float) -> None:
        """A face painted ahead of need, and the sneak window's clock."""
        if self._to_paint:
            # One face a frame at the current size, ahead of need: no frame pays for several at once.
            self.art.face(self._to_paint.pop(), self.layout.card_width)
        if self.sneak is not None and self.sneak.open:
            self.sneak.left -= dt
            if not self.sneak.open:
                self._refresh_reaction_buttons()

    def _after_frame(self) -> None:
        """The Sneak and Draw buttons follow the position, the window and who sits at the bottom."""
        signature = (self._token(), self.sneak is not None and self.sneak.open, self.bottom, self.viewer, self.idle)
        if signature != self._controls_signature:
            self._controls_signature = signature
            self._refresh_reaction_buttons()

    def _before_seating(self) -> None:
        """The sneak window opens before any hand-off: nobody's hand is shown during the race."""
        self._maybe_open_sneak(self._token())

    def _hand_off_may_start(self) -> bool:
        return not self._sneak_race_on()

    def _sneak_race_on(self) -> bool:
        """A sneak window offered to humans is open: the next hand-off waits until it closes."""
        return self.sneak is not None and self.sneak.open and bool(self._sneak_offered_to())

    def _turn_is_over(self, seat: int) -> bool:
        """Pass-and-play: `seat`'s hand is shown, they have played and drawn (or lost the draw)."""
        return (self.gate.needed and self.gate.may_show(seat) and seat in self.humans
                and not self.state.view(None).owes_draw[seat])

    def _hide_bottom_hand(self) -> None:
        """The bottom hand turns face down so the next person at the screen cannot read it."""
        self.gate.hide()
        self.viewer = None
        self.log.viewer = None
        self.drag.cancel()
        self.drag.hovered = None
        for sprite in self.hands[self.bottom]:
            sprite.lifted, sprite.glow = False, None
            self.tweens.add(sprite, 0.2, flip=0.0, on_done=lambda s=sprite: setattr(s, "card_id", None))

    def _maybe_open_sneak(self, token: int) -> None:
        view = self.state.view(None)
        key = (view.round_index, len(view.pile))
        if not view.sneak_open or (self.sneak is not None and self.sneak.key == key):
            return
        sneakers = [s for s in self.state.to_act() if self.state.is_reaction(s)
                    and any(a.verb == "sneak" for a in self.state.legal_actions(s))]
        if not self.humans and not sneakers:
            return   # an all-AI table with nobody able to sneak: no pause needed (nobody to hide it from)
        length = float(self.app.settings.sneak_window_s)
        self.sneak = SneakWindow(int(view.sneak_number), int(view.top_number_seat), length, length, key)
        self._refresh_reaction_buttons()

    def _collect_ai(self, token: int) -> None:
        for result, legal in self._fresh_ai_answers(token):
            action = result.action
            if result.error is not None:
                self.log.add(f"{self.names[result.seat]}'s AI failed ({type(result.error).__name__}); "
                             "it plays its first legal move")
                action = None if result.optional else (legal[0] if legal else None)
            if action is None:
                self.declined.add((result.seat, token))
                continue
            if action.verb == "sneak" and (self.sneak is None or not self.sneak.open):
                self.declined.add((result.seat, token))   # too late: the window has closed
                continue
            if self._apply(result.seat, action) is None:
                return
            self.declined.add((result.seat, token))

    def _ask_ai(self, token: int) -> None:
        settings = self.app.settings
        window_open = self.sneak is not None and self.sneak.open
        for seat in self.state.to_act():
            if seat not in self.agents or (seat, token) in self.declined or self.ai.thinking(seat, token):
                continue
            legal = self.state.legal_actions(seat)
            if not legal:
                continue
            reaction = self.state.is_reaction(seat)
            if reaction:
                is_sneak = any(a.verb == "sneak" for a in legal)
                if is_sneak and not window_open:
                    continue
                delay = (self.sneak.length * self.rng.uniform(0.25, 0.7) if is_sneak and self.sneak
                         else settings.ai_delay_s * 0.6)
            else:
                if window_open:
                    continue       # the turn seat waits for the sneak window to close
                delay = settings.ai_delay_s
            self._request_ai(seat, token, legal, delay, optional=reaction)

    # ----- events -> motion ---------------------------------------------------------------------------------
    def _show(self, event: Event) -> None:
        self._secret_card = event.get("card") if event.kind == "card_drawn" else None
        super()._show(event)

    def _on_round_started(self, event: Event) -> None:
        if self.gate.needed:
            # Pass-and-play: the new hands are dealt face down; the first player's hand-off comes after.
            self.gate.hide()
            self.viewer = None
            self.log.viewer = None
        self.log.add(f"Round {event['round'] + 1}: {self._does(event['dealer'], 'deals')}, "
                     f"{self._does(event['first'], 'plays')} first")
        # Gather the old cards back to the draw pile, face down, then deal.
        target = self._draw_pile_centre()
        for sprite in self.pile + [s for seat in range(self.count) for s in self.hands[seat]]:
            self.flying.append(sprite)
            sprite.z = 5
            self.tweens.add(sprite, 0.35, x=target[0], y=target[1], rotation=0.0, flip=0.0,
                            on_done=lambda s=sprite: self._forget(s))
        self.pile = []
        self._pile_base = 0
        self.hands = {s: [] for s in range(self.count)}
        self.drag.set_cards([])
        self.draw_pile_size = int(event["draw_pile_size"]) + sum(event["hand_sizes"])
        self.tweens.add(self.total, 0.4, value=0.0)
        self.holder = None
        fx, fy = self._zeus_spot(None)
        self.tweens.add(self.figurine, 0.5, easing=ease_in_out_cubic, x=fx, y=fy)
        self.sneak = None

    def _on_cards_dealt(self, event: Event) -> None:
        seat = event.seat
        known = event.get("cards")
        count = int(event["count"])
        cards = list(known) if known is not None and seat == self.viewer else [None] * count
        self._arrive(seat, cards, stagger=0.07)

    def _arrive(self, seat: int, cards: list[str | None], stagger: float) -> None:
        """Cards travel from the draw pile into a hand; the viewer's own flip face up on arrival."""
        sx, sy = self._draw_pile_centre()
        new = []
        for card in cards:
            sprite = CardSprite(card, x=sx, y=sy, flip=0.0, width=self.layout.card_width, tag="hand")
            self.hands[seat].append(sprite)
            new.append(sprite)
        self._layout_hand(seat, animate=False)
        for i, sprite in enumerate(new):
            hx, hy, hr = sprite.home
            sprite.x, sprite.y, sprite.rotation = sx, sy, 0.0
            sprite.scale = self.layout.card_width / max(1, sprite.width)
            self.draw_pile_size = max(0, self.draw_pile_size - 1)
            flip_up = sprite.card_id is not None
            self.tweens.add(sprite, 0.4, delay=i * stagger, x=hx, y=hy, rotation=hr, scale=1.0,
                            on_done=(lambda s=sprite: self.tweens.add(s, 0.18, flip=1.0)) if flip_up else None)
        self.sounds.play("card_slide")

    def _on_card_played(self, event: Event) -> None:
        seat, card = event.seat, event["card"]
        hand = self.hands[seat]
        sprite = next((s for s in hand if s.card_id == card), None)
        if sprite is None:
            sprite = hand[len(hand) // 2] if hand else CardSprite(None, *self.layout.seats[seat].hand_centre)
        if sprite in hand:
            hand.remove(sprite)
        sprite.card_id = card
        sprite.lifted, sprite.glow = False, None
        old_pixels = sprite.pixel_width
        self.pile.append(sprite)
        if len(self.pile) > PILE_SHOWN:
            self._pile_base += len(self.pile) - PILE_SHOWN
            self.pile = self.pile[-PILE_SHOWN:]
        self._layout_pile(animate=True)
        self._layout_hand(seat)
        hx, hy, hr = sprite.home
        sprite.z = 300
        sprite.scale = old_pixels / max(1, sprite.width)   # grows from hand size to pile size in flight

        def landed(s: CardSprite = sprite) -> None:
            s.z = 10 + (self.pile.index(s) if s in self.pile else 0)
            self.sounds.play("card_place")
            if s.flip < 1.0:
                self.tweens.add(s, 0.2, flip=1.0)

        self.tweens.add(sprite, 0.45, easing=ease_out_cubic, x=hx, y=hy, rotation=hr, scale=1.0, on_done=landed)
        self.tweens.add(self.total, 0.5, delay=0.3, value=float(event["total"]))
        verb = "sneaks" if event.get("sneak") else "plays"
        self.log.add(f"{self._does(seat, verb)} {card}: {event['total_before']} → {event['total']}")
        self._last_played = (str(card), int(event["total"]))
        self._pause(0.1)

    def _on_zeus_stolen(self, event: Event) -> None:
        seat = event.seat
        self.holder = seat
        x, y = self._zeus_spot(seat)
        self.tweens.add(self.figurine, 0.6, easing=ease_in_out_cubic, x=x, y=y)
        self.sounds.play("zeus_steal")
        card, total = self._last_played
        how = STEAL_WORDS.get(event.get("reason"), "({reason})").format(
            card=card, a_card=_with_article(card), total=total, reason=event.get("reason"))
        source = event.get("from_seat")
        source_words = f" from {self._name(source)}" if source is not None else ""
        self.log.add(f"⚡ {self._does(seat, 'takes')} Zeus{source_words} {how}")

    def _on_turn_skipped(self, event: Event) -> None:
        self.log.add(f"{self._does(event.seat, 'is')} skipped")
        self._pause(0.3)

    def _on_card_drawn(self, event: Event) -> None:
        card = event.get("card") if event.seat == self.viewer else None
        self._arrive(event.seat, [card], stagger=0.0)
        self.draw_pile_size = int(event["draw_pile_size"])
        public = f"{self._does(event.seat, 'draws')} a card"
        drawn = self._secret_card
        if event.seat in self.humans and drawn is not None:
            # Only that player reads which card (pass-and-play: not whoever sits down next).
            mine = f"You draw {drawn}" if len(self.humans) == 1 else f"You ({self._name(event.seat)}) draw {drawn}"
            self.log.add(mine, private_to=event.seat, public=public)
        else:
            self.log.add(public)

    def _on_draw_lost(self, event: Event) -> None:
        self.log.add(f"{self._name(event.seat)} did not draw in time: one card fewer")

    def _on_turn_passed(self, event: Event) -> None:
        self.turn = int(event["turn"])

    def _on_round_won(self, event: Event) -> None:
        self.letters = list(event["letters"])
        if event.seat is None:
            return     # a void round: `round_void` follows and says so
        self.sounds.play("round_won")
        reason = event.get("reason")
        words = ROUND_END_WORDS.get(reason, "").format(player=self._name(event.seat), turn=self._name(self.turn))
        self.log.add(f"{self._does(event.seat, 'wins')} the round with Zeus and earns "
                     f"{LETTERS[self.letters[event.seat] - 1]}")
        if any(e.kind == "game_won" for e in self.events):
            return     # the game is over: `game_won` shows the final result
        self._results(f"{self._does(event.seat, 'wins')} the round!",
                      f"{words} {self._name(event.seat)} held Zeus.", [("Next round", self._continue)])

    def _on_round_void(self, event: Event) -> None:
        self.log.add("Nobody held Zeus: the round is dealt again")
        self._results("Nobody held Zeus", "Nobody wins this round; the same dealer deals again.",
                      [("Deal again", self._continue)])

    def _on_game_won(self, event: Event) -> None:
        self.letters = list(event["letters"])
        self.sounds.play("round_won")
        self.log.add(f"{self._does(event.seat, 'spells')} ZEUS: game over")
        self._results(f"{self._does(event.seat, 'spells')} ZEUS!", "The game is over.",
                      [("Play again", self.play_again), ("Back to menu", self.app.back_to_title)])

    def _results(self, title: str, subtitle: str, buttons: list[tuple[str, Callable[[], None]]]) -> None:
        """Round or game result, once the motion so far has landed."""
        rows = [(self.names[s], self._letters_text(s) + ("   (holds Zeus)" if s == self.holder else ""))
                for s in range(self.count)]
        self._open_results(title, subtitle, rows, buttons, delay=0.6)

    def _letters_text(self, seat: int) -> str:
        won = self.letters[seat]
        return " ".join(LETTERS[i] if i < won else "_" for i in range(len(LETTERS)))

    # ----- drawing ----------------------------------------------------------------------------------------------
    def _draw_table(self, surface: pygame.Surface) -> None:
        self._draw_centre(surface)
        for seat in range(self.count):
            self._draw_plate(surface, seat)
        sprites = [s for seat in range(self.count) for s in self.hands[seat]] + self.pile + self.flying
        self.drag.draw_zones(surface)
        self.renderer.draw_all(surface, sprites, on_top=self.drag.on_top)
        self._draw_figurine(surface)

    def _card_help_sprite(self) -> CardSprite | None:
        """The god card the pointer rests on (or the keyboard focus), whose power is explained above it."""
        drag = self.drag
        if drag.held or self.viewer is None:
            return None
        sprite = drag.hovered
        if sprite is None and drag.focus is not None and drag.focus < len(drag.sprites):
            sprite = drag.sprites[drag.focus]
        if sprite is None or sprite.card_id is None or not sprite.face_up:
            return None
        card = self.cards.get(sprite.card_id)
        return sprite if card is not None and card.kind != "number" else None

    def _draw_card_help(self, surface: pygame.Surface) -> None:
        """A god's full card text in a box above the card, so even a small card explains itself."""
        sprite = self._card_help_sprite()
        if sprite is None:
            return
        card = self.cards[sprite.card_id]
        lay = self.layout
        size = lay.text_size(15)
        width = max(int(lay.card_width * 2.6), int(300 * lay.scale))
        pad = max(5, size // 2)
        lines = _wrap(f"{card.god or card.id}: {card.effect}", size, width - 2 * pad)
        line_h = theme.font(size).get_linesize()
        box = pygame.Rect(0, 0, width, len(lines) * line_h + 2 * pad)
        card_top = sprite.y - card_height(sprite.pixel_width) / 2 - sprite.pixel_width * 0.12
        box.midbottom = (int(sprite.x), int(card_top) - max(4, lay.margin // 2))
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, alpha=240)
        y = box.top + pad
        for line in lines:
            blit_text(surface, line, (box.left + pad, y), size, theme.CREAM)
            y += line_h

    def _draw_centre(self, surface: pygame.Surface) -> None:
        lay = self.layout
        olympus = self._olympus_rect()
        # Mount Olympus: a stone platform the pile sits on.
        surface.blit(_stone(olympus.size, max(2, lay.margin // 3)), olympus)
        label_size = lay.text_size(15)
        blit_text(surface, "Mount Olympus", (olympus.centerx, olympus.top - 2), label_size, theme.PARCHMENT,
                  "bold", "midbottom")
        # The total, counting as cards land.
        tx, ty = self._total_anchor()
        big = lay.text_size(64)
        total = self.total.shown
        colour = theme.GOLD if total >= 90 else theme.CREAM
        blit_text(surface, str(total), (tx, ty - big // 2), big, colour, "title", "midleft")
        blit_text(surface, "of 100", (tx + 2, ty + big // 2 - 4), lay.text_size(16), theme.PARCHMENT, "sans",
                  "topleft")
        # The draw pile: a stack of backs with its count.
        rect = self._draw_pile_rect()
        w = lay.card_width
        if self.draw_pile_size > 0:
            back = self.art.back(w)
            layers = min(4, 1 + self.draw_pile_size // 10)
            for i in range(layers):
                surface.blit(back, back.get_rect(center=(rect.centerx - i * 2, rect.centery - i * 2)))
        else:
            pygame.draw.rect(surface, theme.PARCHMENT, rect.inflate(-8, -8), width=2, border_radius=8)
        blit_text(surface, f"Draw pile: {self.draw_pile_size}", (rect.centerx, rect.bottom + 4),
                  lay.text_size(15), theme.PARCHMENT, "sans", "midtop")
        owes = self.bottom in self.humans and self.state.view(None).owes_draw[self.bottom] and self.idle
        if owes and self.gate.may_show(self.bottom):
            pygame.draw.rect(surface, theme.LEGAL_GLOW, rect.inflate(10, 10), width=4, border_radius=10)
            blit_text(surface, "Click to draw", (rect.centerx, rect.top - 4), lay.text_size(15), theme.LEGAL_GLOW,
                      "bold", "midbottom")
        self.drag.zones = [DropZone("olympus", olympus, "Drop on Mount Olympus")]

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        area = lay.seats[seat]
        plate = area.plate
        surface.blit(_panel(plate.size, 200), plate)
        size = max(11, int(plate.height * 0.5))
        pad = max(4, plate.height // 4)
        letters = self._letters_text(seat)
        role = ""
        if seat == self.bottom and seat in self.humans and self.gate.may_show(seat):
            role = "" if self.names[seat].casefold() == "you" else " (you)" if len(self.humans) == 1 else " (your cards)"
        elif seat not in self.humans:
            role = " (AI)"
        right_text = letters
        right_w = theme.font(size, "bold").size(right_text)[0]
        name = ellipsize(self.names[seat] + role, size, plate.width - right_w - 3 * pad, "bold")
        blit_text(surface, name, (plate.left + pad, plate.centery), size, theme.CREAM, "bold", "midleft")
        blit_text(surface, right_text, (plate.right - pad, plate.centery), size, theme.GOLD, "bold", "midright")
        if area.side != "bottom":
            self._draw_count_badge(surface, seat)
        if seat == self.turn and not self.state.finished:
            label = "your turn" if seat == self.bottom and seat in self.humans and self.gate.may_show(seat) else "turn"
            draw_turn_marker(surface, plate, self.clock, label)

    def _draw_count_badge(self, surface: pygame.Surface, seat: int) -> None:
        """How many cards a face-down hand holds, in a badge beside the cards."""
        hand = self.hands[seat]
        count = len(hand)
        area = self.layout.seats[seat]
        size = max(10, int(area.plate.height * 0.45))
        text = f"{count} card{'s' if count != 1 else ''}"
        if hand:
            right = max(s.home[0] + s.pixel_width / 2 for s in hand)
            pos = (int(right) + 6, int(area.hand_centre[1]))
            blit_text(surface, text, pos, size, theme.CREAM, "bold", "midleft")
        else:
            blit_text(surface, text, area.hand_centre, size, theme.CREAM, "bold", "center")

    def _draw_figurine(self, surface: pygame.Surface) -> None:
        image = zeus_figurine(self._figurine_height())
        rect = image.get_rect(center=(int(self.figurine.x), int(self.figurine.y)))
        glow = pygame.Surface((rect.width + 16, rect.height // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (0, 0, 0, 80), glow.get_rect())
        surface.blit(glow, glow.get_rect(center=(rect.centerx, rect.bottom - 4)))
        surface.blit(image, rect)
        if self.holder is None:
            blit_text(surface, "Zeus is free", (rect.centerx, rect.bottom + 2), self.layout.text_size(14),
                      theme.GOLD, "bold", "midtop")

    def _draw_controls(self, surface: pygame.Surface) -> None:
        lay = self.layout
        area = lay.controls_rect
        size = lay.text_size(16)
        if self.sneak is not None and self.sneak.open and self.sneak_buttons:
            bar = pygame.Rect(area.left, area.top, area.width, max(6, int(lay.card_width * 0.1)))
            pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = int(bar.width * max(0.0, self.sneak.left / self.sneak.length))
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=bar.height // 2)
        for _, button in self.sneak_buttons + self.draw_buttons:
            button.draw(surface)
        hint = self._hint()
        if hint:
            y = area.bottom
            lines = _wrap(hint, size, area.width)
            for line in reversed(lines):
                y -= theme.font(size).get_linesize()
                blit_text(surface, line, (area.left, y), size, theme.PARCHMENT)

    def _hint(self) -> str:
        """One line telling the player at the bottom what they can do now."""
        if self.state.finished:
            return "The game is over."
        if self.bottom not in self.humans:
            return f"Watching: {self._does(self.turn, 'is')} playing."
        if not self.gate.may_show(self.bottom):
            if self.gate.waiting:
                return ""
            if self._sneak_race_on() and self.sneak is not None:
                return (f"Sneak window: {_with_article(str(self.sneak.number))} may be sneaked now. "
                        f"Then it is {self._name(self.state.turn)}'s turn.")
            if self.state.turn == self.bottom:
                return ""
            return (f"{self._name(self.bottom)}'s cards are face down until their next turn. "
                    f"{self._does(self.turn, 'is')} playing.")
        if self.turn == self.bottom:
            return "Your turn: drag a card onto Mount Olympus, or click it twice, or press 1–4."
        return f"{self._does(self.turn, 'is')} playing."


def _with_article(number: str) -> str:
    """The number with its article, as said aloud: "a 7", "an 8", "an 11"."""
    spoken_with_vowel = number.startswith("8") or number in ("11", "18")
    return f"{'an' if spoken_with_vowel else 'a'} {number}"


@lru_cache(maxsize=64)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap_text(text, size, width))


@lru_cache(maxsize=32)
def _panel(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A name plate's backing, made once per size."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    draw_panel(image, image.get_rect(), alpha)
    return image


@lru_cache(maxsize=8)
def _stone(size: tuple[int, int], line: int) -> pygame.Surface:
    """Mount Olympus: a pale stone platform the pile sits on."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(image, (235, 225, 200, 45), image.get_rect())
    pygame.draw.ellipse(image, (235, 225, 200, 110), image.get_rect(), width=line)
    return image
