"""Scenes, the scene stack, and what a scene may ask of the program (`AppServices`).

A scene gets events, updates with `dt`, and draws. The stack applies `push`/`pop`/`replace` at the
end of a frame, so a scene never changes the stack under its own feet. A `transparent` scene
(pause, dialog, results, hand-off) draws over the scenes below it; only the top scene gets input
and updates, unless a scene below sets `updates_when_covered` (a table keeps animating under a
toast but not under a pause overlay).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol

import pygame

if TYPE_CHECKING:
    from game.catalog import Catalog
    from game.core.session import GameSession
    from game.core.settings import Settings
    from game.core.userfiles import UserDirs


class AppServices(Protocol):
    """What a scene may ask of the program that runs it: its stack, files, settings and games, and to
    show a toast, open a table, go back to the title or quit. `scenes.app.App` provides it; screens, tables
    and the kit type against this and never import the app, so the app can import every screen without an
    import circle."""

    stack: SceneStack
    dirs: UserDirs
    settings: Settings
    catalog: Catalog
    headless: bool
    log_path: Path

    @property
    def size(self) -> tuple[int, int]: ...

    def toast(self, text: str) -> None: ...

    def update_settings(self, new: Settings) -> None: ...

    def open_table(self, session: GameSession, *, fresh: bool = False) -> None: ...

    def back_to_title(self) -> None: ...

    def quit(self) -> None: ...


class Scene:
    transparent: bool = False
    updates_when_covered: bool = False
    covers_window: bool = False     # its `draw` paints every pixel (a table's felt): nothing is painted under it

    def __init__(self, app: "AppServices") -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def next_change(self) -> float | None:
        """Seconds until this scene's picture changes by itself: 0 for the next frame (something moves, or
        news it looked at has arrived: see `next_look`), None when only input changes it. The app draws no
        frame before then unless input comes, so a program at rest uses next to no CPU. A scene that does
        not say is drawn every frame."""
        return 0.0

    def next_look(self) -> float | None:
        """Seconds until this scene must look at work going on elsewhere whose news it shows (a network
        connection, a worker thread or process): the app then updates it without drawing, and draws only
        if `next_change` now returns 0. None: nothing to look at (its picture changes only by input or
        as `next_change` says). A scene that shows such news must say so here, or the news shows only
        when input or a timer next wakes the program."""
        return None

    def rest_area(self) -> pygame.Rect | None:
        """While the scene rests, the one part of its picture that still changes by itself (a table's turn
        ring): a frame due only to that redraws only there. None: the whole picture is drawn."""
        return None

    def rest_look(self) -> object:
        """At rest, what decides how `rest_area` looks now (a table: how far its turn ring has grown). The
        app keeps each look it has drawn and shows it again instead of drawing it anew, so this must
        change whenever the area's picture does. None: nothing is kept, the area is drawn every time."""
        return None

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""

    def language_changed(self) -> None:
        """The player chose another language. The App lays every scene out again right after (through
        `resize`); a scene that keeps words made earlier (read from a file, built when it opened)
        makes them anew here."""


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    # Requests: carried out at the end of the frame.
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push_now(scene))

    def pop(self) -> None:
        self._pending.append(self._pop_now)

    def replace(self, scene: Scene) -> None:
        def run() -> None:
            if self._scenes:
                self._scenes.pop().exit()
            self._scenes.append(scene)
            scene.enter()
        self._pending.append(run)

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over with one (back to the title menu)."""
        def run() -> None:
            while self._scenes:
                self._scenes.pop().exit()
            self._scenes.append(scene)
            scene.enter()
        self._pending.append(run)

    def apply_pending(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    def _push_now(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def _pop_now(self) -> None:
        if self._scenes:
            self._scenes.pop().exit()
        if self._scenes:
            self._scenes[-1].resume()

    # Per frame.
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return bool(self._scenes) and self._scenes[-1].handle_event(event)

    def updating(self) -> list[Scene]:
        """The scenes that update this frame: the top one and those below it that update when covered."""
        return [scene for scene in self._scenes[:-1] if scene.updates_when_covered] + self._scenes[-1:]

    def next_change(self) -> float | None:
        """The soonest `next_change` of the scenes that update (None: only input changes the picture)."""
        waits = [wait for wait in (scene.next_change() for scene in self.updating()) if wait is not None]
        return min(waits) if waits else None

    def next_look(self) -> float | None:
        """The soonest `next_look` of the scenes that update (None: none looks at work elsewhere)."""
        waits = [wait for wait in (scene.next_look() for scene in self.updating()) if wait is not None]
        return min(waits) if waits else None

    def has_pending(self) -> bool:
        """Whether a push, pop or replace waits for the end of the frame."""
        return bool(self._pending)

    def rest_area(self) -> pygame.Rect | None:
        """The top scene's `rest_area` when it alone is drawn (None under a dialog or an overlay)."""
        if not self._scenes or self._scenes[-1].transparent:
            return None
        return self._scenes[-1].rest_area()

    def rest_look(self) -> object:
        """The top scene's `rest_look`, under the same condition as `rest_area`."""
        if not self._scenes or self._scenes[-1].transparent:
            return None
        return self._scenes[-1].rest_look()

    def update(self, dt: float) -> None:
        if not self._scenes:
            return
        for scene in self._scenes[:-1]:
            if scene.updates_when_covered:
                scene.update(dt)
        self._scenes[-1].update(dt)

    def covers_window(self) -> bool:
        """The lowest scene drawn paints every pixel itself, so the window need not be cleared first."""
        first = len(self._scenes) - 1
        while first > 0 and self._scenes[first].transparent:
            first -= 1
        return bool(self._scenes) and self._scenes[max(first, 0)].covers_window

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self._scenes) - 1
        while first > 0 and self._scenes[first].transparent:
            first -= 1
        for scene in self._scenes[max(first, 0):]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.resize(size)

    def language_changed(self, size: tuple[int, int]) -> None:
        """Every scene, also those under the top one, redraws in the new language from the next frame."""
        for scene in self._scenes:
            scene.language_changed()
            scene.resize(size)
