"""Real mouse play on the Tamoul table: a real window on a virtual X screen, driven by xdotool.

Ann (human) plays first and holds 5D 9S 3C QH; the draw pile's top card is 4H. The mouse clicks the draw
pile (Ann draws the 4H, shown to her), drags her 9S onto the still empty discard pile (refused: there is
nothing to intercept; it springs back with the engine's reason), then drags the drawn 4H onto her slot 4
(kept: the QH goes onto the discard pile). The table under test records what it saw (the card following
the pointer, the lit slot, the reasons shown, the moves made) in a JSON report.

When Xvfb or xdotool is missing, the same gestures are posted as pygame events to a headless window and
the same report is checked, so the test always proves the click and drag path end to end.

Run by hand: `python tests/scenes/test_tamoul_xvfb.py REPORT.json` opens the scenario window.
"""
from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.core.userfiles import atomic_write_json
from game.tamoul import load_game
from scenes.tamoul_table import TamoulTableScene
from tests.scenes.xvfb_harness import RealWindow, click_events, drag_events, have_x_tools

WINDOW = (1024, 640)
ANN = ["5D", "9S", "3C", "QH"]
ZOE = ["2S", "8H", "6C", "AD"]
TIME_LIMIT_S = 14.0
EMPTY_PILE = "The discard pile is empty: there is nothing to intercept"   # as the table shows it


def scenario_session() -> GameSession:
    game = load_game()
    used = ANN + ZOE + ["4H"]
    pile = ["4H"] + [c for c in game.content.cards if c not in used]
    setup = {"first": 0, "slots": [ANN + [None] * 4, ZOE + [None] * 4], "draw_pile": pile}
    state = game.new_state([SeatInfo("Ann", "human"), SeatInfo("Zoe", "ai:easy")], {"reaction_ms": 500}, 5,
                           setups=[setup])
    return GameSession(game, state)


class ProbedTamoulTable(TamoulTableScene):
    """The real table, writing down what a watcher would see while it is played."""

    def __init__(self, app: Any, session: GameSession, report: Path) -> None:
        super().__init__(app, session)
        self.report_path = report
        self.pointer: tuple[int, int] | None = None
        self.seen: dict[str, Any] = {"lit": [], "notices": [], "follow_error": 0.0, "drag_travel": 0.0,
                                     "nine_home": None, "drawn_face": None, "layout": None}
        self._grab: tuple[tuple[float, float], tuple[int, int]] | None = None
        self._done_frames = 0
        self._clock = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt
        seen = self.seen
        if seen["layout"] is None and self._my_turn():
            seen["layout"] = {"deck": list(self._deck_centre()), "drawn": list(self._held_centre()),
                              "discard": list(self._discard_centre()),
                              "slots": [[int(s.x), int(s.y)] for s in self.grids[0].slots[:4]],
                              "size": list(self.layout.size)}
            atomic_write_json(self.report_path.with_suffix(".layout.json"), seen["layout"])
        if self.drawn is not None and self.drawn.face_up:
            seen["drawn_face"] = self.drawn.card_id
        if self.drag.dragging and self.pointer is not None:
            held = self.drag.held[0]
            offset = (held.x - self.pointer[0], held.y - self.pointer[1])
            if self._grab is None:
                self._grab = (offset, self.pointer)
            first_offset, start = self._grab
            seen["follow_error"] = max(seen["follow_error"], math.dist(offset, first_offset))
            seen["drag_travel"] = max(seen["drag_travel"], math.dist(self.pointer, start))
            for zone in sorted(self.drag.lit_zones):
                if zone not in seen["lit"]:
                    seen["lit"].append(zone)
        else:
            self._grab = None
        notice = self.drag.notice
        if notice is not None and notice.text not in seen["notices"]:
            seen["notices"].append(notice.text)
        if EMPTY_PILE in seen["notices"] and seen["nine_home"] is None and not self.tweens.busy \
                and not self.drag.dragging:
            nine = self.grids[0].slots[1]
            seen["nine_home"] = nine is not None and math.dist((nine.x, nine.y), nine.home[:2]) < 1.0
        if len(self.session.state.rounds[0].actions) >= 2:
            self._done_frames += 1
        if self._done_frames >= 10 or self._clock > TIME_LIMIT_S:
            self.finish()

    def finish(self) -> None:
        self.seen["actions"] = [[seat, str(action)] for seat, action in self.session.state.rounds[0].actions][:2]
        atomic_write_json(self.report_path, self.seen)
        self.app.quit()


def open_window(report: Path, headless: bool) -> tuple[Any, ProbedTamoulTable]:
    from scenes.app import App

    app = App(headless=headless, fixed_dt=1 / 60 if headless else None, size=WINDOW, remember_size=False)
    app.settings = replace(app.settings, animation_speed="fast", ai_delay_s=0.2)
    scene = ProbedTamoulTable(app, scenario_session(), report)
    return app, scene


def check_report(report: dict) -> None:
    """What a player at the table must have seen, however the mouse was driven."""
    assert report["drag_travel"] >= 100, report          # the drags really travelled
    assert report["follow_error"] <= 3.0, report          # and the card stayed under the pointer
    assert report["drawn_face"] == "4H", report           # the drawn card shown to its drawer
    assert "0.3" in report["lit"], report                 # Ann's slot 4 lit up for the drawn card
    assert EMPTY_PILE in report["notices"], report        # the engine's reason for the refused 9S
    assert report["nine_home"] is True, report            # which sprang back
    assert report["actions"] == [[0, "draw deck"], [0, "keep 3"]], report


def gestures(layout: dict) -> list[tuple[str, tuple[int, int], tuple[int, int] | None]]:
    slots = layout["slots"]
    return [("click", tuple(layout["deck"]), None),
            ("drag", tuple(slots[1]), tuple(layout["discard"])),
            ("drag", tuple(layout["drawn"]), tuple(slots[3]))]


# ----- driving by posted events (always) and by a real X pointer (when the tools are there) -----------------
def run_with_posted_events(tmp_path: Path) -> dict:
    report = tmp_path / "report.json"
    app, scene = open_window(report, headless=True)
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(900):
        app.frame(1 / 60)
        if scene.seen["layout"] is not None:
            break
    for kind, start, end in gestures(scene.seen["layout"]):
        events = click_events(start) if kind == "click" else drag_events(start, end)
        for event in events:
            pygame.event.post(event)
            app.frame(1 / 60)
        for _ in range(60):
            app.frame(1 / 60)
    for _ in range(900):
        if not app.running:
            break
        app.frame(1 / 60)
    return json.loads(report.read_text())


def run_in_a_real_window(tmp_path: Path) -> dict:
    with RealWindow(Path(__file__).resolve(), tmp_path / "report.json", tmp_path / "home") as window:
        for kind, start, end in gestures(window.layout):
            if kind == "click":
                window.click(start)
            else:
                window.drag(start, end)
            time.sleep(0.8)
        return window.finish(TIME_LIMIT_S)


def test_a_real_mouse_draws_is_refused_an_empty_pile_and_keeps_the_drawn_card(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    if have_x_tools():
        check_report(run_in_a_real_window(tmp_path))
    else:
        check_report(run_with_posted_events(tmp_path))


def test_the_same_gestures_posted_as_pygame_events_give_the_same_report(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    check_report(run_with_posted_events(tmp_path))


if __name__ == "__main__":
    app, scene = open_window(Path(sys.argv[1]), headless=False)
    sys.exit(app.run(scene))
