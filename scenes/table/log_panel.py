"""The move log ("Chloe plays Hermes: 37 → 73") and the marker of whose turn it is.

Both answer the question a player asks on looking back at the screen: what just happened, and who
is to play. The log keeps the last lines in words; the newest stands out (bold, bright, on a lit band).
A line says what is seen: the table holds the lines an event's handler writes (`holding`) and
releases them once the motion that event started has landed, so "Ann plays 6: 38 → 44" appears
when the card lies on the pile and the total reads 44, not while it is in flight.
A line can be private to one seat ("You draw 7"): in pass-and-play the others read its public
wording ("Chloe draws a card") instead, whoever is looking at the screen (`viewer`). The turn marker is a
gold ring around the seat's plate plus a "▶" arrow and the word "turn", so it reads without colour.
"""
from __future__ import annotations

import math
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import pygame

from scenes.ui import theme, widgets
from scenes.ui.surface_cache import SurfaceCache
from scenes.ui.widgets import draw_panel, ellipsize, wrap_text
from scenes.ui.i18n import _

NEWEST_BAND = (255, 236, 170, 38)      # a faint warm light under the newest line
WRAPS_KEPT = 256                       # wrapped lines kept by (text, size, width, style): a log's worth and more


class _Wraps:
    """A line's text wrapped (and each piece shortened to fit) to the panel, kept: the panel is drawn
    again whenever a line comes, and measuring every line again for every new one cost about 2 ms of a
    frame at 2560x1440 (the slowest frames of a table)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int, int, str], tuple[str, ...]] = {}

    def lines(self, text: str, size: int, width: int, style: str) -> tuple[str, ...]:
        key = (text, size, width, style)
        wrapped = None if widgets._text_logs else self._kept.get(key)   # a recorder hears every cut
        if wrapped is None:
            if len(self._kept) >= WRAPS_KEPT:
                self._kept.clear()
            wrapped = self._kept[key] = tuple(ellipsize(line, size, width, style)
                                              for line in wrap_text(text, size, width, style))
        return wrapped


_WRAPS = _Wraps()


@contextmanager
def _unrecorded() -> Iterator[None]:
    """Only measuring, at a size that may not be drawn: the tests' text recorders hear of no cut."""
    logs = list(widgets._text_logs)
    widgets._text_logs.clear()
    try:
        yield
    finally:
        widgets._text_logs[:] = logs

# The log's rendered lines, its own small cache (a panel's worth of lines in both styles; not the shared
# text cache, which the log's ever new lines would fill with lines shown once).
_LINES = SurfaceCache(max_entries=96, max_bytes=2 * 2**20)


def _rendered(text: str, size: int, colour: tuple[int, ...], style: str) -> pygame.Surface:
    key = (text, size, colour, style)
    line = _LINES.get(key)
    return line if line is not None else _LINES.put(key, theme.font(size, style).render(text, True, colour))


@dataclass(frozen=True)
class LogLine:
    """One move in words; a private line (`private_to` a seat) reads `public` for everyone else."""

    text: str
    private_to: int | None = None
    public: str | None = None

    def for_viewer(self, viewer: int | None) -> str | None:
        if self.private_to is None or self.private_to == viewer:
            return self.text
        return self.public


