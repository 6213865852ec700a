"""The shared controls of every menu and overlay: buttons, toggles, steppers, text fields, focus.

Every control takes its rectangle from the scene (computed from the window size) and derives its
font size from its own height, so one layout function per scene makes the whole screen scale.
Keyboard use goes through a `FocusGroup`: Tab / arrows move a gold focus ring, Enter or Space
activates, and each control says by text (never by colour alone) what state it is in.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator, Sequence

import pygame

from scenes.ui import theme
from scenes.ui.i18n import _
from scenes.scene import Scene
from scenes.ui.theme import font

MUTED = (150, 150, 140)
DISABLED_FILL = (70, 72, 74)
ERROR = (255, 150, 130)


# ----- what was written where (tests check that no text is cut or runs out of its box) -----------------
@dataclass
class TextLog:
    """Every line drawn while recording (with its rectangle and the surface it went on), and every text
    that had to be shortened with "…" or cut inside a word to fit its room."""

    drawn: list[tuple[str, pygame.Rect, int, tuple[int, int]]] = field(default_factory=list)
    cut: list[tuple[str, int]] = field(default_factory=list)     # (the whole text, the width it had)


_text_logs: list[TextLog] = []


@contextmanager
def recording_text() -> Iterator[TextLog]:
    """Record the text drawn inside the block (no cost at all when nothing records)."""
    log = TextLog()
    _text_logs.append(log)
    try:
        yield log
    finally:
        _text_logs.remove(log)


def note_drawn(surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    """Tell the recorders about one line drawn by other means than draw_text (a pre-rendered line)."""
    for log in _text_logs:
        log.drawn.append((text, pygame.Rect(rect), id(surface), surface.get_size()))


def note_cut(text: str, width: int) -> None:
    for log in _text_logs:
        log.cut.append((text, width))


# ----- text ---------------------------------------------------------------------------------------
def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour: tuple[int, ...] | None = None, style: str = "sans", anchor: str = "topleft") -> pygame.Rect:
    """Draw one line (cream unless `colour` says); `anchor` is any pygame.Rect point name (topleft, center…)."""
    image = font(size, style).render(text, True, theme.CREAM if colour is None else colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if _text_logs and text:
        note_drawn(surface, text, rect)
    return rect


def text_width(text: str, size: int, style: str = "sans") -> int:
    return font(size, style).size(text)[0]


def ellipsize(text: str, size: int, width: int, style: str = "sans") -> str:
    """The text, shortened with '…' so it fits `width` pixels (never cut mid-glyph off-screen). Only the
    first `width` characters are ever measured (no glyph is narrower than a pixel), so a name of 100,000
    characters costs what a line does."""
    if width <= 0 or len(text) <= width and text_width(text, size, style) <= width:
        return text
    if _text_logs:
        note_cut(text, width)
    low, high = 0, min(len(text), width)
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, style) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def _fitting_prefix(measure: Callable[[str], tuple[int, int]], text: str, start: int, width: int) -> int:
    """How many characters of `text` from `start` fit in `width` pixels (at least one): a binary search over
    at most `width` characters, so cutting a long word into lines costs time in proportion to its length."""
    low, high = 1, min(len(text) - start, max(1, width))
    while low < high:
        mid = (low + high + 1) // 2
        if measure(text[start:start + mid])[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low


def wrap_text(text: str, size: int, width: int, style: str = "sans") -> list[str]:
    """Greedy word wrap to `width` pixels; explicit newlines start new lines; over-long words are cut.
    Linear in the text's length: every measurement is of at most one line's worth of characters."""
    lines: list[str] = []
    measure = font(size, style).size
    limit = max(1, width) + 1       # more characters than this never fit on one line

    def fits(candidate: str) -> bool:
        return len(candidate) <= limit and measure(candidate)[0] <= width

    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if fits(candidate) or not current and fits(word):
                current = candidate
                continue
            if current:
                lines.append(current)
            if not fits(word) and len(word) > 1:
                if _text_logs:
                    note_cut(word, width)
                start = 0
                while len(word) - start > 1 and (len(word) - start > limit or measure(word[start:])[0] > width):
                    cut = _fitting_prefix(measure, word, start, width)
                    lines.append(word[start:start + cut])
                    start += cut
                word = word[start:]
            current = word
        lines.append(current)
    return lines


# ----- surfaces -----------------------------------------------------------------------------------
def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 230) -> None:
    """A dark, rounded, gold-edged panel: the backing of every dialog and menu group."""
    rect = pygame.Rect(rect)
    radius = max(4, min(rect.w, rect.h) // 24)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.FELT_DARK, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*theme.GOLD_DARK, min(255, alpha + 20)), panel.get_rect(),
                     width=max(1, rect.h // 240), border_radius=radius)
    surface.blit(panel, rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is below an overlay so the overlay reads first."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


@lru_cache(maxsize=2)
def _felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """Felt with a soft vignette: computed on a small grid and smoothly scaled, once per window size. Two
    sizes are kept (a window and its full screen): each is a whole window of pixels (14 MiB at
    2560x1440), and a window dragged through eight sizes kept eight."""
    grid_w, grid_h = 64, 36
    small = pygame.Surface((grid_w, grid_h))
    for gy in range(grid_h):
        for gx in range(grid_w):
            dx, dy = (gx + 0.5) / grid_w - 0.5, (gy + 0.5) / grid_h - 0.45
            t = min(1.0, (dx * dx + dy * dy) * 2.6)
            small.set_at((gx, gy), tuple(int(a + (b - a) * t) for a, b in zip(theme.FELT_LIGHT, theme.FELT_DARK)))
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def draw_felt(surface: pygame.Surface) -> None:
    surface.blit(_felt_surface(surface.get_size()), (0, 0))


def draw_dialog_frame(surface: pygame.Surface, panel: pygame.Rect, band_h: int, *, dim_alpha: int = 150,
                      inset: int = 2) -> pygame.Rect:
    """The framed look of every dialog: the scene below dimmed, an opaque panel, and a meander band
    near its top and bottom edges. Returns the top band, below which the dialog lays out its title."""
    dim(surface, dim_alpha)
    draw_panel(surface, panel, 255)
    top = pygame.Rect(panel.x + inset, panel.y + band_h // 3, panel.w - 2 * inset, band_h)
    draw_meander(surface, top, theme.TERRACOTTA)
    draw_meander(surface, top.move(0, panel.h - band_h - 2 * (band_h // 3)), theme.TERRACOTTA)
    return top


def wide_panel(size: tuple[int, int], s: float) -> pygame.Rect:
    """The panel of a full-window list screen (saved games, statistics): wide, nearly as tall as the
    window, centred."""
    width, height = size
    panel = pygame.Rect(0, 0, min(int(width * 0.94), max(int(900 * s), int(width * 0.72))), height - int(24 * s))
    panel.center = (width // 2, height // 2)
    return panel


def draw_titled_frame(surface: pygame.Surface, panel: pygame.Rect, band_h: int, title: str, title_size: int,
                      s: float) -> pygame.Rect:
    """A list screen's dialog frame with its title centred under the top band; returns the band."""
    band = draw_dialog_frame(surface, panel, band_h)
    draw_text(surface, title, (panel.centerx, band.bottom + int(10 * s)), title_size, theme.CREAM, "title", "midtop")
    return band


