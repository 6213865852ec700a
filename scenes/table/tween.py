"""Tweens: numbers on objects that glide to a target over time, so every card that moves is seen moving.

A tween changes float attributes of any object (a card sprite's `x`, `y`, `rotation`, `scale`,
`flip`, `alpha`, a counter's `value`…) from where they are when the tween starts to where it
should end. Start values are read when the tween starts (after its delay), so tweens queued one
after another on the same object chain naturally. Every duration and delay is multiplied by an
animation factor read at each `add` (settings.animation_factor: 0 makes everything instant, which
headless runs and the "instant" setting use). Callbacks run once, when the tween ends.

Reduced motion (settings.reduced_motion, read at each `add`): nothing slides. A tween that moves
something (`x`, `y`, `rotation`) fades it out where it is, puts it in its new place at the halfway
point and fades it back in; what has no `alpha` (a figurine) simply changes place halfway. Other
attributes (a flip, a counting total) still change smoothly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

Easing = Callable[[float], float]
MOVING = frozenset({"x", "y", "rotation"})      # attributes that make a thing slide


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing: a card slid across the table."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and landing: slow deliberate moves (a figurine changing hands)."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card springing back to the hand."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


@dataclass
class Tween:
    """One glide of some attributes of `target`; made by `TweenQueue.add`."""

    target: Any
    ends: dict[str, float]
    duration: float
    delay: float = 0.0
    easing: Easing = ease_out_cubic
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    starts: dict[str, float] | None = None
    done: bool = False
    tag: str = ""
    fade_move: bool = False         # reduced motion: the moving attributes jump halfway, behind a fade
    _alpha: float | None = None     # the target's alpha when a fading move started

    def restore_alpha(self) -> None:
        """A fading move stopped halfway leaves its target as visible as it was before."""
        if self._alpha is not None:
            self.target.alpha = self._alpha
            self._alpha = None

    def step(self, dt: float) -> float:
        """Advance by dt; return the time left over once finished (so a queue never loses time)."""
        if self.done:
            return dt
        if self.delay > 0:
            used = min(self.delay, dt)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return 0.0
        if self.starts is None:
            self.starts = {name: float(getattr(self.target, name)) for name in self.ends}
            if self.fade_move and hasattr(self.target, "alpha") and "alpha" not in self.ends:
                self._alpha = float(self.target.alpha)
        self.elapsed += dt
        progress = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        eased = self.easing(progress)
        for name, end in self.ends.items():
            start = self.starts[name]
            if self.fade_move and name in MOVING:
                setattr(self.target, name, end if progress >= 0.5 else start)
            else:
                setattr(self.target, name, end if progress >= 1.0 else start + (end - start) * eased)
        if self._alpha is not None:
            self.target.alpha = self._alpha * (1.0 if progress >= 1.0 else abs(1.0 - 2.0 * progress))
        if progress >= 1.0:
            self.done = True
            return max(0.0, self.elapsed - self.duration)
        return 0.0


@dataclass
class TweenQueue:
    """All running tweens of a scene. `busy` tells the table to hold the next event until motion ends."""

    factor: Callable[[], float] = lambda: 1.0
    tweens: list[Tween] = field(default_factory=list)
    reduced: Callable[[], bool] = lambda: False     # reduced motion: moves fade instead of sliding

    def add(self, target: Any, duration: float, *, delay: float = 0.0, easing: Easing = ease_out_cubic,
            on_done: Callable[[], None] | None = None, tag: str = "", **ends: float) -> Tween:
        """Glide `target`'s attributes to `ends` in `duration` seconds (times the animation factor).

        A new tween on the same attributes of the same target replaces the running one (whose
        callback still runs), so a card sent somewhere else mid-flight turns smoothly instead of
        fighting two tweens.
        """
        scale = max(0.0, float(self.factor()))
        for old in self.tweens:
            if old.target is target and not old.done and set(old.ends) <= set(ends):
                old.done = True
                old.restore_alpha()
                self._finish_callback(old)
        tween = Tween(target, dict(ends), duration * scale, delay * scale, easing, on_done, tag=tag,
                      fade_move=bool(MOVING & set(ends)) and self.reduced())
        self.tweens.append(tween)
        if tween.duration <= 0 and tween.delay <= 0:
            self._run(tween, 0.0)
        return tween

    def call(self, callback: Callable[[], None], delay: float = 0.0, tag: str = "") -> Tween:
        """Run `callback` after `delay` seconds (times the factor): a step in a choreography."""
        return self.add(_Nothing(), 0.0, delay=delay, on_done=callback, tag=tag)

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            if not tween.done:
                self._run(tween, dt)
        self.tweens = [t for t in self.tweens if not t.done]

    def _run(self, tween: Tween, dt: float) -> None:
        tween.step(dt)
        if tween.done:
            self._finish_callback(tween)

    @staticmethod
    def _finish_callback(tween: Tween) -> None:
        callback, tween.on_done = tween.on_done, None
        if callback is not None:
            callback()

    def finish_all(self) -> None:
        """Jump every tween (and any tween its callbacks start) to its end: used when skipping ahead."""
        for _ in range(1000):
            pending = [t for t in self.tweens if not t.done]
            if not pending:
                break
            for tween in pending:
                tween.delay = 0.0
                tween.elapsed = tween.duration
                self._run(tween, 0.0)
        self.tweens = [t for t in self.tweens if not t.done]

    def cancel(self, target: Any) -> None:
        """Stop the target's tweens where they are (no callbacks): a card picked up mid-flight."""
        for tween in self.tweens:
            if tween.target is target:
                tween.done = True
                tween.on_done = None
                tween.restore_alpha()
        self.tweens = [t for t in self.tweens if not t.done]

    def moving(self, target: Any) -> bool:
        return any(t.target is target and not t.done for t in self.tweens)

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self.tweens)

    @property
    def showing(self) -> bool:
        """Busy with something the game is showing: a card settling back into the hand after a refused
        move (tag SETTLING) is not, so the player may try another card at once."""
        return any(not t.done and t.tag != SETTLING for t in self.tweens)


SETTLING = "settling"   # the tag of a refused card springing back to its place in the hand


class _Nothing:
    """The target of a pure callback step."""


@dataclass
class Counter:
    """A number shown on the table that counts up or down to its new value (Mount Olympus' total)."""

    value: float = 0.0

    @property
    def shown(self) -> int:
        return int(round(self.value))
