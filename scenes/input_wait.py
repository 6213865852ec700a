"""Waiting for the player's input while the program is at rest, without looking for it over and over.

pygame has no blocking wait: `pygame.event.wait` with a timeout looks for input every millisecond, and
looking 120 times a second (what the app did before) costs 3–4 % of a core on a quiet machine, where
every wake-up is slow. Under X11 all input arrives on one socket, the connection to the X server, so the
app sleeps in `select` on that socket and wakes when the server sends something (or when the app's own
next timer is due); one look then turns what arrived into events.

What does not come through that socket is still caught by looking as before, every `POLL_SECONDS`:
  - pygame's own key repeat, which a timer thread posts while a key is held (so while any key is down
    the app looks instead of sleeping);
  - other video drivers (Windows, macOS, Wayland, the headless dummy driver).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import select
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


class InputWait:
    """Sleeps until input comes or a moment is reached; see the module's docstring for how."""

    def __init__(self, connection: int | None) -> None:
        self.connection = connection
        self.wakes = 0          # times the app woke to look (a test and the idle benchmark read it)
        self.keys_held: set[int] = set()   # keys down now: pygame repeats them from a thread of its own

    def note(self, event: pygame.event.Event) -> None:
        """Follow the keys held down, from the events the app handles."""
        if event.type == pygame.KEYDOWN:
            self.keys_held.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_held.clear()       # a key let go in another window sends no KEYUP here

    @classmethod
    def for_display(cls) -> "InputWait":
        return cls(x11_connection())

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
            try:
                ready, _, _ = select.select([self.connection], [], [], left)
            except (OSError, ValueError):       # the connection is gone: look for input as before
                self.connection = None
                continue
            if ready:
                # Something arrived: the next look turns it into events. If it was only the server's
                # own traffic, wait a moment before sleeping on the socket again, so that data SDL
                # leaves unread can never turn this into a busy loop.
                event = pygame.event.poll()
                self.wakes += 1
                if event.type != pygame.NOEVENT:
                    return event
                time.sleep(min(POLL_SECONDS, max(0.0, due - time.perf_counter())))
