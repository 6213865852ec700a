"""`python -m game bench-moves`: one seat's decisions timed over whole games, the last line JSON."""
from __future__ import annotations

import json

from game.__main__ import main
from game.bench_moves import TimedAgent, time_moves
from game.catalog import load_game


def test_every_decision_with_a_choice_of_the_first_seat_is_timed_and_no_other(capsys) -> None:
    game = load_game("zeus")
    asked: list[int] = []
    real_choose = TimedAgent.choose

    def counting(self, view, legal_actions, *args, **kwargs):
        asked.append(len(legal_actions))
        return real_choose(self, view, legal_actions, *args, **kwargs)

    TimedAgent.choose = counting
    try:
        figures = time_moves(game, ["normal", "random", "random"], games=2, seed=5)
    finally:
        TimedAgent.choose = real_choose
    assert figures["decisions"] == sum(1 for n in asked if n > 1) > 0
    assert 0 <= figures["cpu_mean_s"] <= figures["cpu_max_s"] and 0 <= figures["wall_mean_s"] <= figures["wall_max_s"]


def test_the_command_prints_json_last_and_refuses_an_unknown_level(capsys) -> None:
    assert main(["bench-moves", "--game", "tamoul", "--seats", "normal,random", "--seed", "3"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["game"] == "tamoul" and last["seats"] == ["normal", "random"] and last["decisions"] > 0
    assert main(["bench-moves", "--game", "tamoul", "--seats", "godlike,random"]) == 2
