"""A replay checks a one-card entry by the rules' yes or no (`TelosState._single_play_ok`), with no list of
plays made and no reason worded; only a refused entry takes the careful way, which words why. Held to the
general rule code: the same answer as `why_illegal` for every seat and card (held or not) at every moment
of random games over every player count and option, and the same replays and refusals as the general way
for records whose entries are changed to cards of the seat's own deal (mostly illegal there)."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.actions import Action
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.telos.state import TelosState
from tests.core.test_perf_replay import OPTIONS, _general, _outcome, _records
from tests.telos.table import GAME, arrange


def _answers_agree(state: TelosState, others: list[str]) -> tuple[int, int]:
    """Check every seat's every held card and `others` at this moment; (legal, refused) counted."""
    legal = refused = 0
    for seat in range(len(state.seats)):
        for card in list(state.hands[seat]) + others:
            quick = state._single_play_ok(seat, card)
            assert quick == (state.why_illegal(seat, Action("play", (card,))) is None), (seat, card, state.position())
            legal += quick
            refused += not quick
    return legal, refused


def test_the_quick_check_of_one_card_answers_as_why_illegal() -> None:
    totals = [0, 0]
    for players in range(GAME.min_players, GAME.max_players + 1):
        for n, options in enumerate(OPTIONS["telos"]):
            seats = [SeatInfo(f"P{s}", "ai:random") for s in range(players)]
            state = GAME.new_state(seats, GAME.normalize_options(options), 10 * players + n)
            rng = random.Random(players * 10 + n)
            others = ["Z:owl", "14a", "", "play", "9a "] + list(state.zeus_cards)
            while not state.finished:
                for i, count in enumerate(_answers_agree(state, others)):
                    totals[i] += count
                seat = state.turn
                state.advance(seat, rng.choice(state.legal_actions(seat)))
            _answers_agree(state, others)  # over: nothing is legal
    assert totals[0] > 2000 and totals[1] > 10_000


@pytest.mark.parametrize("hands, plays, expected", [
    # a hand of Zeus cards alone leads one of them; with a God card left it may not (T-9)
    ([["Z:ant", "Z:swan"], ["3a", "4a"], ["5a", "6a"]], [], {"Z:ant": True, "Z:swan": True}),
    ([["2b", "Z:ant"], ["3a", "4a"], ["5a", "6a"]], [], {"2b": True, "Z:ant": False}),
    # seat 1 cannot reach 9: only its lowest God card (T-13) ...
    ([["9a", "2c"], ["3a", "4a"], ["5a", "6a"]], ["play 9a"], {"3a": True, "4a": False}),
    # ... while a Zeus card worth the 9 played before it reaches (T-11)
    ([["9a", "2c"], ["3a", "Z:swan"], ["5a", "6a"]], ["play 9a"], {"3a": False, "Z:swan": True}),
])
def test_the_quick_check_in_chosen_positions(hands, plays, expected) -> None:
    state = arrange(hands, leader=0)
    for text in plays:
        state.apply(state.turn, text)
    seat = state.turn
    assert {card: state._single_play_ok(seat, card) for card in expected} == expected
    _answers_agree(state, ["Z:owl", "9a"])


def _own_deal_entries(record: dict, rng: random.Random) -> list[dict]:
    """The record with one entry changed to a card of that seat's deal this round (held or played)."""
    found = []
    entries = [(r, a) for r, rnd in enumerate(record["rounds"]) for a in range(len(rnd["actions"]))]
    for r, a in rng.sample(entries, min(8, len(entries))):
        seat, text = record["rounds"][r]["actions"][a]
        broken = copy.deepcopy(record)
        broken["rounds"][r]["actions"][a] = [seat, "play " + rng.choice(record["rounds"][r]["setup"]["hands"][seat])]
        found.append(broken)
    return found


def test_replays_with_the_quick_check_match_the_general_way(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    records = _records("telos")
    cases = [case for record in records for case in _own_deal_entries(record, rng)]
    own = [_outcome(GAME, case) for case in cases]
    _general("telos", monkeypatch)
    assert [_outcome(GAME, case) for case in cases] == own
    refused = sum(outcome[0] == "refused" for outcome in own)
    assert len(cases) // 4 < refused < len(cases)  # refusals met, and changed entries that stayed legal
