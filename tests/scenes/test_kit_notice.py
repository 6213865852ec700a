"""A refusal notice never hides whose turn it is: on every table it keeps off the active seat's plate and
its "your turn" tag (the kit's `draw_notice(rise_above=…)`), at both window sizes."""
from __future__ import annotations

import pytest

from game.catalog import load_game
from scenes.ui import theme
from scenes.tables import open_table
from tests.scenes.table_driving import app_fixture, open_session, run, show

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})

LEVEL = {"zeus": "easy", "telos": "normal", "tamoul": "easy", "elios": "normal"}
LONG_REASON = "you must play a card that reaches the table line, or your lowest cards"


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("game_id", sorted(LEVEL))
def test_a_refusal_notice_keeps_off_the_turn_tag_and_the_active_plate(make_app, game_id, size):
    app = make_app(size=size)
    game = load_game(game_id)
    seats = [("Ann", "human"), ("Zoe", f"ai:{LEVEL[game_id]}"), ("Bob", f"ai:{LEVEL[game_id]}")]
    count = 2 if game_id in ("tamoul", "elios") else 3
    session = open_session(game, seats[:count], 7, game.normalize_options({}))
    scene = show(app, open_table(app, session))
    run(app, 1500, until=lambda: scene._human_may_act() and scene.bottom in scene._waiting())
    scene._notice(LONG_REASON)
    scene.draw(app.screen)
    assert scene.turn_tag_rect is not None, "the human's turn shows no tag"
    assert scene.notice_rect is not None and app.screen.get_rect().contains(scene.notice_rect)
    assert not scene.notice_rect.colliderect(scene.turn_tag_rect)


def test_a_hint_wears_gold_and_a_refusal_red(make_app):
    """Advice must not look like a mistake: the hint's box is edged in gold, a refused move's in red."""
    app = make_app()
    game = load_game("zeus")
    session = open_session(game, [("Ann", "human"), ("Zoe", "ai:easy")], 7, game.normalize_options({}))
    scene = show(app, open_table(app, session))
    run(app, 1500, until=lambda: scene._human_may_act() and scene.bottom in scene._waiting())
    edges = {}
    for kind, advice in (("refusal", False), ("hint", True)):
        scene._notice("a few words", advice=advice)
        scene.draw(app.screen)
        box = scene.notice_rect
        edges[kind] = tuple(app.screen.get_at((box.centerx, box.top + 1)))[:3]
    red, gold = edges["refusal"], edges["hint"]        # drawn at 92 % opacity over the felt: close, not equal
    assert max(abs(a - b) for a, b in zip(red, theme.ILLEGAL)) < 30, red
    assert max(abs(a - b) for a, b in zip(gold, theme.GOLD)) < 30, gold
