"""The engine benchmark command: every registered game reports both loops' figures as its last line."""
from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.bench import play_random_game
from game.catalog import load_game, registered_game_ids

KEYS = {"games_per_s", "actions_per_s", "apply_games_per_s", "determinize_playouts_per_s"}


@pytest.mark.parametrize("game_id", registered_game_ids())
def test_bench_prints_figures_as_its_last_line(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    players = load_game(game_id).min_players
    assert main(["bench", "--game", game_id, "--players", str(players), "--seconds", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert KEYS <= set(figures)
    assert figures["game"] == game_id and figures["players"] == players
    assert all(figures[key] > 0 for key in KEYS)


def test_random_play_is_defined_by_its_seed_lean_or_not() -> None:
    game = load_game("zeus")
    first, again = play_random_game(game, 3, 7), play_random_game(game, 3, 7, lean=False)
    assert first.finished and first.record() == again.record()
    assert play_random_game(game, 3, 8).record() != first.record()
