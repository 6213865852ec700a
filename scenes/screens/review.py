"""The Review screen: one player's moves of a finished game, judged by the `hard` AI from that player's view.

Left, the game's own table (the kit's replay mode) at the selected move, as the reviewed player saw it:
their own cards face up, everyone else's face down, the log as they read it. Right, the review: a
progress bar while the analysis runs, the player's moves round by round (a marked move is flagged in
words and colour), and the selected move's verdict: what was played, what `hard` would have played and
the estimated difference.

The analysis runs in its own process (game/core/review_worker.py): a frame only reads what has arrived,
so nothing waits on it, and moves can be browsed while the rest is still being analysed. Leaving the
screen (or reviewing another seat) ends the analysis.

Keys: ↑ ↓ a move, Page Up/Down a page of moves, N / P the next / previous marked move, Tab another
seat (when several could be reviewed), Esc back. Mouse: click a move, wheel scrolls the list, buttons.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from game.core.engine import Game
from game.core.replays import ReplayTimeline
from game.core.review import MARK_THRESHOLD, MoveReview, describe, review_judge, reviewable_seats, scale_of
from game.core.review_worker import BackgroundReview
from scenes import tables
from scenes.ui.i18n import _, is_named_you, ngettext, translate_message
from scenes.scene import Scene
from scenes.table.replay_mode import ReplaySession
from scenes.table.layout import table_ui_scale
from scenes.ui import theme
from scenes.screens.replay_viewer import fit_line
from scenes.ui.widgets import MUTED, Button, draw_panel, draw_text, ellipsize, label_widths, text_width, wrap_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.review")

MARK_COLOUR = (255, 150, 110)       # a marked move's words (also flagged with "!" and the verdict text)
AGREE_COLOUR = (150, 210, 150)
BAR_FILL = (200, 150, 60)


@dataclass
class Row:
    """One line of the move list: a round heading, or a reviewed move."""

    text: str
    move: MoveReview | None = None


class ReviewScene(Scene):
    """Review one seat of a finished record; the table shows the selected move's position."""

    def __init__(self, app: "AppServices", game: Game, record: Mapping[str, Any], title: str = "",
                 seat: int | None = None, on_leave: Callable[[], None] | None = None,
                 iterations: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.timeline = ReplayTimeline(game, record)      # RecordError: the record does not replay
        self.record = self.timeline.record
        self.title = title or game.title
        self.on_leave = on_leave
        self.iterations = iterations
        self.seats = reviewable_seats(self.record)
        self.seat = seat if seat is not None else self.seats[0]
        self.names = [str(s["name"]) for s in self.record["seats"]]
        self.worker: BackgroundReview | None = None
        # The game's judge, here only for its words (an Elios group, a Tamoul slot) and for what it
        # leaves unjudged; the review itself runs in the worker's process.
        self.judge = review_judge(game, 1)
        self._move_words: dict[tuple[int, int, str], str] = {}
        self.selected = 0               # index into the reviewed moves
        self.scroll = 0                 # first row of the move list shown
        self.buttons: list[Button] = []
        self.row_rects: list[tuple[pygame.Rect, int]] = []      # (rect, move number) of the rows shown
        self.size = (0, 0)
        self.table: Any = None
        self.table_k = -1
        self._start_review()

    # ----- the analysis --------------------------------------------------------------------------
    def _start_review(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.worker = BackgroundReview(self.game.id, self.record, self.seat, iterations=self.iterations)
        self.selected = 0
        self.scroll = 0
        log.info("review of %s, seat %d started", self.game.id, self.seat)

    @property
    def moves(self) -> list[MoveReview]:
        return self.worker.progress.moves if self.worker is not None else []

    def next_seat(self) -> None:
        if len(self.seats) < 2:
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self._start_review()
        self._show_position()
        self._build()

    # ----- selection -----------------------------------------------------------------------------
    def select(self, index: int) -> None:
        if not self.moves:
            return
        self.selected = max(0, min(len(self.moves) - 1, index))
        self._keep_selected_visible()
        self._show_position()
        self._build()

    def step(self, delta: int) -> None:
        self.select(self.selected + delta)

    def jump_marked(self, direction: int) -> None:
        """The next (1) or previous (-1) marked move, from the selected one."""
        order = range(self.selected + 1, len(self.moves)) if direction > 0 else range(self.selected - 1, -1, -1)
        for i in order:
            if self.moves[i].marked:
                self.select(i)
                return

    def leave(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        if self.on_leave is not None:
            self.on_leave()
        elif len(self.app.stack) > 1:
            self.app.stack.pop()
        else:
            self.app.back_to_title()

    # ----- the table -----------------------------------------------------------------------------
    def position_index(self) -> int:
        """The record position shown: just before the selected move (the opening deal before any)."""
        if not self.moves:
            return 0
        return self.moves[self.selected].index

    def _show_position(self) -> None:
        k = self.position_index()
        if k == self.table_k and self.table is not None:
            return
        if self.table is not None:
            self.table.exit()
        table = tables.open_table(self.app, ReplaySession(self.game, self.timeline.state_at(k)))
        table.replay_exit = self.leave
        table.show_as_seen_by(self.seat)      # a move is judged by what its player knew: show no more
        table.enter()
        self.table, self.table_k = table, k

    def _card_words(self) -> Any:
        """The table's own names for cards where it has them ("9 Terracotta" for Télos's 9a)."""
        return getattr(self.table, "card_label", None)

    def words(self, move_text: str, move: MoveReview | None = None) -> str:
        """A move as the player reads it, in the player's language. A game whose judge has its own words
        reads the move against the position it was made in (which group "place 2" is)."""
        describer = getattr(self.judge, "describe", None)
        if describer is None or move is None:
            return translate_message(describe(move_text, self._card_words()))
        key = (self.seat, move.index, move_text)
        if key not in self._move_words:
            view = self.timeline.state_at(move.index).view(self.seat)
            self._move_words[key] = translate_message(describer(move_text, view, self._card_words()))
        return self._move_words[key]

    # ----- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        width, height = self.size = self.app.size
        s = self.s = table_ui_scale(self.size)     # its panel beside a table grows as far as the table does
        self.pad = max(6, int(14 * s))
        panel_w = min(width // 2, max(int(width * 0.36), 290))
        self.table_rect = pygame.Rect(0, 0, width - panel_w, height)
        self.panel = pygame.Rect(width - panel_w, 0, panel_w, height)
        self.inner = self.panel.inflate(-2 * self.pad, -2 * self.pad)
        self.text = max(12, int(17 * s))
        self.small = max(11, int(14 * s))
        self.heading = max(14, int(22 * s))
        inner = self.inner
        button_h = max(26, int(38 * s))
        gap = max(4, int(8 * s))
        # Buttons at the foot: ◀ ▶ and "Next mistake" on one row, seat and Back below.
        bottom = inner.bottom - button_h
        labels = [_("◀ Move"), _("Move ▶"), _("Next mistake")]
        back_w, forward_w, mistake_w = label_widths(labels, inner.w, gap, button_h, "bold")   # shared by their words
        row_y = bottom - button_h - gap
        self.buttons = [
            Button(pygame.Rect(inner.x, row_y, back_w, button_h), labels[0],
                   lambda: self.step(-1), enabled=self.selected > 0, style="secondary"),
            Button(pygame.Rect(inner.x + back_w + gap, row_y, forward_w, button_h), labels[1],
                   lambda: self.step(1), enabled=self.selected < len(self.moves) - 1, style="secondary"),
            Button(pygame.Rect(inner.right - mistake_w, row_y, mistake_w, button_h), labels[2],
                   lambda: self.jump_marked(1), enabled=any(m.marked for m in self.moves[self.selected + 1:])),
        ]
        half = (inner.w - gap) // 2
        if len(self.seats) > 1:
            self.buttons.append(Button(pygame.Rect(inner.x, bottom, half, button_h),
                                       _("Seat: {name}").format(name=self.names[self.seat]), self.next_seat,
                                       style="secondary"))
        self.buttons.append(Button(pygame.Rect(inner.right - half, bottom, half, button_h), _("Back (Esc)"),
                                   self.leave, style="secondary"))
        self.buttons_top = bottom - button_h - gap

    def _rows(self) -> list[Row]:
        rows: list[Row] = []
        current_round = -1
        for i, move in enumerate(self.moves):
            if move.round_index != current_round:
                current_round = move.round_index
                rows.append(Row(_("Round {round}").format(round=current_round + 1)))
            rows.append(Row(f"{i}", move))
        return rows

    def _keep_selected_visible(self) -> None:
        rows = self._rows()
        at = next((r for r, row in enumerate(rows) if row.move is self.moves[self.selected]), 0)
        shown = max(1, getattr(self, "rows_shown", 8))
        if at < self.scroll:
            self.scroll = max(0, at - 1)
        elif at >= self.scroll + shown:
            self.scroll = at - shown + 1

    # ----- the scene -----------------------------------------------------------------------------
    def enter(self) -> None:
        self._show_position()
        self._build()

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        if self.table is not None:
            self.table.exit()

    def resize(self, size: tuple[int, int]) -> None:
        self._build()

    def next_change(self) -> float | None:
        """While verdicts are still arriving, every frame (the progress bar); then only the table's motion."""
        if self.worker is not None and self.worker.progress.running:
            return 0.0
        return self.table.next_change() if self.table is not None else None

    def update(self, dt: float) -> None:
        if self.worker is not None:
            before = len(self.moves)
            self.worker.poll()
            if before == 0 and self.moves:
                self.select(0)          # the first verdict is in: show its position
            elif len(self.moves) != before:
                self._build()           # buttons depend on what has arrived
        if self.table is not None:
            self.table.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            shown = max(1, getattr(self, "rows_shown", 8))
            keys: dict[int, Callable[[], None]] = {
                pygame.K_UP: lambda: self.step(-1), pygame.K_DOWN: lambda: self.step(1),
                pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_PAGEUP: lambda: self.step(-shown), pygame.K_PAGEDOWN: lambda: self.step(shown),
                pygame.K_HOME: lambda: self.select(0), pygame.K_END: lambda: self.select(len(self.moves) - 1),
                pygame.K_n: lambda: self.jump_marked(1), pygame.K_p: lambda: self.jump_marked(-1),
                pygame.K_TAB: self.next_seat, pygame.K_ESCAPE: self.leave}
            if event.key in keys:
                keys[event.key]()
                return True
        if event.type == pygame.MOUSEWHEEL and self.panel.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self._rows()) - 1, self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.collidepoint(event.pos):
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return True
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and \
                self.table is not None and self.table_rect.collidepoint(event.pos):
            return bool(self.table.handle_event(event))     # the table's own Back, Rules and card help
        return False

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.size != surface.get_size():
            self._build()
        if self.table is not None:
            self.table.draw(surface.subsurface(self.table_rect))
        draw_panel(surface, self.panel, alpha=250)
        inner = self.inner
        y = inner.top
        y = self._draw_heading(surface, y)
        y = self._draw_progress(surface, y + self.pad // 2)
        detail_top = self._detail_top()
        self._draw_list(surface, y + self.pad // 2, detail_top - self.pad // 2)
        self._draw_detail(surface, detail_top)
        for button in self.buttons:
            button.draw(surface)

    def _draw_heading(self, surface: pygame.Surface, y: int) -> int:
        w = self.inner.w
        heading, size = fit_line([_("Review · {game}").format(game=self.title), self.title, self.game.title],
                                 self.heading, w, "bold", smallest=max(12, self.heading * 3 // 4))
        draw_text(surface, heading, (self.inner.x, y), size, theme.GOLD, "bold")
        y += int(self.heading * 1.3)
        name = self.names[self.seat]
        judged = (_("Your moves, judged by the hard AI from what you could see.") if is_named_you(name)
                  else _("{name}'s moves, judged by the hard AI from what {name} could see.").format(name=name))
        for line in wrap_text(judged, self.small, w):
            draw_text(surface, line, (self.inner.x, y), self.small, theme.PARCHMENT)
            y += int(self.small * 1.25)
        return y

    def _draw_progress(self, surface: pygame.Surface, y: int) -> int:
        assert self.worker is not None
        progress = self.worker.progress
        inner = self.inner
        marked = sum(1 for m in self.moves if m.marked)
        if progress.running:
            bar = pygame.Rect(inner.x, y, inner.w, max(8, int(12 * self.s)))
            pygame.draw.rect(surface, (20, 30, 30), bar, border_radius=bar.h // 2)
            filled = bar.copy()
            filled.w = max(bar.h, int(bar.w * progress.fraction))
            pygame.draw.rect(surface, BAR_FILL, filled, border_radius=bar.h // 2)
            y = bar.bottom + max(3, self.pad // 3)
            if progress.total:
                text = _("Analysing move {done} of {total}… {marked} marked so far").format(
                    done=progress.done, total=progress.total, marked=marked)
            else:
                text = _("Analysing move {done}… {marked} marked so far").format(done=progress.done, marked=marked)
        elif progress.finished:
            reviewed = len(self.moves)
            if scale_of(self.game.id).short is not None:    # chances: "in 100", not points
                text = ngettext("{marked} of {count} move marked (where Hard's choice did at least {points} in 100 "
                                "better)", "{marked} of {count} moves marked (where Hard's choice did at least "
                                "{points} in 100 better)", reviewed)
            else:
                text = ngettext("{marked} of {count} move marked (a difference of {points} points or more)",
                                "{marked} of {count} moves marked (a difference of {points} points or more)", reviewed)
            text = text.format(marked=marked, count=reviewed, points=round(100 * MARK_THRESHOLD))
            if progress.not_judged:
                text += " " + ngettext("({count} move not judged)", "({count} moves not judged)",
                                       progress.not_judged).format(count=progress.not_judged)
        elif progress.error:
            text = _("The review failed: {reason}").format(reason=translate_message(progress.error))
        else:
            text = _("The review was stopped.")
        for line in wrap_text(text, self.small, inner.w)[:2]:
            draw_text(surface, line, (inner.x, y), self.small, theme.CREAM)
            y += int(self.small * 1.25)
        note = self.judge.not_judged_note
        if note is not None:        # what this game's review leaves alone, and why
            for line in wrap_text(translate_message(note), self.small, inner.w)[:3]:
                draw_text(surface, line, (inner.x, y), self.small, theme.PARCHMENT)
                y += int(self.small * 1.25)
        return y

    def _detail_lines(self) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """(text, size, colour, style) of the selected move's verdict, wrapped to the panel."""
        if not self.moves:
            return [(_("The first verdicts appear here as soon as they are ready."), self.small, theme.PARCHMENT, "sans")]
        move = self.moves[self.selected]
        w = self.inner.w
        colour = MARK_COLOUR if move.marked else AGREE_COLOUR if move.agreed else theme.CREAM
        lines: list[tuple[str, int, tuple[int, int, int], str]] = [
            (f"{'! ' if move.marked else ''}{translate_message(move.verdict())}", self.text, colour, "bold")]
        played = self.words(move.played, move)
        lines.append((ellipsize(_("Played: {move}").format(move=played), self.small, w), self.small, theme.CREAM, "sans"))
        if not move.agreed:
            best = self.words(move.best, move)
            lines.append((ellipsize(_("Hard: {move}").format(move=best), self.small, w), self.small, theme.CREAM, "sans"))
        explanation = move.explanation(self.game.id, self._card_words(), lambda text: self.words(text, move))
        for line in wrap_text(translate_message(explanation), self.small, w):
            lines.append((line, self.small, theme.PARCHMENT, "sans"))
        return lines

    def _detail_top(self) -> int:
        lines = self._detail_lines()
        height = sum(int(size * 1.3) for _, size, _, _ in lines)
        return self.buttons_top - self.pad // 2 - height

    def _draw_detail(self, surface: pygame.Surface, y: int) -> None:
        pygame.draw.line(surface, (120, 100, 60), (self.inner.x, y - self.pad // 3),
                         (self.inner.right, y - self.pad // 3))
        for text, size, colour, style in self._detail_lines():
            draw_text(surface, text, (self.inner.x, y), size, colour, style)
            y += int(size * 1.3)

    def _draw_list(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        """The moves, round by round, from `self.scroll`; the selected one lit. A move whose words do not
        fit one line (an Elios split, a Tamoul swap, longer in Dutch) takes two or three: never cut."""
        rows = self._rows()
        row_h = int(self.small * 1.6)
        line_h = int(self.small * 1.25)
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - getattr(self, "rows_shown", 1))))
        self.row_rects = []
        inner = self.inner
        y = top
        shown = 0
        for row in rows[self.scroll:]:
            if row.move is None:
                if y + row_h > bottom and shown:
                    break
                draw_text(surface, row.text, (inner.x, y + row_h // 2), self.small, theme.GOLD, "bold", "midleft")
                y += row_h
                shown += 1
                continue
            index = int(row.text)
            move = row.move
            label = _("Move {number}: {move}").format(number=move.index + 1, move=self.words(move.played, move))
            right = (f"−{round(100 * move.difference)}" if move.marked else
                     _("best") if move.agreed else _("fine"))
            right_w = max(self.small * 3, text_width(right, self.small) + self.pad // 2)
            lines = wrap_text(label, self.small, inner.w - row_h - right_w)
            if len(lines) > 3:
                lines = lines[:2] + [ellipsize(" ".join(lines[2:]), self.small, inner.w - row_h - right_w)]
            height = max(row_h, len(lines) * line_h + (row_h - line_h))
            if y + height > bottom and shown:
                break
            rect = pygame.Rect(inner.x, y, inner.w, height)
            if index == self.selected:
                pygame.draw.rect(surface, (60, 90, 80), rect, border_radius=row_h // 4)
                pygame.draw.rect(surface, theme.GOLD, rect, width=max(1, row_h // 14), border_radius=row_h // 4)
            colour = MARK_COLOUR if move.marked else theme.CREAM
            flag = "!" if move.marked else "✓" if move.agreed else "·"
            first_y = y + row_h // 2
            draw_text(surface, flag, (rect.x + row_h // 2, first_y), self.small,
                      theme.TERRACOTTA_TEXT if move.marked else AGREE_COLOUR if move.agreed else MUTED, "bold", "center")
            for i, line in enumerate(lines):
                draw_text(surface, line, (rect.x + row_h, first_y + i * line_h), self.small, colour, "sans", "midleft")
            draw_text(surface, right, (rect.right - self.pad // 2, first_y), self.small, colour, "sans", "midright")
            self.row_rects.append((rect, index))
            y += height
            shown += 1
        self.rows_shown = max(1, shown)
        if not rows:
            progress = self.worker.progress if self.worker is not None else None
            if progress is not None and progress.finished:
                for i, line in enumerate(wrap_text(_("Every move was forced: nothing to judge."), self.small, inner.w)):
                    draw_text(surface, line, (inner.x, top + int(i * self.small * 1.25)), self.small, theme.PARCHMENT)
