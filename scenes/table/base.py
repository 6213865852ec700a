"""TableScene: the scaffolding every game's table shares (DESIGN.md: what two games share moves here).

What the base does:
- Holds the session and the kit every table uses: tweens, sounds, the AI runner, the hand-off gate,
  the move log, the queue of engine events and the hands on screen (`hands`, `flying`).
- Sends every move through `session.apply` (`_apply`: refused moves come back as the engine's
  reason, a failed autosave is a toast and the move stands), then calls `_after_move`.
- Runs the frame (`update`): motion first, then queued events one by one (`_show` calls
  `_on_<event kind>`), and only when the table is idle a new decision (`_when_idle`): the screen is
  checked against the view, the human on turn is seated at the bottom (with a hand-off screen in
  pass-and-play), then AI answers are collected and new AI moves asked for.
- Lays out hands (the bottom hand side by side or overlapping, the others in a row), the Rules and
  Menu buttons, Esc/F1, the results overlay, Play again and closing the AI processes on exit.
- Draws in a fixed order: felt, the game's table, the log, its controls, the corner buttons, card
  help, the drag notice.

What a game's table must provide (abstract methods below): `GAME_ID` and `RNG_NAME`, how the
screen is rebuilt from the view (`_sync_from_view`, `_matches_view`), the very first deal
(`_opening_events`, `_reset_for_deal`), the first log line of a resumed game, its controls
(`_build_controls`, usually starting from `_corner_buttons`), its AI pacing (`_collect_ai`,
`_ask_ai`), when a pass-and-play turn is over and how the hand is hidden then, where an opponent's
cards lie (`_opponent_row`), its `_on_<kind>` event handlers, what it draws (`_draw_table`,
`_draw_controls`, `_draw_card_help`) and `resize`.
"""
from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pygame

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.session import GameSession
from scenes.scene import Scene
from scenes.table.ai_runner import AIResult, AIRunner, close_agents, table_agents
from scenes.table.drag import DragController
from scenes.table.handoff_gate import HandoffGate
from scenes.table.layout import SeatArea, TableLayout, fan_positions, row_positions
from scenes.table.log_panel import LogPanel
from scenes.table.sound import TableSounds
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue
from scenes.widgets import Button, draw_felt, text_width

if TYPE_CHECKING:
    from scenes.app import App


