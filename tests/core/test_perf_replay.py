"""A game's own `replay_entries` (Zeus, Télos: a round's entries carried out in one call, an entry listed for
its seat taken as listed) is held to the general way (`records.replay_entries`: `replay_action` for each
entry): the same states, the same records, and the same refusal with the same place and reason for a bad
entry, over records of every player count and option."""
from __future__ import annotations

import copy
import random

import pytest

from game.bench_replay import sample_records
from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.errors import RecordError
from game.core.play import play_game
from game.core.records import replay

OPTIONS = {
    "zeus": [{}, {"sneak": True}, {"sneak": True, "manual_draw": True}, {"manual_draw": True}],
    "telos": [{}, {"powers": "advanced"}, {"divine_trick": True}, {"powers": "advanced", "divine_trick": True}],
}


def _records(game_id: str) -> list[dict]:
    """Records of random play over the options and player counts, and of the normal AI."""
    game = load_game(game_id)
    records = []
    for players in range(game.min_players, game.max_players + 1):
        for n, options in enumerate(OPTIONS[game_id]):
            seats = [SeatInfo(f"P{s}", "ai:random") for s in range(players)]
            records.append(play_game(game, seats, [RandomAgent() for _ in seats], seed=100 * players + n,
                                     options=options).record())
        records += sample_records(game, players, 1, seed=players)
    return records


def _general(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the game's own `replay_entries` away: `records.replay` then goes entry by entry."""
    state_class = type(load_game(game_id).new_state([SeatInfo("A", "human"), SeatInfo("B", "human"),
                                                     SeatInfo("C", "human")], {}, 1))
    monkeypatch.delattr(state_class, "replay_entries")


def _outcome(game, record):
    try:
        state = replay(game, record)
    except RecordError as exc:
        return ("refused", str(exc), exc.detail)
    return ("replayed", state.record(), state.position(), [state.legal_actions(s) for s in range(len(state.seats))])


def _damaged(record: dict, rng: random.Random) -> list[dict]:
    """The record with one entry changed: another seat, another text, a text of the record's from elsewhere."""
    found = []
    entries = [(r, a) for r, rnd in enumerate(record["rounds"]) for a in range(len(rnd["actions"]))]
    texts = sorted({text for rnd in record["rounds"] for _, text in rnd["actions"]})
    for r, a in rng.sample(entries, min(6, len(entries))):
        seat, text = record["rounds"][r]["actions"][a]
        for change in ([(seat + 1) % len(record["seats"]), text], [seat, rng.choice(texts)], [seat, "play nothing"],
                       [seat, text + "x"], [seat, "draw"]):
            broken = copy.deepcopy(record)
            broken["rounds"][r]["actions"][a] = change
            found.append(broken)
    return found


@pytest.mark.parametrize("game_id", ["zeus", "telos"])
def test_the_games_own_replay_matches_the_general_way(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(game_id)
    rng = random.Random(7)
    records = _records(game_id)
    cases = list(records)
    for record in records:
        cases += _damaged(record, rng)
    own = [_outcome(game, case) for case in cases]
    assert all(outcome[0] == "replayed" and outcome[1] == record for outcome, record in zip(own, records))
    _general(game_id, monkeypatch)
    general = [_outcome(game, case) for case in cases]
    assert own == general
    assert sum(outcome[0] == "refused" for outcome in own) > len(cases) // 3     # the bad entries were met


def test_zeus_may_sneak_answers_as_the_list_of_sneakers_for_every_seat_at_every_moment() -> None:
    game = load_game("zeus")
    checked = 0
    for players in (3, 4, 5):
        for seed in range(6):
            state = game.new_state([SeatInfo(f"P{s}", "ai:random") for s in range(players)],
                                   game.normalize_options({"sneak": True}), seed)
            rng = random.Random(seed)
            while not state.finished:
                fresh = copy.deepcopy(state)        # `_may_sneak` asked first, before `sneakers` fills its cache
                assert [fresh._may_sneak(s) for s in range(players)] == [s in state.sneakers() for s in range(players)]
                checked += 1
                seat = rng.choice(state.to_act())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 500
