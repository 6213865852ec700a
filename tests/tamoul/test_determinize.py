"""The Tamoul determinizer (game/tamoul/determinize.py) samples a whole table from one seat's view: what
the review's playouts and any search start from. A sample is a legal position, holds every card once,
shows that seat exactly its view, and cannot tell two true tables apart that differ only in cards the
seat has not seen."""
from __future__ import annotations

import random

from tests.tamoul.helpers import GAME, build
from tests.tamoul.playout import DECK, cards_now
from tests.tamoul.test_contract import advanced


def positions():
    """(state, seat) at many points of random games of 2 to 6 players."""
    for seed in range(10):
        state = advanced(2 + seed % 5, seed=seed, actions=15 + 9 * seed)
        for seat in range(len(state.seats)):
            yield state, seat


def test_a_sample_is_a_legal_position_with_every_card_once_and_the_seats_view() -> None:
    determinize = GAME.determinizer()
    for state, seat in positions():
        view = state.view(seat)
        sample = determinize(view, random.Random(seat))
        assert cards_now(sample) == DECK
        assert sample.view(seat) == view
        assert sample.to_act() == state.to_act() and sample.waiting_for() == state.waiting_for()
        for other in range(len(state.seats)):
            assert sample.legal_actions(other) == state.legal_actions(other)
        deciding = sample.waiting_for()[0]
        if deciding >= 0:      # not the chance seat: every listed move is accepted
            assert all(sample.why_illegal(deciding, a) is None for a in sample.legal_actions(deciding))


def hidden_places(state, seat: int) -> list[tuple[int, int]]:
    view = state.view(seat)
    return [(p, s) for p, row in enumerate(view.board) for s, slot in enumerate(row)
            if slot is not None and slot.card is None]


def with_hidden_cards_swapped(state, seat: int, rng: random.Random):
    """The same table with two cards `seat` has not seen exchanged (a slot's and the draw pile's, or two
    slots'), built through `from_position`."""
    position = state.position()
    now = position["now"]
    places = hidden_places(state, seat)
    (p, s) = rng.choice(places)
    if now["draw_pile"] and rng.random() < 0.5:
        k = rng.randrange(len(now["draw_pile"]))
        now["slots"][p][s], now["draw_pile"][k] = now["draw_pile"][k], now["slots"][p][s]
    else:
        (q, t) = rng.choice([place for place in places if place != (p, s)])
        now["slots"][p][s], now["slots"][q][t] = now["slots"][q][t], now["slots"][p][s]
    return GAME.from_position(position)


def test_a_sample_does_not_change_when_hidden_cards_of_the_true_table_are_swapped() -> None:
    determinize = GAME.determinizer()
    rng = random.Random(7)
    checked = 0
    for state, seat in positions():
        if len(hidden_places(state, seat)) < 2:
            continue
        other = with_hidden_cards_swapped(state, seat, rng)
        assert other.position()["now"] != state.position()["now"]
        assert other.view(seat) == state.view(seat)
        one, two = determinize(state.view(seat), random.Random(3)), determinize(other.view(seat), random.Random(3))
        assert one.position() == two.position()
        checked += 1
    assert checked >= 20


def test_a_card_the_seat_has_seen_stays_where_it_is_and_unseen_ones_move() -> None:
    state = build([["QS", "AH", "2C", "AS"], ["5H", "6C", "4D", "5S"]], discard=["9D"])
    samples = [GAME.determinizer()(state.view(0), random.Random(k)) for k in range(6)]
    for sample in samples:
        slots = sample.position()["now"]["slots"]
        assert slots[0][2:4] == ["2C", "AS"]            # seen at the first look
        assert "9D" not in [c for row in slots for c in row if c]
    assert len({tuple(s.position()["now"]["slots"][1][:4]) for s in samples}) > 1