class TableScene(Scene, metaclass=ABCMeta):
    """One game's table: the shared frame loop, move handling and seating; the game fills in the rest."""

    updates_when_covered = False
    GAME_ID = ""            # the game's id: its rules screen, its pause overlay
    RNG_NAME = "table"      # seeds the table's own randomness (AI delays), per game and position
    HAND_SPACING = 1.1      # card widths between the bottom hand's cards when there is room

    layout: TableLayout
    drag: DragController

    def __init__(self, app: "App", session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.game = session.game
        self.names = tuple(seat.name for seat in self.state.seats)
        self.count = len(self.names)
        self.humans = session.human_seats
        self.agents: dict[int, Any] = table_agents(self.game, self.state.seats)
        self.rng = random.Random(f"{self.RNG_NAME}/{self.state.seed}/{self._token()}")
        self.tweens = TweenQueue(lambda: self.app.settings.animation_factor)
        self.sounds = TableSounds(lambda: self.app.settings.sound_volume)
        self.ai = AIRunner()
        self.gate = HandoffGate(app, self.names, self.humans)
        self.log = LogPanel()
        self.events: deque[Event] = deque()
        self.hold = 0.0                 # seconds to wait before the next event is shown
        self.clock = 0.0
        self.overlay_open = False       # a results dialog is up; events wait for it
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer: int | None = None  # whose private view is drawn (None until allowed)
        self.hands: dict[int, list[CardSprite]] = {s: [] for s in range(self.count)}
        self.flying: list[CardSprite] = []     # cards leaving the table
        self.buttons: list[Button] = []
        self.frames = 0

    def _start(self) -> None:
        """Show the game as it stands: the first deal animated on a new game, else where it goes on."""
        self._sync_from_view()
        opening = self._opening_events() if self._token() == 0 else None
        if opening is not None:
            self._reset_for_deal()
            self.events.extend(opening)
        elif not self.state.finished:
            self._log_where_we_are()
        self._build_controls()

    # ----- what a game's table provides ------------------------------------------------------------
    @abstractmethod
    def _sync_from_view(self) -> None:
        """Make the screen match the game now, without animation."""

    @abstractmethod
    def _matches_view(self) -> bool:
        """The screen shows what the view says (checked whenever the table is idle)."""

    @abstractmethod
    def _opening_events(self) -> list[Event] | None:
        """On a game with no move yet: the opening events to show (the deal), or None."""

    @abstractmethod
    def _reset_for_deal(self) -> None:
        """Empty the table so the opening deal can be shown dealt."""

    @abstractmethod
    def _log_where_we_are(self) -> None:
        """A resumed game's first log line."""

    @abstractmethod
    def _build_controls(self) -> None:
        """Place the buttons for the current layout."""

    @abstractmethod
    def _collect_ai(self, token: int) -> None:
        """Apply the AI answers that are ready (and still about position `token`)."""

    @abstractmethod
    def _ask_ai(self, token: int) -> None:
        """Ask the AI seats that are to act, with the game's pacing."""

    @abstractmethod
    def _turn_is_over(self, seat: int) -> bool:
        """Pass-and-play: `seat`'s hand is on screen but must now be hidden."""

    @abstractmethod
    def _hide_bottom_hand(self) -> None:
        """Turn the bottom hand face down until the next hand-off is confirmed."""

    @abstractmethod
    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """Centre and width of the row an opponent's face-down cards lie in."""

    @abstractmethod
    def _draw_table(self, surface: pygame.Surface) -> None:
        """The game's own picture on the felt: the middle, the seats, the cards."""

    @abstractmethod
    def _draw_controls(self, surface: pygame.Surface) -> None:
        """The game's controls area (its buttons and the one-line hint)."""

    @abstractmethod
    def _draw_card_help(self, surface: pygame.Surface) -> None:
        """A card's text above the card it explains, drawn over everything but the notice."""

    # ----- helpers ---------------------------------------------------------------------------------
    def _token(self) -> int:
        """How many actions the game has seen: a stale AI answer carries an older number."""
        return sum(len(r.actions) for r in self.state.rounds)

    def _view(self) -> Any:
        return self.state.view(self.viewer)

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

    def _pause(self, seconds: float) -> None:
        """Let a moment sink in before the next event (scaled like every animation)."""
        self.hold = seconds * self.app.settings.animation_factor

    def _forget(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    # ----- hands -------------------------------------------------------------------------------------
    def _hands_from_view(self, view: Any) -> None:
        """The viewer's hand face up, every other hand as backs, laid out at rest."""
        for seat in range(self.count):
            known = list(view.hand) if seat == self.viewer else [None] * view.hand_sizes[seat]
            self.hands[seat] = [CardSprite(card, flip=1.0 if card is not None else 0.0, tag="hand")
                                for card in known]
            self._layout_hand(seat, animate=False)

    def _hands_match(self, view: Any) -> bool:
        """The hands on screen have the view's sizes, and the viewer's hand its cards."""
        if [len(self.hands[s]) for s in range(self.count)] != list(view.hand_sizes):
            return False
        return self.viewer is None or sorted(str(s.card_id) for s in self.hands[self.viewer]) == sorted(view.hand)

    def _layout_hand(self, seat: int, animate: bool = True) -> None:
        area = self.layout.seats[seat]
        sprites = self.hands[seat]
        if area.side == "bottom":
            spots = fan_positions(len(sprites), area.hand_centre, area.card_width, area.hand_width,
                                  max_spacing=self.HAND_SPACING)
        else:
            centre, width = self._opponent_row(area)
            spots = row_positions(len(sprites), centre, area.card_width, width)
        for i, (sprite, (x, y, rot)) in enumerate(zip(sprites, spots)):
            sprite.rest_at(x, y, rot)
            sprite.width = area.card_width
            sprite.owner = seat
            sprite.z = 100 + i if area.side == "bottom" else 50 + i
            self._send_home(sprite, animate, 0.25)
        if seat == self.bottom:
            self.drag.set_cards(sprites)

    def _send_home(self, sprite: CardSprite, animate: bool, seconds: float) -> None:
        """A card goes to its resting place at full size: gliding there, or at once (a new layout)."""
        if animate:
            x, y, rot = sprite.home
            self.tweens.add(sprite, seconds, x=x, y=y, rotation=rot, scale=1.0)
        else:
            self.tweens.cancel(sprite)
            sprite.snap_home()
            sprite.scale = 1.0

    # ----- controls ----------------------------------------------------------------------------------
    def _corner_buttons(self, min_height: int) -> list[Button]:
        """Rules and Menu, side by side in the corner."""
        corner = self.layout.corner_rect
        gap = self.layout.margin
        w = (corner.width - gap) // 2
        h = max(min_height, int(corner.height * 0.9))
        return [
            Button(pygame.Rect(corner.left, corner.top, w, h), "Rules", self.open_rules, style="secondary"),
            Button(pygame.Rect(corner.left + w + gap, corner.top, w, h), fitting_label(("Menu (Esc)", "Menu"), w, h),
                   self.open_pause, style="secondary"),
        ]

    def open_rules(self) -> None:
        from scenes.rules_screen import RulesScene

        self.app.stack.push(RulesScene(self.app, self.GAME_ID))

    def open_pause(self) -> None:
        from scenes.pause import PauseOverlay

        self.drag.cancel()
        self.app.stack.push(PauseOverlay(self.app, self.GAME_ID, self.session))

    def _handle_menu_keys(self, event: pygame.event.Event) -> bool:
        """Esc opens the pause menu, F1 the rules."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
        return False

    # ----- actions ----------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> str | None:
        """Carry out a move through the session (autosaved); None when done, else the reason it is refused."""
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

    def _after_move(self, seat: int, action: Action) -> None:
        """A move was made: pending AI answers and any drag are stale; the bottom hand loses its focus."""
        self.ai.cancel()
        self.drag.cancel()
        if seat == self.bottom:
            self._release_focus()

    def _release_focus(self) -> None:
        """The played card's place now holds another card: nothing stays lifted."""
        self.drag.focus = None
        self.drag.set_cards(self.drag.sprites)

    def _human_may_act(self) -> bool:
        return (self.bottom in self.humans and self.gate.may_show(self.bottom) and self.idle
                and not self.state.finished)

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
        # Show queued events one after another, each once the previous motion is over.
        while self.events and not self.tweens.busy and self.hold <= 0 and not self.overlay_open:
            self._show(self.events.popleft())
        if self.idle:
            self._when_idle()
        self.drag.enabled = self._human_may_act()
        self._after_frame()

    def _tick(self, dt: float) -> None:
        """The game's own clocks, before queued events are shown."""

    def _after_frame(self) -> None:
        """The game's own touches once the frame's events and decisions are done."""

    def _when_idle(self) -> None:
        if self.state.finished:
            return
        if not self._matches_view():
            self._sync_from_view()
        else:
            self._refresh_from_view()
        self._before_seating()
        self._choose_bottom_seat()
        if self.gate.waiting:
            return
        token = self._token()
        self._collect_ai(token)
        if self._token() != token:
            return
        self._ask_ai(token)

    def _refresh_from_view(self) -> None:
        """The screen matches the view: the game may still refresh its words and markers from it."""

    def _before_seating(self) -> None:
        """Whatever must happen before the bottom seat is chosen (and a hand-off possibly asked)."""

    def _hand_off_may_start(self) -> bool:
        """The human on turn may be asked to take the seat now."""
        return True

    def _choose_bottom_seat(self) -> None:
        """The human on turn sits at the bottom; a new one gets the hand-off screen first."""
        turn = self.state.turn
        wanted = turn if turn in self.humans else self.bottom
        if wanted != self.bottom:
            self.bottom = wanted
            self._sync_from_view()
            self._build_controls()
        if turn == self.bottom and not self.gate.may_show(self.bottom) and not self.gate.waiting:
            if self._hand_off_may_start():
                self.gate.request(self.bottom, "It is their turn.")
        elif turn != self.bottom and self._turn_is_over(self.bottom):
            self._hide_bottom_hand()
        if self.viewer != (self.bottom if self.gate.may_show(self.bottom) else None):
            self._sync_from_view()

    def _fresh_ai_answers(self, token: int) -> Iterator[tuple[AIResult, list[Action]]]:
        """AI answers still about position `token` (a stale one is dropped), each with its seat's legal moves."""
        for result in self.ai.ready():
            if result.token != token or self.state.finished:
                continue
            yield result, self.state.legal_actions(result.seat)

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
        self._draw_table(surface)
        lay = self.layout
        self.log.draw(surface, lay.log_rect, lay.text_size(15))
        self._draw_controls(surface)
        for button in self.buttons:
            button.draw(surface)
        self._draw_card_help(surface)
        self.drag.draw_notice(surface, lay.text_size(17))

    # ----- events -> motion ---------------------------------------------------------------------------------
    def _show(self, event: Event) -> None:
        event = event.for_seat(self.viewer)
        handler: Callable[[Event], None] | None = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            handler(event)

    def _open_results(self, title: str, subtitle: str, rows: list[tuple[str, str]],
                      buttons: list[tuple[str, Callable[[], None]]], delay: float) -> None:
        """Round or game result, once the motion so far has landed; events wait until it is closed."""
        def show() -> None:
            from scenes.results import ResultsOverlay

            self.app.stack.push(ResultsOverlay(self.app, title, rows, buttons, subtitle))

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
