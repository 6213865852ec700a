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

import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.zeus import load_game
from scenes.zeus.table import ZeusTableScene
from tests.scenes.xvfb_harness import (TIME_LIMIT_S, RealWindow, WatchedTable, drag_events, frames_until_layout,
                                       have_x_tools, open_app, post_gesture, report_when_quit)

ANN_HAND = ["1", "5", "7", "9"]


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


class ProbedZeusTable(WatchedTable, ZeusTableScene):
    """The real table, writing down what a watcher would see while it is played."""

    def __init__(self, app: Any, session: GameSession, report: Path) -> None:
        super().__init__(app, session)
        self.start_watching(report, {"lit": False, "notices": [], "follow_error": 0.0, "drag_travel": 0.0,
                                     "five_home": None, "layout": None})

    def update(self, dt: float) -> None:
        super().update(dt)
        seen = self.seen
        if seen["layout"] is None and self._human_may_act():
            self.write_layout({"cards": {s.card_id: [int(s.x), int(s.y)] for s in self.hands[0]},
                               "olympus": list(self._olympus_rect().center), "size": list(self.layout.size)})
        if self.watch_drag():
            seen["lit"] = seen["lit"] or "olympus" in self.drag.lit_zones
        self.watch_notices()
        if seen["notices"] and seen["five_home"] is None and not self.tweens.busy and not self.drag.dragging:
            five = next((s for s in self.hands[0] if s.card_id == "5"), None)
            seen["five_home"] = five is not None and math.dist((five.x, five.y), five.home[:2]) < 1.0
        self.finish_when(len(self.session.state.rounds[0].actions) >= 2, dt)


def open_window(report: Path, headless: bool) -> tuple[Any, ProbedZeusTable]:
    app = open_app(headless, ai_delay_s=0.2)
    return app, ProbedZeusTable(app, scenario_session(), report)


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
    layout = frames_until_layout(app, scene, 600)
    for card in ("5", "1"):
        post_gesture(app, drag_events(tuple(layout["cards"][card]), tuple(layout["olympus"])), 60)
    return report_when_quit(app, report, 600)


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
