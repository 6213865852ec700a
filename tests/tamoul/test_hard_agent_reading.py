"""Tamoul `hard` reads the others from what is public: a hidden card its owner has seen (and kept) is
sampled low, the longer known the lower (game/tamoul/determinize.py, `kept_low`). The samples stay
legal tables that show the seat exactly its view, and they depend on the view only: `hard` at a
four-player table decides the same whatever the cards it has not seen are."""
from __future__ import annotations

import random
from statistics import mean

from game.tamoul.determinize import TamoulDeterminizer
from game.tamoul.hard import HardAgent
from tests.core.test_hard_levels_blind import decision_points
from tests.tamoul.helpers import GAME, build
from tests.tamoul.playout import DECK, cards_now
from tests.tamoul.test_determinize import hidden_places, positions, with_hidden_cards_swapped

KEPT_LOW = TamoulDeterminizer(GAME, kept_low=True)
VALUE = GAME.content.value


def test_a_kept_low_sample_is_a_legal_position_with_every_card_once_and_the_seats_view() -> None:
    for state, seat in positions():
        view = state.view(seat)
        sample = KEPT_LOW(view, random.Random(seat))
        assert cards_now(sample) == DECK
        assert sample.view(seat) == view
        assert sample.legal_actions(sample.waiting_for()[0]) == state.legal_actions(state.waiting_for()[0])


def test_a_card_its_owner_has_known_long_is_sampled_low_and_an_unknown_one_is_not() -> None:
    # Seat 1 has seen its slots 0 and 1 (at step 0; now it is step 40, over six rounds of turns ago);
    # nobody has seen its slots 2 and 3. Seat 0 knows none of seat 1's cards.
    watchers = [[[] for _ in range(8)], [[[1, 0, 0]], [[1, 0, 0]], [], []] + [[] for _ in range(4)]]
    state = build([["2S", "3S", "4S", "5S"], ["QH", "JH", "QS", "JC"]], watchers=watchers, step=40)
    view = state.view(0)
    kept, unknown, uniform = [], [], []
    for k in range(300):
        slots = KEPT_LOW(view, random.Random(k)).position()["now"]["slots"][1]
        kept += [VALUE[c] for c in slots[:2]]
        unknown += [VALUE[c] for c in slots[2:4]]
        plain = GAME.determinizer()(view, random.Random(k)).position()["now"]["slots"][1]
        uniform += [VALUE[c] for c in plain[:2]]
    assert mean(kept) < 4.0 < 5.5 < mean(uniform)     # about 3.3 against about 6.5
    assert mean(unknown) > 5.5                          # a card nobody saw is not read as low
    fresh = build([["2S", "3S", "4S", "5S"], ["QH", "JH", "QS", "JC"]], watchers=watchers, step=0)
    just_seen = [VALUE[c] for k in range(300)
                 for c in KEPT_LOW(fresh.view(0), random.Random(k)).position()["now"]["slots"][1][:2]]
    assert mean(kept) < mean(just_seen) < mean(uniform)  # seen just now: its owner had no turn to replace it


def test_a_kept_low_sample_does_not_change_when_hidden_cards_of_the_true_table_are_swapped() -> None:
    """Two true tables that differ only in hidden cards (a slot's and the pile's, or two slots') give the
    same sample for the same seed; the check counts only positions where the tables really differ."""
    rng = random.Random(7)
    tables = [(state, seat, with_hidden_cards_swapped(state, seat, rng))
              for state, seat in positions() if len(hidden_places(state, seat)) >= 2]
    assert len(tables) >= 20 and all(a.position()["now"] != b.position()["now"] for a, _, b in tables)
    for state, seat, other in tables:
        samples = [KEPT_LOW(table.view(seat), random.Random(3)).position() for table in (state, other)]
        assert samples[0] == samples[1]


def test_hard_at_four_players_decides_the_same_when_unseen_cards_change() -> None:
    determinize = GAME.determinizer()
    differed = 0
    for state, seat, optional in decision_points(GAME, 4):
        view = state.view(seat)
        deals = [state, *(determinize(view, random.Random(salt)) for salt in (11, 12))]
        differed += len({repr(deal.position()["now"]) for deal in deals}) > 1
        choices = [HardAgent(GAME, samples=3, seconds=None).choose(deal.view(seat), deal.legal_actions(seat),
                                                                   random.Random(7), optional=optional)
                   for deal in deals]
        assert choices.count(choices[0]) == len(choices), choices
    assert differed >= 3
