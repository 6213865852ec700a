"""Télos reads a recorded deal quickly: which Zeus cards the setups show (stopping once every seat's is
found), and whether a deal holds each card once, all from the pool, and no Zeus card of another game, each
in one C-level pass; only a deal with something wrong takes the careful loops, which name the problem.
Held to the careful way: the same states and the same refusals (place, words, detail) for damaged setups."""
from __future__ import annotations

import copy
import random

import pytest

from game.bench_replay import sample_records
from game.catalog import load_game
from game.core.errors import RecordError
from game.core.records import replay
from game.telos import state as telos_state

GAME = load_game("telos")


def _outcome(record: dict) -> tuple:
    try:
        state = replay(GAME, record)
    except RecordError as exc:
        return ("refused", str(exc), exc.detail)
    return ("replayed", state.record(), state.position())


def _damaged(record: dict, rng: random.Random) -> list[dict]:
    """One round's deal changed: a card twice, a card of no deck, a Zeus card of no game or of another
    game's, an unhashable card, a hand of the wrong kind, a score card dealt again; and Zeus cards
    swapped between hands."""
    zeus_ids = list(GAME.content.zeus_ids)
    changes = [
        lambda s: s["hands"][0].__setitem__(0, s["hands"][1][0]),
        lambda s: s["hands"][1].__setitem__(1, "14a"),
        lambda s: s["hands"][2].__setitem__(0, "Z:owl"),
        lambda s: s["hands"][0].__setitem__(0, rng.choice(zeus_ids)),
        lambda s: s["hands"][1].__setitem__(0, ["9a"]),
        lambda s: s["hands"].__setitem__(0, "9a"),
        lambda s: s["scores_before"].__setitem__(0, [["9a"]]),
        lambda s: s.__setitem__("blind", ["9a"]),
        lambda s: s["hands"].reverse(),
    ]
    found = []
    last = record["rounds"][-1]["setup"]  # a later round's deal: some seat has score cards by then
    scored = [card for cards in last["scores_before"] for card in cards]
    if scored:  # a score card dealt again
        broken = copy.deepcopy(record)
        broken["rounds"][-1]["setup"]["hands"][1][0] = rng.choice(scored)
        found.append(broken)
    for change in changes:
        broken = copy.deepcopy(record)
        change(broken["rounds"][rng.randrange(len(broken["rounds"]))]["setup"])
        found.append(broken)
    return found


def test_quick_setup_reading_matches_the_careful_way(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    records = [r for players in (3, 4, 6) for r in sample_records(GAME, players, 2, seed=players)]
    cases = list(records)
    for record in records:
        cases += _damaged(record, rng)
    quick = [_outcome(case) for case in cases]
    assert [outcome[1] for outcome in quick[:len(records)]] == records
    assert sum(outcome[0] == "refused" for outcome in quick) >= len(cases) // 2
    monkeypatch.setattr(telos_state, "_no_card_of", lambda ids, cards: False)
    monkeypatch.setattr(telos_state, "_all_once", lambda cards, deck, taken: None)
    assert [_outcome(case) for case in cases] == quick


def test_zeus_cards_shown_up_to_a_limit_are_the_first_of_all_shown() -> None:
    setups = [rnd["setup"] for players in (3, 5) for r in sample_records(GAME, players, 2, seed=players)
              for rnd in r["rounds"]]
    for end in range(0, len(setups) + 1, 3):
        every = telos_state.zeus_cards_shown(GAME.content, setups[:end])
        for limit in range(0, 7):
            assert telos_state.zeus_cards_shown(GAME.content, setups[:end], limit) == every[:limit]