def draw_empty_note(surface: pygame.Surface, lines: Sequence[str], centre_x: int, y: int, size: int,
                    width: int | None = None) -> None:
    """What an empty list will hold: the first line stands out, the rest explain. With `width`, each
    line wraps to fit it."""
    for i, line in enumerate(lines):
        for shown in [line] if width is None else wrap_text(line, size, width):
            draw_text(surface, shown, (centre_x, y), size, theme.CREAM if i == 0 else theme.PARCHMENT, "sans", "midtop")
            y += int(size * 1.3)
        y += int(size * 0.3)


def draw_meander(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] | None = None,
                 background: tuple[int, int, int] | None | str = "ink") -> None:
    """A Greek key band (the running meander of black-figure pottery) filling `rect` (terracotta on ink
    unless told otherwise; `background=None` leaves what is below)."""
    rect = pygame.Rect(rect)
    colour = theme.TERRACOTTA if colour is None else colour
    background = theme.INK if background == "ink" else background
    if background is not None:
        pygame.draw.rect(surface, background, rect)
    unit = max(2, rect.h // 7)
    line = max(1, unit)
    top = rect.y + unit
    height = rect.h - 2 * unit
    pygame.draw.line(surface, colour, (rect.x, rect.y + line // 2), (rect.right - 1, rect.y + line // 2), line)
    pygame.draw.line(surface, colour, (rect.x, rect.bottom - 1 - line // 2), (rect.right - 1, rect.bottom - 1 - line // 2), line)
    period = height + unit
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    x = rect.x + (rect.w % period) // 2
    while x < rect.right:
        # One key: up, right, down, left, up (a square spiral opening to the right).
        h = height
        pts = [
            (x, top + h), (x, top + unit), (x + h - unit, top + unit), (x + h - unit, top + h - unit),
            (x + 2 * unit, top + h - unit), (x + 2 * unit, top + 2.5 * unit),
        ]
        pygame.draw.lines(surface, colour, False, [(int(a), int(b)) for a, b in pts], line)
        pygame.draw.line(surface, colour, (x, top + h - line // 2), (x + period, top + h - line // 2), line)
        x += period
    surface.set_clip(clip)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    gap = max(2, rect.h // 14)
    pygame.draw.rect(surface, theme.GOLD, rect.inflate(2 * gap, 2 * gap), width=max(2, rect.h // 18),
                     border_radius=radius + gap)


def fitted_label(text: str, size: int, width: int, style: str = "sans") -> tuple[str, int]:
    """A control's label and font size: a label a little too long for its control (a large UI scale, a
    long word) is set up to a quarter smaller before it is shortened with an ellipsis."""
    size = theme.fitting_size(text, size, width, style, smallest=max(9, int(size * 0.75)))
    return ellipsize(text, size, width, style), size


def _label_size(rect: pygame.Rect) -> int:
    return max(10, int(rect.h * 0.42))


KEY_CAP_SHARE = 0.8     # a key cap's letters against the size of the words above it


def label_words(label: str, key: str) -> str | None:
    """The words of a label that ends in its key in brackets ("Hint (H)", "H": "Hint"); None: it does not."""
    tail = f" ({key})"
    return label[:-len(tail)] if key and label.endswith(tail) and len(label) > len(tail) else None


def _key_cap_size(size: int, key: str, style: str) -> tuple[int, int, int]:
    """A key cap under words of `size`: its letters' size, its width and its height."""
    letters = max(9, round(size * KEY_CAP_SHARE))
    pad = max(1, letters // 8)
    return letters, text_width(key, letters, style) + letters, font(letters, style).get_height() + 2 * pad


def _two_line_size(words: str, key: str, size: int, room: int, height: int, style: str) -> int | None:
    """The largest size up to `size` at which `words` over a key cap fit `room` wide and `height` tall
    (None: not even the smallest)."""
    for candidate in range(size, 8, -1):
        _letters, cap_w, cap_h = _key_cap_size(candidate, key, style)
        tall = font(candidate, style).get_height() + max(1, candidate // 8) + cap_h
        if tall <= height and cap_w <= room and text_width(words, candidate, style) <= room:
            return candidate
    return None


def _split_in_two(label: str, size: int, room: int, height: int, style: str) -> tuple[tuple[str, str], int] | None:
    """`label` on two lines split at a space (the split that leaves the longer line shortest), at the largest
    size up to `size` at which both lines fit `room` wide and `height` tall; None: none fits at 9 px."""
    spaces = [i for i, char in enumerate(label) if char == " "]
    if not spaces:
        return None
    at = min(spaces, key=lambda i: max(text_width(label[:i], size, style), text_width(label[i + 1:], size, style)))
    lines = (label[:at], label[at + 1:])
    for candidate in range(size, 8, -1):
        if 2 * font(candidate, style).get_height() <= height \
                and max(text_width(line, candidate, style) for line in lines) <= room:
            return lines, candidate
    return None


def _draw_words_over_key(surface: pygame.Surface, face: pygame.Rect, words: str, key: str, size: int,
                         colour: tuple[int, int, int], style: str) -> None:
    """A label on two lines: its words, and under them its key in an outlined cap, as on a keyboard."""
    letters, cap_w, cap_h = _key_cap_size(size, key, style)
    line_h, gap = font(size, style).get_height(), max(1, size // 8)
    top = face.centery - (line_h + gap + cap_h) // 2
    draw_text(surface, words, (face.centerx, top), size, colour, style, "midtop")
    cap = pygame.Rect(0, 0, cap_w, cap_h)
    cap.midtop = (face.centerx, top + line_h + gap)
    pygame.draw.rect(surface, colour, cap, width=max(1, letters // 10), border_radius=max(2, letters // 4))
    draw_text(surface, key, cap.center, letters, colour, style, "center")


def label_widths(labels: Sequence[str], total: int, gap: int, button_h: int, style: str = "sans") -> list[int]:
    """Widths for a row of buttons sharing `total` pixels: equal when every label fits an equal share,
    otherwise each gets what its label needs and the room left over is shared out (a longer word in
    another language takes room from a shorter one instead of being cut)."""
    room = total - gap * (len(labels) - 1)
    needed = [text_width(label, max(10, int(button_h * 0.42)), style) + button_h // 2 + 4 for label in labels]
    equal = room // len(labels)
    if all(n <= equal for n in needed):
        return [equal] * len(labels)
    if sum(needed) >= room:
        return [room * n // sum(needed) for n in needed]
    extra = (room - sum(needed)) // len(labels)
    return [n + extra for n in needed]


# ----- controls -----------------------------------------------------------------------------------
class Control(ABC):
    """What the focus group needs from a control: a rect, whether it takes focus, activation."""

    rect: pygame.Rect
    focused: bool = False
    enabled: bool = True
    uses_horizontal_keys: bool = False   # Left/Right change it rather than move focus
    uses_vertical_keys: bool = False

    @property
    def focusable(self) -> bool:
        return self.enabled

    def activate(self) -> None:
        """Enter or Space while focused."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Draw at `self.rect`, with the focus ring when focused."""


class Button(Control):
    """A clickable label. Clicks fire on release inside the button, as desktop buttons do."""

    key_cap = ""    # the key the label names at its end in brackets ("Draw (D)": "D"), kept in sight at any size

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None], *, enabled: bool = True,
                 hotkey: int | None = None, style: str = "primary") -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.hotkey = hotkey
        self.style = style
        self.hovered = False
        self.pressed = False
        self.focused = False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
            return was_pressed
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = max(3, rect.h // 5)
        lit = self.enabled and (self.hovered or self.focused)
        if not self.enabled:
            fill, edge, text = DISABLED_FILL, (95, 97, 99), MUTED
        elif self.style == "primary":
            fill = theme.BUTTON_LIT if lit else theme.TERRACOTTA
            edge, text = theme.TERRACOTTA_DARK, theme.CREAM
        else:
            fill = (44, 96, 90) if lit else (30, 62, 60)
            edge, text = (theme.CREAM if lit else (150, 140, 120)), theme.CREAM
        face = rect.move(0, max(1, rect.h // 20)) if self.pressed else rect
        if not self.pressed:
            pygame.draw.rect(surface, (0, 0, 0), rect.move(0, max(2, rect.h // 14)), border_radius=radius)
        pygame.draw.rect(surface, fill, face, border_radius=radius)
        pygame.draw.rect(surface, edge, face, width=max(1, rect.h // 22), border_radius=radius)
        style = "bold" if self.style == "primary" else "sans"
        self._draw_label(surface, face, text, style)
        if self.focused:
            draw_focus_ring(surface, rect, radius)

    def _draw_label(self, surface: pygame.Surface, face: pygame.Rect, colour: tuple[int, int, int], style: str) -> None:
        """The label on one line when it fits (made up to a quarter smaller). A label that ends in its key
        ("Last moves (L)") never loses the key: when it does not fit on one line even a quarter smaller,
        its words go over the key in a key cap, on two lines, where the button is tall enough, else the
        label is set on two lines split between words; only last are the words shortened with "…", the
        key still after them."""
        size, room = _label_size(self.rect), self.rect.w - self.rect.h // 2
        words = label_words(self.label, self.key_cap)
        if words is None or text_width(self.label, size, style) <= room:
            label, size = fitted_label(self.label, size, room, style)
            draw_text(surface, label, face.center, size, colour, style, "center")
            return
        one = theme.fitting_size(self.label, size, room, style, smallest=max(9, int(size * 0.75)))
        if text_width(self.label, one, style) <= room:
            draw_text(surface, self.label, face.center, one, colour, style, "center")
            return
        height = self.rect.h - 2 * max(1, self.rect.h // 22)
        two = _two_line_size(words, self.key_cap, size, room, height, style)
        if two is not None:
            _draw_words_over_key(surface, face, words, self.key_cap, two, colour, style)
            return
        split = _split_in_two(self.label, size, room, height, style)
        if split is not None:
            lines, size = split
            line_h = font(size, style).get_height()
            top = face.centery - line_h
            for i, line in enumerate(lines):
                draw_text(surface, line, (face.centerx, top + i * line_h), size, colour, style, "midtop")
        else:
            tail = f" ({self.key_cap})"
            cut = ellipsize(words, one, room - text_width(tail, one, style), style)
            draw_text(surface, cut + tail, face.center, one, colour, style, "center")


class Toggle(Control):
    """An on/off switch that also says "On" or "Off" in words."""

    uses_horizontal_keys = True

    def __init__(self, rect: pygame.Rect, value: bool, on_change: Callable[[bool], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.value = value
        self.on_change = on_change
        self.hovered = False

    def _set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.on_change(value)

    def activate(self) -> None:
        self._set(not self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._set(event.key == pygame.K_RIGHT)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = rect.h // 2
        track = pygame.Rect(rect.x, rect.y, min(rect.w, rect.h * 2), rect.h)
        fill = (64, 150, 96) if self.value else (70, 70, 70)
        if self.hovered:
            fill = tuple(min(255, c + 25) for c in fill)
        pygame.draw.rect(surface, fill, track, border_radius=radius)
        pygame.draw.rect(surface, theme.CREAM, track, width=max(1, rect.h // 16), border_radius=radius)
        knob_r = rect.h // 2 - max(2, rect.h // 8)
        knob_x = track.right - radius if self.value else track.x + radius
        pygame.draw.circle(surface, theme.CREAM, (knob_x, track.centery), knob_r)
        size = _label_size(rect)
        draw_text(surface, _("On") if self.value else _("Off"), (track.right + rect.h // 3, rect.centery), size,
                  theme.CREAM, "bold", "midleft")
        if self.focused:
            draw_focus_ring(surface, track, radius)


class Chip(Control):
    """One choice of several that can each be on or off: a pill that says "✓" when chosen and "+" when
    not, so its state never rests on colour alone. Click, Enter or Space toggles it."""

    def __init__(self, rect: pygame.Rect, label: str, selected: bool, on_change: Callable[[bool], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.selected = selected
        self.on_change = on_change
        self.hovered = False

    def activate(self) -> None:
        self.selected = not self.selected
        self.on_change(self.selected)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = rect.h // 2
        if self.selected:
            fill, edge, text = (64, 150, 96), theme.CREAM, theme.CREAM
        else:
            fill, edge, text = (30, 62, 60), (150, 140, 120), theme.CREAM
        if self.hovered:
            fill = tuple(min(255, c + 25) for c in fill)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, rect.h // (12 if self.selected else 18)),
                         border_radius=radius)
        style = "bold" if self.selected else "sans"
        label, size = fitted_label(("✓ " if self.selected else "+ ") + self.label, _label_size(rect), rect.w - rect.h // 2,
                                   style)
        draw_text(surface, label, rect.center, size, text, style, "center")
        if self.focused:
            draw_focus_ring(surface, rect, radius)


class Stepper(Control):
    """Pick one of a few values with ◀ ▶ (click the arrows, or Left/Right when focused)."""

    uses_horizontal_keys = True

    def __init__(self, rect: pygame.Rect, values: Sequence[Any], index: int,
                 on_change: Callable[[Any], None], describe: Callable[[Any], str] = str,
                 *, wrap: bool = False, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.values = list(values)
        self.index = max(0, min(index, len(self.values) - 1))
        self.on_change = on_change
        self.describe = describe
        self.wrap = wrap
        self.enabled = enabled
        self.hover_side = 0

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        side = int(self.rect.h * 0.8)
        return (pygame.Rect(self.rect.x, self.rect.y, side, self.rect.h),
                pygame.Rect(self.rect.right - side, self.rect.y, side, self.rect.h))

    def step(self, delta: int) -> None:
        if not self.enabled or not self.values:
            return
        index = self.index + delta
        if self.wrap:
            index %= len(self.values)
        index = max(0, min(index, len(self.values) - 1))
        if index != self.index:
            self.index = index
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1) if self.wrap or self.index < len(self.values) - 1 else self.step(-self.index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        left, right = self._arrow_rects()
        if event.type == pygame.MOUSEMOTION:
            self.hover_side = -1 if left.collidepoint(event.pos) else 1 if right.collidepoint(event.pos) else 0
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if left.collidepoint(event.pos):
                self.step(-1)
            elif right.collidepoint(event.pos):
                self.step(1)
            else:
                self.activate()
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = max(3, rect.h // 5)
        pygame.draw.rect(surface, (22, 50, 48) if self.enabled else DISABLED_FILL, rect, border_radius=radius)
        pygame.draw.rect(surface, (150, 140, 120), rect, width=max(1, rect.h // 22), border_radius=radius)
        left, right = self._arrow_rects()
        for box, direction, side in ((left, -1, -1), (right, 1, 1)):
            can = self.enabled and (self.wrap or (0 < self.index if direction < 0 else self.index < len(self.values) - 1))
            colour = (theme.GOLD if self.hover_side == side else theme.CREAM) if can else (90, 90, 90)
            cx, cy, r = box.centerx, box.centery, max(3, self.rect.h // 6)
            points = [(cx - direction * r, cy - r), (cx + direction * r, cy), (cx - direction * r, cy + r)]
            pygame.draw.polygon(surface, colour, points)
        label, size = fitted_label(self.describe(self.value), _label_size(rect), rect.w - 2 * left.w, "bold")
        draw_text(surface, label, rect.center, size, theme.CREAM if self.enabled else theme.MUTED, "bold", "center")
        if self.focused:
            draw_focus_ring(surface, rect, radius)


CARET_SHOWN = 0.6     # of each second, the part a text field's caret is shown


SELECTION = (172, 206, 247)     # selected text's background in a text field


def _put_clipboard(text: str) -> None:
    """Copy to the system clipboard (quietly nothing where the platform offers none)."""
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
    except (pygame.error, ImportError, AttributeError):
        pass


def _get_clipboard() -> str:
    try:
        import pygame.scrap as scrap
        return scrap.get_text() or ""
    except (pygame.error, ImportError, AttributeError):
        return ""


class TextField(Control):
    """One line of editable text, as in any desktop program. Typing arrives as TEXTINPUT events; editing
    keys as KEYDOWN: Ctrl+A selects all, Shift with the arrows, Home and End selects, Ctrl with Left/Right
    jumps a word (Ctrl+Backspace/Delete deletes one), Ctrl+C/X/V copy, cut and paste; typing replaces the
    selection. A click puts the caret where it points."""

    uses_horizontal_keys = True

    def __init__(self, rect: pygame.Rect, text: str, on_change: Callable[[str], None], *,
                 hint: str = "", max_length: int = 24, allowed: Callable[[str], bool] | None = None,
                 on_commit: Callable[[str], None] | None = None, invalid: bool = False,
                 select_all: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.on_change = on_change
        self.on_commit = on_commit
        self.hint = hint   # grey text shown while the field is empty
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.caret = len(text)
        self.anchor: int | None = 0 if select_all and text else None   # the selection's other end
        self.invalid = invalid
        self.hovered = False
        self._blink = 0.0

    # ----- editing -------------------------------------------------------------------------------
    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected text; start == end when nothing is selected."""
        if self.anchor is None:
            return self.caret, self.caret
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def _edit(self, text: str, caret: int) -> None:
        self.text, self.caret, self.anchor = text, caret, None
        self.on_change(text)

    def _replace_selection(self, typed: str) -> None:
        start, end = self.selection()
        typed = "".join(ch for ch in typed if self.allowed(ch))
        typed = typed[:max(0, self.max_length - (len(self.text) - (end - start)))]
        if typed or start != end:
            self._edit(self.text[:start] + typed + self.text[end:], start + len(typed))

    def _word_jump(self, step: int) -> int:
        """Where Ctrl+Left/Right lands: the start of this or the previous word, the end of this or the next."""
        i = self.caret
        if step < 0:
            while i > 0 and not self.text[i - 1].isalnum():
                i -= 1
            while i > 0 and self.text[i - 1].isalnum():
                i -= 1
        else:
            while i < len(self.text) and not self.text[i].isalnum():
                i += 1
            while i < len(self.text) and self.text[i].isalnum():
                i += 1
        return i

    def _move(self, caret: int, extend: bool) -> None:
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            self.anchor = None
        self.caret = max(0, min(len(self.text), caret))
        if self.anchor == self.caret:
            self.anchor = None

    def _caret_at(self, x: int) -> int:
        """The caret position nearest to the pointer's x (the text as drawn, scrolled or not)."""
        size = _label_size(self.rect)
        inner = self.rect.inflate(-2 * (self.rect.h // 4), 0)
        shift = min(0, inner.w - 2 - text_width(self.text[:self.caret], size))
        offsets = [inner.x + shift + text_width(self.text[:i], size) for i in range(len(self.text) + 1)]
        return min(range(len(offsets)), key=lambda i: abs(offsets[i] - x))

    def activate(self) -> None:
        if self.on_commit:
            self.on_commit(self.text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._move(self._caret_at(event.pos[0]) if self.focused else len(self.text), extend=False)
            return True   # the focus group moves focus here
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self._replace_selection(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        start, end = self.selection()
        if ctrl and key == pygame.K_a:
            self.anchor, self.caret = (0, len(self.text)) if self.text else (None, 0)
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x):
            if start != end:
                _put_clipboard(self.text[start:end])
                if key == pygame.K_x:
                    self._replace_selection("")
            return True
        if ctrl and key == pygame.K_v:
            pasted = _get_clipboard().replace("\r", " ").replace("\n", " ")
            if pasted:
                self._replace_selection(pasted)
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if start == end:
                forward = key == pygame.K_DELETE
                other = (self._word_jump(1 if forward else -1) if ctrl
                         else min(len(self.text), self.caret + 1) if forward else max(0, self.caret - 1))
                self.anchor = other
            self._replace_selection("")
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if ctrl:
                self._move(self._word_jump(step), shift)
            elif start != end and not shift:
                self._move(start if step < 0 else end, False)
            else:
                self._move(self.caret + step, shift)
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self._move(0 if key == pygame.K_HOME else len(self.text), shift)
            return True
        if key == pygame.K_SPACE or (event.unicode and event.unicode.isprintable() and key < 0x40000000
                                     and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            return True   # typed characters come as TEXTINPUT; do not let them move focus
        return ctrl and key < 0x40000000   # other Ctrl+letter shortcuts belong to the field, not the menu

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def next_blink(self) -> float | None:
        """Seconds until the caret shows or hides (None: no caret is drawn, the field is not focused)."""
        if not self.focused:
            return None
        return (CARET_SHOWN - self._blink) if self._blink < CARET_SHOWN else (1.0 - self._blink)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = max(3, rect.h // 6)
        pygame.draw.rect(surface, (250, 244, 230) if self.focused else theme.PARCHMENT, rect, border_radius=radius)
        edge = theme.ILLEGAL if self.invalid else (theme.TERRACOTTA if self.hovered else (120, 100, 80))
        pygame.draw.rect(surface, edge, rect, width=max(2 if self.invalid else 1, rect.h // 20), border_radius=radius)
        size = _label_size(rect)
        pad = rect.h // 4
        inner = rect.inflate(-2 * pad, 0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if self.text:
            before = text_width(self.text[:self.caret], size)
            shift = min(0, inner.w - 2 - before)
            start, end = self.selection()
            if self.focused and start != end:
                left = inner.x + shift + text_width(self.text[:start], size)
                right = inner.x + shift + text_width(self.text[:end], size)
                pygame.draw.rect(surface, SELECTION, pygame.Rect(left, rect.y + pad, right - left, rect.h - 2 * pad))
            draw_text(surface, self.text, (inner.x + shift, rect.centery), size, theme.INK, "sans", "midleft")
            caret_x = inner.x + shift + before
        else:
            if _text_logs and text_width(self.hint, size) > inner.w:
                note_cut(self.hint, inner.w)     # the clip below would cut it
            draw_text(surface, self.hint, (inner.x, rect.centery), size, (140, 125, 105), "sans", "midleft")
            caret_x = inner.x
        if self.focused and self._blink < CARET_SHOWN:
            pygame.draw.line(surface, theme.INK, (caret_x, rect.y + pad), (caret_x, rect.bottom - pad), max(1, rect.h // 20))
        surface.set_clip(clip)
        if self.focused:
            draw_focus_ring(surface, rect, radius)


class FocusGroup:
    """Keyboard focus over a screen's controls, in reading order.

    Tab / Shift+Tab and Up/Down move focus (Left/Right too, unless the focused control uses them);
    Enter or Space activates. With `hover_focus`, pointing at a button moves the focus there, so a
    menu never shows two highlighted items.
    """

    def __init__(self, controls: Sequence[Control] = (), *, hover_focus: bool = False, focus_index: int = 0) -> None:
        self.controls: list[Control] = list(controls)
        self.hover_focus = hover_focus
        self._rest: tuple[int, int] | None = None    # where the pointer was first seen, resting
        self._pointer_moved = False
        self.index = -1
        self.focus(focus_index)

    @property
    def focused(self) -> Control | None:
        return self.controls[self.index] if 0 <= self.index < len(self.controls) else None

    def focus(self, index: int) -> None:
        for control in self.controls:
            control.focused = False
        if not self.controls:
            self.index = -1
            return
        index %= len(self.controls)
        for offset in range(len(self.controls)):
            candidate = (index + offset) % len(self.controls)
            if self.controls[candidate].focusable:
                self.index = candidate
                self.controls[candidate].focused = True
                return
        self.index = -1

    def set_controls(self, controls: Sequence[Control]) -> None:
        """Swap in a freshly laid-out set of controls, keeping focus on the control with the same `key`."""
        old = self.focused
        old_key = getattr(old, "key", None) if old is not None else None
        old_index = self.index
        self.controls = list(controls)
        keys = [getattr(c, "key", None) for c in self.controls]
        if old_key is not None and old_key in keys:
            self.focus(keys.index(old_key))
        else:
            self.focus(max(0, min(old_index, len(self.controls) - 1)))

    def focus_control(self, control: Control) -> None:
        if control in self.controls:
            self.focus(self.controls.index(control))

    def move(self, delta: int) -> None:
        if not self.controls:
            return
        start = self.index if self.index >= 0 else (-1 if delta > 0 else 0)
        for step in range(1, len(self.controls) + 1):
            candidate = (start + delta * step) % len(self.controls)
            if self.controls[candidate].focusable:
                self.focus(candidate)
                return

    def move_spatial(self, dx: int, dy: int) -> None:
        """Arrow keys go to the nearest control in that direction (grids and rows of buttons),
        falling back to reading order at the edges."""
        current = self.focused
        if current is None:
            self.move(dx or dy)
            return
        here = current.rect
        best: tuple[float, int] | None = None
        for i, control in enumerate(self.controls):
            if control is current or not control.focusable:
                continue
            r = control.rect
            vx, vy = r.centerx - here.centerx, r.centery - here.centery
            if dy:
                if vy * dy <= here.h / 3:
                    continue
                apart = max(0, r.left - here.right, here.left - r.right)
                score = abs(vy) + 2 * apart + abs(vx) * 0.01
            else:
                if vx * dx <= 0 or abs(vy) > max(here.h, r.h) / 2:
                    continue
                score = abs(vx)
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.focus(best[1])
        else:
            self.move(dx or dy)

    def _resting_pointer(self, event: pygame.event.Event) -> bool:
        """A pointer that has not moved since this screen first saw it (the window opened under it, or
        a menu appeared under it) takes neither the focus nor the highlight: Enter acts on the item
        the keys chose. From its first real move on, pointing works as usual."""
        if self._pointer_moved or event.type != pygame.MOUSEMOTION or not hasattr(event, "pos"):
            return False
        if self._rest is None:
            self._rest = event.pos
            return True
        if abs(event.pos[0] - self._rest[0]) + abs(event.pos[1] - self._rest[1]) < 4:
            return True
        self._pointer_moved = True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        current = self.focused
        if self.hover_focus and self._resting_pointer(event):
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and hasattr(event, "pos"):
            for control in self.controls:
                if control.focusable and control.rect.collidepoint(event.pos) and (
                        event.type == pygame.MOUSEBUTTONDOWN or (self.hover_focus and isinstance(control, Button))):
                    if control is not current:
                        self.focus_control(control)
                    break
        if current is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if current.handle_event(event):
                return True
        consumed = False
        for control in self.controls:
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and control is current:
                continue
            if control.handle_event(event):
                consumed = True
                if event.type != pygame.MOUSEMOTION:
                    break
        if consumed:
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        horizontal_free = current is None or not current.uses_horizontal_keys
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP) and (current is None or not current.uses_vertical_keys):
            self.move_spatial(0, 1 if key == pygame.K_DOWN else -1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_LEFT) and horizontal_free:
            self.move_spatial(1 if key == pygame.K_RIGHT else -1, 0)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and current is not None:
            current.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        for control in self.controls:
            if isinstance(control, TextField):
                control.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for control in self.controls:
            if control is not self.focused:
                control.draw(surface)
        if self.focused is not None:
            self.focused.draw(surface)   # last, so its ring is never covered


class MenuScene(Scene):
    """A screen made of controls: lays them out from the window size, routes keys through focus.

    Subclasses build their controls in `layout(size)` (called on enter and on every resize) and
    give each a `key` so focus survives a relayout. Esc calls `on_escape`. Overlays swallow all
    input so nothing reaches the table below.
    """

    hover_focus = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.focus = FocusGroup(hover_focus=self.hover_focus)
        self.size = app.size

    def enter(self) -> None:
        self.relayout()

    def resize(self, size: tuple[int, int]) -> None:
        self.relayout(size)

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        self.size = size or self.app.size
        self.focus.set_controls(self.layout(self.size))

    def layout(self, size: tuple[int, int]) -> list[Control]:
        """Compute every rectangle from `size`; return the controls in focus order."""
        return []

    def scale_dialog(self, size: tuple[int, int], title_base: int) -> float:
        """Set the dialog's scale `s`, its meander band height and title size for this window; returns `s`."""
        s = theme.ui_scale(size)
        self.s = s
        self.band_h = int(18 * s)
        self.title_size = max(18, int(title_base * s))
        return s

    def on_escape(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        return self.transparent

    def update(self, dt: float) -> None:
        self.focus.update(dt)

    def next_change(self) -> float | None:
        """A screen of controls changes only on input, but for a focused text field's blinking caret."""
        blinks = [wait for wait in (c.next_blink() for c in self.focus.controls if isinstance(c, TextField))
                  if wait is not None]
        return min(blinks) if blinks else None


def keyed(control: Control, key: str) -> Control:
    """Name a control so focus finds it again after the screen is laid out anew."""
    control.key = key  # type: ignore[attr-defined]
    return control
