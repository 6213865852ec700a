"""TableScene: the neutral table every game's table is built on, composed of the kit's parts.

One part, one job (each a module of scenes/table/, mixed into TableScene here):
- turn_flow.py (`TurnFlow`): the frame (motion, then events one by one, then a decision when idle),
  seating at the bottom and the hand-off, moves and chance through the session, the replay's steps;
- ai_pacing.py (`AIPacing`): AI seats asked off the main thread, answers applied after a human delay;
- shown_events.py (`ShownEvents`): opening the table on its game, each event shown by the game's
  `_on_<kind>`, the move log held back until the motion has landed, a resumed game's log rebuilt;
- seat_hands.py (`SeatHands`): the screen rebuilt from the view, hands dealt, taken from, gathered
  and turned away; a game with other seat zones (slots, trays) adds them through its hooks;
- reaction_flow.py (`ReactionFlow`): a game's reaction window at the table (reaction.py draws it);
- table_help.py (`TableHelp`): the Hint and the look back at the last trick or moves;
- telling.py (`Telling`): the card-help box, notices, results dialogs;
- card_zoom.py (`CardZoom`): the focused or pointed-at card drawn large where the table is smaller than
  the player's UI scale;
- input_routing.py (`InputRouting`): where a click or key goes, the corner buttons;
- undo.py (`TableUndo`): Ctrl+Z and the Undo button take back a slip, the table rebuilt after it.
Other parts are plain helpers the game's table calls: seat zones and piles (seat_zones.py, piles.py),
drop zones of any shape (zones.py) lit through the drag controller (drag.py), plates and badges
(plates.py), the hint line and card help (captions.py), deal and gather motion (deal.py), the
hand-off gate (handoff_gate.py), the log panel (log_panel.py), the replay mode (replay_mode.py).

What stays here is what every part shares: the table's state (`__init__`), who is who (`_name`,
`_said`, `_you`, `_role`), the drawing order, and what a game's table must provide.

A game's table `__init__` makes its card art and renderer, `self.drag` (a DragController given the
game's `_legal_zones`, answered from `legal_actions`, and the kit's `_drop_when_allowed`, which hands
a drop to the game's `_drop` that proposes the move through `_apply`) and `self.layout`, then calls `self._start()`. It must provide (abstract methods below):
`GAME_ID`, `RNG_NAME`, how the screen is rebuilt from the view (`_sync_table`, `_matches_view`) and
laid out again (`_lay_out_table`), a resumed game's first log line, its `_on_<kind>` event handlers, its hint line (`_hint`) and what it draws on the
felt (`_draw_table`). Its buttons in the controls area go in `seat_buttons` (placed by
`_place_seat_controls`); the kit draws them with the hint line and routes their clicks. It may add the
hooks each part documents where they are defined.
"""
from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from scenes.scene import Scene
from scenes.table.ai_pacing import AIPacing
from scenes.table.ai_runner import AIRunner, close_agents, table_agents
from scenes.table.card_zoom import CardZoom
from scenes.table.drag import DragController
from scenes.table.handoff_gate import HandoffGate
from scenes.table.input_routing import InputRouting
from scenes.table.layout import SeatArea, TableLayout
from scenes.table.log_panel import LogPanel
from scenes.table.plates import draw_active_seat, draw_name_plate, role_words
from scenes.table.reaction import ReactionWindow
from scenes.table.rest import TableRest
from scenes.table.reaction_flow import ReactionFlow
from scenes.table.replay_mode import ReplaySession
from scenes.table.seat_hands import SeatHands
from scenes.table.seat_zones import FannedHand
from scenes.table.seating import waited_for
from scenes.table.shown_events import ShownEvents
from scenes.table.sound import TableSounds
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.table_help import TableHelp
from scenes.table.telling import ResultWords, Telling
from scenes.table.turn_flow import TurnFlow
from scenes.table.tween import TweenQueue
from scenes.table.undo import TableUndo
from scenes.ui import theme
from scenes.ui.theme import ui_scale
from scenes.ui.widgets import Button, draw_felt
from scenes.ui.i18n import _, is_named_you, pgettext

if TYPE_CHECKING:
    from scenes.scene import AppServices

HINT_LINES_KEPT = 3     # lines of the hint at its whole size that grown buttons leave room for beside the table

