"""Télos determinization with the round's earlier tricks: a follow that did not reach the line binds
its seat's later hand (T-12), the true hands always respect what is inferred, and samples do too."""
from __future__ import annotations

import copy
import random
from collections import Counter

from game.core.engine import SeatInfo
from game.core.play import step
from game.telos.determinize import ONLY_ZEUS, ForcedFollow, RoundMemory, TelosDeterminizer, forced_follows
from game.telos.view import TrickPlay
from tests.telos.table import GAME
from tests.telos.test_hard_agent import cards_of


def test_a_follow_below_the_line_was_the_seats_lowest_cards_and_could_not_reach() -> None:
    plays = (TrickPlay(0, ("9a", "9b"), (9, 9)), TrickPlay(1, ("2a", "5c"), (2, 5)),
             TrickPlay(2, ("10a", "11a"), (10, 11)), TrickPlay(3, ("Z:ant", "1a"), (9, 1)))
    (follow,) = forced_follows(plays, 3, ant_excuses=True)  # the Ant excuses seat 3 (T-14)
    assert follow == ForcedFollow(1, 3, (9, 9), 9, ("2a", "5c")) and follow.floor == 5
    assert follow.allows(["2a", "5c", "6d", "12b"])        # only one card could reach 9
    assert not follow.allows(["2a", "5c", "9c", "12b"])    # two cards reach 9, 9: it had to play them
    assert not follow.allows(["2a", "5c", "4d", "12b"])    # 4 is lower than 5: it had to be played
    assert not follow.allows(["2a", "5c", "Z:eagle", "12b"])  # the Zeus card counts 9 and reaches
    assert len(forced_follows(plays, 3, ant_excuses=False)) == 2


def test_a_single_card_below_the_line_leaves_no_card_as_high_and_no_zeus_card() -> None:
    plays = (TrickPlay(2, ("8a",), (8,)), TrickPlay(3, ("3b",), (3,)))
    (follow,) = forced_follows(plays, 0, ant_excuses=True)
    assert (follow.floor, follow.ceiling) == (3, 7)
    filled = ForcedFollow(1, 0, (8, 8), 8, ("2a", "Z:swan"))
    assert filled.floor == ONLY_ZEUS  # Zeus filled the play: no God card was left


def play_normal_games(seeds: range, options: dict[str, object]):
    """Seat 0's views through whole games of `normal` players, with the true state beside each."""
    for seed in seeds:
        state = GAME.new_state([SeatInfo(f"p{s}") for s in range(4)], GAME.normalize_options(options), seed)
        agents = [GAME.agent("normal") for _ in range(4)]
        rng = random.Random(seed)
        while not state.finished:
            if state.waiting_for() == (0,):
                yield state
            step(state, agents, rng)


def test_the_true_hands_always_respect_what_the_memory_infers() -> None:
    checked = 0
    for options in ({}, {"divine_trick": True}, {"powers": "basic"}):
        memory = RoundMemory()
        for state in play_normal_games(range(3), options):
            view = state.view(0)
            memory.observe(view)
            in_trick: dict[int, list[str]] = {}
            for play in view.trick:
                in_trick.setdefault(play.seat, []).extend(play.cards)
            for follow, later in memory.forced(view):
                assert follow.allows(list(state.hands[follow.seat]) + in_trick.get(follow.seat, []) + later)
                checked += 1
    assert checked > 50, checked


def test_samples_keep_the_view_every_card_once_and_the_inferred_bounds() -> None:
    watcher = RoundMemory()  # what seat 0 remembers, having watched every trick so far
    bound_views = samples = 0
    for state in play_normal_games(range(2), {}):
        view = state.view(0)
        watcher.observe(view)
        bounds = watcher.forced(view)
        if not bounds:
            continue
        bound_views += 1
        determinizer = TelosDeterminizer(GAME)
        determinizer.memory = copy.deepcopy(watcher)
        in_trick: dict[int, list[str]] = {}
        for play in view.trick:
            in_trick.setdefault(play.seat, []).extend(play.cards)
        for sample_seed in range(3):
            unchecked_before = determinizer.forced
            sample = determinizer(view, random.Random(sample_seed))
            assert sample.view(0) == view
            assert cards_of(sample) == Counter(state.deck)
            if determinizer.forced > unchecked_before:
                continue  # kept unchecked after MAX_REJECTIONS: a legal position, nothing more promised
            samples += 1
            for follow, later in bounds:
                assert follow.allows(list(sample.hands[follow.seat]) + in_trick.get(follow.seat, []) + later)
    assert bound_views > 5 and samples > 3 * bound_views * 0.9, (bound_views, samples)
