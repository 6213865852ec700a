"""Télos lists leads in their sorted order as it makes them (`PlayRules.leads`); over many hands, lead
limits and both power sets that is exactly the sorted set of every lead the rules allow, worked out the
plain way here."""
from __future__ import annotations

import random

import pytest

from game.catalog import load_game
from game.telos.cards import canonical, card_sort_key, is_zeus
from game.telos.plays import PlayRules
from game.telos.state import play_rules


def plain_leads(rules: PlayRules, hand: list[str], max_k: int) -> list[tuple[str, ...]]:
    """Every lead (T-7..T-9, T-15), one per equivalent play, sorted by size and then by cards."""
    groups = rules.groups(hand)
    zeus = sorted((c for c in hand if is_zeus(c)), key=card_sort_key)
    if not groups:
        return [(z,) for z in zeus]
    plays = {(cards[0],) for _, cards in groups}
    joiners = [z for z in zeus if rules.behaviour(z).joins_multiple_lead]
    if max_k >= 2:
        for _, cards in groups:
            plays.update(tuple(cards[:t]) for t in range(2, min(len(cards), max_k) + 1))
            plays.update((*cards[:t], joiner) for joiner in joiners for t in range(1, min(len(cards), max_k - 1) + 1))
    return sorted(plays, key=lambda play: (len(play), tuple(map(card_sort_key, play))))


@pytest.mark.parametrize("powers", ["basic", "advanced"])
def test_leads_are_every_lead_in_order(powers: str) -> None:
    game = load_game("telos")
    content = game.content
    rng = random.Random(f"leads/{powers}")
    checked = 0
    for players in (3, 4, 5, 6):
        zeus_cards = tuple(sorted(rng.sample(list(content.zeus_ids), players)))
        deck, _ = game.deck_and_rules(zeus_cards, players, powers)
        rules = play_rules(content, zeus_cards, players, powers)
        for _ in range(150):
            hand = list(canonical(rng.sample(list(deck), rng.randint(1, 12))))
            max_k = rng.randint(1, 5)
            assert rules.leads(hand, max_k, last_trick=False) == plain_leads(rules, hand, max_k)
            checked += 1
    assert checked == 600
