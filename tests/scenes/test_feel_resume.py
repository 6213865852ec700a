"""A resumed game's move log is rebuilt from its record (issue 12, point 9), from the viewer's side only."""
from __future__ import annotations

from game.core.engine import SeatInfo
from game.core.session import GameSession
from scenes.telos.table import TelosTableScene
from scenes.zeus.table import ZeusTableScene
from tests.scenes.test_zeus_table import make_app, run

__all__ = ["make_app"]


def _play_then_resume(app, scene_class, game_id: str, seats, frames: int):
    game = app.catalog.get(game_id)
    session = GameSession.new(game, [SeatInfo(n, c) for n, c in seats], None, 11)
    first = scene_class(app, session)
    app.stack.push(first)
    app.stack.apply_pending()
    run(app, frames)
    while not first.idle or first.events:
        run(app, 1)
    before = list(first.log.lines)
    app.stack.pop()
    app.stack.apply_pending()
    resumed = scene_class(app, GameSession(game, session.state))     # the same game, opened afresh
    return before, resumed


def test_a_resumed_zeus_game_shows_its_earlier_moves(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    before, resumed = _play_then_resume(app, ZeusTableScene, "zeus",
                                        [("Ann", "human"), ("Bob", "ai:easy"), ("Cleo", "ai:easy")], 120)
    lines = resumed.log.lines
    assert len(lines) > 3 and "goes on" in lines[-1]
    played = [line for line in before if " plays " in line]
    assert played and all(line in lines for line in played[-5:])
    assert not any(line.startswith("Bob draws ") and "a card" not in line for line in lines)   # Bob's cards stay hidden


def test_a_resumed_telos_game_shows_its_earlier_moves_and_no_dialog(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    before, resumed = _play_then_resume(app, TelosTableScene, "telos",
                                        [("Ann", "ai:normal"), ("Bob", "ai:normal"), ("Cleo", "ai:normal")], 200)
    assert sum(1 for line in resumed.log.lines if " leads " in line or " plays " in line) >= 3
    assert not resumed.overlay_open and resumed._matches_view() and not resumed.tweens.busy
    k = min(10, len(before))
    tail = resumed.log.lines[:-1] if "goes on" in resumed.log.lines[-1] else resumed.log.lines
    assert tail[-k:] == before[-k:]                  # the same words as were logged while it was played
