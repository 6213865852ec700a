"""Zeus `hard`'s playout rule: its outcome tables agree with the rules' own `play_outcome`, and it
plays the way `normal` does with the sample's cards in view."""
from __future__ import annotations

import random

from game.zeus.hard import Outcomes, ScoredRollout
from game.zeus.outcome import play_outcome
from zeus_helpers import GAME, at, table

OUTCOMES = Outcomes(GAME.deck)


def test_the_outcome_tables_agree_with_play_outcome() -> None:
    for card_id, card in GAME.deck.cards.items():
        for total in range(0, 101):
            for top in (None, *range(1, 11)):
                for played_by in (0, 1):
                    assert OUTCOMES.of(card_id, total, top, played_by, 1) == \
                        play_outcome(card, total, top, played_by, 1)
                answer = play_outcome(card, total, top, 0, 1)  # the opponent answers our card
                assert (card_id in OUTCOMES.winners_after(total, top)) == (answer.wins_round is not None)
                assert (card_id in OUTCOMES.stealers_after(total, top)) == (
                    answer.legal_total and (answer.steals or answer.wins_round is not None))


def choose(state, seat: int = 0) -> str:
    return str(ScoredRollout(OUTCOMES)(state, seat, state.legal_actions(seat), random.Random(3)))


def test_it_wins_at_once_and_never_hands_the_next_player_a_win() -> None:
    state = at(table([["1", "2", "4", "Hermes"], ["5", "6", "7", "9"]]), total=99)
    assert choose(state) == "play 1"
    state = at(table([["2", "4", "5", "7"], ["8", "6", "5", "1"]]), total=90)
    assert choose(state) == "play 7"  # 92, 94 and 95 give the 8, the 6 or the 5 its 100; 97 needs a 3


def test_with_the_draw_pile_empty_it_keeps_or_takes_zeus() -> None:
    dealt = table([["2", "3", "Apollo", "7"], ["5", "6", "7", "9"]])
    gone = sorted(dealt.draw_pile, key=lambda card: card == "Hera")  # played already, a god on top
    state = at(dealt, total=41, draw_pile=[], pile=[[card, 1] for card in gone], zeus_holder=1)
    assert choose(state) == "play Apollo"  # the round ends with this play: only a steal wins it
