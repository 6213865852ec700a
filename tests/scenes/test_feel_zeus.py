"""The tables feel right (issue 12), seen at the Zeus table: the log says what is seen, nothing stale."""
from __future__ import annotations

import re

from tests.scenes.test_zeus_table import make_app, open_table, run

__all__ = ["make_app"]

PLAYED = re.compile(r"(?:plays|sneaks) \S+: (\d+) → (\d+)$")


def test_a_play_is_logged_when_its_card_has_landed_and_the_total_shows_it(make_app):
    app = make_app(animation_speed="normal", ai_delay_s=0.1)
    scene = open_table(app, [("Ann", "ai:easy"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    seen, early = 0, []
    for _ in range(900):
        run(app, 1)
        lines = scene.log.lines
        match = PLAYED.search(lines[-1]) if lines else None
        if match:
            seen += 1
            if scene.total.shown != int(match.group(2)) and scene.total.shown != 0:
                early.append((lines[-1], scene.total.shown))
    assert seen > 0 and early == []


def test_no_turn_words_behind_a_results_dialog(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")])
    scene.overlay_open = True
    assert scene._hint() == ""
