"""Waiting for the player's input while the program is at rest, without looking for it over and over.

pygame has no blocking wait: `pygame.event.wait` with a timeout looks for input every millisecond, and
looking 120 times a second (what the app did before) costs 3–4 % of a core on a quiet machine, where
every wake-up is slow. The app sleeps where the system delivers input instead, and wakes when something
arrives (or when its own next timer is due); one look then turns what arrived into events:
  - under X11, in `select` on the connection to the X server, which carries all of a window's input;
  - under Windows, in `MsgWaitForMultipleObjectsEx` on the thread's message queue (the window's messages
    come to the thread that made it), as SDL's own wait does there.

A request to stop (SIGTERM: a log-out, `kill`) comes through neither: SDL's own handler for it only puts
a quit event in its queue. So where the app sleeps on a socket, it takes that signal itself: Python's
handler posts the quit event and writes to a pipe the sleep also watches (`signal.set_wakeup_fd`).

What does not come that way is still caught by looking as before, every `POLL_SECONDS`:
  - pygame's own key repeat, which a timer thread posts while a key is held (so while any key is down
    the app looks instead of sleeping);
  - other video drivers (macOS, Wayland, the headless dummy driver).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import select
import signal
import sys
import threading
import time

import pygame

log = logging.getLogger("olympus")

POLL_SECONDS = 1.0 / 120   # when the app must look: twice a frame, so input is answered within one


def x11_connection(driver: str | None = None) -> int | None:
    """The file descriptor of SDL's connection to the X server, or None where there is none to wait on
    (another video driver, or libX11 not found: the app then looks for input as before)."""
    if (driver or pygame.display.get_driver()) != "x11":
        return None
    try:
        capsule = pygame.display.get_wm_info()["display"]
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        xlib.XConnectionNumber.restype = ctypes.c_int
        fd = int(xlib.XConnectionNumber(display))
    except (KeyError, OSError, ValueError, AttributeError, TypeError, pygame.error) as exc:
        log.info("input is looked for at rest: no X connection to wait on (%s)", exc)
        return None
    return fd if fd >= 0 else None


WINDOWS_QUEUE = -1        # `connection` under Windows: the thread's message queue, not a file
_QS_ALLINPUT = 0x04FF
_MWMO_INPUTAVAILABLE = 0x0004    # input already seen by a peek, but not taken, also ends the wait
_WAIT_OBJECT_0, _WAIT_TIMEOUT = 0x0, 0x102


def _wait_for_windows_message(seconds: float) -> bool | None:
    """Sleep until a message comes to this thread's queue (True) or `seconds` pass (False); None if the
    wait failed."""
    wait = ctypes.windll.user32.MsgWaitForMultipleObjectsEx          # type: ignore[attr-defined]
    wait.argtypes = [ctypes.c_uint32, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32]
    wait.restype = ctypes.c_uint32
    result = wait(0, None, max(0, int(seconds * 1000)), _QS_ALLINPUT, _MWMO_INPUTAVAILABLE)
    return True if result == _WAIT_OBJECT_0 else False if result == _WAIT_TIMEOUT else None


def input_connection(driver: str | None = None) -> int | None:
    """What the app can sleep on for input under this video driver (see the module's docstring)."""
    driver = driver or pygame.display.get_driver()
    if driver == "windows" and sys.platform == "win32":
        return WINDOWS_QUEUE
    return x11_connection(driver)


class InputWait:
    """Sleeps until input comes or a moment is reached; see the module's docstring for how."""

    def __init__(self, connection: int | None) -> None:
        self.connection = connection
        self.wakes = 0          # times the app woke to look (a test and the idle benchmark read it)
        self.keys_held: set[int] = set()   # keys down now: pygame repeats them from a thread of its own
        self.signals: int | None = None     # the pipe a signal writes to (`take_stop_signal`)

    def take_stop_signal(self) -> None:
        """SIGTERM ends a sleep on the X socket at once and reaches the app as a quit event (as SDL's own
        handler made it). Only from the main thread with a socket to sleep on; elsewhere SDL's handler
        stays, and the looking wait sees its event within a frame."""
        if self.connection is None or self.connection == WINDOWS_QUEUE \
                or threading.current_thread() is not threading.main_thread():
            return
        read_end, write_end = os.pipe()
        os.set_blocking(read_end, False)
        os.set_blocking(write_end, False)
        try:
            signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
            signal.signal(signal.SIGTERM, _post_quit)
        except (ValueError, OSError) as exc:
            log.info("a stop request is seen at the next wake: %s", exc)
            os.close(read_end)
            os.close(write_end)
            return
        self.signals = read_end

    def note(self, event: pygame.event.Event) -> None:
        """Follow the keys held down, from the events the app handles."""
        if event.type == pygame.KEYDOWN:
            self.keys_held.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_held.clear()       # a key let go in another window sends no KEYUP here

    def close(self) -> None:
        """Give the stop signal back (the program is stopping, or a test made this wait)."""
        if self.signals is None:
            return
        try:
            write_end = signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            if write_end >= 0:
                os.close(write_end)
        except ValueError:              # not the main thread: nothing was taken from it
            pass
        os.close(self.signals)
        self.signals = None

    @classmethod
    def for_display(cls) -> "InputWait":
        return cls(input_connection())

    def until(self, due: float) -> pygame.event.Event | None:
        """The first event to arrive before `due` (a `time.perf_counter` moment), or None at `due`."""
        while True:
            self.wakes += 1
            event = pygame.event.poll()
            if event.type != pygame.NOEVENT:
                return event
            left = due - time.perf_counter()
            if left <= 0:
                return None
            if self.connection is None or self.keys_held:
                time.sleep(min(POLL_SECONDS, left))
                continue
            ready = self._sleep_on_connection(left)
            if ready is None:                   # it cannot be waited on: look for input as before
                self.connection = None
                continue
            if ready:
                # Something arrived: the next look turns it into events. If it was only the system's
                # own traffic, wait a moment before sleeping on it again, so that anything SDL leaves
                # unread can never turn this into a busy loop.
                event = pygame.event.poll()
                self.wakes += 1
                if event.type != pygame.NOEVENT:
                    return event
                time.sleep(min(POLL_SECONDS, max(0.0, due - time.perf_counter())))

    def _sleep_on_connection(self, seconds: float) -> bool | None:
        """Sleep on the connection until something arrives (True) or `seconds` pass (False); None when
        it cannot be waited on (gone, or the wait failed)."""
        if self.connection == WINDOWS_QUEUE:
            ready = _wait_for_windows_message(seconds)
            if ready is None:
                log.info("input is looked for at rest: the wait on the message queue failed")
            return ready
        watched = [self.connection] if self.signals is None else [self.connection, self.signals]
        try:
            ready = select.select(watched, [], [], seconds)[0]
        except (OSError, ValueError) as exc:
            log.info("input is looked for at rest: the X connection cannot be waited on (%s)", exc)
            return None
        if self.signals is not None and self.signals in ready:
            try:
                os.read(self.signals, 64)        # the signal's bytes: its handler has posted the event
            except BlockingIOError:
                pass
        return bool(ready)


def _post_quit(number: int, frame: object) -> None:
    """SIGTERM: the window's close button, as SDL would have made it."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
