"""Driving a table in a real window on a virtual X screen (Xvfb + xdotool), or by posted events.

The real-window tests start a scenario script in a child process on a fresh Xvfb display. The
script writes `<report>.layout.json` (where the cards and drop zones are, in window pixels) once
its window is up, and `<report>` when it is done. `RealWindow` moves a real X pointer over it.
Where Xvfb or xdotool is missing, the same gestures are posted as pygame events instead
(`click_events`, `drag_events`), so a test always proves the drag path end to end.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any

import pygame

from game.core.userfiles import atomic_write_json

ROOT = Path(__file__).resolve().parents[2]
DRAG_STEPS = 12


def have_x_tools() -> bool:
    return shutil.which("Xvfb") is not None and shutil.which("xdotool") is not None


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def drag_events(start: tuple[int, int], end: tuple[int, int], steps: int = DRAG_STEPS) -> list[pygame.event.Event]:
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    return events


def wait_for_json(path: Path, seconds: float) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists():
            return json.loads(path.read_text())
        time.sleep(0.05)
    raise AssertionError(f"{path.name} was not written within {seconds} s")


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=[write_fd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not report a display"
    return server, f":{number}"


class RealWindow:
    """`with RealWindow(script, report, home) as window:` runs `python script report` on a new Xvfb
    display and waits for its layout; `window.click(pos)` and `window.drag(start, end)` move the real
    pointer (window coordinates); `window.finish(seconds)` waits for the script and returns its report."""

    def __init__(self, script: Path, report: Path, home: Path) -> None:
        self.script, self.report, self.home = script, report, home
        self.layout: dict = {}

    def __enter__(self) -> "RealWindow":
        self.server, self.display = _start_xvfb()
        env = {**os.environ, "DISPLAY": self.display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "OLYMPUS_HOME": str(self.home)}
        self.table = subprocess.Popen([sys.executable, str(self.script), str(self.report)], env=env, cwd=ROOT,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            self.layout = wait_for_json(self.report.with_suffix(".layout.json"), 30.0)   # a busy machine starts slowly
            window = self._xdotool("search", "--sync", "--pid", str(self.table.pid)).split()[0]
            geometry = dict(line.split("=", 1) for line in self._xdotool("getwindowgeometry", "--shell", window).split())
            self.left, self.top = int(geometry["X"]), int(geometry["Y"])
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.table.poll() is None:
            self.table.kill()
        self.server.terminate()
        self.server.wait(timeout=5)

    def _xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display}, capture_output=True,
                              text=True, timeout=10)
        return done.stdout

    def _move(self, x: int, y: int) -> None:
        self._xdotool("mousemove", str(self.left + x), str(self.top + y))

    def click(self, pos: tuple[int, int]) -> None:
        self._move(*pos)
        time.sleep(0.1)
        self._xdotool("click", "1")
        time.sleep(0.15)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        (x, y), (x2, y2) = start, end
        self._move(x, y)
        time.sleep(0.1)
        self._xdotool("mousedown", "1")
        for i in range(1, DRAG_STEPS + 1):
            self._move(x + (x2 - x) * i // DRAG_STEPS, y + (y2 - y) * i // DRAG_STEPS)
            time.sleep(0.03)
        time.sleep(0.1)
        self._xdotool("mouseup", "1")
        time.sleep(0.8)

    def finish(self, seconds: float) -> dict:
        self.table.wait(timeout=seconds)
        return wait_for_json(self.report, 2.0)


# ----- the watcher a scenario table mixes in, and the posted-event driver ---------------------------------------

WINDOW = (1024, 640)
TIME_LIMIT_S = 14.0
DONE_FRAMES = 10


def open_app(headless: bool, ai_delay_s: float) -> Any:
    """The app a scenario runs in: fast animations, a fixed step when headless, a window of WINDOW."""
    from scenes.app import App

    app = App(headless=headless, fixed_dt=1 / 60 if headless else None, size=WINDOW, remember_size=False)
    app.settings = replace(app.settings, animation_speed="fast", ai_delay_s=ai_delay_s)
    return app


class WatchedTable:
    """Mixed in before a table scene: writes down what a watcher would see while the table is played
    (the pointer, how far the held card strayed from it, the reasons shown) into `seen`, and the report
    file once the scenario is over. `actions_reported` keeps only the first moves (None: all of them)."""

    actions_reported: int | None = None

    def start_watching(self, report: Path, seen: dict[str, Any]) -> None:
        self.report_path = report
        self.pointer: tuple[int, int] | None = None
        self.seen = seen
        self._grab: tuple[tuple[float, float], tuple[int, int]] | None = None
        self._done_frames = 0
        self._clock = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
        return super().handle_event(event)  # type: ignore[misc]

    def write_layout(self, layout: dict[str, Any]) -> None:
        """Publish where things are, so the driver knows where to point."""
        self.seen["layout"] = layout
        atomic_write_json(self.report_path.with_suffix(".layout.json"), layout)

    def watch_drag(self) -> bool:
        """Measure the drag under way, if any; True while one is."""
        seen = self.seen
        if self.drag.dragging and self.pointer is not None:  # type: ignore[attr-defined]
            held = self.drag.held[0]  # type: ignore[attr-defined]
            offset = (held.x - self.pointer[0], held.y - self.pointer[1])
            if self._grab is None:
                self._grab = (offset, self.pointer)
            first_offset, start = self._grab
            seen["follow_error"] = max(seen["follow_error"], math.dist(offset, first_offset))
            seen["drag_travel"] = max(seen["drag_travel"], math.dist(self.pointer, start))
            return True
        self._grab = None
        return False

    def watch_notices(self) -> None:
        notice = self.drag.notice  # type: ignore[attr-defined]
        if notice is not None and notice.text not in self.seen["notices"]:
            self.seen["notices"].append(notice.text)

    def finish_when(self, done: bool, dt: float) -> None:
        """Finish a few frames after the scenario is `done`, or when time runs out."""
        self._clock += dt
        if done:
            self._done_frames += 1
        if self._done_frames >= DONE_FRAMES or self._clock > TIME_LIMIT_S:
            self.finish()

    def finish(self) -> None:
        actions = self.session.state.rounds[0].actions  # type: ignore[attr-defined]
        self.seen["actions"] = [[seat, str(action)] for seat, action in actions][:self.actions_reported]
        atomic_write_json(self.report_path, self.seen)
        self.app.quit()  # type: ignore[attr-defined]


def frames_until_layout(app: Any, scene: WatchedTable, frames: int) -> dict[str, Any]:
    """Show the scene and run frames until it has published its layout."""
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(frames):
        app.frame(1 / 60)
        if scene.seen["layout"] is not None:
            break
    return scene.seen["layout"]


def post_gesture(app: Any, events: list[pygame.event.Event], settle_frames: int) -> None:
    """Post a gesture one event a frame, then let it settle."""
    for event in events:
        pygame.event.post(event)
        app.frame(1 / 60)
    for _ in range(settle_frames):
        app.frame(1 / 60)


def report_when_quit(app: Any, report: Path, frames: int) -> dict:
    """Run frames until the scenario quits the app, then read its report."""
    for _ in range(frames):
        if not app.running:
            break
        app.frame(1 / 60)
    return json.loads(report.read_text())
