"""TableScene: the neutral table every game's table is built on, composed of the kit's parts.

The parts (each in its own module of scenes/table/):
- seat zones, siblings at each seat (seat_zones.py: the `SeatZone` interface, `FannedHand` used by
  every seat today, `SlotGrid` for numbered slots; group trays are a further sibling); piles
  (piles.py: a face-down stack with its count, an untidy heap); drop zones of any shape on any seat
  (zones.py: `DropZone` with `RectShape`, `CircleShape`, `PolygonShape`, `wedge`), lit from the
  engine's legal actions through the drag controller (drag.py);
- seating and chance (seating.py): the bottom seat and the hand-off follow `waiting_for()`, several
  seats waited for at once are served as people act, and due chance actions are applied here
  without asking anyone (`apply_due_chance`);
- the reaction window (reaction.py: `ReactionWindow`): its control for every human seat alike, its
  countdown bar, and AI seats reacting partway through it;
- AI pacing (ai_runner.py in the background, `_ask_ai`/`_collect_ai` here): no frame waits on an AI;
- deal and gather animations (deal.py: `fly_in`, `gather`);
- name plates with (you)/(AI), the active-seat ring and the card-count badge (plates.py);
- the hint line and the card-help box (captions.py); notices (a refusal springs back with the
  engine's reason, `_notice`); the move log (log_panel.py); the hand-off gate (handoff_gate.py);
- results dialogs shown by default from the shared `round_ended` / `game_ended` events;
- help at the table: a Hint (H; one human only) asks the Normal AI, in its own runner off the main
  thread and on the player's own view, and lights the cards it names with a line why (`_hint_reason`);
  "Last trick / Last moves" (L) shows what the game gives in `_look_back` (`LOOK_BACK_LABEL`);
- the feel settings: reduced motion (the tweens fade instead of sliding) and skip to my turn (AI
  moves between a human's turns are shown at once: `_fast_forward`);
- the replay mode (replay_mode.py): opened on a `ReplaySession`, the table asks no AI, takes no move,
  saves nothing, shows no hand-off, hint or results dialog, and with `reveal_all` draws every seat's
  cards face up from that seat's own view (`_revealed_cards`); the replay viewer shows each recorded
  move with `replay_step`, and once its motion has landed the screen is rebuilt from the views so
  every card dealt face down turns up. A game whose seats hold more than a hand (Tamoul's slots)
  reads `_revealed_cards` in its own seat-zone code.

Reactions: with one human, the control is offered only when that human can really react, and the
card to react with glows; with several, every human alike and nothing glows. With nobody able and at
most one human, no window opens. While a window is open the seat on turn waits, its marker saying
"next" (`_turn_tag`).

The log says what is seen: lines a handler writes wait until the motion it started has landed. A
resumed game's log is rebuilt from its record (`_rebuild_log`: the actions replayed through a fresh
state and the table's own handlers, for the viewer, without motion, sound or dialogs).

The frame (`update`): motion first, then queued engine events one by one (`_show` calls
`_on_<event kind>`), and only when the table is idle a new decision (`_when_idle`): due chance is
applied, the screen is checked against the view, a reaction window may open, the human the game
waits for is seated at the bottom (with a hand-off screen in pass-and-play), then AI answers are
collected and new AI moves asked for. Drawing: felt, the game's table, the log, its controls, the
corner buttons, card help, the notice.

A game's table `__init__` makes its card art and renderer, `self.drag` (a DragController given the
game's `_legal_zones`, answered from `legal_actions`, and `_drop`, which proposes the move through
`_apply`) and `self.layout`, then calls `self._start()`.
What a game's table must provide (abstract methods below): `GAME_ID`, `RNG_NAME`, how the screen is
rebuilt from the view (`_sync_table`, `_matches_view`) and laid out again (`_lay_out_table`), how the
first deal starts (`_reset_table_for_deal`), a resumed game's first log line, its controls (`_build_controls`,
usually from `_corner_buttons`; `_handle_controls`, `_handle_keys`), where an opponent's cards lie
(`_opponent_row`), its `_on_<kind>` event handlers, its hint (`_hint`) and what it draws (`_draw_table`,
`_draw_controls`). It may add: seat zones other than a hand (`_seat_zones_from_view`,
`_lay_out_seat_zones`), a reaction window (`_reaction_due`, `REACTION_VERBS`), card help
(`_card_help_for`), its own result words (`_round_result`, `_game_result`) and the small hooks
documented where they are defined.
"""
from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pygame

