"""The guided first game ("Learn to play"), for any game's table.

A tutorial is data (`Tutorial`): a prepared position given to the engine's public constructor
(`Game.from_position`: the round's deal and how it stands now, whoever the learner's name would make
first), and a script: the learner's steps (`Step`: the move wanted, what
to do and why, what to say when another legal move is tried) between the opponents' moves
(`Scripted`). Every move goes through the engine, so the script cannot break a rule unnoticed (the
tests replay it).

`TutorialTable` is mixed in front of a game's table class (`class ZeusTutorialTable(TutorialTable,
ZeusTableScene)`). It changes only three things of the real table:
- the opponents' agents play the script (`ScriptedAgent`), so every step is the same every time;
- `_apply` for the learner: an illegal move gets the engine's reason as in a real game; a legal move
  other than the step's is taken back, and the bubble says the step's "You could, but then…"
  (nothing moves); the
  wanted move is played and the next step begins;
- a coach bubble (one or two short lines) stands by the card or place the step is about, which is
  lit; the game's table says where that is (`_tutorial_target`).
The learner can leave with Esc (the pause menu, which says that leaving keeps the step: a tutorial is
no saved game) at any time; each step reached is remembered (game/core/tutorials.py) so "Learn to
play" starts again there, and the end is remembered too. Once the script is played out, the round's
results close the tutorial: the next round's deal is not shown, so the closing words stand over the
finished round. There is no Undo (a wrong move is never played), and Hint shows the step's move
rather than asking an AI.
"""
from __future__ import annotations

from abc import ABCMeta, abstractmethod

import logging
import math
import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import pygame

from game.core.actions import Action
from game.core.engine import Game, SeatInfo, State, json_copy
from game.core.tutorials import remember
from scenes.screens.pause import PauseOverlay
from scenes.table.text import blit_text
from scenes.ui import theme
from scenes.ui.i18n import N_, _
from scenes.ui.widgets import wrap_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.tutorial")
LEARNER = 0     # the learner sits in seat 0, at the bottom
TAKEN_BACK_SECONDS = 6.0    # how long the bubble says why a move was taken back


class _Move:
    action: str     # in record notation ("play 4", "sneak 8")

    @property
    def wanted(self) -> Action:
        return Action.parse(self.action)


@dataclass(frozen=True)
class Step(_Move):
    """One move the learner makes: `action`, `say` (what to do and why, marked with N_), `why_not` (said
    when another legal move is tried)."""

    action: str
    say: str
    why_not: str


@dataclass(frozen=True)
class Scripted(_Move):
    """An opponent's move, played by its scripted agent when the game asks that seat."""

    seat: int
    action: str


@dataclass(frozen=True)
class Tutorial:
    """A whole guided game: the deal, the script, the closing tip."""

    game_id: str
    opponents: tuple[str, ...]              # the other seats' names (seat 1, 2, …)
    options: Mapping[str, Any]
    deal: Mapping[str, Any]                 # the round setup object of the game's record
    now: Mapping[str, Any]                  # the position's `now`: the game's own keys for where play stands
    script: tuple[Step | Scripted, ...]
    tip: str                                # one strategy tip, shown at the end (N_)
    seed: int = 1

    def seats(self, learner_name: str, level: str = "easy") -> list[SeatInfo]:
        """The learner, then the opponents as AI seats of `level` (their agents play the script)."""
        return [SeatInfo(learner_name, "human")] + [SeatInfo(name, f"ai:{level}") for name in self.opponents]

    def position(self, learner_name: str, level: str = "easy") -> dict[str, Any]:
        """The prepared deal as a position of the first round, nothing played yet."""
        return {"game": self.game_id, "seats": [s.to_json() for s in self.seats(learner_name, level)],
                "options": dict(self.options), "seed": self.seed,
                "rounds": [{"setup": json_copy(self.deal), "actions": [], "score": None}],
                "totals": [0] * (len(self.opponents) + 1), "winners": [], "finished": False,
                "now": json_copy(self.now)}

    def step_indexes(self) -> list[int]:
        """Where in the script each learner step stands."""
        return [i for i, move in enumerate(self.script) if isinstance(move, Step)]

    def state_at(self, game: Game, learner_name: str, index: int = 0) -> State:
        """The prepared deal with the first `index` moves of the script played (a restart at a step)."""
        state = game.from_position(self.position(learner_name, first_game_level(game)))
        for move in self.script[:index]:
            state.apply(LEARNER if isinstance(move, Step) else move.seat, move.wanted)
        return state


