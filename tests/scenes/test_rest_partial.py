"""A table waiting for its player redraws only its turn ring's area, and the picture is the very one a whole
frame draws; at rest without an X server to wait on (here the dummy driver) the app looks for input twice
a frame (not every millisecond) and still answers it within one frame."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.catalog import load_game
from scenes import app as app_module
from scenes import input_wait as input_wait_module
from scenes.app import App
from scenes.input_wait import POLL_SECONDS as REST_POLL
from scenes.screens.title import TitleScene
from scenes.table.rest import next_ring_step
from scenes.tables import open_table
from tests.scenes.table_driving import DT, open_session, run, show, wait_after_each_frame

SEATS = {"zeus": 3, "telos": 3, "tamoul": 2, "elios": 2}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = App(headless=True, fixed_dt=DT, size=(1280, 720))
    wait_after_each_frame(app)
    yield app
    app.shutdown()


def _resting_table(app: App, game_id: str):
    game = load_game(game_id)
    seats = [("Ann", "human")] + [(f"AI {n}", "ai") for n in range(1, SEATS[game_id])]
    table = show(app, open_table(app, open_session(game, seats, 4, {})))
    run(app, 4000, until=lambda: table.idle and not table._in_motion() and 0 in table._waiting())
    assert 0 in table._waiting() and not table._in_motion()
    return table


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_ring_step_redraws_only_the_rings_and_matches_a_whole_frame(app: App, game_id: str, monkeypatch) -> None:
    table = _resting_table(app, game_id)
    app.frame(DT)                               # a whole frame of the table at rest
    area = app.stack.rest_area()
    assert area is not None and area.width * area.height < 0.2 * 1280 * 720
    shown: list = []
    monkeypatch.setattr(pygame.display, "update", lambda rect=None: shown.append(pygame.Rect(rect)))
    for _ in range(6):                          # six pulse steps, each after a quiet rest
        app._rested_quietly = True
        app.frame(next_ring_step(table.clock))
        partial = app.screen.copy()
        app.draw()                              # the whole frame at the same moment
        assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    assert len(shown) == 6 and all(rect.width * rect.height < 0.2 * 1280 * 720 for rect in shown)


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_after_one_pulse_the_ring_steps_are_put_back_not_drawn_and_match_a_whole_frame(app: App, game_id: str,
                                                                                      monkeypatch) -> None:
    """The ring has a handful of sizes: once each was drawn in this rest, its step shows the kept picture
    (the table is not drawn at all) and that picture is still the very one a whole frame draws."""
    table = _resting_table(app, game_id)
    app.frame(DT)
    drawn = 0
    real_draw = type(table).draw

    def counted(self, surface):
        nonlocal drawn
        drawn += 1
        return real_draw(self, surface)

    monkeypatch.setattr(type(table), "draw", counted)
    monkeypatch.setattr(pygame.display, "update", lambda rect=None: None)
    steps, looks_drawn = 0, []
    table.stir()
    started = table.clock
    while table.clock < started + 4.0:                   # two and a half pulses, every step after a quiet rest
        app._rested_quietly = True
        drawn_before = drawn
        app.frame(next_ring_step(table.clock))
        steps += 1
        if drawn > drawn_before:
            looks_drawn.append(table.rest_look())
        else:                                            # put back: compare it with a whole frame
            partial = app.screen.copy()
            app.draw()
            drawn -= 1
            assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    # Each of the ring's sizes (with the area it then covers: 8 in a pulse, 10 at most) is drawn once in the
    # rest; every other step is put back.
    assert steps >= 19 and len(looks_drawn) <= 10, (steps, looks_drawn)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(DT)                                        # input: the kept pictures are forgotten
    assert app._kept_looks == {}


def test_input_or_motion_draws_the_whole_window(app: App, monkeypatch) -> None:
    table = _resting_table(app, "zeus")
    app.frame(DT)
    flips: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rect=None: flips.append("update"))
    app._rested_quietly = True
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(DT)                               # a rest ended by input: the pointer may light anything
    table.tweens.add(table, 0.3, clock=table.clock)
    app._rested_quietly = True
    app.frame(DT)                               # something moves
    app.toast("Saved.")
    app._rested_quietly = True
    app.frame(DT)                               # a toast over the table
    assert flips == ["flip", "flip", "flip"]


def test_a_menu_at_rest_draws_whole_frames(app: App) -> None:
    show(app, TitleScene(app))
    assert app.stack.rest_area() is None


def test_at_rest_input_is_looked_for_twice_a_frame_and_answered_within_one(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = App(headless=True, size=(800, 500))
    try:
        show(app, TitleScene(app))
        app.frame(1 / 60)                           # shown once: a screen not yet drawn is drawn at once
        pygame.event.clear()                        # the window's own opening events
        looks = 0
        real_poll = pygame.event.poll

        def counted_poll():
            nonlocal looks
            looks += 1
            return real_poll()

        monkeypatch.setattr(pygame.event, "poll", counted_poll)
        monkeypatch.setattr(app_module, "REST_WAKE_QUIET", 0.5)     # a shorter quiet rest, for the test's time
        started = time.perf_counter()
        app.rest()                                  # nothing comes: the whole rest (REST_WAKE_QUIET)
        seconds = time.perf_counter() - started
        assert seconds > 0.3
        assert looks <= seconds / REST_POLL + 3, f"{looks} looks for input in {seconds:.2f} s"
        assert app._rested_quietly

        # Input is seen at the first look after it comes, and looks are never more than REST_POLL apart: the
        # sleeps between looks are recorded (and skipped), and a key comes during the fifth of them.
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        sleeps: list[float] = []

        def sleep(seconds: float) -> None:
            sleeps.append(seconds)
            if len(sleeps) == 5:
                pygame.event.post(key)

        monkeypatch.setattr(input_wait_module.time, "sleep", sleep)
        app._rested_quietly = False
        app.rest()
        assert len(sleeps) == 5 and all(0 < seconds <= REST_POLL for seconds in sleeps)
        assert app._woken_by and app._woken_by[0].type == pygame.KEYDOWN and not app._rested_quietly
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", ["telos", "tamoul"])
def test_a_table_left_waiting_holds_its_turn_ring_still_until_input(app: App, game_id: str) -> None:
    """The ring pulses while the player is about; after PULSE_CALM_AFTER seconds untouched it holds still,
    so a table left waiting draws nothing at all (on a machine whose memory goes cold while the program
    sleeps, each pulse step cost about 20 ms: 11 % of a core at rest); a key or the pointer starts it again."""
    from scenes.table.rest import PULSE_CALM_AFTER

    table = _resting_table(app, game_id)
    table.stir()
    waited = 0.0
    while waited < PULSE_CALM_AFTER - 0.5:      # still pulsing: a frame is due within half a second
        wait = table.next_change()
        assert wait is not None and 0 < wait <= 0.5
        app.frame(wait)
        waited += wait
    app.frame(1.0)
    assert app.stack.next_change() is None      # held still: nothing is due
    held = table.pulse_clock
    app.frame(5.0)
    assert table.pulse_clock == held and table.next_change() is None
    before = app.screen.copy()
    app.draw()
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(DT)
    assert table.pulse_clock == table.clock and table.next_change() is not None