class LogPanel:
    def __init__(self, max_lines: int = 40) -> None:
        self.entries: deque[LogLine] = deque(maxlen=max_lines)
        self.holding = False                # new lines wait in `pending` (the table is starting their motion)
        self.pending: list[LogLine] = []
        self.viewer: int | None = None      # whose private lines may be read now (pass-and-play)
        self.move_entries: list[LogLine] = []   # the lines of the move marked with `start_move`
        # How many lines have appeared, and how often the log was emptied: speech says the new ones
        # (scenes/ui/speech.py) and takes a rebuilt log as a fresh start.
        self.shown_count = 0
        self.epoch = 0
        self._in_move = False
        self._cached: tuple[tuple, pygame.Surface] | None = None
        self._blank: tuple[tuple, pygame.Surface] | None = None    # the panel and its heading, no lines

    @property
    def lines(self) -> list[str]:
        """The lines as the current viewer reads them, oldest first."""
        shown = (entry.for_viewer(self.viewer) for entry in self.entries)
        return [text for text in shown if text is not None]

    def add(self, text: str, *, private_to: int | None = None, public: str | None = None) -> None:
        """Log a line; with `private_to`, only that seat's viewer reads `text` (others read `public`, if any).
        While `holding`, the line waits for `release()` (it says what a motion still in flight will show)."""
        line = LogLine(text, private_to, public)
        if self._in_move:
            self.move_entries.append(line)
        if self.holding:
            self.pending.append(line)
        else:
            self.entries.append(line)
            self.shown_count += 1

    def start_move(self) -> None:
        """The lines logged from now until `end_move` tell one move (a replay's "Last move" says them)."""
        self.move_entries, self._in_move = [], True

    def end_move(self) -> None:
        self._in_move = False

    @property
    def move_lines(self) -> list[str]:
        """The marked move's lines as the current viewer reads them (those still held back included)."""
        shown = (entry.for_viewer(self.viewer) for entry in self.move_entries)
        return [text for text in shown if text is not None]

    def release(self) -> None:
        """The motion has landed: the lines that describe it appear."""
        self.entries.extend(self.pending)
        self.shown_count += len(self.pending)
        self.pending.clear()

    def clear(self) -> None:
        self.epoch += 1
        self.entries.clear()
        self.pending.clear()
        self.move_entries, self._in_move = [], False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, text_size: int, title: str | None = None,
             smallest: int | None = None) -> None:
        """Newest lines at the bottom, wrapped to the panel; older lines that do not fit are left out.
        With `smallest`, the text is set smaller, down to that size, where the heading and the newest line
        would not fit whole at `text_size` (the words beside a table grown to a large UI scale).

        The panel is rendered again only when its lines or its size change.
        """
        title = _("Moves") if title is None else title
        key = (tuple(self.lines), rect.size, text_size, title, smallest)
        if self._cached is None or self._cached[0] != key:
            size = text_size if smallest is None else self.fitting_size(rect.size, text_size, smallest)
            self.drawn_size = size
            self._cached = (key, self._render(rect.size, size, title))
        surface.blit(self._cached[1], rect)

    drawn_size = 0      # the text size the panel was last drawn at

    def fitting_size(self, size: tuple[int, int], text_size: int, smallest: int) -> int:
        """The largest text size from `text_size` down to `smallest` at which the heading and the whole
        newest line fit in a panel of `size` (`smallest` when none does)."""
        lines = self.lines
        for text_px in range(text_size, smallest, -1):
            pad = max(4, text_px // 2)
            room = size[1] - pad - theme.font(text_px, "bold").get_linesize()
            if not lines:
                if room >= 0:
                    return text_px
                continue
            with _unrecorded():
                wrapped = _WRAPS.lines(lines[-1], text_px, size[0] - 2 * pad, "bold")
            if len(wrapped) * theme.font(text_px, "bold").get_linesize() <= room:
                return text_px
        return smallest

    def _blank_panel(self, size: tuple[int, int], text_size: int, title: str) -> pygame.Surface:
        """The panel with its heading and no lines, painted once per size and title."""
        key = (size, text_size, title)
        if self._blank is None or self._blank[0] != key:
            image = pygame.Surface(size, pygame.SRCALPHA)
            rect = image.get_rect()
            draw_panel(image, rect, alpha=170)
            pad = max(4, text_size // 2)
            heading = theme.font(text_size, "bold")
            image.blit(heading.render(title, True, theme.GOLD), (rect.x + pad, rect.y + pad // 2))
            self._blank = (key, image)
        return self._blank[1]

    def _render(self, size: tuple[int, int], text_size: int, title: str) -> pygame.Surface:
        """The newest line stands out: bold, bright, on a lit band with a gold bar at its left. Lines are
        wrapped and rendered through caches (`_WRAPS`, `_LINES`): the same pixels as measuring and
        rendering each again."""
        image = self._blank_panel(size, text_size, title).copy()
        rect = image.get_rect()
        pad = max(4, text_size // 2)
        top = rect.y + pad // 2 + theme.font(text_size, "bold").get_linesize()
        y = rect.bottom - pad // 2
        width = rect.width - 2 * pad
        newest = True
        for text in reversed(self.lines):
            style = "bold" if newest else "sans"
            line_h = theme.font(text_size, style).get_linesize()
            wrapped = _WRAPS.lines(text, text_size, width, style)
            colour = theme.CREAM if newest else theme.MUTED
            if newest:
                fit = min(len(wrapped), max(1, (y - top) // line_h))
                if fit < len(wrapped):
                    widgets.note_cut(text, width)   # the overflow tests count a newest line without its start
                band = pygame.Rect(rect.x + pad // 3, y - fit * line_h - 1, rect.width - 2 * (pad // 3), fit * line_h + 2)
                pygame.draw.rect(image, NEWEST_BAND, band, border_radius=max(2, pad // 2))
                pygame.draw.rect(image, theme.GOLD, (band.x, band.y, max(2, pad // 3), band.height))
            if not newest and y - line_h * len(wrapped) < top:
                return image        # an older line is shown whole or not at all
            for line in reversed(wrapped):
                if y - line_h < top:
                    return image
                y -= line_h
                image.blit(_rendered(line, text_size, colour, style), (rect.x + pad, y))
            newest = False
        return image


TURN_PULSE_SPEED = 4.0     # radians a second of the turn ring's pulse
TURN_PULSE_PIXELS = 4      # how far the ring grows at the top of a pulse (scenes/table/rest.py steps it)


def draw_turn_marker(surface: pygame.Surface, plate: pygame.Rect, clock: float,
                     label: str | None = None) -> pygame.Rect:
    """A pulsing gold ring round the active seat's plate and a tag saying so in words; returns the area
    of ring and tag, so a passing notice can keep off them."""
    label = _("turn") if label is None else label
    pulse = 0.5 + 0.5 * math.sin(clock * TURN_PULSE_SPEED)
    width = max(2, plate.height // 10)
    ring = plate.inflate(width * 2 + int(TURN_PULSE_PIXELS * pulse), width * 2 + int(TURN_PULSE_PIXELS * pulse))
    pygame.draw.rect(surface, theme.ACTIVE_SEAT, ring, width=width, border_radius=max(4, plate.height // 4))
    size = max(10, int(plate.height * 0.5))
    tag = theme.font(size, "bold").render(f"▶ {label}", True, theme.INK)
    box = tag.get_rect().inflate(size // 2, size // 5)
    box.midbottom = (plate.centerx, ring.top + width // 2)
    if box.top < 0:
        # No room above (a seat at the top edge): beside the plate, where it covers no cards.
        box.midright = (ring.left - width, plate.centery)
        if box.left < 0:
            box.midleft = (ring.right + width, plate.centery)
    pygame.draw.rect(surface, theme.ACTIVE_SEAT, box, border_radius=size // 3)
    surface.blit(tag, tag.get_rect(center=box.center))
    return box.union(ring)
