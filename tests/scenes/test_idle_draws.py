"""At rest the program draws nothing: a quiet title, menu or table is not drawn again while no one touches it
(the app still wakes for its timers and for scenes that look at the network), and what changes by itself
still shows without input: a guest arriving in the lobby, the host's word at a guest's table, an AI's answer.

The app's clock is replaced by a fake one (`FakeClock`): a rest's sleeps advance it at once, so seconds of
rest take milliseconds, and the frames and draws counted are those a window would have made."""
from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.app
import scenes.input_wait
from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.app import FPS, MAX_DT, REST_MAX_DT, REST_WAKE, REST_WAKE_QUIET, App
from scenes.screens.online_lobby import NETWORK_LOOK_S, LobbyScene
from scenes.screens.replays import ReplaysScene
from scenes.screens.saves import SavesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from scenes.tables import open_table
from tests.scenes.table_driving import DT, open_session, run, show, wait_for_thinking


class FakeClock:
    """`time` as scenes/app.py and scenes/input_wait.py use it: a rest's sleeps move the clock on at once (with a real moment's
    pause, so threads of the program or of a test host still run)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        time.sleep(0.0002)


@dataclass
class Screen:
    """What the window was shown: whole pictures (`flip`) and parts of one (`update`)."""

    flips: int = 0
    updates: list[Any] = field(default_factory=list)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(scenes.app, "time", fake)
    monkeypatch.setattr(scenes.input_wait, "time", fake)
    return fake


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Screen:
    screen = Screen()

    def flip() -> None:
        screen.flips += 1

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", lambda area=None: screen.updates.append(area))
    return screen


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    application = App(headless=True, size=(1280, 720), remember_size=False)
    yield application
    application.shutdown()


def window_loop(app: App, clock: FakeClock, seconds: float, until: Callable[[], bool] | None = None) -> float:
    """Run the app as `App.run` does with a window (rest, then a frame) for `seconds` of the fake clock, or
    until `until()`; returns the seconds it took."""
    started = clock.now
    while clock.now - started < seconds:
        before = clock.now
        rested = app.rest()
        if not rested:
            clock.now += 1.0 / FPS          # a frame's time when nothing rested
        app.frame(min(clock.now - before, REST_MAX_DT if rested else MAX_DT))
        if until is not None and until():
            break
    return clock.now - started


@pytest.mark.parametrize("screen", [TitleScene, SettingsScene, SavesScene, StatisticsScene, ReplaysScene])
def test_a_quiet_menu_is_not_drawn_again_over_seconds_of_rest(app: App, clock: FakeClock, shown: Screen,
                                                              screen: type) -> None:
    pygame.event.clear()
    app.stack.push(screen(app))
    window_loop(app, clock, 0.1)                # the screen comes and is shown
    assert app.frames_drawn >= 1 and shown.flips >= 1
    drawn, flips, frames = app.frames_drawn, shown.flips, app.frame_count
    pygame.event.clear()
    seconds = 2 * REST_WAKE_QUIET + 6.0
    window_loop(app, clock, seconds)
    assert app.frames_drawn == drawn and shown.flips == flips and not shown.updates
    # The app still woke for its own timers, with nothing to try again only every REST_WAKE_QUIET.
    assert 2 <= app.frame_count - frames <= seconds / REST_WAKE_QUIET + 2


def test_a_screen_that_comes_is_drawn_at_once_not_at_the_next_timer(app: App, clock: FakeClock,
                                                                    shown: Screen) -> None:
    app.stack.push(TitleScene(app))
    window_loop(app, clock, 1.0)
    drawn = app.frames_drawn
    app.stack.push(SettingsScene(app))           # as a key press would, at the end of its frame
    app.frame(1 / FPS)
    assert isinstance(app.stack.top, SettingsScene)
    assert app.seconds_at_rest() == 0.0           # shown the very next frame, not after a rest
    app.frame(1 / FPS)
    assert app.frames_drawn == drawn + 2


def test_a_quiet_table_shows_only_its_turn_rings_pulse(app: App, clock: FakeClock, shown: Screen) -> None:
    """Waiting for its player, a table is never drawn whole: only the turn ring's area, at its pixel steps."""
    app.settings = replace(app.settings, animation_speed="instant", ai_delay_s=0.0)
    game = load_game("telos")
    table = show(app, open_table(app, open_session(game, [("Ann", "human"), ("Zoe", "ai"), ("Bob", "ai")], 4, {})))
    for _ in range(3000):
        app.frame(DT)
        wait_for_thinking(app)
        if table.idle and not table._in_motion() and 0 in table._waiting():
            break
    assert 0 in table._waiting() and not table._in_motion()
    pygame.event.clear()
    window_loop(app, clock, 0.6)
    flips, updates = shown.flips, len(shown.updates)
    window_loop(app, clock, 5.0)
    assert shown.flips == flips                   # nothing drawn whole
    ring = table.rest_area()                      # its size follows the pulse: a few pixels either way
    assert ring is not None
    assert all(area is not None and ring.inflate(12, 12).contains(area) for area in shown.updates[updates:]), \
        (ring, shown.updates[updates:])
    assert len(shown.updates) - updates <= 5.0 * 8   # the ring's pixel steps: about five a second


@dataclass
class FakeGuestState:
    seats: list[dict[str, Any]]
    seat: int = 0
    bye: str | None = None
    updates: list[Any] = field(default_factory=list)


