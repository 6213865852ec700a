"""The realistic-play benchmark compares like with like: the plain implementations of Tamoul and Elios
(game/plainref) play exactly the games the engines play under the same policy and seed (same setups,
action texts, scores, totals and winners), and the games are of a player's length, not random play's."""
from __future__ import annotations

import json
import random

import pytest

from game.__main__ import main
from game.bench_real import compare_plain, play, sides
from game.catalog import load_game


@pytest.mark.parametrize("game_id", ["tamoul", "elios"])
def test_the_plain_implementation_plays_the_engines_games(game_id: str) -> None:
    game = load_game(game_id)
    lengths = []
    for players in range(game.min_players, game.max_players + 1):
        ours, plain, policy = sides(game, players)
        for seed in range(8):
            engine, reference = ours(seed), plain(seed)
            lengths.append(play(engine, policy, random.Random(seed)))
            assert play(reference, policy, random.Random(seed)) == lengths[-1]
            record = engine.record()
            assert reference.rounds == record["rounds"], (players, seed)
            assert (reference.totals, reference.winners, reference.finished) == \
                (record["totals"], record["winners"], record["finished"])
    if game_id == "tamoul":  # whole rounds of play, not random play's ~14 actions a game
        assert sum(lengths) / len(lengths) > 100


def test_the_plain_implementation_refuses_an_illegal_record_entry() -> None:
    game = load_game("tamoul")
    _, plain, _ = sides(game, 3)
    reference = plain(1)
    with pytest.raises(ValueError, match="not legal"):
        reference.play_text(reference.turn, "keep 2")  # a card must be drawn first
    assert reference.rounds[0]["actions"] == []


def test_compare_plain_prints_its_figures_as_json(capsys) -> None:
    assert main(["bench", "--game", "elios", "--players", "2", "--compare-plain", "--seconds", "0.05",
                 "--runs", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == "elios" and figures["play"] == "realistic" and figures["runs"] == 1
    assert figures["games_per_s"][0] > 0 and figures["plain_games_per_s"][0] > 0 and figures["vs_plain_median"] > 0


def test_there_is_no_plain_zeus_to_play_against() -> None:
    with pytest.raises(ValueError, match="no plain implementation"):
        compare_plain(load_game("zeus"), 3, 0.01, 1)


@pytest.mark.parametrize("game_id", ["tamoul", "elios"])
def test_the_plain_implementation_lists_the_engines_moves_in_its_order(game_id: str) -> None:
    game = load_game(game_id)
    for players in (game.min_players, game.max_players):
        ours, plain, policy = sides(game, players)
        for seed in range(3):
            engine, reference = ours(seed), plain(seed)
            rng = random.Random(seed)
            while not engine.finished:
                assert engine.to_act() == reference.to_act() and engine.waiting_for() == reference.waiting_for()
                for seat in engine.to_act():
                    assert [a.text for a in engine.legal_actions(seat)] == \
                        [m.text for m in reference.legal_actions(seat)]
                seat = engine.waiting_for()[0]
                if seat == -1:
                    engine.advance(seat, engine.chance_action())
                    reference.advance(seat, reference.chance_action())
                    continue
                move = policy.choose(engine, seat, engine.legal_actions(seat), rng)
                engine.advance(seat, str(move))
                reference.play_text(seat, str(move))
            assert reference.finished and reference.rounds == engine.record()["rounds"]
