"""Running the app with no screen and no sound device: tests, screenshots and the frame benchmark.

A headless run uses SDL's dummy drivers and a fixed time step (1/60 s), so the same flags give the
same frames every time, as fast as the machine can draw them.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

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


def resident_mib() -> float:
    """This process's resident memory in MiB (Linux /proc; elsewhere the peak from `resource`)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 1024)


@dataclass(frozen=True)
class SoakResult:
    """Memory over a long AI-only run: resident MiB at the start and after each quarter of the frames."""

    game: str
    seats: int
    frames: int
    games_finished: int
    rss_mib: tuple[float, ...]

    def summary(self) -> dict[str, object]:
        first_quarter = self.rss_mib[1] if len(self.rss_mib) > 1 else self.rss_mib[0]
        return {"game": self.game, "seats": self.seats, "frames": self.frames, "games_finished": self.games_finished,
                "rss_mib": [round(value, 1) for value in self.rss_mib],
                "growth_after_first_quarter_mib": round(max(self.rss_mib) - first_quarter, 1)}


def run_soak(app: "App", game_id: str, new_table: "Callable[[int], object]", frames: int, seats: int) -> SoakResult:
    """Play AI-only games one after another for `frames` frames, a new table (`new_table(seed)`) as soon as
    a game is over, and read resident memory at the start and after each quarter (after a collection,
    so what is measured is what stays)."""
    import gc

    seed = 1
    app.stack.clear_to(new_table(seed))       # type: ignore[arg-type]
    app.stack.apply_pending()
    gc.collect()
    readings = [resident_mib()]
    quarters = {frames * q // 4 for q in (1, 2, 3, 4)}
    finished = 0
    counted: set[int] = set()
    for frame in range(1, frames + 1):
        app.frame(HEADLESS_DT)
        table = app.stack.scenes[0] if app.stack.scenes else None
        state = getattr(table, "state", None)
        if state is None:                          # the results' "Back to menu": a new game
            seed += 1
            app.stack.clear_to(new_table(seed))   # type: ignore[arg-type]
            app.apply_stack_changes()             # as a frame does: the old table is freed
        elif state.finished and id(state) not in counted:
            counted.add(id(state))
            finished += 1
        if state is not None and state.finished and getattr(table, "idle", True):
            seed += 1                             # the game is over and shown: the next one
            app.stack.clear_to(new_table(seed))   # type: ignore[arg-type]
            app.apply_stack_changes()
        if frame in quarters:
            gc.collect()
            readings.append(resident_mib())
        table = state = None                      # held here, a table given up could not be freed
    return SoakResult(game_id, seats, frames, finished, tuple(readings))


def cpu_share_at_rest(app: "App", seconds: float) -> float:
    """Percent of one core this process uses while the app runs by the real clock for `seconds`, resting
    whenever its scenes allow (as a window does), with no input."""
    app.stack.apply_pending()
    started, cpu_started = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds and app.running:
        rested = app.rest()
        app.frame(min(app.clock.tick(60) / 1000.0, 0.5 if rested else 0.1))
    return 100.0 * (time.process_time() - cpu_started) / (time.perf_counter() - started)


def window_video_driver() -> str | None:
    """The video driver a player's window uses on this computer, or None where there is no screen to
    show one on (then the idle benchmark measures with the dummy driver)."""
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "cocoa"
    if os.environ.get("DISPLAY"):
        return "x11"
    if os.environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    return None


def run_idle_bench(seconds: float, games: "list[str] | None" = None,
                   window: bool = True) -> tuple[str, dict[str, float]]:
    """CPU share at rest: the title, the settings, the saved games (each once it has been shown), and each
    game's table waiting for its player (human at the bottom, AI seats, once its first human turn has come
    and every motion is over; its turn ring then pulses for `PULSE_CALM_AFTER`).
    In a real window where there is a screen (and `window`), since how the program waits for input at
    rest depends on the video driver (scenes/input_wait.py); else with the dummy driver. Returns the
    video driver measured and the shares."""
    driver = window_video_driver() if window else None
    use_dummy_drivers()
    if driver is not None:
        os.environ["SDL_VIDEODRIVER"] = driver
    from game.core.engine import SeatInfo
    from game.core.session import GameSession
    from scenes.app import App
    from scenes.screens.saves import SavesScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.title import TitleScene
    from scenes.tables import open_table

    app = App(headless=True, size=(1280, 720), remember_size=False)
    shares: dict[str, float] = {}
    for name, make in (("title", TitleScene), ("settings", SettingsScene), ("saved games", SavesScene)):
        app.stack.clear_to(make(app))
        app.stack.apply_pending()
        app.frame(1 / 60)                       # the screen shown: what follows is the screen at rest
        shares[name] = round(cpu_share_at_rest(app, seconds), 2)
    for game_id in games or list(app.catalog.games):
        game = app.catalog.get(game_id)
        levels = list(game.agent_levels())
        level = next((name for name in ("easy", "normal") if name in levels), levels[0])
        seats = [SeatInfo("You", "human")] + [SeatInfo(f"AI {n}", f"ai:{level}") for n in range(1, game.min_players)]
        table = open_table(app, GameSession.new(game, seats, {}, 7))
        app.stack.clear_to(table)
        app.stack.apply_pending()
        waited = time.perf_counter()
        while time.perf_counter() - waited < 60 and not (0 in table._waiting() and not table._in_motion()):
            app.frame(min(app.clock.tick(60) / 1000.0, 0.1))
        shares[f"{game_id} table"] = round(cpu_share_at_rest(app, seconds), 2)
    import pygame

    driver = pygame.display.get_driver()
    app.shutdown()
    return driver, shares