class FakeClient:
    """A guest's connection as the lobby reads it; the test plays the host, changing its state."""

    def __init__(self) -> None:
        self.state = FakeGuestState([{"kind": "remote", "name": "Ann", "present": True},
                                     {"kind": "remote", "name": "", "present": False},
                                     {"kind": "ai", "name": "Zoe"}])
        self.game = load_game("zeus")
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_the_lobby_shows_a_guest_arriving_without_input_and_rests_otherwise(app: App, clock: FakeClock,
                                                                             shown: Screen) -> None:
    client = FakeClient()
    lobby = LobbyScene(app, client)  # type: ignore[arg-type]
    app.stack.push(lobby)
    pygame.event.clear()
    window_loop(app, clock, 0.2)
    drawn = app.frames_drawn
    window_loop(app, clock, 3.0)
    assert app.frames_drawn == drawn              # nobody came: nothing drawn
    assert app.seconds_to_look() == pytest.approx(NETWORK_LOOK_S)

    # Bob arrives (the network thread replaces the seats): drawn at the lobby's next look, within a frame.
    client.state.seats = [dict(client.state.seats[0]), {"kind": "remote", "name": "Bob", "present": True},
                          dict(client.state.seats[2])]
    took = window_loop(app, clock, 2.0, until=lambda: app.frames_drawn > drawn)
    assert app.frames_drawn == drawn + 1
    assert took <= NETWORK_LOOK_S + 1.0 / FPS + 1e-6
    surface = pygame.Surface(app.size)
    lobby.draw(surface)                           # the picture drawn names Bob as here
    assert lobby.next_change() is None

    # The host leaves: its words are shown, and the lobby gives way to the menu with a toast.
    client.state.bye = "The host closed the table."
    window_loop(app, clock, 1.0, until=lambda: app.frames_drawn > drawn + 1)
    assert app.frames_drawn == drawn + 2


def test_an_ai_answer_from_its_worker_is_drawn_every_frame_without_input(app: App, clock: FakeClock,
                                                                          shown: Screen) -> None:
    """The player moves; the AI thinks in its worker and answers: every frame of that is drawn (a round's
    results shown over the table, which change only on input, are not drawn again)."""
    app.settings = replace(app.settings, ai_delay_s=0.0)
    game = load_game("zeus")
    table = show(app, open_table(app, open_session(game, [("Ann", "human"), ("Zoe", "ai:easy")], 3, {})))
    rng = random.Random(2)
    window_loop(app, clock, 30.0, until=lambda: table.idle and not table._in_motion() and 0 in table._waiting()
                and table._human_may_act())
    assert 0 in table._waiting() and table._human_may_act()
    table._apply(0, rng.choice(table.state.legal_actions(0)))
    thought: list[bool] = []
    moving = [True]               # the table, on top, was in motion before this frame (our move is shown)
    counts = [app.frames_drawn]
    undrawn: list[int] = []       # frames of motion at the table that were not drawn

    def answered() -> bool:
        """The AI was asked, thought in its worker, and its answer was shown: our turn again, all still."""
        if moving[0] and app.frames_drawn == counts[0]:
            undrawn.append(app.frame_count)
        counts[0] = app.frames_drawn
        moving[0] = app.stack.top is table and table._in_motion()
        if table.ai.busy:
            thought.append(True)
        return bool(thought) and not table.ai.busy and not table._in_motion() and 0 in table._waiting()

    window_loop(app, clock, 30.0, until=answered)
    assert thought and answered()
    assert not undrawn, f"frames in motion not drawn: {undrawn}"

def test_a_guest_table_looks_at_the_host_and_shows_its_goodbye(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               clock: FakeClock, shown: Screen) -> None:
    from game.net.host import SeatPlan
    from scenes.table.online_seat import HOST_LOOK_S
    from tests.net.test_guest_table import join_as_ann, open_host

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "guest-home"))
    app = App(headless=True, size=(1280, 720), remember_size=False)
    try:
        app.settings = replace(app.settings, animation_speed="instant", ai_delay_s=0.0)
        host = open_host(tmp_path, "zeus", [SeatPlan("remote"), SeatPlan("ai", "easy", "Zoe")], 5)
        table = join_as_ann(app, host)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (table.idle and not table._in_motion() and 0 in table._waiting()):
            window_loop(app, clock, 0.1)
        assert 0 in table._waiting()
        assert app.seconds_to_look() <= HOST_LOOK_S
        drawn = app.frames_drawn
        host.close()                               # the host leaves: said at the table, without input
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not app.toasts:
            window_loop(app, clock, 0.05)
        assert app.toasts and app.frames_drawn > drawn
    finally:
        app.shutdown()


def test_while_a_save_fails_the_app_wakes_often_enough_to_try_it_again(app: App, clock: FakeClock,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """At rest with nothing to try again the app sleeps REST_WAKE_QUIET at a time; a save that failed (a full
    disk) is tried again every couple of seconds, so then the app wakes every REST_WAKE."""
    from tests.core.test_faults_disk_full import Disk, moves

    disk = Disk(monkeypatch)
    session = GameSession.new(load_game("zeus"), [SeatInfo("Ann", "human"), SeatInfo("Zoe", "ai:easy")], {}, 4,
                              autosave_path=app.dirs.autosave, records_dir=app.dirs.records)
    app.session = session
    app.stack.push(TitleScene(app))
    window_loop(app, clock, 0.2)
    assert app.seconds_to_look() == REST_WAKE_QUIET
    disk.full = True
    session.apply(*moves()[0])
    assert session.pending
    assert app.seconds_to_look() == REST_WAKE
    frames = app.frame_count
    window_loop(app, clock, 6.0)
    assert app.frame_count - frames >= 6.0 / REST_WAKE * 0.8
    disk.full = False
    window_loop(app, clock, 3.0)                 # tried again within RETRY_SECONDS: kept, and the app sleeps long
    assert not session.pending and app.seconds_to_look() == REST_WAKE_QUIET