def open_tutorial_table(app: "AppServices", table_class: type, tutorial: Tutorial, at: int,
                        on_finished: Callable[[], None]) -> Any:
    """A game's tutorial table (`table_class`) started at script position `at` (0: the deal), for the
    learner's name from the settings; `on_finished` runs at the end."""
    from game.core.session import GameSession
    from scenes.screens.setup import default_player_name

    game = app.catalog.games[tutorial.game_id]
    state = tutorial.state_at(game, default_player_name(app.settings.player_name), at)
    return table_class(app, GameSession(game, state), tutorial, at, on_finished)


def first_game_level(game: Game) -> str:
    """The gentlest AI a first game is played against: Easy where the game has it, else its first level
    (Beginner)."""
    levels = list(game.agent_levels())
    return "easy" if "easy" in levels else levels[0]


def offered(state: State, seat: int, action: Action) -> bool:
    """`action` is open to `seat` now: listed, or legal where the engine lists only samples (a grouping)."""
    if action in state.legal_actions(seat):
        return True
    return not state.lists_all_actions(seat) and state.why_illegal(seat, action) is None


class ScriptedAgent:
    """An opponent who plays its next scripted move when the legal list offers it, and lets every other
    offer (a reaction it was not scripted to take) pass."""

    name = "scripted"

    def __init__(self, seat: int, next_move: Callable[[], Step | Scripted | None]) -> None:
        self.seat = seat
        self.next_move = next_move

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        move = self.next_move()
        if isinstance(move, Scripted) and move.seat == self.seat:
            # A decision the engine lists only by samples (an Elios grouping) is offered by its verb; the
            # engine checks the move itself when the table applies it.
            if move.wanted in legal_actions or any(a.verb == move.wanted.verb for a in legal_actions):
                return move.wanted
        if optional:
            return None
        raise RuntimeError(f"the tutorial script has no move for seat {self.seat} here")


@dataclass
class Coach:
    """Where the tutorial is: the script position and whether the end was reached."""

    tutorial: Tutorial
    at: int = 0
    done: bool = False
    refusals: list[str] = field(default_factory=list)    # every "why not" said, for the tests

    @property
    def move(self) -> Step | Scripted | None:
        return self.tutorial.script[self.at] if self.at < len(self.tutorial.script) else None

    @property
    def step(self) -> Step | None:
        move = self.move
        return move if isinstance(move, Step) else None

    @property
    def step_number(self) -> int:
        """The learner's step now (0-based), counting only their own moves."""
        return sum(1 for m in self.tutorial.script[:self.at] if isinstance(m, Step))


class TutorialPause(PauseOverlay):
    """The pause menu over a tutorial: it says what leaving keeps (the step), and offers no saving (a
    tutorial's prepared deal is no saved game)."""

    def __init__(self, app: "AppServices", game_id: str, coach: Coach) -> None:
        self.coach = coach
        super().__init__(app, game_id, None)

    def restart_step(self) -> int:
        """The step number (1-based) "Learn to play" starts again at after leaving now: the learner's
        step under way, or the one just played while the others answer it."""
        indexes = self.coach.tutorial.step_indexes()
        return max((n for n, i in enumerate(indexes) if i <= self.coach.at), default=0) + 1

    def status_line(self) -> str:
        if self.coach.move is None:
            return _("Learn to play {game} · you have finished it").format(game=self.game_title)
        return _("Learn to play {game} · if you leave, you start again at step {n} of {count}").format(
            game=self.game_title, n=self.restart_step(), count=len(self.coach.tutorial.step_indexes()))

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        return [("Resume", _("Resume"), self.resume_game, "primary"),
                ("Rules", _("Rules"), self.show_rules, "secondary"),
                ("Settings", _("Settings"), self.show_settings, "secondary"),
                ("Leave the tutorial", _("Leave the tutorial"), self.app.back_to_title, "secondary"),
                ("Quit", _("Quit"), self.app.quit, "secondary")]


