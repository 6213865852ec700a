"""Running the app with no screen and no sound device: tests, screenshots and the frame benchmark.

A headless run uses SDL's dummy drivers and a fixed time step (1/60 s), so the same flags give the
same frames every time, as fast as the machine can draw them.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.catalog import Catalog
    from game.core.userfiles import UserDirs
    from scenes.app import App

HEADLESS_DT = 1 / 60


def use_dummy_drivers() -> None:
    """Must run before pygame's display starts: SDL reads the drivers once."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def make_headless_app(size: tuple[int, int] = (1280, 720), *, dirs: "UserDirs | None" = None,
                      catalog: "Catalog | None" = None) -> "App":
    """A windowless App at `size` with a fixed time step (a size given here is never saved)."""
    use_dummy_drivers()
    from scenes.app import App

    return App(headless=True, fixed_dt=HEADLESS_DT, size=size, dirs=dirs, catalog=catalog, remember_size=False)


@dataclass(frozen=True)
class FrameTimes:
    """Per-frame update+draw times in milliseconds, summarised the way the benchmark reports them.

    `times_ms` is wall-clock time, what a player sees. `cpu_ms` is the main thread's own CPU time in
    the same frames: on a shared machine other processes inflate wall-clock outliers, and the CPU
    figure tells whether the program's own work or the machine was slow.
    """

    times_ms: tuple[float, ...]
    cpu_ms: tuple[float, ...] = ()

    def percentile(self, p: float, values: tuple[float, ...] | None = None) -> float:
        ordered = sorted(self.times_ms if values is None else values)
        if not ordered:
            return 0.0
        index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
        return ordered[index]

    def summary(self) -> dict[str, float | int]:
        return {
            "frames": len(self.times_ms),
            "p50_ms": round(self.percentile(50), 3),
            "p99_ms": round(self.percentile(99), 3),
            "max_ms": round(max(self.times_ms, default=0.0), 3),
            "cpu_p50_ms": round(self.percentile(50, self.cpu_ms), 3),
            "cpu_p99_ms": round(self.percentile(99, self.cpu_ms), 3),
        }


def run_frames(app: "App", frames: int, dt: float = HEADLESS_DT) -> FrameTimes:
    """Advance `frames` frames (or until the app quits), timing each frame's events+update+draw."""
    app.stack.apply_pending()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(frames):
        if not app.running:
            break
        started = time.perf_counter()
        cpu_started = time.thread_time()
        app.frame(dt)
        cpu.append((time.thread_time() - cpu_started) * 1000.0)
        times.append((time.perf_counter() - started) * 1000.0)
    return FrameTimes(tuple(times), tuple(cpu))


def save_screenshot(app: "App", path: Path) -> Path:
    """The last drawn frame as a PNG."""
    import pygame

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))
    return path