class TableScene(TurnFlow, AIPacing, ShownEvents, SeatHands, ReactionFlow, TableUndo, TableHelp, Telling, CardZoom,
                 InputRouting, TableRest, Scene, metaclass=ABCMeta):
    """One game's table: the kit's parts composed over shared state; the game fills in the rest."""

    updates_when_covered = False
    covers_window = True    # `draw` starts with the felt over the whole window
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
    renderer: SpriteRenderer     # the game's card art, drawn (made by the game's table)

    def __init__(self, app: "AppServices", session: GameSession) -> None:
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
        self.gate.undo = self.press_undo if self._undo_offered() else None
        self.log = LogPanel()
        self.events: deque[Event] = deque()
        self.hold = 0.0                 # seconds to wait before the next event is shown
        self.clock = 0.0
        self.overlay_open = False       # a results dialog is up; events wait for it
        self.result_words: ResultWords | None = None    # the game's words for the next results dialog
        self.game_words: ResultWords | None = None      # the game's results, shown again after a review
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer: int | None = None  # whose private view is drawn (None until allowed)
        self.hand_zones: dict[int, FannedHand] = {
            s: FannedHand(s, self.HAND_SPACING, self._opponent_row) for s in range(self.count)}
        self.flying: list[CardSprite] = []     # cards leaving the table
        self.buttons: list[Button] = []
        self.seat_buttons: list[Button] = []    # the game's own buttons in the controls area (Draw, Ready…)
        self.reaction: ReactionWindow | None = None
        self.reaction_buttons: list[tuple[int, Button]] = []
        self.declined: set[tuple[int, int]] = set()    # (seat, token): an AI let this reaction pass
        self.reaction_pick: tuple[int, str] | None = None  # (seat, verb): a reaction waiting for its card
        self.mouse: tuple[int, int] = (-1, -1)
        self.frames = 0
        self._controls_signature: tuple = ()
        self._replaying = False     # a resumed game's log is being rebuilt (no dialogs)
        self._hints_agreed: bool | None = None      # pass-and-play: read from the game's setup once
        self.hint_runner = AIRunner()   # the Hint's AI, apart from the seats' AIs (its answer is never played)
        self.hint_action: tuple[int, Action] | None = None    # (position, action) the Hint lights
        self.looking_back = False       # the last trick / move is shown over the table
        self.help_buttons: list[Button] = []
        self.notice_rect: pygame.Rect | None = None     # where the last frame drew the refusal notice
        self.turn_tag_rect: pygame.Rect | None = None   # this frame's turn ring and tag, which a notice keeps off
        self._lit_for_hint: set[int] = set()
        self._can_react_cache: tuple[tuple, bool] | None = None
        self._lit_for_reaction: set[int] = set()   # ids of hand sprites lit for an open reaction window

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
        self._empty_seat_zones()
        for seat in range(self.count):
            self._lay_out_seat(seat, animate=False)
        self._reset_table_for_deal()

    def _reset_table_for_deal(self) -> None:
        """The game's own things before the opening deal (a full draw pile, no blind card yet)."""

    @abstractmethod
    def _log_where_we_are(self) -> None:
        """A resumed game's first log line."""

    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """Centre and width of the row an opponent's face-down cards lie in (by default the seat's
        whole zone; a game with markers beside the cards leaves room for them)."""
        return area.hand_centre, area.hand_width

    @abstractmethod
    def _hint(self) -> str:
        """One line telling the player at the bottom what they can do now."""

    @abstractmethod
    def _draw_table(self, surface: pygame.Surface) -> None:
        """The game's own picture on the felt: the middle, the seats, the cards."""


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
        return not self.events and not self.tweens.showing and self.hold <= 0 and not self.overlay_open

    def language_changed(self) -> None:
        """Another language was chosen (from the pause menu's settings): card faces are drawn anew, and the
        move log is rebuilt from the record in the new words when no move is waiting to be shown (a
        move half shown keeps its lines; the next ones follow in the new language). The App then lays
        the table out again, which rebuilds the buttons."""
        art = getattr(self, "art", None)
        if art is not None:
            art.clear()
        if not self.replay_mode and not self.events and not self._replaying and self.state.rounds:
            self.log.clear()
            self._rebuild_log()

    def show_as_seen_by(self, seat: int) -> None:
        """Show the table as `seat` sees it: its seat at the bottom, its own cards face up and every
        other hand face down (a review judges a move by what that player knew). A replay stays a
        replay: nobody plays, and the screen is rebuilt now from that seat's view."""
        self.bottom = seat
        self.reveal_all = False
        self.gate.revealed = seat
        self._sync_from_view()
        self._build_controls()

    @property
    def toast_top(self) -> int:
        """A toast ("the unfinished game was kept") starts below the top seat's cards, not over them."""
        return self.layout.centre.top

    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < self.count else "nobody"

    def _said(self, seat: int | None, others: str, you: str, *, inside: bool = False, **args: object) -> str:
        """A line about `seat`: in the second person (`you`, its {name} the word "You" of today's language)
        when it is about the player reading this screen who kept the default name ("You draw", "Jij bent
        klaar"), else `others` with the seat's name, whatever it is ("Bob draws"). With several people at
        one screen the log is read by all of them, so it names everyone ("You is ready" is the player
        named You, never the one reading). `inside`: the line is a clause inside a longer sentence
        ("Round 1: Bob deals, you play first"), so "you" is not capitalised."""
        name = self._name(seat)
        if is_named_you(name) and self._reader_is(seat):
            return you.format(name=pgettext("a player inside a sentence", "you") if inside else _("You"), **args)
        return others.format(name=name, **args)

    def _subject(self, seat: int | None) -> str:
        """A seat's name where it opens a sentence or a clause whose verb does not change with the person
        ("You held Zeus", "Jij had Zeus"): "You" in today's language for the reader who kept that name."""
        return self._said(seat, "{name}", "{name}")

    def _who(self, seat: int | None) -> str:
        """A seat's name inside a sentence or a list ("from you", "Winners: Ann and you"): the word for
        "you" in today's language for the reader who kept the default name, else the seat's name."""
        if is_named_you(self._name(seat)) and self._reader_is(seat):
            return pgettext("a player inside a sentence", "you")
        return self._name(seat)

    def _reader_is(self, seat: int | None) -> bool:
        """Every line at this table is read by `seat`'s player alone: the only human, and not a replay."""
        return not self.replay_mode and len(self.humans) == 1 and seat in self.humans

    def _you(self, seat: int) -> bool:
        """The bottom seat is a human whose private view is on screen."""
        return seat == self.bottom and seat in self.humans and self.gate.may_show(seat)

    def _you_words(self, seat: int) -> str:
        """How a line only `seat` reads names them: "You", or "You (Ann)" when several people share
        the screen and each must know the line is theirs."""
        return _("You") if len(self.humans) == 1 else _("You ({name})").format(name=self._name(seat))

    def _role(self, seat: int) -> str:
        """The words after a seat's name on its plate: (you), (your cards), (AI) or nothing."""
        if self.replay_mode:    # who played it: the record's people and AIs, nobody is "you"
            return role_words(seat, self.names[seat], self.session.human_seats, False)
        return role_words(seat, self.names[seat], self.humans, self._you(seat))

    def _draw_plate(self, surface: pygame.Surface, seat: int, plate: pygame.Rect, right: str,
                    right_colour: tuple[int, int, int], active: bool, tag: str | None = None,
                    text_ratio: float = 0.5, stripe: tuple[int, int, int] | None = None, role_extra: str = "") -> None:
        """`seat`'s name plate (name, role, the game's words at the right) and, while the game goes on and
        the seat is `active`, its ring and tag (`tag` overrides "your turn" / "turn")."""
        plate = draw_name_plate(surface, plate, self.names[seat], self._role(seat) + role_extra, right, right_colour,
                                text_ratio, stripe)
        if active and not self.state.finished:
            self.turn_tag_rect = draw_active_seat(surface, plate, self.pulse_clock, self._you(seat), tag)

    def _common_hint(self, turn: int | None) -> str | None:
        """The hint line's words when the game's own do not apply: the game is over, a results dialog
        is up (nothing stale behind it), or nobody human sits at the bottom (watching)."""
        if self.state.finished:
            return _("The game is over.")
        if self.table_looked:
            return _("Look at the table as long as you like; Results (R) brings the dialog back.")
        if self.overlay_open:
            return ""
        if self.bottom not in self.humans:
            if turn is None:
                return _("Watching.")
            if is_named_you(self._name(turn)) and self._reader_is(turn):
                return _("Watching: {name} are playing.").format(name=_("You"))
            return _("Watching: {name} is playing.").format(name=self._name(turn))
        return None

    # ----- the side columns: the move log and its buttons (left), the controls and the hint line (right) -----
    @property
    def side_boost(self) -> float:
        """How much larger than the table's own words the side columns' are drawn: the player's whole UI
        scale over the table's growth (at 200 % a table grown to 130 % gives 1.54), so the move log, the
        hint line and the buttons beside the table read at the size the menus do, though the cards grow
        less. 1.0 at 100 %, and for a table drawn in part of the window (the review's, whose own panel
        grows only as far as its table)."""
        lay = self.layout
        if lay.size[0] < self.app.size[0]:
            return 1.0
        return max(1.0, ui_scale(lay.size) / lay.scale)

    def side_size(self, base: int) -> int:
        """A text size in the side columns: `base` at 1280x720 at 100 %, grown to the player's whole UI scale
        (the table's `text_size` where that is the same)."""
        boost = self.side_boost
        if boost <= 1.0:
            return self.layout.text_size(base)
        return max(10, int(round(base * self.layout.scale * boost)))

    def control_height(self, table_h: int, rows: int = 1, above: float = 0.0) -> int:
        """A button's height in the controls area: `table_h` (its height at the table's own size) grown to the
        player's whole UI scale, as far as leaves the hint line room under `rows` such buttons (and `above`
        a button's height over them) for `HINT_LINES_KEPT` lines at its own whole size: a short controls area
        (a Tamoul table of five) keeps its words readable before its buttons grow. Never below `table_h`."""
        boost = self.side_boost
        if boost <= 1.0:
            return table_h
        lay = self.layout
        hint_room = HINT_LINES_KEPT * theme.font(self.side_size(self.HINT_SIZE)).get_linesize() + lay.margin
        most = int((lay.controls_rect.height - hint_room - (rows - 1) * lay.margin) / (rows + above))
        return max(table_h, min(int(table_h * boost), most))

    def log_area(self) -> pygame.Rect:
        """Where the move log is drawn: the layout's log rectangle, below the Hint row where that row grew
        down into it with the player's UI scale (the row's top stays where the layout put it)."""
        rect = self.layout.log_rect
        if not self.help_buttons:
            return rect
        top = max(b.rect.bottom for b in self.help_buttons) + self.layout.margin // 2
        if top <= rect.top:
            return rect
        return pygame.Rect(rect.left, top, rect.width, max(0, rect.bottom - top))

    def _draw_cards(self, surface: pygame.Surface, middle: Sequence[CardSprite] = ()) -> None:
        """Every seat's cards, the game's own cards (`middle`: a pile, a trick) and the cards in flight,
        in z order, with a held or hovered card on top."""
        seats = [s for seat in range(self.count) for s in self._seat_zone(seat).sprites()]
        self.renderer.draw_all(surface, seats + list(middle) + self.flying, on_top=self.drag.on_top)

    def _draw_felt(self, surface: pygame.Surface) -> None:
        """The felt under everything; a table may lay on it, in one kept picture, what stands still under
        everything else (Télos: the direction ring)."""
        draw_felt(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the game's table, then the log, controls, corner buttons, card help and any notice on top."""
        if surface.get_size() != self.layout.size:
            self.resize(surface.get_size())
        self._draw_felt(surface)
        self.turn_tag_rect = None
        self._light_hint_cards()
        self._draw_table(surface)
        lay = self.layout
        self.log.draw(surface, self.log_area(), self.side_size(15), smallest=lay.text_size(15))
        if not self.replay_mode:    # a replay's controls corner is the replay viewer's
            self._draw_controls(surface)
        for button in self.buttons + self.help_buttons:
            button.draw(surface)
        self._draw_look_back(surface)
        self._draw_card_help(surface)       # with the focused card drawn large, where the table is too small
        beside_hand = [lay.log_rect.unionall([b.rect for b in self.help_buttons]) if self.help_buttons else lay.log_rect]
        if not self.replay_mode:
            beside_hand.append(lay.controls_rect)
        self.notice_rect = self.drag.draw_notice(surface, lay.text_size(17), keep_clear=[r for r in beside_hand if r.width],
                                                 rise_above=[self.turn_tag_rect] if self.turn_tag_rect else [],
                                                 keep_off=self._notice_keep_off())

    def _notice_keep_off(self) -> list[pygame.Rect]:
        """What a refusal's notice moves aside from: the words a grown table shows beside its centre (a game
        may add more: Tamoul, the other seats' slots)."""
        return list(getattr(self, "centre_words_rects", ()))

    def exit(self) -> None:
        """The table is closing: stop any AI that thinks in its own process."""
        close_agents(self.agents.values())
