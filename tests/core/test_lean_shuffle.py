"""The engine's quick shuffle gives exactly `random.Random.shuffle`'s order, so deals (and records) stay."""
from __future__ import annotations

import random

from game.core.engine import round_rng, shuffle


def test_shuffle_matches_random_shuffle_and_leaves_the_generator_alike() -> None:
    for seed in range(300):
        cards = [f"c{i}" for i in range(seed % 70)]
        expected, got = list(cards), list(cards)
        theirs, ours = random.Random(seed), random.Random(seed)
        theirs.shuffle(expected)
        shuffle(got, ours)
        assert got == expected
        assert ours.random() == theirs.random()  # the same draws were taken


def test_shuffle_matches_on_round_generators() -> None:
    deck = [str(v) for v in range(1, 11) for _ in range(5)]
    for round_index in range(20):
        expected, got = list(deck), list(deck)
        round_rng(7, round_index).shuffle(expected)
        shuffle(got, round_rng(7, round_index))
        assert got == expected
