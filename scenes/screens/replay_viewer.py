"""The replay viewer: a finished game's record shown again on its own table, every card open.

The viewer hosts the game's table scene (through its manifest, like a game being played) in the kit's
replay mode (scenes/table/replay_mode.py) and owns where the replay stands: position k is the game
after the record's first k moves (game.core.replays.ReplayTimeline). A step forward shows the move
with the table's usual motion; any other jump (back, a round, a step while motion is still running)
opens the table anew at the new position, at rest, so the screen always matches the replayed state.

Controls, in the table's controls corner: ⏮ round back (Up), ◀ move back (Left), ▶/⏸ autoplay
(Space) at the chosen speed, ▶| move forward (Right), ⏭ round forward (Down) and the speed; the
table's corner button says Back (Esc); Review (R) opens the post-game review of this record
(scenes/screens/review.py) where the game's `hard` AI searches. The counter says "Round 2 · move 14 / 37";
under it the latest move in the table's own words, as its log tells it ("Last move: Bion plays 7: 40 → 47").
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from game.core.actions import Action
from game.core.engine import Game
from game.core.replays import ReplayTimeline
from scenes import tables
from scenes.ui.i18n import _, join_names, ngettext, pgettext, translate_message
from scenes.scene import Scene
from scenes.table.base import TableScene
from scenes.table.replay_mode import ReplaySession
from scenes.ui import theme
from scenes.ui.theme import fitting_size
from scenes.ui.widgets import Button, draw_panel, draw_text, ellipsize, label_widths, text_width, wrap_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.replay")

SPEEDS = ("slow", "normal", "fast")
STATUS_LINES = 2        # the latest move in words may take two lines of the panel
SECONDS_PER_MOVE = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
SPEED_ANIMATION = {"slow": 1.3, "normal": 1.0, "fast": 0.45}     # the table's motion keeps up with the speed


def fit_line(candidates: list[str], size: int, width: int, style: str = "sans", smallest: int = 10) -> tuple[str, int]:
    """The first of `candidates` (longest wording first) that fits `width` at `size` or a little smaller,
    down to `smallest`: a heading says less rather than being cut. The last one, shortened, if none fits."""
    for text in candidates:
        for candidate_size in range(size, min(size, smallest) - 1, -1):
            if text_width(text, candidate_size, style) <= width:
                return text, candidate_size
    return ellipsize(candidates[-1], smallest, width, style), smallest


def speed_name(speed: str) -> str:
    """A replay speed as the speed button names it, in the player's language."""
    names = {"slow": pgettext("replay speed", "slow"), "normal": pgettext("replay speed", "normal"),
             "fast": pgettext("replay speed", "fast")}
    return names[speed]


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, icon: str, colour: tuple[int, int, int]) -> None:
    """The media icons drawn as shapes (a font may lack ⏮ ⏭ ⏸): "first", "back", "play", "pause",
    "forward", "last"."""
    size = int(min(rect.w, rect.h) * 0.42)
    cx, cy = rect.center
    half = size // 2

    def triangle(x: int, pointing: int) -> None:      # pointing +1: right, -1: left
        tip = x + pointing * half
        pygame.draw.polygon(surface, colour, [(x - pointing * half, cy - half), (x - pointing * half, cy + half),
                                              (tip, cy)])

    bar_w = max(2, size // 5)
    if icon == "play":
        triangle(cx + size // 8, 1)
    elif icon == "pause":
        for dx in (-size // 4, size // 4):
            pygame.draw.rect(surface, colour, pygame.Rect(cx + dx - bar_w // 2 - 1, cy - half, bar_w + 2, size))
    elif icon == "back":
        triangle(cx, -1)
    elif icon == "forward":
        triangle(cx - bar_w, 1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx + half - bar_w, cy - half, bar_w, size))
    elif icon == "first":
        pygame.draw.rect(surface, colour, pygame.Rect(cx - half - bar_w, cy - half, bar_w, size))
        triangle(cx - half // 2 + bar_w, -1)
        triangle(cx + half // 2 + bar_w, -1)
    elif icon == "last":
        triangle(cx - half // 2 - bar_w, 1)
        triangle(cx + half // 2 - bar_w, 1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx + half, cy - half, bar_w, size))


class IconButton(Button):
    """A button showing a drawn media icon instead of a word."""

    def __init__(self, rect: pygame.Rect, icon: str, on_click: Callable[[], None], *, enabled: bool = True) -> None:
        super().__init__(rect, "", on_click, enabled=enabled, style="secondary")
        self.icon = icon

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_icon(surface, self.rect, self.icon, theme.CREAM if self.enabled else (120, 120, 120))


class ReplayScene(Scene):
    """Steps forward and back through one record on its game's table, in replay mode."""

    def __init__(self, app: "AppServices", game: Game, record: Mapping[str, Any], title: str = "",
                 on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.timeline = ReplayTimeline(game, record)      # RecordError: the record does not replay
        self.title = title or game.title
        self.on_leave = on_leave
        self.k = 0
        self.playing = False
        self.speed = "normal"
        self.wait = 0.0                 # seconds until autoplay's next move, once the table is at rest
        self.controls: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._can_review: bool | None = None
        self.table: TableScene = self._open_table(0)

    # ----- the position ---------------------------------------------------------------------------------
    def _open_table(self, k: int) -> TableScene:
        state = self.timeline.state_at(k)
        table = tables.open_table(self.app, ReplaySession(self.game, state))
        table.replay_exit = self.leave
        table.enter()
        return table

    def jump(self, k: int) -> None:
        """Show position k at rest (a new table: the screen is exactly the replayed state)."""
        k = max(0, min(self.timeline.length, k))
        if k == self.k and self.table.idle:
            return
        self.table.exit()
        self.k = k
        self.table = self._open_table(k)
        self._build_controls()

    def step_forward(self) -> None:
        """The next recorded move with its motion; while the last one still moves, straight to the next position."""
        if self.k >= self.timeline.length:
            self.playing = False
            self._build_controls()
            return
        if not self.table.idle:
            self.jump(self.k + 1)
            return
        move = self.timeline.moves[self.k]
        self.table.replay_step(move.seat, Action.parse(move.text))
        self.k += 1
        self._build_controls()

    def step_back(self) -> None:
        self.playing = False
        self.jump(self.k - 1)

    def round_back(self) -> None:
        self.playing = False
        self.jump(self.timeline.round_start_before(self.k))

    def round_forward(self) -> None:
        self.playing = False
        self.jump(self.timeline.round_start_after(self.k))

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.timeline.length:
            self.jump(0)        # play from the start again
        self.playing = not self.playing
        self.wait = 0.0
        self._build_controls()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._build_controls()

    def _reviewable(self) -> bool:
        if self._can_review is None:
            from game.core.review import can_review

            self._can_review = can_review(self.game)
        return self._can_review

    def open_review(self) -> None:
        """The post-game review of this record, over the viewer (leaving it comes back here)."""
        if not self._reviewable():
            return
        from scenes.screens.review import ReviewScene

        self.playing = False
        self.app.stack.push(ReviewScene(self.app, self.game, self.timeline.record, title=self.title))

    def leave(self) -> None:
        self.playing = False
        if self.on_leave is not None:
            self.on_leave()
        elif len(self.app.stack) > 1:
            self.app.stack.pop()
        else:
            self.app.back_to_title()

    def counter_text(self) -> str:
        """"Round 2 · move 14 / 37": the round on the table and the moves made of the whole record."""
        return _("Round {round} · move {move} / {moves}").format(
            round=self.timeline.round_at(self.k) + 1, move=self.k, moves=self.timeline.length)

    def status_text(self) -> str:
        if self.k == 0:
            return _("The opening deal")
        if self.k >= self.timeline.length:
            record = self.timeline.record
            names = [record["seats"][w]["name"] for w in record["winners"]]
            if not names:
                return _("The end")
            return ngettext("The end · winner: {names}", "The end · winners: {names}", len(names)).format(
                names=join_names(names))
        return self.last_move_text(self.move_words())

    @staticmethod
    def last_move_text(lines: list[str]) -> str:
        return _("Last move: {words}").format(words=" · ".join(lines))

    def move_words(self) -> list[str]:
        """The latest move as the table's log tells it ("Bion plays 7: 40 → 47", then what followed from
        it: "Bion wins the round…"), in the player's language; a move the table logs nothing for, in a
        player's words."""
        lines = self.table.log.move_lines
        if lines:
            return lines
        from game.core.review import describe     # the review's module is loaded when it is needed

        move = self.timeline.moves[self.k - 1]
        who = _("Chance") if move.seat < 0 else self.timeline.record["seats"][move.seat]["name"]
        return [_("{who}: {move}").format(who=who, move=translate_message(describe(move.text)))]

    def status_lines(self, size: int, width: int) -> list[str]:
        """The status in at most STATUS_LINES lines of `width`: the move and all that followed from it
        when that fits, else the move itself (the log beside tells the rest), shortened only if even
        the move alone does not fit."""
        words = self.move_words() if 0 < self.k < self.timeline.length else []
        candidates = [self.status_text()] if not words else [self.last_move_text(words[:n])
                                                             for n in range(len(words), 0, -1)]
        for text in candidates:
            lines = wrap_text(text, size, width)
            if len(lines) <= STATUS_LINES and all(text_width(line, size) <= width for line in lines):
                return lines
        lines = wrap_text(candidates[-1], size, width)
        lines = lines[:STATUS_LINES - 1] + [" ".join(lines[STATUS_LINES - 1:])]
        return [ellipsize(line, size, width) for line in lines]

    # ----- the scene ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._build_controls()

    def exit(self) -> None:
        self.table.exit()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._build_controls()

    def _build_controls(self) -> None:
        """The replay's panel over the table's controls corner: counter, five buttons, speed and Back."""
        area = self.table.layout.controls_rect
        lay = self.table.layout
        self.panel = area.inflate(lay.margin // 2, lay.margin // 2)
        text = lay.text_size(15)
        gap = max(3, lay.margin // 3)
        small = max(10, int(text * 0.85))
        top = area.top + int(text * 3.9 + small * 1.2 * (STATUS_LINES - 1))    # under the status lines
        rows_h = area.bottom - top
        h = max(24, min(int(text * 2.4), (rows_h - gap) // 2))
        w = (area.width - 4 * gap) // 5
        at_start, at_end = self.k <= 0, self.k >= self.timeline.length
        icons = [("first", self.round_back, not at_start), ("back", self.step_back, not at_start),
                 ("pause" if self.playing else "play", self.toggle_play, True),
                 ("forward", self.step_forward, not at_end), ("last", self.round_forward, not at_end)]
        self.controls = [IconButton(pygame.Rect(area.left + i * (w + gap), top, w, h), icon, action, enabled=on)
                         for i, (icon, action, on) in enumerate(icons)]
        y = top + h + gap       # Back (Esc) is the table's corner button in a replay
        reviewable = self._reviewable()
        speed = (_("Speed: {speed}") if reviewable else _("Autoplay speed: {speed}")).format(speed=speed_name(self.speed))
        if reviewable:      # the two buttons share the row by the length of their words
            speed_w, review_w = label_widths([speed, _("Review")], area.width, gap, h)
        else:
            speed_w, review_w = area.width, 0
        self.controls.append(Button(pygame.Rect(area.left, y, speed_w, h), speed, self.next_speed, style="secondary"))
        if reviewable:
            self.controls.append(Button(pygame.Rect(area.right - review_w, y, review_w, h), _("Review"),
                                        self.open_review, style="secondary"))

    def next_change(self) -> float | None:
        """Playing by itself, every frame; paused, only what the table still shows moving."""
        return 0.0 if self.playing else self.table.next_change()

    def update(self, dt: float) -> None:
        factor = SPEED_ANIMATION[self.speed]
        self.table.update(dt / factor if self.playing else dt)
        if not self.playing:
            return
        if not self.table.idle:
            return
        self.wait -= dt
        if self.wait <= 0:
            if self.k >= self.timeline.length:
                self.playing = False
                self._build_controls()
                return
            self.step_forward()
            self.wait = SECONDS_PER_MOVE[self.speed]

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.controls:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_forward, pygame.K_UP: self.round_back,
                pygame.K_DOWN: self.round_forward, pygame.K_SPACE: self.toggle_play, pygame.K_r: self.open_review}
            if event.key in keys:
                keys[event.key]()
                return True
            if event.key == pygame.K_ESCAPE and not self.table.looking_back:
                self.leave()
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.panel.collidepoint(event.pos):
            return True     # the game's own controls lie under the replay's panel
        return self.table.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        lay = self.table.layout
        if self.panel.size == (0, 0) or self.table.layout.size != surface.get_size():
            self._build_controls()
        draw_panel(surface, self.panel, alpha=245)
        text = lay.text_size(15)
        area = lay.controls_rect
        small = max(10, int(text * 0.85))
        heading, heading_size = fit_line([_("Replay · {game}").format(game=self.title), self.title, self.game.title],
                                         small, area.width, "bold", smallest=max(9, small - 3))
        draw_text(surface, heading, (area.left, area.top), heading_size, theme.GOLD, "bold")
        counter = self.counter_text()         # a grown table: the counter gets smaller rather than cut
        counter_size = fitting_size(counter, text, area.width, "bold", smallest=max(9, text - 4))
        draw_text(surface, ellipsize(counter, counter_size, area.width, "bold"),
                  (area.left, area.top + int(text * 1.2)), counter_size, theme.CREAM, "bold")
        for i, line in enumerate(self.status_lines(small, area.width)):
            draw_text(surface, line, (area.left, area.top + int(text * 2.55 + i * small * 1.2)), small, theme.PARCHMENT)
        for button in self.controls:
            button.draw(surface)
        keys_y = self.controls[-1].rect.bottom + lay.margin // 2
        lines = self.key_lines(small, area.width)
        if keys_y + small * 1.3 * len(lines) <= area.bottom:     # room left: the keys, for those who prefer them
            for i, line in enumerate(lines):
                draw_text(surface, line, (area.left, int(keys_y + i * small * 1.3)), small, theme.PARCHMENT)

    def key_lines(self, size: int, width: int) -> list[str]:
        """The keys, as many to a line as fit ("← → a move · ↑ ↓ a round", "Space play · R review · Esc back")."""
        keys = [_("← → a move"), _("↑ ↓ a round")]
        keys += [_("Space play"), _("R review")] if self._reviewable() else [_("Space play / pause")]
        keys.append(_("Esc back"))
        lines: list[str] = []
        for key in keys:
            joined = f"{lines[-1]} · {key}" if lines else key
            if lines and text_width(joined, size) <= width:
                lines[-1] = joined
            else:
                lines.append(key)
        return lines
