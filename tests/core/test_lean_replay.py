"""`records.replay` takes each entry through the lean path (`advance`; an entry the state lists is taken as
listed): the state it rebuilds equals the one `apply` builds entry by entry, for every game, and a bad
entry is still refused with its place in the record and the engine's reason, nothing after it applied.
The plain replays of the benchmark (game/bench_replay.py) accept the same records and reach the same ends."""
from __future__ import annotations

import copy
import json

import pytest

from game.__main__ import main
from game.bench_replay import plain_replay, prefix, sample_records
from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.errors import IllegalAction, RecordError
from game.core.records import replay

GAMES = ["zeus", "telos", "tamoul", "elios"]


def applied(game, record):
    """The state rebuilt the general way: `apply` with each entry's text, checked and with events."""
    state = game.new_state([SeatInfo(s["name"], s["controller"]) for s in record["seats"]], record["options"],
                           record["seed"], setups=[rnd["setup"] for rnd in record["rounds"]])
    for rnd in record["rounds"]:
        for seat, text in rnd["actions"]:
            state.apply(seat, text)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_rebuilds_what_apply_builds(game_id: str) -> None:
    game = load_game(game_id)
    for players in (game.min_players, game.max_players):
        for record in sample_records(game, players, 2, seed=players):
            for cut in (record, prefix(game, record, 57)):
                state, general = replay(game, cut), applied(game, cut)
                assert state.position() == general.position() and state.record() == general.record() == cut
                for seat in range(players):
                    assert state.view(seat) == general.view(seat)
                    assert state.legal_actions(seat) == general.legal_actions(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bad_entry_is_refused_with_its_place_and_reason(game_id: str) -> None:
    game = load_game(game_id)
    record = sample_records(game, game.min_players, 1, seed=3)[0]
    cut = prefix(game, record, 12)
    entries = cut["rounds"][-1]["actions"]
    state = applied(game, {**cut, "rounds": cut["rounds"][:-1] + [{**cut["rounds"][-1], "actions": entries[:-1]}]})
    seat, text = entries[-1]
    other = (seat + 1) % game.min_players
    with pytest.raises(IllegalAction) as expected:
        state.apply(other, text)  # the same text from a seat whose move it is not
    broken = copy.deepcopy(cut)
    broken["rounds"][-1]["actions"][-1] = [other, text]
    where = f"rounds[{len(cut['rounds']) - 1}].actions[{len(entries) - 1}]"
    with pytest.raises(RecordError) as refused:
        replay(game, broken)
    assert str(refused.value) == f"{where} [{other}, {text!r}] is not legal: {expected.value.reason}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_plain_replay_accepts_the_records_and_refuses_a_changed_one(game_id: str) -> None:
    game = load_game(game_id)
    for players in (game.min_players, game.max_players):
        for record in sample_records(game, players, 2, seed=10 + players):
            plain_replay(game, record)
            changed = copy.deepcopy(record)
            changed["totals"][0] += 1
            with pytest.raises(ValueError):
                plain_replay(game, changed)
            dealt = copy.deepcopy(record)  # a card dealt twice (Elios: a beam that does not exist)
            cards = dealt["rounds"][0]["setup"][{"zeus": "hands", "telos": "hands", "tamoul": "slots",
                                                 "elios": "beams"}[game_id]]
            cards[0][0] = "x" if game_id == "elios" else cards[1][0]
            with pytest.raises(ValueError, match="not a d"):
                plain_replay(game, dealt)


def test_bench_replay_prints_its_figures_as_json(capsys) -> None:
    assert main(["bench-replay", "--game", "tamoul", "--players", "2", "--seconds", "0.05", "--runs", "1",
                 "--records", "2"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == "tamoul" and figures["runs"] == 1 and figures["records"] == 2
    assert figures["replays_per_s"][0] > 0 and figures["plain_replays_per_s"][0] > 0
    assert 0 < figures["resume_ms"] and 0 < figures["resume_actions"] <= 200
