"""At rest the app sleeps on the X server's socket instead of looking for input 120 times a second, and
still answers input at once; where that cannot work (a key held down, which pygame repeats from a thread of
its own; a socket with data SDL leaves unread; no X server) it looks for input twice a frame as before."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.input_wait import POLL_SECONDS, InputWait, x11_connection
from tests.scenes.xvfb_harness import ROOT, _start_xvfb, wait_for_json

KEY = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)


@pytest.fixture
def socket_pair():
    """A pipe standing in for the X connection: what is written to it makes it readable."""
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    pygame.event.clear()
    read_end, write_end = os.pipe()
    yield read_end, write_end
    os.close(read_end)
    os.close(write_end)


def test_with_nothing_arriving_it_sleeps_the_whole_time_without_looking(socket_pair) -> None:
    wait = InputWait(socket_pair[0])
    started = time.perf_counter()
    assert wait.until(started + 0.4) is None
    assert time.perf_counter() - started >= 0.39
    assert wait.wakes <= 3, f"{wait.wakes} looks in 0.4 s: it polled instead of sleeping"


def test_input_arriving_on_the_socket_ends_the_sleep_at_once(socket_pair) -> None:
    read_end, write_end = socket_pair
    wait = InputWait(read_end)

    def server_sends_a_key() -> None:
        time.sleep(0.15)
        pygame.event.post(KEY)          # what SDL makes of the server's bytes ...
        os.write(write_end, b"k")       # ... which wake the sleeper

    threading.Thread(target=server_sends_a_key).start()
    started = time.perf_counter()
    event = wait.until(started + 3.0)
    assert event is not None and event.type == pygame.KEYDOWN
    assert time.perf_counter() - started < 0.15 + 0.25
    assert wait.wakes <= 3


def test_data_left_unread_on_the_socket_is_no_busy_loop(socket_pair) -> None:
    read_end, write_end = socket_pair
    os.write(write_end, b"never read")  # readable all along, and no event comes of it
    wait = InputWait(read_end)
    started = time.perf_counter()
    assert wait.until(started + 0.3) is None
    assert wait.wakes <= 2 * (0.3 / POLL_SECONDS) + 4, f"{wait.wakes} looks in 0.3 s"


def test_while_a_key_is_held_it_looks_twice_a_frame_for_the_repeats(socket_pair) -> None:
    wait = InputWait(socket_pair[0])
    wait.note(KEY)                      # held: pygame posts its repeats from a timer, not through the socket
    started = time.perf_counter()
    threading.Timer(0.1, pygame.event.post, [KEY]).start()
    event = wait.until(started + 2.0)
    assert event is not None and time.perf_counter() - started < 0.1 + 3 * POLL_SECONDS + 0.1
    wait.note(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert not wait.keys_held
    wait.note(KEY)
    wait.note(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not wait.keys_held           # let go in another window: no KEYUP will come


def test_a_stop_request_ends_the_sleep_at_once_as_a_quit_event(socket_pair) -> None:
    """SIGTERM (a log-out, `kill`) reaches a sleeping app at once, as the window's close button would."""
    wait = InputWait(socket_pair[0])
    wait.take_stop_signal()
    try:
        assert wait.signals is not None
        threading.Timer(0.15, os.kill, [os.getpid(), signal.SIGTERM]).start()
        started = time.perf_counter()
        event = wait.until(started + 5.0)
        assert event is not None and event.type == pygame.QUIT
        assert time.perf_counter() - started < 0.15 + 0.5
    finally:
        wait.close()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_without_an_x_server_there_is_no_socket_and_it_looks_as_before() -> None:
    pygame.display.init()
    assert x11_connection("dummy") is None
    wait = InputWait(None)
    started = time.perf_counter()
    assert wait.until(started + 0.2) is None
    assert wait.wakes >= 0.2 / POLL_SECONDS * 0.5


WINDOW_SCRIPT = textwrap.dedent("""
    import json, os, sys, time
    sys.path.insert(0, os.getcwd())
    import pygame
    import scenes.app
    from scenes.app import App
    from scenes.screens.title import TitleScene

    scenes.app.REST_WAKE_QUIET = 3.0          # shorter than a player's, so the test takes seconds

    report = sys.argv[1]
    app = App(size=(800, 500), remember_size=False)
    app.stack.push(TitleScene(app))
    for _ in range(30):                       # shown, and the window's first events handled
        app.frame(1 / 60)
    wakes = app.input_wait.wakes
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < 2.0:
        app.rest()
        app.frame(1 / 60)
    rest = {"connection": app.input_wait.connection, "wakes": app.input_wait.wakes - wakes,
            "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu}
    with open(report + ".part", "w") as out:          # whole or not at all: the test reads it once it is there
        json.dump(rest, out)
    os.replace(report + ".part", report + ".ready")
    woken = None
    deadline = time.perf_counter() + 8.0
    while time.perf_counter() < deadline and woken is None:
        app.rest()
        if any(event.type == pygame.KEYDOWN for event in app._woken_by):
            woken = time.monotonic()
        app.frame(1 / 60)
    rest["woken_at"] = woken
    app.shutdown()
    with open(report + ".part", "w") as out:
        json.dump(rest, out)
    os.replace(report + ".part", report)
""")


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                    reason="needs Xvfb and xdotool (.ci/run installs them: build/x_packages.sh)")
def test_in_a_real_x_window_the_app_sleeps_on_the_socket_and_a_key_wakes_it(tmp_path: Path) -> None:
    script = tmp_path / "window.py"
    script.write_text(WINDOW_SCRIPT)
    report = tmp_path / "report.json"
    server, display = _start_xvfb()
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "OLYMPUS_HOME": str(tmp_path / "home")}
    child = subprocess.Popen([sys.executable, str(script), str(report)], env=env, cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        rest = wait_for_json(Path(str(report) + ".ready"), 60.0)
        assert rest["connection"] is not None, "no X connection found to wait on"
        # Two seconds and more at the title: a couple of wakes at most (it polled 240 times a second before).
        assert rest["wakes"] <= 6, rest
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(child.pid)], env=env,
                                capture_output=True, text=True, timeout=20).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10)
        sent = time.monotonic()
        subprocess.run(["xdotool", "key", "--window", window, "Down"], env=env, timeout=10)
        child.wait(timeout=20)
        done = json.loads(report.read_text())
        assert done["woken_at"] is not None, "the key never reached the app"
        # Within a moment of the key (the quiet rest would have lasted 3 s).
        assert done["woken_at"] - sent < 1.0, done["woken_at"] - sent
    finally:
        if child.poll() is None:
            child.kill()
        server.terminate()
        server.wait(timeout=5)
