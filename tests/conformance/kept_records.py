"""Records our own engine writes, kept so that a change of the engine can be checked against them.

Two kinds, both made at commit ebb8b45 (before Elios kept letters as written and Télos took its Zeus
cards from the record) and never remade by the tests:
- `kept_records/*.json`: whole records of every game, played by the program's own AI levels; they
  must replay to the very same bytes.
- `kept_record_hashes.json`: the SHA-256 of the record of each case below (every game, every player
  count, the options that change a deal), played by seeded random moves; the engine must still write
  exactly these records.

`python -m tests.conformance.kept_records` writes both; run it only to document a deliberate change
of the records (and say so in the commit), never to make a failing check pass.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from game.catalog import load_game
from game.core.drive import chance_is_due, next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text

HERE = Path(__file__).parent
RECORDS_DIR = HERE / "kept_records"
HASHES_FILE = HERE / "kept_record_hashes.json"
SEEDS_PER_CASE = 12
MAX_STEPS = 5_000

# (game, players, options): every player count, and each option that changes what a deal holds
CASES: list[tuple[str, int, dict[str, Any]]] = (
    [("elios", n, {}) for n in (2, 3, 4)]
    + [("zeus", n, {}) for n in (2, 3, 4, 5)]
    + [("tamoul", n, {}) for n in (2, 3, 4)]
    + [("telos", n, {"powers": powers, "divine_trick": divine})
       for n in (3, 4, 5, 6) for powers in ("advanced", "basic") for divine in (False, True)]
    + [("telos", 4, {"zeus_cards": ["Z:ant", "Z:bull", "Z:serpent", "Z:swan"]})]
)

# whole records kept as files: (game, players, options, AI level, seed)
KEPT: list[tuple[str, int, dict[str, Any], str, int]] = [
    ("elios", 2, {}, "normal", 1), ("elios", 3, {}, "normal", 2), ("elios", 4, {}, "random", 3),
    ("zeus", 3, {}, "normal", 4), ("zeus", 5, {}, "random", 5),
    ("tamoul", 3, {}, "normal", 6), ("tamoul", 4, {}, "random", 7),
    ("telos", 4, {}, "normal", 8), ("telos", 5, {"divine_trick": True}, "normal", 9),
    ("telos", 3, {"powers": "basic"}, "random", 10), ("elios", 2, {}, "hard", 11),
]

_games: dict[str, Game] = {}


def game_for(game_id: str) -> Game:
    if game_id not in _games:
        _games[game_id] = load_game(game_id)
    return _games[game_id]


def case_key(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    return f"{game_id}/{players}/{json.dumps(options, sort_keys=True)}/{seed}"


def random_record_text(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    """The record of one game played by seeded random moves (chance by the game's own generator)."""
    game = game_for(game_id)
    seats = [SeatInfo(f"Player {i + 1}", "ai:random") for i in range(players)]
    state = game.new_state(seats, game.normalize_options(options), seed)
    rng = random.Random(f"kept/{seed}")
    for _ in range(MAX_STEPS):
        if state.finished:
            return record_to_text(state.record())
        if chance_is_due(state):
            state.apply(CHANCE, state.chance_action())
            continue
        seat = next_waiting_seat(state, rng)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise RuntimeError(f"{game_id} seed {seed} did not end within {MAX_STEPS} steps")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def all_case_keys() -> list[tuple[str, int, dict[str, Any], int]]:
    return [(g, n, o, seed) for g, n, o in CASES for seed in range(SEEDS_PER_CASE)]


def kept_record_name(game_id: str, players: int, level: str, seed: int) -> str:
    return f"{game_id}-{players}p-{level}-{seed}.json"


def write_all() -> None:
    hashes = {case_key(g, n, o, seed): sha(random_record_text(g, n, o, seed)) for g, n, o, seed in all_case_keys()}
    HASHES_FILE.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    RECORDS_DIR.mkdir(exist_ok=True)
    for game_id, players, options, level, seed in KEPT:
        game = game_for(game_id)
        seats = [SeatInfo(f"Player {i + 1}", f"ai:{level}") for i in range(players)]
        state = play_game(game, seats, [game.agent(level) for _ in seats], options=options, seed=seed)
        (RECORDS_DIR / kept_record_name(game_id, players, level, seed)).write_text(
            record_to_text(state.record()), encoding="utf-8")


if __name__ == "__main__":
    write_all()
