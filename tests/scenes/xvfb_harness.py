"""Driving a table in a real window on a virtual X screen (Xvfb + xdotool), or by posted events.

The real-window tests start a scenario script in a child process on a fresh Xvfb display. The
script writes `<report>.layout.json` (where the cards and drop zones are, in window pixels) once
its window is up, and `<report>` when it is done. `RealWindow` moves a real X pointer over it.
Where Xvfb or xdotool is missing, the same gestures are posted as pygame events instead
(`click_events`, `drag_events`), so a test always proves the drag path end to end.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import pygame

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
            self.layout = wait_for_json(self.report.with_suffix(".layout.json"), 10.0)
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
