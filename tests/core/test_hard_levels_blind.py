"""Every `hard` level (and every benchmark opponent, and Elios's team play) is blind to cards it has not seen: from the same view, a true deal and other deals
that differ only in hidden cards lead to the same choice for the same seed.

The other deals come from the game's own determinizer (samples consistent with the seat's view), so the
hidden hands, piles and blind cards really differ; the test checks that they do somewhere, so it cannot
pass vacuously. Small budgets keep it fast; Elios's search is given time enough to reach its depth
limit every move, so its choice does not depend on the clock.
"""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from game.catalog import load_game
from game.core.agents import RandomAgent
from game.core.drive import next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo, State
from game.core.ismcts import Budget
from game.core.play import step


def zeus_hard(game: Game) -> Any:
    from game.zeus.hard import HardAgent

    return HardAgent(game.deck, Budget(12))  # type: ignore[attr-defined]


def telos_hard(game: Game) -> Any:
    from game.telos.hard import HardAgent

    return HardAgent(game, Budget(12))  # type: ignore[arg-type]


def tamoul_hard(game: Game) -> Any:
    from game.tamoul.hard import HardAgent

    return HardAgent(game, samples=3, seconds=None)  # type: ignore[arg-type]


def elios_hard(game: Game) -> Any:
    from game.elios.hard import HardAgent

    return HardAgent(seconds=60.0, max_depth=2)


def bench(name: str) -> Callable[[Game], Any]:
    """A benchmark opponent (`Game.bench_agents`), held to the same test as the levels."""
    return lambda game: game.agent(name)


HARD_LEVELS: dict[str, tuple[int, Callable[[Game], Any]]] = {
    "zeus": (2, zeus_hard), "telos": (4, telos_hard), "tamoul": (3, tamoul_hard), "elios": (2, elios_hard),
    "zeus/bench-greedy": (3, bench("bench-greedy")), "telos/bench-greedy": (4, bench("bench-greedy")),
    "elios/bench-lookahead": (2, bench("bench-lookahead")), "elios/bench-lookahead/4": (4, bench("bench-lookahead")),
    "elios/normal": (2, bench("normal")), "elios/normal/4": (4, bench("normal")), "elios/hard/4": (4, elios_hard)}


def decision_points(game: Game, players: int) -> list[tuple[State, int, bool]]:
    """(state, deciding seat, offered as a reaction) at a few points of random games."""
    found: list[tuple[State, int, bool]] = []
    for seed in range(3):
        for stop in (0, 1, 3, 9, 20):
            state = game.new_state([SeatInfo(f"p{i}") for i in range(players)], seed=seed)
            rng = random.Random(seed)
            agents = [RandomAgent() for _ in range(players)]
            for _ in range(stop):
                if state.finished:
                    break
                step(state, agents, rng)
            while not state.finished and CHANCE in state.waiting_for():
                step(state, agents, rng)
            if state.finished:
                continue
            reactors = [s for s in state.to_act() if state.is_reaction(s) and state.legal_actions(s)]
            if reactors:
                found.append((state, reactors[0], True))
            else:
                found.append((state, next_waiting_seat(state, random.Random(seed)), False))
    return found


@pytest.mark.parametrize("game_id", sorted(HARD_LEVELS))
def test_hard_choice_does_not_change_with_unseen_cards(game_id: str) -> None:
    game = load_game(game_id.split("/")[0])
    players, make_agent = HARD_LEVELS[game_id]
    determinize = game.determinizer()
    hidden_differed = 0
    for state, seat, optional in decision_points(game, players):
        view = state.view(seat)
        others = [determinize(view, random.Random(salt)) for salt in (11, 12)]
        deals = [state, *others]
        assert all(deal.view(seat) == view for deal in deals), "a sample must look the same to the seat"
        nows = {repr(deal.position()["now"]) for deal in deals}
        hidden_differed += len(nows) > 1
        choices = []
        for deal in deals:
            agent = make_agent(game)  # a fresh agent: nothing remembered from the other deals
            choices.append(agent.choose(deal.view(seat), deal.legal_actions(seat), random.Random(7),
                                        optional=optional))
        assert choices.count(choices[0]) == len(choices), (
            f"{game_id} hard chose differently when only unseen cards differed: {choices}")
    assert hidden_differed >= 3, "the test needs deals whose hidden cards really differ"
