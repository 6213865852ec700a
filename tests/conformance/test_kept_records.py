"""Our own records do not change: records kept from before a change replay to the same bytes, and the
engine still writes, seed for seed, the very records it wrote then (tests/conformance/kept_records.py)."""
from __future__ import annotations

import json

import pytest

from game.core.records import read_record, record_to_text, replay
from tests.conformance.kept_records import (CASES, HASHES_FILE, KEPT, RECORDS_DIR, all_case_keys, case_key,
                                            game_for, kept_record_name, random_record_text, sha)


def kept_files() -> list[str]:
    return [kept_record_name(g, n, level, seed) for g, n, _, level, seed in KEPT]


def test_every_kept_record_is_there() -> None:
    assert sorted(p.name for p in RECORDS_DIR.glob("*.json")) == sorted(kept_files())


@pytest.mark.parametrize("name", kept_files())
def test_a_kept_record_replays_to_the_same_bytes(name: str) -> None:
    path = RECORDS_DIR / name
    record = read_record(path)
    state = replay(game_for(record["game"]), record)
    assert state.finished
    assert record_to_text(state.record()) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id,players,options", [pytest.param(g, n, o, id=f"{g}-{n}p-{json.dumps(o)}")
                                                      for g, n, o in CASES])
def test_our_engine_writes_the_records_it_wrote_before(game_id: str, players: int, options: dict) -> None:
    hashes = json.loads(HASHES_FILE.read_text(encoding="utf-8"))
    assert len(hashes) == len(all_case_keys())
    for g, n, o, seed in all_case_keys():
        if (g, n, o) != (game_id, players, options):
            continue
        text = random_record_text(g, n, o, seed)
        assert sha(text) == hashes[case_key(g, n, o, seed)], f"{g}, {n} players, {o}, seed {seed}: record changed"
