"""The Tamoul status line ("Ariadne is ending the turn") is drawn over the cards, on its own dark band,
so a card flying past never hides a word (issue 20 item 26)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.scenes.table_driving import DT, run
from tests.scenes.test_tamoul_table import make_app, open_table  # noqa: F401


def test_the_status_line_is_drawn_after_every_card_and_over_one_in_flight(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "ai:easy"), ("Zoe", "ai:easy")])
    run(app, 60)
    order: list[str] = []
    for name in ("_draw_cards", "_draw_status"):
        real = getattr(scene, name)
        setattr(scene, name, lambda *a, _real=real, _name=name, **k: (order.append(_name), _real(*a, **k))[1])
    sprite = scene.grids[1].slots[0]
    centre = scene._centre()
    sprite.x, sprite.y = centre.centerx, centre.top + 10          # a card right across the status line
    app.frame(DT)
    assert order and order[-1] == "_draw_status" and "_draw_cards" in order
    assert scene._status()


def test_a_skipped_card_action_says_why_it_had_nothing_to_act_on(make_app):
    from game.core.events import Event

    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")])
    run(app, 200, until=lambda: scene.idle)
    scene.events.append(Event("step_skipped", 1, {"step": "peek_other", "reason": "no card can be chosen"}))
    run(app, 30, until=lambda: any("skips" in line for line in scene.log.lines))
    line = next(line for line in scene.log.lines if "skips" in line)
    assert line.startswith("Zoe skips") and "frozen by a Tamoul call" in line, line