from game.core.actions import Action
from game.core.engine import CHANCE, SeatInfo
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.session import GameSession
from scenes import theme
from scenes.scene import Scene
from scenes.table.ai_runner import AIResult, AIRunner, close_agents, table_agents
from scenes.table.captions import CardHelp, HelpBoxStyle, draw_card_help, pointed_card
from scenes.table.deal import fly_in, gather
from scenes.table.drag import DragController, Notice, sentence
from scenes.table.handoff_gate import HandoffGate
from scenes.table.layout import SeatArea, TableLayout, compute_layout
from scenes.table.log_panel import LogPanel
from scenes.table.plates import role_words
from scenes.table.reaction import ReactionWindow
from scenes.table.replay_mode import REPLAY_REFUSAL, ReplaySession
from scenes.table.seat_zones import FannedHand, send_home
from scenes.table.seating import apply_due_chance, bottom_seat_for, reacting_seats, waited_for
from scenes.table.sound import TableSounds
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.table.card_art import card_height
from scenes.table.text import blit_text
from scenes.widgets import Button, draw_felt, draw_panel, ellipsize, text_width

if TYPE_CHECKING:
    from scenes.app import App

REACTION_AI_PACE = 0.6      # an AI's reaction outside a window (a Zeus draw) comes quicker than a move
HINT_LEVEL = "normal"       # the AI whose choice a Hint shows
HINT_GLOW = (120, 200, 255)     # the hinted cards' glow: unlike the legal green and the focus gold


@dataclass(frozen=True)
class LookBack:
    """What "show the last trick / move" shows: a title and each seat's cards in it, in play order."""

    title: str
    rows: list[tuple[int, list[str]]]


@dataclass(frozen=True)
class ResultWords:
    """What a results dialog says: a title, a line under it, one row per seat, and the word to go on."""

    title: str
    subtitle: str
    rows: list[tuple[str, str]]
    next_label: str = "Next round"