class TutorialTable(metaclass=ABCMeta):
    """Mixed in front of a game's TableScene: scripted opponents, the learner's moves checked against the
    step, the coach bubble. The game's tutorial table gives `_tutorial_target(step)`."""

    coach: Coach

    def __init__(self, app: "AppServices", session: Any, tutorial: Tutorial, at: int,
                 on_finished: Callable[[], None]) -> None:
        """The game's table on `session` (the tutorial's position after `at` script moves)."""
        self.coach = Coach(tutorial, at)
        self._on_tutorial_finished = on_finished
        self._taken_back: tuple[float, str] | None = None    # (until, words): a move just taken back
        self._step_legal: tuple[tuple[int, int], bool] | None = None    # ((token, at), the step may be played)
        self._tutorial_over = False     # the script is played out and its round's results are up or closed
        self.bubble_rect: pygame.Rect | None = None     # where the coach bubble was last drawn
        self._plan: BubblePlan | None = None        # this frame's bubble, once worked out (`_coach_plan`)
        self._planned = False
        super().__init__(app, session)      # type: ignore[call-arg]
        self.agents = {seat: ScriptedAgent(seat, lambda: self.coach.move) for seat in range(1, self.count)}

    def _fresh_state_for_log(self, record: dict[str, Any]) -> Any:
        """A restart's move log is rebuilt from the prepared position, not from a deal by the rules."""
        return self.coach.tutorial.state_at(self.game, self.names[LEARNER], 0)

    # ----- moves ------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> str | None:
        move = self.coach.move
        if seat == LEARNER:
            reason = self.state.why_illegal(seat, self.state.normalize(action))
            if reason is not None:
                return reason       # the engine's own words, as in a real game
            step = self.coach.step
            if step is None or self.state.normalize(action) != step.wanted:
                if step is None:
                    return _("wait a moment: the others are playing")
                self.coach.refusals.append(_(step.why_not))
                self._taken_back = (self.clock + TAKEN_BACK_SECONDS, _(step.why_not))
                return ""       # the card springs back without a notice: the coach bubble says why
        elif not isinstance(move, Scripted) or move.seat != seat or self.state.normalize(action) != move.wanted:
            return _("wait a moment: the others are playing")
        reason = super()._apply(seat, action)    # type: ignore[misc]
        if reason is None:
            self._taken_back = None     # the next step's words, not the last refusal's
            self.coach.at += 1
            self._tutorial_reached()
        return reason

    def _notice(self, reason: str, seat: int | None = None, where: tuple[int, int] | None = None,
                advice: bool = False) -> None:
        """A move taken back ("", from a button such as Ready) is said in the coach bubble, not in an
        empty notice box."""
        if reason:
            super()._notice(reason, seat, where, advice)     # type: ignore[misc]

    def _tutorial_reached(self) -> None:
        """Remember the step reached (the learner's next one), or the end."""
        tutorial = self.coach.tutorial
        path = self.app.dirs.config / "tutorials.json"
        try:
            if self.coach.move is None:
                self.coach.done = True
                remember(path, tutorial.game_id, step=0, finished=True, offered=True)
            elif isinstance(self.coach.move, Step):
                remember(path, tutorial.game_id, step=self.coach.at, offered=True)
        except OSError as exc:     # the tutorial goes on; only a restart would begin earlier
            log.warning("tutorial progress not kept: %s", exc)

    def _reaction_due(self) -> Any:
        """A reaction the step waits for stays open until the learner takes it (no clock to beat)."""
        window = super()._reaction_due()      # type: ignore[misc]
        step = self.coach.step
        if window is not None and step is not None and step.wanted.verb == window.action.verb:
            window.length = window.left = 10_000.0
        return window

    def _request_ai(self, seat: int, token: int, legal: list[Action], delay: float, optional: bool = False) -> None:
        """In a simultaneous decision (every seat groups at once) a seat is asked only when the script comes
        to its move, so the opponents decide in the script's order."""
        move = self.coach.move
        if optional or (isinstance(move, Scripted) and move.seat == seat):
            super()._request_ai(seat, token, legal, delay, optional)     # type: ignore[misc]

    def _ask_ai(self, token: int) -> None:
        """Once the script is played out the tutorial is over: nobody is asked for another move."""
        if self.coach.move is not None:
            super()._ask_ai(token)      # type: ignore[misc]

    def update(self, dt: float) -> None:
        super().update(dt)      # type: ignore[misc]
        if self.coach.done and self.idle and self.app.stack.top is self:
            self.coach.done = False
            self._on_tutorial_finished()

    def _on_round_ended(self, event: Any) -> None:
        """The script's round is over: its results are the tutorial's last dialog. What the engine
        queued after it (the next round's deal, or the game's end) is not shown, so the closing words
        stand over the finished round, not over a new deal."""
        if self.coach.move is None:
            self._tutorial_over = True
            self.events.clear()
        super()._on_round_ended(event)      # type: ignore[misc]

    def _round_result(self, event: Any) -> Any:
        """The round's results as in a real game; once the script is over its button goes on to the end."""
        words = super()._round_result(event)      # type: ignore[misc]
        if words is not None and self.coach.move is None:
            words = replace(words, next_label=N_("Go on"))
        return words

    def _when_idle(self) -> None:
        """After the script's last round nothing is dealt, synced or asked: the tutorial is over."""
        if not self._tutorial_over:
            super()._when_idle()        # type: ignore[misc]

    def press_hint(self) -> None:
        """Hint (H) in a tutorial is the step itself: its cards glow and the bubble says it again. No AI
        is asked: it might advise another move, which the step would then take back."""
        step = self.coach.step
        if step is None or not self._coach_visible():
            super().press_hint()        # type: ignore[misc]
            return
        self._taken_back = None
        self.hint_action = (self._token(), step.wanted)

    def _hint_reason(self, action: Action) -> str:
        """The hint line names no AI in a tutorial: the hinted move is the step's, which the note explains."""
        step = self.coach.step
        if step is not None and action == step.wanted:
            return _("the move lit on the table, as the note beside it says")
        return super()._hint_reason(action)        # type: ignore[misc]

    def _undo_offered(self) -> bool:
        """No Undo in a tutorial: a move other than the step's is never played, and the script goes on."""
        return False

    def open_pause(self) -> None:
        """Esc: the tutorial's pause menu (no session: a tutorial is not a game to save; leaving it keeps
        the step reached)."""
        self.drag.cancel()
        self.app.stack.push(TutorialPause(self.app, self.GAME_ID, self.coach))

    # ----- the coach bubble ---------------------------------------------------------------------------
    @abstractmethod
    def _tutorial_target(self, step: Step) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The game's answer: the rects to light, and the one the bubble stands beside."""

    def _coach_visible(self) -> bool:
        """The learner is to make the step's move now (the engine would take it), and nothing is moving."""
        step = self.coach.step
        if step is None or not self.idle or LEARNER not in self.state.to_act():
            return False
        key = (self._token(), self.coach.at)
        if self._step_legal is None or self._step_legal[0] != key:
            self._step_legal = (key, self.state.why_illegal(LEARNER, step.wanted) is None)
        return self._step_legal[1]

    def coach_words(self) -> tuple[str, str]:
        """The bubble's heading and lines now: the step, or why the last move was taken back."""
        step = self.coach.step
        assert step is not None
        if self._taken_back is not None and self.clock < self._taken_back[0]:
            return _("Not that one"), self._taken_back[1]
        steps = len(self.coach.tutorial.step_indexes())
        return _("Step {n} of {count}").format(n=self.coach.step_number + 1, count=steps), _(step.say)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the coach bubble over it. The bubble's place is worked out while the table is
        drawn (`_coach_plan`), before the enlarged card (card_zoom.py) is placed, so that card can stand
        clear of it; where that card finds no room apart from the bubble, the bubble moves off it."""
        self._planned = False
        super().draw(surface)       # type: ignore[misc]
        self.bubble_rect = None
        plan = self._coach_plan(surface.get_size())
        if plan is None:
            return
        zoom = self.zoom_rect
        if zoom is not None and zoom.colliderect(plan.box):
            plan = replace(plan, box=place_bubble(surface.get_rect(), plan.box.size, plan.beside,
                                                  plan.keep_clear + [zoom], plan.pad))
        self.bubble_rect = paint_bubble(surface, plan)

    def _draw_card_help(self, surface: pygame.Surface) -> None:
        """What the step is about is lit in gold over the table, under a card's help box and the enlarged
        card (which may stand over it)."""
        plan = self._coach_plan(surface.get_size())
        if plan is not None:
            pulse = 3 + int(2 * abs(((self.clock * 2) % 2) - 1))
            for rect in plan.lit:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(12, 12), width=pulse, border_radius=10)
        super()._draw_card_help(surface)        # type: ignore[misc]

    def _coach_plan(self, window: tuple[int, int]) -> "BubblePlan | None":
        """This frame's bubble: its words, what it lights and where it stands, ignoring the enlarged card
        (worked out once a frame, when first asked). None: no bubble now (no step to make, something
        moving, or a refusal's notice to read first, uncovered)."""
        if self._planned:
            return self._plan
        self._planned, self._plan = True, None
        if not self._coach_visible() or (self.drag.notice is not None and self.drag.notice.text):
            return None
        step = self.coach.step
        assert step is not None
        lit, beside = self._tutorial_target(step)
        heading, words = self.coach_words()
        self._plan = plan_bubble(pygame.Rect((0, 0), window), heading, words, beside, self.layout.text_size(17),
                                 self.layout.scale, lit, lit + self._tutorial_keep_clear())
        return self._plan

    def _zoom_keep_clear_if_room(self) -> list[pygame.Rect]:
        """The enlarged card keeps off the coach bubble wherever the window leaves it room."""
        plan = self._coach_plan(self.layout.size)
        return [plan.box] if plan is not None else []

    def _tutorial_keep_clear(self) -> list[pygame.Rect]:
        """What the coach bubble keeps clear of, besides what it lights: every name plate, the learner's
        turn tag, their cards, the controls beside the hand (buttons and the hint line), the move log
        and the buttons above it and in the corner. A game adds its own places (the trick, the words in
        the middle)."""
        lay = self.layout
        rects = [area.plate for area in lay.seats.values()] + [lay.controls_rect, lay.log_rect]
        if self.turn_tag_rect is not None:
            rects.append(self.turn_tag_rect)
        rects += [sprite.rect() for sprite in self.hands.get(LEARNER, [])]
        buttons = self.seat_buttons + self.help_buttons + self.buttons
        return [r for r in rects + [button.rect for button in buttons] if r.width and r.height]


def place_bubble(area: pygame.Rect, size: tuple[int, int], beside: pygame.Rect,
                 keep_clear: Sequence[pygame.Rect], pad: int) -> pygame.Rect:
    """Where a bubble of `size` stands inside `area`: as near `beside` as it can, above it (or above
    whatever it must keep clear of there, such as the learner's name plate), else below it, sliding
    sideways to keep clear of `beside` and `keep_clear`. When no place is clear, the one covering the least."""
    w, h = size
    inside = area.inflate(-2 * pad, -2 * pad)
    keep_clear = [beside, *keep_clear]     # never over what it is about
    tops = [beside.top - pad - h]
    tops += sorted({r.top - pad - h for r in keep_clear if r.top < beside.top}, reverse=True)
    tops.append(beside.bottom + pad)
    step = max(8, w // 8)
    best: tuple[int, float, pygame.Rect] | None = None
    for top in tops:
        for k in range(area.width // step + 1):
            for dx in ((0,) if k == 0 else (k * step, -k * step)):
                box = pygame.Rect(0, top, w, h)
                box.centerx = beside.centerx + dx
                box.clamp_ip(inside)
                covered = sum(c.width * c.height for c in (box.clip(r) for r in keep_clear))
                far = math.hypot(box.centerx - beside.centerx, box.centery - beside.centery)
                if best is None or (covered, far) < best[:2]:
                    best = (covered, far, box)
    assert best is not None
    return best[2]


@dataclass(frozen=True)
class BubblePlan:
    """A coach bubble worked out but not yet drawn: its words wrapped, what it lights, and its place."""

    heading: str
    lines: tuple[str, ...]
    size: int                       # the words' font size
    lit: list[pygame.Rect]          # what the step lights (gold rings)
    beside: pygame.Rect             # what the bubble stands beside and points at
    keep_clear: list[pygame.Rect]   # what it keeps clear of (`place_bubble`)
    pad: int
    box: pygame.Rect                # where it stands


def plan_bubble(area: pygame.Rect, heading: str, text: str, beside: pygame.Rect, size: int, scale: float,
                lit: Sequence[pygame.Rect] = (), keep_clear: Sequence[pygame.Rect] = ()) -> BubblePlan:
    """The bubble's words wrapped to its width and its place in `area` (see `place_bubble`)."""
    pad = max(6, int(12 * scale))
    box_w = min(area.width - 2 * pad, max(int(360 * scale), 240))
    lines = tuple(wrap_text(text, size, box_w - 2 * pad, "sans"))
    small = max(10, int(size * 0.8))
    box_h = pad * 2 + int(small * 1.3) + int(size * 1.25) * len(lines)
    box = place_bubble(area, (box_w, box_h), beside, keep_clear, pad)
    return BubblePlan(heading, lines, size, list(lit), beside, list(keep_clear), pad, box)


def paint_bubble(surface: pygame.Surface, plan: BubblePlan) -> pygame.Rect:
    """The parchment speech bubble of `plan` at its place, its tip pointing at what it stands beside;
    returns where it was drawn."""
    box, pad, size = plan.box, plan.pad, plan.size
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*theme.PARCHMENT, 245), shade.get_rect(), border_radius=10)
    surface.blit(shade, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=10)
    tip_x = max(box.left + 14, min(box.right - 14, plan.beside.centerx))
    if box.bottom <= plan.beside.top:
        points = [(tip_x - 8, box.bottom - 1), (tip_x + 8, box.bottom - 1), (tip_x, box.bottom + 9)]
    else:
        points = [(tip_x - 8, box.top + 1), (tip_x + 8, box.top + 1), (tip_x, box.top - 9)]
    pygame.draw.polygon(surface, theme.PARCHMENT, points)
    small = max(10, int(size * 0.8))
    y = box.top + pad
    blit_text(surface, plan.heading, (box.left + pad, y), small, theme.TERRACOTTA_DARK, "bold", "topleft")
    y += int(small * 1.3)
    for line in plan.lines:
        blit_text(surface, line, (box.left + pad, y), size, theme.INK, "sans", "topleft")
        y += int(size * 1.25)
    return box


def draw_bubble(surface: pygame.Surface, heading: str, text: str, beside: pygame.Rect, size: int,
                scale: float, keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A parchment speech bubble beside `beside` (see `place_bubble`), kept inside the window, its tip
    pointing at it."""
    return paint_bubble(surface, plan_bubble(surface.get_rect(), heading, text, beside, size, scale, (), keep_clear))
