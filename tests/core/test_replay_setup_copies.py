"""Zeus and Télos copy a record's round setup themselves as its round starts (`COPIES_SETUPS_AT_ROUND_START`),
after checking it, instead of the state deep-copying every setup when it is made: the replayed state holds
setups equal to the record's and shares no list with it, so changing the record afterwards changes nothing,
and the record it writes is byte for byte the one replayed."""
from __future__ import annotations

import copy

import pytest

from game.bench_replay import sample_records
from game.catalog import load_game
from game.core.records import record_to_text, replay


def _containers(value: object) -> list[int]:
    """The ids of every list and dict inside `value`."""
    found = []
    if isinstance(value, dict):
        found.append(id(value))
        for item in value.values():
            found += _containers(item)
    elif isinstance(value, list):
        found.append(id(value))
        for item in value:
            found += _containers(item)
    return found


@pytest.mark.parametrize("game_id", ["zeus", "telos"])
def test_replayed_setups_are_the_states_own(game_id: str) -> None:
    game = load_game(game_id)
    for players in (game.min_players, game.max_players):
        for record in sample_records(game, players, 2, seed=players):
            kept = copy.deepcopy(record)
            state = replay(game, record)
            theirs = set(_containers(record["rounds"]))
            for log, rnd in zip(state.rounds, record["rounds"]):
                assert log.setup == rnd["setup"]
                assert list(log.setup) == list(rnd["setup"])          # the keys in the record's order
                assert not theirs & set(_containers(log.setup))       # nothing shared with the caller
            for rnd in record["rounds"]:                              # the caller changes its record
                rnd["setup"]["hands"][0].append("x")
                rnd["setup"]["hands"].append([])
                rnd["setup"]["dealer"] = 99
            assert record_to_text(state.record()) == record_to_text(kept)


@pytest.mark.parametrize("game_id", ["zeus", "telos", "tamoul", "elios"])
def test_the_option_specs_a_game_keeps_are_the_ones_it_offers(game_id: str) -> None:
    """`normalize_options` reads the specs made once per game: the same as asking the game again."""
    game = load_game(game_id)
    assert game._kept_option_specs() == tuple(game.option_specs()) == tuple(game.option_specs())
    assert game.normalize_options({}) == {spec.name: spec.default for spec in game.option_specs()}
