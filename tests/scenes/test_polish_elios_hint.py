"""The Elios Hint (issue 20 item 25): its words go in the hint line under the buttons, never in a
floating notice over the sun's stack labels, and it lights what it names: the tray and, for a
placement, the stack lanes it would use."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.elios.art import polar, stack_angle
from scenes.table.table_help import HINT_GLOW
from tests.scenes.table_driving import DT, key, run
from tests.scenes.test_elios_table import first_turn, make_app, mine  # noqa: F401


def test_the_hint_is_said_in_the_hint_line_and_lights_its_tray_and_stacks(make_app):
    app = make_app()
    scene = first_turn(app)
    key(app, pygame.K_h)
    run(app, 120, until=lambda: scene._current_hint() is not None)
    action = scene._current_hint()
    assert action is not None and action.verb == "place"          # the first turn places a joker group
    assert scene.drag.notice is None                               # nothing floats over the sun
    assert scene._hint().startswith("Hint: the Normal AI would place tray")
    tray = mine(scene).trays[int(action.args[0])]
    assert all(s.glow == HINT_GLOW for s in tray)
    app.frame(DT)
    g = scene._sun_geometry()
    for stack in {int(s) for s in action.args[1].split(",")}:
        edge = polar(g.centre, g.level_radius(scene.discs) + g.step * 0.4, stack_angle(stack, g.stacks))
        near = [app.screen.get_at((int(edge[0]) + dx, int(edge[1]) + dy))[:3]
                for dx in range(-3, 4) for dy in range(-3, 4)]
        assert HINT_GLOW in near, (stack, edge)                    # its lane is outlined in the hint's blue
    other = next(s for s in range(len(scene.stacks)) if str(s) not in action.args[1].split(","))
    edge = polar(g.centre, g.level_radius(scene.discs) + g.step * 0.4, stack_angle(other, g.stacks))
    assert HINT_GLOW not in [app.screen.get_at((int(edge[0]) + dx, int(edge[1]) + dy))[:3]
                             for dx in range(-3, 4) for dy in range(-3, 4)]
