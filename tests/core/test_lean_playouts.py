"""`advance` (the lean playout path: no events) never disagrees with `apply`: over many seeded games of
every registered game, each action leaves both states in the same position, with the same legal
actions, views and record; refused actions are refused alike, state unchanged."""
from __future__ import annotations

import random

import pytest

from game.bench import new_game
from game.catalog import load_game, registered_game_ids
from game.core.actions import Action
from game.core.drive import apply_chance, next_waiting_seat
from game.core.engine import CHANCE
from game.core.errors import IllegalAction

GAMES_PER_COUNT = 1


def _same(real, lean) -> None:
    assert lean.position() == real.position()
    assert lean.record() == real.record()
    for seat in range(len(real.seats)):
        assert lean.legal_actions(seat) == real.legal_actions(seat)
        assert lean.view(seat) == real.view(seat)
    assert lean.to_act() == real.to_act() and lean.waiting_for() == real.waiting_for()


OTHER_OPTIONS = {"zeus": {"manual_draw": True}, "telos": {"divine_trick": True, "powers": "basic"}}


@pytest.mark.parametrize("game_id, options", [(g, None) for g in registered_game_ids()] + list(OTHER_OPTIONS.items()))
def test_advance_leaves_the_state_apply_leaves(game_id: str, options: dict | None) -> None:
    game = load_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            real, lean = new_game(game, players, seed, options), new_game(game, players, seed, options)
            rng = random.Random(seed)
            while not real.finished:
                waiting = real.waiting_for()
                if CHANCE in waiting:
                    apply_chance(real)
                    action = lean.chance_action()
                    assert action is not None
                    lean.advance(CHANCE, action)
                    _same(real, lean)
                    continue
                acting = real.to_act()
                seat = acting[rng.randrange(len(acting))] if len(acting) > 1 else next_waiting_seat(real, rng)
                legal = lean.legal_actions(seat)
                choice = rng.choice(legal)
                # Every other action the same way, but as text or as an equal new value, not the listed object.
                lean_choice = choice if rng.random() < 0.5 else (str(choice) if rng.random() < 0.5
                                                                  else Action(choice.verb, tuple(choice.args)))
                real.apply(seat, choice)
                lean.advance(seat, lean_choice)
                _same(real, lean)


@pytest.mark.parametrize("game_id", ["zeus", "telos"])
def test_advance_refuses_what_apply_refuses(game_id: str) -> None:
    game = load_game(game_id)
    state = new_game(game, game.min_players, 3)
    before = state.position()
    seat = state.waiting_for()[0]
    other = (seat + 1) % len(state.seats)
    for who, action in ((seat, "fly away"), (other, str(state.legal_actions(seat)[0])), (CHANCE, "draw"), (9, "draw")):
        with pytest.raises(IllegalAction) as refused_by_apply:
            state.apply(who, action)
        with pytest.raises(IllegalAction) as refused_by_advance:
            state.advance(who, action)
        assert str(refused_by_advance.value) == str(refused_by_apply.value)
        assert state.position() == before
