"""Télos lists single-card follows without the general search (`PlayRules._single_follows`); over many
hands, lines and both power sets it gives exactly the general search's list (`_any_follows`)."""
from __future__ import annotations

import random

import pytest

from game.catalog import load_game
from game.telos.cards import canonical
from game.telos.plays import _multisets, _multisets_search
from game.telos.state import play_rules


@pytest.mark.parametrize("powers", ["basic", "advanced"])
def test_single_follows_equal_the_general_search(powers: str) -> None:
    game = load_game("telos")
    content = game.content
    rng = random.Random(powers)
    checked = 0
    for players in (3, 4, 5, 6):
        zeus_cards = tuple(sorted(rng.sample(list(content.zeus_ids), players)))
        deck, _ = game.deck_and_rules(zeus_cards, players, powers)
        rules = play_rules(content, zeus_cards, players, powers)
        for _ in range(150):
            hand = list(canonical(rng.sample(list(deck), rng.randint(1, 9))))
            need, earlier_max = rng.randint(content.lowest, content.highest + 1), rng.randint(0, content.highest)
            assert rules._single_follows(hand, need, earlier_max) == rules._any_follows(hand, (need,), earlier_max)
            checked += 1
    assert checked == 600


def test_small_multisets_equal_the_general_search() -> None:
    game = load_game("telos")
    content = game.content
    rng = random.Random("multisets")
    zeus_cards = tuple(sorted(rng.sample(list(content.zeus_ids), 4)))
    deck, rules = game.deck_and_rules(zeus_cards, 4, "basic")
    checked = 0
    for _ in range(400):
        groups = rules.groups(rng.sample(list(deck), rng.randint(0, 12)))
        size = rng.randint(0, 2)
        line = None if rng.random() < 0.3 else tuple(sorted(rng.randint(1, 13) for _ in range(size)))
        fast = _multisets(groups, size, line)
        assert len(fast) == len(set(fast))
        assert fast == _multisets_search(groups, size, line)  # the same, in the same (canonical) order
        checked += bool(fast)
    assert checked > 200


@pytest.mark.parametrize("powers", ["basic", "advanced"])
def test_follows_of_god_cards_only_equal_the_general_search(powers: str) -> None:
    game = load_game("telos")
    content = game.content
    rng = random.Random(f"god follows/{powers}")
    checked = 0
    for players in (3, 4, 5, 6):
        zeus_cards = tuple(sorted(rng.sample(list(content.zeus_ids), players)))
        deck, rules = game.deck_and_rules(zeus_cards, players, powers)
        gods_only = [c for c in deck if c not in zeus_cards]
        for _ in range(150):
            k = rng.randint(1, 4)
            pool = gods_only if rng.random() < 0.7 else list(deck)  # now and then a Zeus card too
            hand = list(canonical(rng.sample(pool, rng.randint(k, 10))))
            line = tuple(sorted(rng.randint(content.lowest, content.highest) for _ in range(k)))
            earlier_max = rng.randint(max(line), content.highest)
            assert rules._any_follows(hand, line, earlier_max) == rules._search_follows(hand, line, earlier_max)
            checked += 1
    assert checked == 600
