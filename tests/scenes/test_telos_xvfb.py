"""Real drag and drop of a multi-card selection on the Télos table: a real window on a virtual X screen,
driven by xdotool.

Ann won the first trick with her 13 and leads the second one holding 1, 2, 3, 5, 5, 6 (a multiple lead
is allowed there). The mouse clicks a 5 and the 6 into the selection and drags them to the middle
(refused: "a multiple lead must be cards of one value", and both spring back), clicks the 6 out and
the other 5 in, and drags the pair to the middle (played: `play 5a,5b`). The table under test records
what it saw (how many cards travelled with the pointer, whether the middle lit up, the reasons shown,
the moves made) in a JSON report.

When Xvfb or xdotool is missing, the same clicks and drags are posted as pygame events to a headless
window and the same report is checked, so the test always proves the path end to end.

Run by hand: `python tests/scenes/test_telos_xvfb.py REPORT.json` opens the scenario window.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.telos import load_game
from scenes.telos.table import TelosTableScene
from tests.scenes.xvfb_harness import (TIME_LIMIT_S, RealWindow, WatchedTable, click_events, drag_events,
                                       frames_until_layout, have_x_tools, open_app, post_gesture,
                                       report_when_quit)

HANDS = [["5a", "5b", "6a", "1c", "2c", "3c", "13a"], ["7a", "8a", "9a", "10a", "11a", "12a", "7b"],
         ["1b", "2b", "3b", "4b", "6b", "8b", "4a"]]
REFUSED = "A multiple lead must be cards of one value"
# (what the mouse does, card): clicks toggle a card in the selection, a drag carries the whole selection.
STEPS = [("click", "5a"), ("click", "6a"), ("drag", "6a"), ("click", "6a"), ("click", "5b"), ("drag", "5b")]


def scenario_session() -> GameSession:
    """Bruno leads 7, Chloé 8, Ann takes the trick with her 13: Ann leads trick 2."""
    game = load_game()
    setup = {"dealer": 0, "direction": 1, "hands": [list(h) for h in HANDS], "blind": None,
             "scores_before": [[], [], []]}
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bruno", "ai:normal"), SeatInfo("Chloé", "ai:normal")]
    state = game.new_state(seats, game.normalize_options({"zeus_cards": ["Z:ant", "Z:eagle", "Z:swan"]}), 5,
                           setups=[setup])
    session = GameSession(game, state)
    for seat, action in ((1, "play 7a"), (2, "play 8b"), (0, "play 13a")):
        session.apply(seat, Action.parse(action))
    return session


class ProbedTelosTable(WatchedTable, TelosTableScene):
    """The real table, writing down what a watcher would see while it is played."""

    def __init__(self, app: Any, session: GameSession, report: Path) -> None:
        super().__init__(app, session)
        self.start_watching(report, {"lit": False, "notices": [], "follow_error": 0.0, "drag_travel": 0.0,
                                     "most_held": 0, "sprang_back": None, "selected_before_drag": [],
                                     "layout": None})

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.drag.selected:
            self.seen["selected_before_drag"].append(sorted(str(s.card_id) for s in self.drag.selected))
        return super().handle_event(event)

    def visible_point(self, card: str) -> list[int]:
        """A point of the card that no later card of the fan covers (where a player would click)."""
        sprite = next(s for s in self.hands[0] if s.card_id == card)
        rect = sprite.rect()
        for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
            for fy in (0.35, 0.5, 0.65):
                point = (int(rect.left + rect.width * fx), int(rect.top + rect.height * fy))
                if self.drag._card_at(point) is sprite:
                    return list(point)
        raise AssertionError(f"no visible point on {card}")

    def update(self, dt: float) -> None:
        super().update(dt)
        seen = self.seen
        if seen["layout"] is None and self._human_may_act() and self.hands[0]:
            self.write_layout({"cards": {str(s.card_id): self.visible_point(str(s.card_id)) for s in self.hands[0]},
                               "trick": list(self.layout.centre.center), "size": list(self.layout.size)})
        if self.watch_drag():
            seen["most_held"] = max(seen["most_held"], len(self.drag.held))
            seen["lit"] = seen["lit"] or "trick" in self.drag.lit_zones
        self.watch_notices()
        if seen["notices"] and seen["sprang_back"] is None and not self.tweens.busy and not self.drag.dragging:
            refused = [s for s in self.hands[0] if s.card_id in ("5a", "6a")]
            seen["sprang_back"] = len(refused) == 2 and all(
                math.dist((s.x, s.y), s.home[:2]) < 1.0 for s in refused)
        self.finish_when(len(self.session.state.rounds[0].actions) >= 4, dt)


def open_window(report: Path, headless: bool) -> tuple[Any, ProbedTelosTable]:
    app = open_app(headless, ai_delay_s=5.0)
    return app, ProbedTelosTable(app, scenario_session(), report)


def check_report(report: dict) -> None:
    """What a player at the table must have seen, however the mouse was driven."""
    assert report["selected_before_drag"][:1] == [["5a"]], report            # the first click selected a 5
    assert ["5a", "6a"] in report["selected_before_drag"], report            # then the 6 joined it
    assert report["most_held"] == 2, report                                  # both travelled with the pointer
    assert report["drag_travel"] >= 100, report                              # the drags really travelled
    assert report["follow_error"] <= 3.0, report                             # and stayed under the pointer
    assert report["lit"], report                                             # the middle lit up for the pair
    assert REFUSED in report["notices"], report                              # the engine's own reason
    assert report["sprang_back"] is True, report                             # the refused pair went home
    assert report["actions"][-1] == [0, "play 5a,5b"], report


# ----- driving by posted events (always) and by a real X pointer (when the tools are there) -----------------


def run_with_posted_events(tmp_path: Path) -> dict:
    report = tmp_path / "report.json"
    app, scene = open_window(report, headless=True)
    layout = frames_until_layout(app, scene, 600)
    for kind, card in STEPS:
        start = tuple(layout["cards"][card])
        events = click_events(start) if kind == "click" else drag_events(start, tuple(layout["trick"]))
        post_gesture(app, events, 30 if kind == "drag" else 3)
    return report_when_quit(app, report, 600)


def run_in_a_real_window(tmp_path: Path) -> dict:
    with RealWindow(Path(__file__).resolve(), tmp_path / "report.json", tmp_path / "home") as window:
        for kind, card in STEPS:
            position = tuple(window.layout["cards"][card])
            if kind == "click":
                window.click(position)
            else:
                window.drag(position, tuple(window.layout["trick"]))
        return window.finish(TIME_LIMIT_S)


def test_a_real_mouse_drags_a_refused_set_home_and_plays_a_pair(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    if have_x_tools():
        check_report(run_in_a_real_window(tmp_path))
    else:
        check_report(run_with_posted_events(tmp_path))


def test_the_same_clicks_and_drags_posted_as_pygame_events_give_the_same_report(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "home"))
    check_report(run_with_posted_events(tmp_path))


if __name__ == "__main__":
    app, scene = open_window(Path(sys.argv[1]), headless=False)
    sys.exit(app.run(scene))
