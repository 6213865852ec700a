"""A refusal notice never hides whose turn it is: on every table it keeps off the active seat's plate and
its "your turn" tag (the kit's `draw_notice(rise_above=…)`), at both window sizes."""
from __future__ import annotations

import pytest

from game.catalog import load_game
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
