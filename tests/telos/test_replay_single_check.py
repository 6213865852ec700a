"""A replay checks a play entry by the rules' yes or no (`TelosState._single_play_ok` for one card,
`_canonical_play_ok` for any), with no list of plays made and no reason worded; only a refused entry takes
the careful way, which words why. Held to the general rule code: the same answer as `why_illegal` for every
seat, every card (held or not) and plays of several cards (listed, drawn at random, out of canonical
order) at every moment of random games over every player count and option, and the same replays and
refusals as the general way for records whose entries are changed to cards of the seat's own deal."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.actions import Action
from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.telos.cards import canonical, card_sort_key
from game.telos.state import TelosState
from tests.core.test_perf_replay import OPTIONS, _general, _outcome, _records
from tests.telos.table import GAME, arrange


def _answers_agree(state: TelosState, others: list[str],
                   rng: random.Random | None = None) -> tuple[int, int, int, int]:
    """Check every seat's every held card and `others` at this moment (a play of it, a Divine Trick swap of
    it), and (with `rng`) the seat's listed plays and a few plays of several held cards in and out of
    canonical order; counted: legal plays, refused plays, legal plays of several cards, legal swaps."""
    legal = refused = several = swaps = 0
    for seat in range(len(state.seats)):
        hand = list(state.hands[seat])
        for card in hand + others:
            quick = state._single_play_ok(seat, card)
            assert quick == (state.why_illegal(seat, Action("play", (card,))) is None), (seat, card, state.position())
            assert state._canonical_play_ok(seat, (card,)) == quick
            if card and card.strip() == card:  # else the text is refused before any rule is asked
                swap = Action.parse(f"divine {card}")
                assert state._divine_ok(seat, card) == (state.why_illegal(seat, swap) is None), (seat, card)
            swaps += state._divine_ok(seat, card)
            legal += quick
            refused += not quick
        if rng is None:
            continue
        plays = [a.cards for a in state.legal_actions(seat) if a.verb == "play"]
        for size in (2, 3, 4):
            for _ in range(4):
                if len(hand) >= size:
                    picked = rng.sample(hand, size)
                    plays += [tuple(picked), canonical(picked), canonical(picked[:-1] + picked[:1])]
        for cards in plays:
            quick = state._canonical_play_ok(seat, cards)
            assert quick == (state.why_illegal(seat, Action("play", (",".join(cards),))) is None
                             and cards == canonical(cards) and len(set(cards)) == len(cards)), (seat, cards)
            legal += quick
            refused += not quick
            several += quick and len(cards) > 1
    return legal, refused, several, swaps


def test_the_quick_checks_answer_as_why_illegal() -> None:
    totals = [0, 0, 0, 0]
    for players in range(GAME.min_players, GAME.max_players + 1):
        for n, options in enumerate(OPTIONS["telos"]):
            seats = [SeatInfo(f"P{s}", "ai:random") for s in range(players)]
            state = GAME.new_state(seats, GAME.normalize_options(options), 10 * players + n)
            rng = random.Random(players * 10 + n)
            others = ["Z:owl", "14a", "", "play", "9a "] + list(state.zeus_cards)
            while not state.finished:
                for i, count in enumerate(_answers_agree(state, others, rng)):
                    totals[i] += count
                seat = state.turn
                state.advance(seat, rng.choice(state.legal_actions(seat)))
            _answers_agree(state, others)  # over: nothing is legal
    assert totals[0] > 2000 and totals[1] > 10_000 and totals[2] > 300 and totals[3] > 300


@pytest.mark.parametrize("hands, plays, expected", [
    # a hand of Zeus cards alone leads one of them; with a God card left it may not (T-9)
    ([["Z:ant", "Z:swan"], ["3a", "4a"], ["5a", "6a"]], [], {"Z:ant": True, "Z:swan": True}),
    ([["2b", "Z:ant"], ["3a", "4a"], ["5a", "6a"]], [], {"2b": True, "Z:ant": False}),
    # seat 1 cannot reach 9: only its lowest God card (T-13) ...
    ([["9a", "2c"], ["3a", "4a"], ["5a", "6a"]], ["play 9a"], {"3a": True, "4a": False}),
    # ... while a Zeus card worth the 9 played before it reaches (T-11)
    ([["9a", "2c"], ["3a", "Z:swan"], ["5a", "6a"]], ["play 9a"], {"3a": False, "Z:swan": True}),
])
def test_the_quick_check_of_one_card_in_chosen_positions(hands, plays, expected) -> None:
    state = arrange(hands, leader=0)
    for text in plays:
        state.apply(state.turn, text)
    seat = state.turn
    assert {card: state._single_play_ok(seat, card) for card in expected} == expected
    _answers_agree(state, ["Z:owl", "9a"])


def test_the_quick_check_of_several_cards_in_a_chosen_position() -> None:
    """Seat 1 holds two God cards and two Zeus cards against three 9s: it cannot reach, so it plays both
    God cards and a Zeus card (T-13), never a Zeus card in a God card's place."""
    state = arrange([["9a", "9b", "9c", "2c"], ["2a", "3a", "Z:swan", "Z:cuckoo"], ["5a", "6a", "7a", "8a"],
                     ["5b", "6b", "7b", "8b"]], leader=0, powers="basic",
                    zeus_cards=["Z:swan", "Z:cuckoo", "Z:eagle", "Z:bull"])
    state.apply(0, "play 9a,9b,9c")
    expected = {("2a", "3a", "Z:swan"): True, ("2a", "3a", "Z:cuckoo"): True, ("2a", "Z:cuckoo", "Z:swan"): False,
                ("3a", "Z:cuckoo", "Z:swan"): False, ("2a", "3a"): False, ("3a", "2a", "Z:swan"): False}
    assert {cards: state._canonical_play_ok(1, cards) for cards in expected} == expected
    _answers_agree(state, [], random.Random(1))


def _own_deal_entries(record: dict, rng: random.Random) -> list[dict]:
    """The record with one entry changed to cards of that seat's deal this round (held or played): one
    card, two in canonical order, the two the other way round, one card named twice; a Divine Trick swap
    of one (refused in a game without it)."""
    found = []
    entries = [(r, a) for r, rnd in enumerate(record["rounds"]) for a in range(len(rnd["actions"]))]
    for r, a in rng.sample(entries, min(8, len(entries))):
        seat, text = record["rounds"][r]["actions"][a]
        dealt = record["rounds"][r]["setup"]["hands"][seat]
        pair = sorted(rng.sample(dealt, 2), key=card_sort_key) if len(dealt) > 1 else dealt * 2
        for text in ["play " + rng.choice(dealt), "play " + ",".join(pair), "play " + ",".join(pair[::-1]),
                     f"play {pair[0]},{pair[0]}", "divine " + rng.choice(dealt)]:
            broken = copy.deepcopy(record)
            broken["rounds"][r]["actions"][a] = [seat, text]
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
