"""When a table's picture changes by itself, so the program can rest while a person thinks.

The app draws a frame only when something changed: input, or a scene saying its picture moves on
(`Scene.next_change`). A table moves while anything is in motion or on its way: cards and tweens, moves
still to be shown, an AI seat thinking or about to play, a reaction window's countdown, a notice fading,
a hint being worked out, a card carried by the pointer, or one of the game's own clocks
(`_own_clock_running`). Waiting for a person, the one thing that still moves is the pulse of the turn ring,
whose ring grows and shrinks in whole pixels: the table asks for a frame exactly when the next pixel step
is due, about five a second, instead of sixty, and such a frame redraws only the rings' area (`rest_area`);
the ring has only a few sizes, so the app keeps the area's picture at each (`rest_look`) and shows it again
instead of drawing the table anew.
After `PULSE_CALM_AFTER` seconds with nothing moving and no input the ring holds still at its size then
(`pulse_clock`), so a table left waiting draws nothing at all; any input or motion starts it again.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.table.log_panel import TURN_PULSE_SPEED, TURN_PULSE_PIXELS

PULSE_LOOK_AHEAD = 0.5      # seconds searched for the ring's next pixel step (a whole pulse is 1.6 s)
PULSE_STEP = 0.004          # seconds between two looks, well under a frame
RING_MARGIN = 2 * TURN_PULSE_PIXELS   # pixels round a drawn ring and tag that hold it at any size of its pulse
# Seconds of a table left waiting (no input, nothing moving) before the ring holds still: two whole pulses, enough
# to catch the eye when a turn comes (the ring and its words stay); every step shown costs a wake, and on a
# quiet machine tens of milliseconds.
PULSE_CALM_AFTER = 2 * (2 * math.pi / TURN_PULSE_SPEED)


def ring_growth(clock: float) -> int:
    """How many pixels the turn ring has grown at `clock` (as `draw_turn_marker` draws it)."""
    return int(TURN_PULSE_PIXELS * (0.5 + 0.5 * math.sin(clock * TURN_PULSE_SPEED)))


def next_ring_step(clock: float) -> float:
    """Seconds from `clock` until the ring's size changes by a pixel."""
    now = ring_growth(clock)
    step = PULSE_STEP
    while step < PULSE_LOOK_AHEAD:
        if ring_growth(clock + step) != now:
            return step
        step += PULSE_STEP
    return PULSE_LOOK_AHEAD


class TableRest:
    """`next_change` and `rest_area` for the table scene (mixed into `TableScene`)."""

    _ring_areas: list[pygame.Rect]

    @property
    def turn_tag_rect(self) -> pygame.Rect | None:
        """This frame's turn ring and tag (the last drawn, which a notice keeps off). Every ring drawn since
        the frame began (set to None) is kept too: at rest they are all that changes (`rest_area`)."""
        return self._ring_areas[-1] if getattr(self, "_ring_areas", None) else None

    @turn_tag_rect.setter
    def turn_tag_rect(self, area: pygame.Rect | None) -> None:
        if area is None:
            self._ring_areas = []
        else:
            self._ring_areas = [*getattr(self, "_ring_areas", []), area]

    def rest_area(self: Any) -> pygame.Rect | None:
        """Waiting for a person, only the turn rings pulse: their area at any size of the pulse (None while
        anything else moves, or no ring was drawn)."""
        if not self._ring_areas or self.state.finished or self._in_motion():
            return None
        coach_visible = getattr(self, "_coach_visible", None)
        if coach_visible is not None and coach_visible():
            return None             # a tutorial's coach pulses its target too: the whole picture
        return self._ring_areas[0].unionall(self._ring_areas[1:]).inflate(2 * RING_MARGIN, 2 * RING_MARGIN)

    def rest_look(self: Any) -> object:
        """At rest only the ring's growth changes the rings' area (see `rest_area`)."""
        return ring_growth(self.pulse_clock)

    def next_change(self: Any) -> float | None:
        if self._in_motion():
            self.stir()
            return 0.0
        if self.state.finished or self._calm():
            return None
        return next_ring_step(self.clock)

    def stir(self: Any) -> None:
        """Something moved or the player did something: the turn ring pulses again from now."""
        self._stirred_at = self.clock

    @property
    def pulse_clock(self: Any) -> float:
        """The clock the turn ring pulses by: the table's, held where it was once the table has waited
        `PULSE_CALM_AFTER` seconds untouched."""
        return self.clock if not self._calm() else self._stirred_at + PULSE_CALM_AFTER

    def _calm(self: Any) -> bool:
        stirred = getattr(self, "_stirred_at", None)
        if stirred is None:
            self._stirred_at = stirred = self.clock
        return self.clock - stirred >= PULSE_CALM_AFTER

    def _in_motion(self: Any) -> bool:
        if self.events or self.hold > 0 or self.overlay_open or self.tweens.busy or self.ai.busy:
            return True
        if self.hint_runner.busy or self.drag.notice is not None or self.drag.held:
            return True
        if self.reaction is not None and self.reaction.open:
            return True
        if not self.replay_mode and not self.state.finished and any(seat not in self.humans for seat in self._waiting()) \
                and self.held_ai_seat is None:
            return True             # an AI seat is about to be asked, or chance to be dealt (not one held for N)
        return self._own_clock_running()

    def _own_clock_running(self) -> bool:
        """A game's own timer that changes the picture (a look that ends, a shuffle): False by default."""
        return False
