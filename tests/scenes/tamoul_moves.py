"""Moves at a Tamoul table for the tests of its finish: open a two-player table on a known deal and
draw, or press a key and let the table settle. The tests share these so each says only what it checks."""
from __future__ import annotations

from typing import Any, Callable

from tests.scenes.table_driving import key, run
from tests.scenes.test_tamoul_table import ANN, ZOE, deal, open_table, wait_for_my_move


def press(app: Any, scene: Any, k: int, frames: int = 300, until: Callable[[], bool] | None = None) -> None:
    """Press `k`, then run until the table is idle (and `until` holds, when given)."""
    key(app, k)
    run(app, frames, until=lambda: scene.idle and (until is None or until()))


def drawn_at_my_turn(app: Any, draw_top: list[str], seats: list[tuple[str, str]] | None = None,
                     **options: Any) -> Any:
    """Ann (human) and Zoe (easy AI) on ANN's and ZOE's cards, `draw_top` on the draw pile: Ann's first
    turn, her card drawn (D) and shown. Returns the table."""
    import pygame

    scene = open_table(app, seats or [("Ann", "human"), ("Zoe", "ai:easy")], options=options or None,
                       setups=[deal([ANN, ZOE], draw_top)])
    wait_for_my_move(app, scene)
    press(app, scene, pygame.K_d, 120)
    return scene
