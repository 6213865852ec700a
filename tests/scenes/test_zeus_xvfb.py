"""Real drag and drop on the Zeus table: a real window on a virtual X screen, driven by xdotool.

Mount Olympus stands at 99 (the AI opened with Hera) and it is Ann's turn with 1, 5, 7, 9: only the 1
may be played. The mouse drags the 5 onto Mount Olympus (refused: it springs back with the reason),
then drags the 1 (played: 100 wins the round). The table under test records what it saw (the card
following the pointer, the lit drop zone, the reasons shown, the moves made) in a JSON report.

When Xvfb or xdotool is missing, the same two drags are posted as pygame events to a headless
window and the same report is checked, so the test always proves the drag path end to end.

Run by hand: `python tests/scenes/test_zeus_xvfb.py REPORT.json` opens the scenario window.
"""
from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.core.userfiles import atomic_write_json
from game.zeus import load_game
from scenes.zeus_table import ZeusTableScene
from tests.scenes.xvfb_harness import RealWindow, drag_events, have_x_tools

WINDOW = (1024, 640)
ANN_HAND = ["1", "5", "7", "9"]
TIME_LIMIT_S = 14.0


def scenario_session() -> GameSession:
    """Zoe (AI) opens with Hera: 99. Ann's only legal card is the 1."""
    from collections import Counter

    game = load_game()
    hands = [list(ANN_HAND), ["Hera", "2", "3", "4"]]
    deck = Counter(game.deck.full_deck())
    deck.subtract(c for hand in hands for c in hand)
    setup = {"dealer": 0, "first": 1, "hands": hands,
             "draw_pile": sorted(deck.elements(), key=lambda c: (len(c), c))}
    state = game.new_state([SeatInfo("Ann", "human"), SeatInfo("Zoe", "ai:easy")], {"sneak": False}, 5,
                           setups=[setup])
    session = GameSession(game, state)
    session.apply(1, Action.of("play", "Hera"))
    return session


class ProbedZeusTable(ZeusTableScene):
    """The real table, writing down what a watcher would see while it is played."""

    def __init__(self, app: Any, session: GameSession, report: Path) -> None:
        super().__init__(app, session)
        self.report_path = report
        self.pointer: tuple[int, int] | None = None
        self.seen: dict[str, Any] = {"lit": False, "notices": [], "follow_error": 0.0, "drag_travel": 0.0,
                                     "five_home": None, "layout": None}
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
        if seen["layout"] is None and self._human_may_act():
            seen["layout"] = {"cards": {s.card_id: [int(s.x), int(s.y)] for s in self.hands[0]},
                              "olympus": list(self._olympus_rect().center), "size": list(self.layout.size)}
            atomic_write_json(self.report_path.with_suffix(".layout.json"), seen["layout"])
        if self.drag.dragging and self.pointer is not None:
            held = self.drag.held[0]
            offset = (held.x - self.pointer[0], held.y - self.pointer[1])
            if self._grab is None:
                self._grab = (offset, self.pointer)
            first_offset, start = self._grab
            seen["follow_error"] = max(seen["follow_error"], math.dist(offset, first_offset))
            seen["drag_travel"] = max(seen["drag_travel"], math.dist(self.pointer, start))
            seen["lit"] = seen["lit"] or "olympus" in self.drag.lit_zones
        else:
            self._grab = None
        notice = self.drag.notice
        if notice is not None and notice.text not in seen["notices"]:
            seen["notices"].append(notice.text)
        if seen["notices"] and seen["five_home"] is None and not self.tweens.busy and not self.drag.dragging:
            five = next((s for s in self.hands[0] if s.card_id == "5"), None)
            seen["five_home"] = five is not None and math.dist((five.x, five.y), five.home[:2]) < 1.0
        actions = self.session.state.rounds[0].actions
        if len(actions) >= 2:
            self._done_frames += 1
        if self._done_frames >= 10 or self._clock > TIME_LIMIT_S:
            self.finish()

    def finish(self) -> None:
        self.seen["actions"] = [[seat, str(action)] for seat, action in self.session.state.rounds[0].actions]
        atomic_write_json(self.report_path, self.seen)
        self.app.quit()



def open_window(report: Path, headless: bool) -> tuple[Any, ProbedZeusTable]:
    from scenes.app import App

    app = App(headless=headless, fixed_dt=1 / 60 if headless else None, size=WINDOW, remember_size=False)
    app.settings = replace(app.settings, animation_speed="fast", ai_delay_s=0.2)
    scene = ProbedZeusTable(app, scenario_session(), report)
    return app, scene


def check_report(report: dict) -> None:
    """What a player at the table must have seen, however the mouse was driven."""
    assert report["drag_travel"] >= 100, report          # the drags really travelled
    assert report["follow_error"] <= 3.0, report          # and the card stayed under the pointer
    assert report["lit"], report                          # Mount Olympus lit up for the 1
    assert "That would take Mount Olympus past 100" in report["notices"], report
    assert report["five_home"] is True, report            # the refused 5 sprang back
    assert report["actions"] == [[1, "play Hera"], [0, "play 1"]], report


# ----- driving by posted events (always) and by a real X pointer (when the tools are there) -----------------


def run_with_posted_events(tmp_path: Path) -> dict:
    report = tmp_path / "report.json"
    app, scene = open_window(report, headless=True)
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(600):
        app.frame(1 / 60)
        if scene.seen["layout"] is not None:
            break
    layout = scene.seen["layout"]
    for card in ("5", "1"):
        for event in drag_events(tuple(layout["cards"][card]), tuple(layout["olympus"])):
            pygame.event.post(event)
            app.frame(1 / 60)
        for _ in range(60):
            app.frame(1 / 60)
    for _ in range(600):
        if not app.running:
            break
        app.frame(1 / 60)
    return json.loads(report.read_text())








def run_in_a_real_window(tmp_path: Path) -> dict:
    with RealWindow(Path(__file__).resolve(), tmp_path / "report.json", tmp_path / "home") as window:
        for card in ("5", "1"):
            window.drag(tuple(window.layout["cards"][card]), tuple(window.layout["olympus"]))
        return window.finish(TIME_LIMIT_S)


def test_a_real_mouse_drag_is_refused_past_100_and_plays_the_legal_card(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    if have_x_tools():
        check_report(run_in_a_real_window(tmp_path))
    else:
        check_report(run_with_posted_events(tmp_path))


def test_the_same_drags_posted_as_pygame_events_give_the_same_report(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    check_report(run_with_posted_events(tmp_path))


if __name__ == "__main__":
    app, scene = open_window(Path(sys.argv[1]), headless=False)
    sys.exit(app.run(scene))