class TableScene(Scene, metaclass=ABCMeta):
    """One game's table: the shared frame loop, moves, seating, reactions and results; the game fills in the rest."""

    updates_when_covered = False
    GAME_ID = ""            # the game's id: its rules screen, its pause overlay
    RNG_NAME = "table"      # seeds the table's own randomness (AI delays), per game and position
    HAND_SPACING = 1.1      # card widths between the bottom hand's cards when there is room
    RESULTS_DELAY = 0.5     # seconds between the round's last motion starting and its results dialog
    REACTION_VERBS: tuple[str, ...] = ()    # verbs taken only inside a reaction window (Zeus: "sneak")
    # Whether the seat on turn waits while a reaction window is open (Zeus: its next card would close the
    # sneak window). A game whose window only holds back the *next* turn (Tamoul) sets this False.
    TURN_WAITS_FOR_REACTION = True

    layout: TableLayout
    drag: DragController

    def __init__(self, app: "App", session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.game = session.game
        self.names = tuple(seat.name for seat in self.state.seats)
        self.count = len(self.names)
        # A replay: nobody plays, nothing is hidden (see replay_mode.py).
        self.replay_mode = isinstance(session, ReplaySession)
        self.reveal_all = self.replay_mode
        self.replay_exit: Callable[[], None] | None = None     # the replay viewer's "back" (Menu, Esc)
        self._replay_settle = self.replay_mode     # motion is on in a replay: rebuild the screen when it lands
        self.humans = () if self.replay_mode else session.human_seats
        self.agents: dict[int, Any] = {} if self.replay_mode else table_agents(self.game, self.state.seats)
        self.rng = random.Random(f"{self.RNG_NAME}/{self.state.seed}/{self._token()}")
        self.tweens = TweenQueue(self._animation_factor, reduced=lambda: bool(self.app.settings.reduced_motion))
        self.sounds = TableSounds(lambda: self.app.settings.sound_volume, game_id=session.game.id)
        self.ai = AIRunner()
        self.gate = HandoffGate(app, self.names, self.humans)
        self.gate.open_menu = self.open_pause
        self.log = LogPanel()
        self.events: deque[Event] = deque()
        self.hold = 0.0                 # seconds to wait before the next event is shown
        self.clock = 0.0
        self.overlay_open = False       # a results dialog is up; events wait for it
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer: int | None = None  # whose private view is drawn (None until allowed)
        self.hand_zones: dict[int, FannedHand] = {
            s: FannedHand(s, self.HAND_SPACING, self._opponent_row) for s in range(self.count)}
        self.flying: list[CardSprite] = []     # cards leaving the table
        self.buttons: list[Button] = []
        self.reaction: ReactionWindow | None = None
        self.reaction_buttons: list[tuple[int, Button]] = []
        self.declined: set[tuple[int, int]] = set()    # (seat, token): an AI let this reaction pass
        self.mouse: tuple[int, int] = (-1, -1)
        self.frames = 0
        self._controls_signature: tuple = ()
        self._replaying = False     # a resumed game's log is being rebuilt (no dialogs)
        self._hints_agreed: bool | None = None      # pass-and-play: read from the game's setup once
        self.hint_runner = AIRunner()   # the Hint's AI, apart from the seats' AIs (its answer is never played)
        self.hint_action: tuple[int, Action] | None = None    # (position, action) the Hint lights
        self.looking_back = False       # the last trick / move is shown over the table
        self.help_buttons: list[Button] = []
        self._lit_for_hint: set[int] = set()
        self._can_react_cache: tuple[tuple, bool] | None = None
        self._lit_for_reaction: set[int] = set()   # ids of hand sprites lit for an open reaction window

    def _start(self) -> None:
        """Show the game as it stands: the first deal animated on a new game, else where it goes on."""
        self._sync_from_view()
        opening = self._opening_events() if self._token() == 0 else None
        if opening is not None:
            self._reset_for_deal()
            self.events.extend(opening)
        elif self._token() > 0 or len(self.state.rounds) > 1:
            self._rebuild_log()
            if not self.state.finished:
                self._log_where_we_are()
        elif not self.state.finished:
            self._log_where_we_are()
        self._build_controls()

    def _rebuild_log(self) -> None:
        """A resumed game's move log, rebuilt from its record: the recorded actions are replayed through a
        fresh state and each event goes through the table's own handlers, seen by the viewer as it would
        have been (hidden cards stay hidden), with motion, sounds and dialogs left out; then the screen is
        made to match the game again. A record that cannot be replayed leaves the log as it was."""
        from scenes.table.sound import SILENT

        record = self.state.record()
        try:
            seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
            fresh = self.game.new_state(seats, self.game.normalize_options(record["options"]), record["seed"],
                                        setups=[rnd["setup"] for rnd in record["rounds"]])
            events = list(fresh.opening_events())
            for rnd in record["rounds"]:
                for seat, text in rnd["actions"]:
                    events += fresh.apply(seat, Action.parse(text))
        except (ValueError, KeyError, TypeError, IndexError, IllegalAction) as exc:
            self.log.add(f"(the earlier moves could not be read back: {exc})")
            return
        tweens, sounds = self.tweens, self.sounds
        self.tweens, self.sounds, self._replaying = TweenQueue(lambda: 0.0), SILENT, True
        try:
            for event in events:
                self._show(event)
                self.tweens.finish_all()
            self.log.release()
        finally:
            self.tweens, self.sounds, self._replaying = tweens, sounds, False
            self.hold, self.overlay_open, self.flying = 0.0, False, []
            self._sync_from_view()

    # ----- what a game's table provides ------------------------------------------------------------
    @abstractmethod
    def _sync_table(self, view: Any) -> None:
        """Make the game's own things on screen (piles, tricks, counters, markers) match `view`, at rest."""

    @abstractmethod
    def _lay_out_table(self) -> None:
        """Give the game's own cards and markers their places in the current layout (a new window size)."""

    @abstractmethod
    def _matches_view(self) -> bool:
        """The screen shows what the view says (checked whenever the table is idle)."""

    def _reset_for_deal(self) -> None:
        """Empty the table so the opening deal can be shown dealt: empty hands, and the game's own reset."""
        self._empty_hands()
        for seat in range(self.count):
            self._layout_hand(seat, animate=False)
        self._reset_table_for_deal()

    def _reset_table_for_deal(self) -> None:
        """The game's own things before the opening deal (a full draw pile, no blind card yet)."""

    @abstractmethod
    def _log_where_we_are(self) -> None:
        """A resumed game's first log line."""

    @abstractmethod
    def _build_controls(self) -> None:
        """Place the buttons for the current layout."""

    @abstractmethod
    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """Centre and width of the row an opponent's face-down cards lie in."""

    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """The game's own controls, before the cards in hand see the event (True: consumed)."""
        return False

    def _handle_keys(self, event: pygame.event.Event) -> bool:
        """The game's own keys, after the cards in hand and the menu keys (True: consumed)."""
        return False

    @abstractmethod
    def _hint(self) -> str:
        """One line telling the player at the bottom what they can do now."""

    @abstractmethod
    def _draw_table(self, surface: pygame.Surface) -> None:
        """The game's own picture on the felt: the middle, the seats, the cards."""

    @abstractmethod
    def _draw_controls(self, surface: pygame.Surface) -> None:
        """The game's controls area (its buttons and the hint line)."""

    def _opening_events(self) -> list[Event] | None:
        """On a game with no move yet: the first round's deal events to show."""
        return self.state.opening_events() if len(self.state.rounds) == 1 else None

    # ----- helpers ---------------------------------------------------------------------------------
    def _token(self) -> int:
        """How many actions the game has seen: a stale AI answer carries an older number."""
        return sum(len(r.actions) for r in self.state.rounds)

    def _view(self) -> Any:
        return self.state.view(self.viewer)

    def _waiting(self) -> tuple[int, ...]:
        """The player seats the game waits for now (several in a simultaneous decision)."""
        return waited_for(self.state)

    @property
    def hands(self) -> dict[int, list[CardSprite]]:
        """Each seat's hand cards on screen (the live lists of the seats' `FannedHand` zones)."""
        return {seat: zone.cards for seat, zone in self.hand_zones.items()}

    @property
    def idle(self) -> bool:
        return not self.events and not self.tweens.busy and self.hold <= 0 and not self.overlay_open

    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < self.count else "nobody"

    def _does(self, seat: int | None, verb: str) -> str:
        """Name and verb that agree: "Chloé plays", but "You play" for a player named You."""
        name = self._name(seat)
        if name.casefold() == "you":
            verb = {"is": "are", "has": "have"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"{name} {verb}"

    def _you(self, seat: int) -> bool:
        """The bottom seat is a human whose private view is on screen."""
        return seat == self.bottom and seat in self.humans and self.gate.may_show(seat)

    def _role(self, seat: int) -> str:
        """The words after a seat's name on its plate: (you), (your cards), (AI) or nothing."""
        if self.replay_mode:    # who played it: the record's people and AIs, nobody is "you"
            return role_words(seat, self.names[seat], self.session.human_seats, False)
        return role_words(seat, self.names[seat], self.humans, self._you(seat))

    def _pause(self, seconds: float) -> None:
        """Let a moment sink in before the next event (scaled like every animation)."""
        self.hold = seconds * self._animation_factor()

    def _animation_factor(self) -> float:
        """The settings' animation speed, or 0 while AI moves are skipped through to a human's turn."""
        return 0.0 if self._fast_forward() else self.app.settings.animation_factor

    def _fast_forward(self) -> bool:
        """"Skip to my turn": the game waits only for AI seats and no human is offered a reaction, so
        those moves are shown at once (the results dialogs and every human decision still wait)."""
        if not self.app.settings.skip_to_my_turn or not self.humans or self.state.finished:
            return False
        if any(seat in self.humans for seat in self._waiting()) or self._reaction_race_on():
            return False
        return not self.gate.waiting

    def _forget(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _notice(self, reason: str, seat: int | None = None) -> None:
        """A refusal in the controls area, naming the seat when several people share the screen."""
        rect = self.layout.controls_rect
        reason = sentence(reason)
        text = f"{self.names[seat]}: {reason}" if seat is not None and len(self.humans) > 1 else reason
        self.drag.notice = Notice(text, (rect.centerx, rect.top))

    # ----- the screen from the view ----------------------------------------------------------------------
    def _set_layout(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.count, self.bottom)
        if hasattr(self, "drag"):
            # A refused card's reason is said above the player's own name plate, never over it.
            self.drag.notice_ceiling = self.layout.seats[self.bottom].plate.top

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
        """What lies at each seat, from the view, at rest. By default a hand per seat (`view.hand`,
        `view.hand_sizes`); a game whose seats hold other zones (a `SlotGrid`) builds those here."""
        self._hands_from_view(view)

    def _lay_out_seat_zones(self) -> None:
        """Every seat's zones in the current layout, at once (a new window size)."""
        for seat in range(self.count):
            self._layout_hand(seat, animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        self._set_layout(size)
        self._lay_out_seat_zones()
        self._lay_out_table()
        self._build_controls()

    # ----- hands -------------------------------------------------------------------------------------
    def _revealed_cards(self, seat: int) -> list[str] | None:
        """With `reveal_all` (a replay): `seat`'s own hand from its own view; otherwise None."""
        if not self.reveal_all:
            return None
        hand = getattr(self.state.view(seat), "hand", None)
        return None if hand is None else [str(card) for card in hand]

    def _hands_from_view(self, view: Any) -> None:
        """The viewer's hand face up, every other hand as backs (all face up in a replay), laid out at rest."""
        for seat in range(self.count):
            revealed = self._revealed_cards(seat)
            known = (list(view.hand) if seat == self.viewer else revealed if revealed is not None
                     else [None] * view.hand_sizes[seat])
            self.hand_zones[seat].cards = [CardSprite(card, flip=1.0 if card is not None else 0.0, tag="hand")
                                           for card in known]
            self._layout_hand(seat, animate=False)

    def _empty_hands(self) -> None:
        for zone in self.hand_zones.values():
            zone.cards = []

    def _hands_match(self, view: Any) -> bool:
        """The hands on screen have the view's sizes, and the viewer's hand its cards."""
        if [len(self.hand_zones[s].cards) for s in range(self.count)] != list(view.hand_sizes):
            return False
        if self.reveal_all:
            return all(self._revealed_cards(s) is None
                       or sorted(str(c.card_id) for c in self.hand_zones[s].cards) == sorted(self._revealed_cards(s))
                       for s in range(self.count))
        return self.viewer is None or sorted(str(s.card_id) for s in self.hand_zones[self.viewer].cards) == sorted(view.hand)

    def _layout_hand(self, seat: int, animate: bool = True) -> None:
        zone = self.hand_zones[seat]
        zone.lay_out(self.layout.seats[seat], self.tweens, animate)
        if seat == self.bottom:
            self.drag.set_cards(zone.pickable())

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
        self._layout_hand(seat, animate=False)
        fly_in(self.tweens, new, source, seconds, delay_of, flip_seconds, start_width)
        return new

    def _gather(self, sprites: list[CardSprite], target: tuple[float, float], seconds: float, fade: bool) -> None:
        """Cards leave the table towards a pile, face down (between rounds, a swapped card)."""
        gather(self.tweens, sprites, target, seconds, fade, self.flying)

    def _gather_for_new_round(self, others: list[CardSprite], target: tuple[float, float], seconds: float,
                              fade: bool) -> None:
        """A new round: `others` (piles, a trick) then every hand fly to `target`; the hands are empty for
        the deal to come, and any reaction window of the old round is gone."""
        self._gather(others + [s for seat in range(self.count) for s in self.hand_zones[seat].cards],
                     target, seconds, fade)
        self._empty_hands()
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

    # ----- controls ----------------------------------------------------------------------------------
    def _corner_buttons(self, min_height: int) -> list[Button]:
        """Rules and Menu, side by side in the corner."""
        corner = self.layout.corner_rect
        gap = self.layout.margin
        w = (corner.width - gap) // 2
        h = max(min_height, int(corner.height * 0.9))
        self._place_help_buttons(min_height)
        return [
            Button(pygame.Rect(corner.left, corner.top, w, h), "Rules", self.open_rules, style="secondary"),
            Button(pygame.Rect(corner.left + w + gap, corner.top, w, h),
                   fitting_label(("Back (Esc)", "Back") if self.replay_mode else ("Menu (Esc)", "Menu"), w, h),
                   self.open_pause, style="secondary"),
        ]

    # ----- help at the table: a Hint, and a look back at the last trick or move ----------------------------
    def _place_help_buttons(self, min_height: int) -> None:
        """"Hint (H)" (when hints are allowed here) and "Last trick (L)" (when the game can look back),
        side by side just above the move log."""
        lay = self.layout
        labels: list[tuple[tuple[str, ...], Callable[[], None]]] = []
        if self._hints_allowed():
            labels.append((("Hint (H)", "Hint"), self.press_hint))
        if self.LOOK_BACK_LABEL:
            labels.append(((f"{self.LOOK_BACK_LABEL} (L)", self.LOOK_BACK_LABEL, "Last"), self.toggle_look_back))
        self.help_buttons = []
        if not labels:
            return
        gap = lay.margin // 2
        h = max(min_height - 4, int(lay.seats[self.bottom].plate.height * 0.9))
        w = (lay.log_rect.width - gap * (len(labels) - 1)) // len(labels)
        x, y = lay.log_rect.left, lay.log_rect.top - h - gap
        for words, action in labels:
            self.help_buttons.append(Button(pygame.Rect(x, y, w, h), fitting_label(words, w, h), action,
                                            style="secondary"))
            x += w + gap

    LOOK_BACK_LABEL = ""        # "Last trick" / "Last move": the game can show it (`_look_back`)

    def _look_back(self) -> LookBack | None:
        """The last trick or move as the viewer saw it (None: nothing to show yet)."""
        return None

    def toggle_look_back(self) -> None:
        self.looking_back = not self.looking_back and self._look_back() is not None
        if not self.looking_back and self._look_back() is None:
            self._notice("nothing to look back at yet")

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
            from scenes.setup import LAST_SETUPS, hints_agreed_for

            self._hints_agreed = hints_agreed_for(self.app.dirs.config / LAST_SETUPS, self.game.id, self.state.seed)
        return self._hints_agreed

    def press_hint(self) -> None:
        """Ask the Normal AI, off the main thread and on the player's own view, what it would play now."""
        if not self._hints_allowed():
            return
        if not self._human_may_act() or self.bottom not in self._waiting():
            self._notice("a hint is for your own turn")
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
            self._notice(f"Hint: {self._hint_reason(self.hint_action[1])}")

    def _hint_reason(self, action: Action) -> str:
        """The Hint's one line (a game may say more, in its own words)."""
        cards = ", ".join(self._hint_cards(action))
        return f"the Normal AI would {action.verb} {cards}".rstrip()

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

    def open_rules(self) -> None:
        """Any card held or chosen is let go before the rules cover the table."""
        from scenes.rules_screen import RulesScene

        self.drag.cancel()
        self.app.stack.push(RulesScene(self.app, self.GAME_ID))

    def open_pause(self) -> None:
        if self.replay_mode:
            if self.replay_exit is not None:
                self.replay_exit()
            return
        from scenes.pause import PauseOverlay

        self.drag.cancel()
        self.app.stack.push(PauseOverlay(self.app, self.GAME_ID, self.session))

    def _handle_menu_keys(self, event: pygame.event.Event) -> bool:
        """Esc closes a look back or opens the pause menu, F1 the rules, H a hint, L the last trick / move."""
        if event.type == pygame.KEYDOWN:
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
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        for button in self.buttons + self.help_buttons:
            if button.handle_event(event):
                return True
        if self.looking_back and event.type == pygame.MOUSEBUTTONDOWN:
            self.looking_back = False       # a click anywhere puts the look back away
            return True
        for _, button in self.reaction_buttons:
            if button.handle_event(event):
                return True
        self.drag.enabled = self._human_may_act()
        if self._handle_controls(event):
            return True
        if self.drag.handle_event(event):
            return True
        return self._handle_menu_keys(event) or self._handle_keys(event)

    # ----- the reaction window --------------------------------------------------------------------------
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
            return "next"
        # Your move made and still being shown: no "your turn" left standing while it lands.
        return "your turn" if self._you(seat) and seat in self._waiting() else "turn"

    def _reaction_race_on(self) -> bool:
        """A reaction window offered to humans is open: the next hand-off waits until it closes."""
        return self.reaction is not None and self.reaction.open and bool(self._reaction_offered_to())

    def press_reaction(self, seat: int) -> None:
        """A human seat's reaction control (its button, or its key): the engine judges it."""
        if self.reaction is None or not self.reaction.open:
            return
        reason = self._apply(seat, self.reaction.action)
        if reason is not None:
            self._notice(reason, seat)

    def _control_rows(self) -> tuple[int, int]:
        """Height and first top of the stacked per-seat controls (room above them for the countdown bar)."""
        lay = self.layout
        h = max(28, int(lay.card_width * 0.42))
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
        self._place_seat_controls(y, h)

    def _place_seat_controls(self, top: int, height: int) -> None:
        """The game's own per-seat controls stacked below the reaction's (Zeus: Draw a card)."""

    def _draw_reaction(self, surface: pygame.Surface) -> None:
        """The countdown bar over the controls and each offered seat's control."""
        if self.reaction is not None and self.reaction.open and self.reaction_buttons:
            area = self.layout.controls_rect
            self.reaction.draw_bar(surface, pygame.Rect(area.left, area.top, area.width,
                                                        max(6, int(self.layout.card_width * 0.1))))
        for _, button in self.reaction_buttons:
            button.draw(surface)

    # ----- actions ----------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> str | None:
        """Carry out a move through the session (autosaved); None when done, else the reason it is refused."""
        if self.replay_mode:
            return REPLAY_REFUSAL
        reason = self.state.why_illegal(seat, self.state.normalize(action))
        if reason is not None:
            return reason
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            return exc.reason
        except OSError as exc:  # the move stands; only the autosave failed
            self.app.toast(f"The game could not be saved ({exc.strerror or exc}).")
            events = []
        self.events.extend(events)
        self._after_move(seat, action)
        return None

    def _apply_chance(self) -> None:
        """Chance acts without being asked: its actions are made by the state and saved like any move."""
        try:
            events, actions = apply_due_chance(self.session)
        except OSError as exc:
            self.app.toast(f"The game could not be saved ({exc.strerror or exc}).")
            return
        self.events.extend(events)
        for action in actions:
            self._after_move(CHANCE, action)

    def _after_move(self, seat: int, action: Action) -> None:
        """A move was made: pending AI answers and any drag are stale; the bottom hand loses its focus;
        the reaction window closes unless the game says this move leaves it open."""
        if self._move_closes_reaction(seat, action):
            self.reaction = None
        self.ai.cancel()
        self.drag.cancel()
        if seat == self.bottom and not self._move_keeps_focus(action):
            self._release_focus()
        self._refresh_reaction_buttons()

    def _move_closes_reaction(self, seat: int, action: Action) -> bool:
        return True

    def _move_keeps_focus(self, action: Action) -> bool:
        return False

    def _release_focus(self) -> None:
        """The played card's place now holds another card: nothing stays lifted."""
        self.drag.focus = None
        self.drag.set_cards(self.drag.sprites)

    def _human_may_act(self) -> bool:
        return (not self.replay_mode and self.bottom in self.humans and self.gate.may_show(self.bottom) and self.idle
                and not self.state.finished and not self._waits_for_reaction())

    # ----- per frame -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.frames += 1
        self.clock += dt
        self.tweens.update(dt)
        self.drag.update(dt)
        self.ai.update(dt)
        if self.hold > 0:
            self.hold -= dt
        self._tick(dt)
        if self.reaction is not None and self.reaction.tick(dt):
            self._refresh_reaction_buttons()
        self._release_log_when_landed()
        # Show queued events one after another, each once the previous motion is over.
        while self.events and not self.tweens.busy and self.hold <= 0 and not self.overlay_open:
            self._show(self.events.popleft())
        if self.idle:
            self._when_idle()
        self.drag.enabled = self._human_may_act()
        signature = (self._token(), self.reaction is not None and self.reaction.open, self.bottom, self.viewer,
                     self.idle)
        if signature != self._controls_signature:
            self._controls_signature = signature
            self._refresh_reaction_buttons()
        self._light_reaction_cards()
        self._collect_hint()
        self._after_frame()

    def _tick(self, dt: float) -> None:
        """The game's own clocks, before queued events are shown."""

    def _after_frame(self) -> None:
        """The game's own touches once the frame's events and decisions are done."""

    def _when_idle(self) -> None:
        if self.replay_mode:
            self._settle_replay()
            return
        if self.state.finished:
            return
        if CHANCE in self.state.waiting_for():
            self._apply_chance()
            return
        if not self._matches_view():
            self._sync_from_view()
        else:
            self._refresh_from_view()
        self._maybe_open_reaction()
        self._choose_bottom_seat()
        if self.gate.waiting:
            return
        token = self._token()
        self._collect_ai(token)
        if self._token() != token:
            return
        self._ask_ai(token)

    def _settle_replay(self) -> None:
        """A replay at rest: once a replayed move's motion has landed, the screen is rebuilt from the
        views, so cards that travelled face down show their faces."""
        if self._replay_settle or not self._matches_view():
            self._replay_settle = False
            self._sync_from_view()
        else:
            self._refresh_from_view()

    def replay_step(self, seat: int, action: Action) -> None:
        """Replay mode: show one recorded move with its usual motion (the viewer checked it replays)."""
        events = self.state.apply(seat, action)
        self.events.extend(events)
        self._after_move(seat, action)
        self._replay_settle = True

    def _refresh_from_view(self) -> None:
        """The screen matches the view: the game may still refresh its words and markers from it."""

    def _seat_still_busy(self, seat: int) -> bool:
        """Pass-and-play: a seat not waited for that must still act before its hand is hidden (a Zeus draw)."""
        return False

    def _turn_is_over(self, seat: int) -> bool:
        """Pass-and-play: `seat`'s hand is on screen but the game no longer waits for it."""
        return (self.gate.needed and seat in self.humans and self.gate.may_show(seat)
                and seat not in self._waiting() and not self._seat_still_busy(seat))

    def _choose_bottom_seat(self) -> None:
        """A human the game waits for sits at the bottom; a new one gets the hand-off screen first."""
        waiting = self._waiting()
        wanted = bottom_seat_for(self.state, self.humans, self.bottom)
        if wanted != self.bottom:
            self.bottom = wanted
            self._sync_from_view()
            self._build_controls()
        if self.bottom in waiting and not self.gate.may_show(self.bottom) and not self.gate.waiting:
            if self.bottom in self.humans and not self._reaction_race_on():
                self.gate.request(self.bottom, "It is their turn.")
        elif self.bottom not in waiting and self._turn_is_over(self.bottom):
            self._hide_bottom_hand()
        if self.viewer != (self.bottom if self.gate.may_show(self.bottom) else None):
            self._sync_from_view()

    # ----- AI pacing ----------------------------------------------------------------------------------------------
    def _fresh_ai_answers(self, token: int) -> Iterator[tuple[AIResult, list[Action]]]:
        """AI answers still about position `token` (a stale one is dropped), each with its seat's legal moves."""
        for result in self.ai.ready():
            if result.token != token or self.state.finished:
                continue
            yield result, self.state.legal_actions(result.seat)

    def _fallback_action(self, legal: list[Action]) -> Action | None:
        """What a seat whose AI failed plays instead."""
        return legal[0] if legal else None

    def _collect_ai(self, token: int) -> None:
        """Apply the AI answers that are ready; a reaction declined or come too late is not asked again."""
        for result, legal in self._fresh_ai_answers(token):
            action = result.action
            if result.error is not None or (action is None and not result.optional):
                failure = f" ({type(result.error).__name__})" if result.error is not None else ""
                self.log.add(f"{self.names[result.seat]}'s AI failed{failure}; it plays its first legal move")
                action = None if result.optional else self._fallback_action(legal)
            if action is None:
                self.declined.add((result.seat, token))
                continue
            if action.verb in self.REACTION_VERBS and not self._reaction_open():
                self.declined.add((result.seat, token))   # too late: the window has closed
                continue
            if self._apply(result.seat, action) is None:
                return
            self.declined.add((result.seat, token))

    def _ai_delay(self, legal: list[Action], reaction: bool) -> float | None:
        """How long an AI seat seems to think, or None when it must not be asked yet: a window's reaction
        partway through the window, the seat waited for only once the window has closed."""
        settings = self.app.settings
        window_open = self._reaction_open()
        pace = 0.0 if self._fast_forward() else settings.ai_delay_s
        if reaction:
            if any(a.verb in self.REACTION_VERBS for a in legal):
                return self.reaction.ai_delay(self.rng) if window_open and self.reaction is not None else None
            return pace * REACTION_AI_PACE
        return None if window_open else pace

    def _ask_ai(self, token: int) -> None:
        """Ask every AI seat that may act now (several at once in a simultaneous decision); none waits on another."""
        for seat in self.state.to_act():
            if seat not in self.agents or (seat, token) in self.declined or self.ai.thinking(seat, token):
                continue
            legal = self.state.legal_actions(seat)
            if not legal:
                continue
            reaction = self.state.is_reaction(seat)
            delay = self._ai_delay(legal, reaction)
            if delay is not None:
                self._request_ai(seat, token, legal, delay, optional=reaction)

    def _request_ai(self, seat: int, token: int, legal: list[Action], delay: float, optional: bool = False) -> None:
        """Ask `seat`'s agent, with a random stream fixed by the game, the position and the seat."""
        rng = random.Random(f"ai/{self.state.seed}/{token}/{seat}")
        self.ai.request(seat, self.agents[seat], self.state.view(seat), legal, rng,
                        token=token, optional=optional, delay=delay)

    # ----- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the game's table, then the log, controls, corner buttons, card help and any notice on top."""
        if surface.get_size() != self.layout.size:
            self.resize(surface.get_size())
        draw_felt(surface)
        self._light_hint_cards()
        self._draw_table(surface)
        lay = self.layout
        self.log.draw(surface, lay.log_rect, lay.text_size(15))
        if not self.replay_mode:    # a replay's controls corner is the replay viewer's
            self._draw_controls(surface)
        for button in self.buttons + self.help_buttons:
            button.draw(surface)
        self._draw_look_back(surface)
        self._draw_card_help(surface)
        self.drag.draw_notice(surface, lay.text_size(17))

    def _card_help_target(self) -> CardSprite | None:
        """The card a help box would explain: the hand card under the pointer or the keyboard focus."""
        return pointed_card(self.drag, self.viewer)

    def _card_help_for(self, sprite: CardSprite) -> CardHelp | None:
        """The game's words for a card (None: this card needs no explaining)."""
        return None

    def _help_style(self) -> HelpBoxStyle:
        lay = self.layout
        return HelpBoxStyle(width=int(max(200, lay.size[0] * 0.26)), edges=lay.text_size(15), alpha=245)

    def _draw_card_help(self, surface: pygame.Surface) -> None:
        """A card's text in a box above the card it explains, drawn over everything but the notice."""
        sprite = self._card_help_target()
        help_ = self._card_help_for(sprite) if sprite is not None and sprite.card_id is not None else None
        if sprite is not None and help_ is not None:
            draw_card_help(surface, sprite, help_, self.layout.text_size(15), self._help_style())

    # ----- events -> motion ---------------------------------------------------------------------------------
    def _show(self, event: Event) -> None:
        """Start an event's motion; the log lines its handler writes appear once that motion has landed."""
        event = event.for_seat(self.viewer)
        handler: Callable[[Event], None] | None = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            self.log.holding = True
            try:
                handler(event)
            finally:
                self.log.holding = False
        self._release_log_when_landed()

    def _release_log_when_landed(self) -> None:
        if self.log.pending and not self.tweens.busy:
            self.log.release()

    # ----- results -------------------------------------------------------------------------------------------------
    def _round_result(self, event: Event) -> ResultWords | None:
        """The words of a round's results dialog (None: no dialog). By default the round's score and the
        totals; a game may give its own words (kept from its own round events, shown before `round_ended`)."""
        score, totals = event["score"], event["totals"]
        rows = [(self.names[s], f"+{score[s]}   {totals[s]}" if score[s] else str(totals[s]))
                for s in range(self.count)]
        return ResultWords(f"Round {int(event['round']) + 1} is over", "", rows)

    def _game_result(self, event: Event) -> ResultWords:
        """The words of the game's results dialog. By default the winners and the totals."""
        winners = ", ".join(self._name(s) for s in event["winners"])
        rows = [(self.names[s], f"{event['totals'][s]}" + ("   wins" if s in event["winners"] else ""))
                for s in range(self.count)]
        return ResultWords("The game is over", f"Winners: {winners}." if winners else "", rows)

    def _on_round_ended(self, event: Event) -> None:
        """A round's results, unless the game is over too (then the game's results say it all)."""
        if any(e.kind == "game_ended" for e in self.events):
            return
        words = self._round_result(event)
        if words is not None:
            self._open_results(words.title, words.subtitle, words.rows, [(words.next_label, self._continue)],
                               delay=self.RESULTS_DELAY)

    def _on_game_ended(self, event: Event) -> None:
        words = self._game_result(event)
        self._open_results(words.title, words.subtitle, words.rows,
                           [("Play again", self.play_again), ("Back to menu", self.app.back_to_title)],
                           delay=self.RESULTS_DELAY)

    def _open_results(self, title: str, subtitle: str, rows: list[tuple[str, str]],
                      buttons: list[tuple[str, Callable[[], None]]], delay: float) -> None:
        """Round or game result, once the motion so far has landed; events wait until it is closed."""
        def show() -> None:
            from scenes.results import ResultsOverlay

            self.app.stack.push(ResultsOverlay(self.app, title, rows, buttons, subtitle))

        if self._replaying or self.replay_mode:
            return      # a resumed game's past dialogs, or a replay: the viewer says where the game stands
        self.overlay_open = True
        self.tweens.call(show, delay=delay)

    def _continue(self) -> None:
        self.overlay_open = False

    def exit(self) -> None:
        """The table is closing: stop any AI that thinks in its own process."""
        close_agents(self.agents.values())

    def play_again(self) -> None:
        """A new game with the same seats and options (the headless harness keeps playing this way)."""
        session = GameSession.new(self.game, self.state.seats, self.state.options, self.state.seed + 1,
                                  self.session.autosave_path, self.session.records_dir)
        self.app.open_table(session)


def fitting_label(labels: tuple[str, ...], width: int, height: int) -> str:
    """The first (longest) label that a button of this size shows whole; the last one otherwise."""
    size = max(10, int(height * 0.42))    # widgets.Button label size (secondary style: sans)
    room = width - height // 2
    return next((label for label in labels if text_width(label, size, "sans") <= room), labels[-1])
