"""The Elios table, polished as Zeus and Télos (issue 20): trays said by the number they show, the Hint
button clear of every tray, a tray grabbed anywhere on it, the AI's last placement marked, Last moves (L)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.scenes.table_driving import run
from tests.scenes.test_elios_table import beam_point, drag, make_app, mine, press, two_players  # noqa: F401


def test_ready_with_a_wrong_tray_names_the_tray_by_the_number_it_shows(make_app):
    app = make_app(ai_delay_s=5.0)
    scene = two_players(app)
    run(app, 200, until=lambda: scene._my_phase() == "grouping")
    trays = mine(scene)
    texts = trays.groups()
    source = next(i for i, t in enumerate(texts) if "r" in t and len(t) > 1)
    target = next(i for i, t in enumerate(texts) if "r" in t and i != source)
    red = next(s for s in trays.trays[source] if s.card_id.startswith("r"))
    drag(app, beam_point(red), trays.tray_rect(target).center)
    press(app, scene, "Ready")
    words = scene.drag.notice.text
    assert words.startswith(f"Tray {target + 1}: ") and "group 0" not in words and "'" not in words, words
    assert scene.state.groups[0] is None
