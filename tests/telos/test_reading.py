"""Reading a `normal` player's single-card plays (game/telos/reading.py): the rules on small tricks,
the true hands of whole `normal` games always agree with what is read, and samples keep it."""
from __future__ import annotations

import copy
import random
from collections import Counter

from game.telos.determinize import RoundMemory, TelosDeterminizer
from game.telos.reading import HandReading, SeenTrick, read_round, read_trick
from game.telos.view import TrickPlay
from tests.telos.test_determinize_memory import play_normal_games
from tests.telos.table import GAME
from tests.telos.test_hard_agent import cards_of


def test_a_single_lead_and_a_late_follow_cap_the_hand_and_an_early_follow_rules_out_zeus() -> None:
    plays = (TrickPlay(1, ("8a",), (8,)), TrickPlay(2, ("9b",), (9,)), TrickPlay(3, ("3c",), (3,)),
             TrickPlay(0, ("Z:eagle",), (9,)))
    late = read_trick(SeenTrick(plays, 4, False))
    assert late == {1: HandReading(god_ceiling=8), 2: HandReading(god_ceiling=9)}  # 3c did not reach
    early = read_trick(SeenTrick(plays, 6, False))
    assert early == {1: HandReading(god_ceiling=8), 2: HandReading(zeus_possible=False)}
    assert read_trick(SeenTrick(plays, 1, True)) == {}  # the last trick: every card was forced
    pair = (TrickPlay(1, ("8a", "8b"), (8, 8)), TrickPlay(2, ("9b", "9c"), (9, 9)))
    assert read_trick(SeenTrick(pair, 6, False)) == {}
    assert read_round([SeenTrick(plays, 4, False), SeenTrick(plays[:1], 6, False)], skip=[2]) == {
        1: HandReading(god_ceiling=8)}
    reading = HandReading(god_ceiling=8, zeus_possible=False)
    assert reading.allows("8c") and not reading.allows("9c") and not reading.allows("Z:ant")


def test_the_true_hands_of_normal_players_always_agree_with_the_reading() -> None:
    memory = RoundMemory()
    checked = 0
    for state in play_normal_games(range(12), {}):
        view = state.view(0)
        memory.observe(view)
        readings = read_round(memory.seen_tricks(view), skip=[0])
        for seat, reading in readings.items():  # what each seat holds now, its plays of this trick made
            assert all(reading.allows(card) for card in state.hands[seat]), (seat, reading, state.hands[seat])
            checked += 1
    assert checked > 300, checked


def test_samples_keep_the_view_every_card_once_and_the_reading() -> None:
    watcher = RoundMemory()
    read_views = kept = 0
    for state in play_normal_games(range(2), {}):
        view = state.view(0)
        watcher.observe(view)
        readings = read_round(watcher.seen_tricks(view), skip=[0])
        if not readings:
            continue
        read_views += 1
        determinizer = TelosDeterminizer(GAME)
        determinizer.memory = copy.deepcopy(watcher)
        for sample_seed in range(3):
            sample = determinizer(view, random.Random(sample_seed))
            assert sample.view(0) == view
            assert cards_of(sample) == Counter(state.deck)
            kept += all(reading.allows(card) for seat, reading in readings.items() for card in sample.hands[seat])
    assert read_views > 5 and kept > 3 * read_views * 0.9, (read_views, kept)

