"""Zeus finds a turn's plays (Z-7), Z-8 and who may sneak (Z-9) from each hand's card kinds kept as bits.
Over seeded random games of every player count, after every action, those answers equal the rules worked
out plainly from the hands: every kind held that `is_playable` allows, in deck order, and every other seat
holding the number just played by someone else."""
from __future__ import annotations

import random

from game.bench import new_game
from game.catalog import load_game


def test_plays_and_sneakers_equal_the_plain_rules() -> None:
    game = load_game("zeus")
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state = new_game(game, players, seed)
            rng = random.Random(seed)
            while not state.finished:
                turn = state.turn
                plain = [f"play {card}" for card in state.deck.order
                         if card in state.hands[turn] and state.is_playable(turn, card)]
                assert [str(a) for a in state.legal_actions(turn) if a.verb == "play"] == plain
                number, played_by = state.top_number()
                sneakers = tuple(s for s in range(players) if number is not None and players > 2
                                 and s not in (turn, played_by) and str(number) in state.hands[s])
                assert state.sneakers() == sneakers
                acting = state.to_act()
                seat = acting[rng.randrange(len(acting))]
                state.advance(seat, rng.choice(state.legal_actions(seat)))
                checked += 1
    assert checked > 1000
