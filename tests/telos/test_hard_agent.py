"""Télos `hard` AI: determinizations are legal positions built from the view alone; it plays whole games."""
from __future__ import annotations

import random
from collections import Counter

from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.ismcts import Budget, Origin
from game.core.play import play_game, step
from game.telos.determinize import TelosDeterminizer
from game.telos.agents import NormalAgent
from game.telos.hard import WIDENING, HardAgent, play_order, round_reward
from game.telos.state import TelosState
from tests.telos.table import GAME, arrange, new_game


def positions(seeds: range, players: int, **options: object) -> list[TelosState]:
    """States at decisions of random games (mid-trick and between tricks); each is a separate game."""
    found: list[TelosState] = []
    for seed in seeds:
        for stop in (1, 6, 13, 30):
            state = new_game(players, seed, **options)
            rng = random.Random(seed)
            agents = [RandomAgent() for _ in range(players)]
            for _ in range(stop):
                if state.finished:
                    break
                step(state, agents, rng)
            if not state.finished:
                found.append(state)
    return found


def cards_of(state: TelosState) -> Counter[str]:
    cards = Counter(c for h in state.hands for c in h) + Counter(state.undealt) + Counter(state.blind or ())
    cards.update(state.round_discards)
    cards.update(c for p in state.plays for c in p.cards)
    cards.update(c for s in state.score_cards for c in s)
    return cards


def test_a_determinization_is_a_legal_position_that_looks_the_same_to_the_seat() -> None:
    mixes = [dict(), dict(divine_trick=True), dict(powers="basic")]
    for index, options in enumerate(mixes):
        for state in positions(range(4 * index, 4 * index + 4), 4, **options) + positions(range(2), 5, **options):
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            determinizer = TelosDeterminizer(GAME)
            for sample_seed in range(3):
                sample = determinizer(view, random.Random(sample_seed))
                assert sample.view(seat) == view
                assert cards_of(sample) == Counter(state.deck)  # every card exactly once
                assert sample.legal_actions(seat) == state.legal_actions(seat)
                agents = [RandomAgent() for _ in sample.seats]
                rng = random.Random(sample_seed)
                start_round = sample.round_index
                while not sample.finished and sample.round_index == start_round:
                    step(sample, agents, rng)


def test_a_seat_that_could_not_reach_the_line_is_sampled_without_cards_that_would_reach_it() -> None:
    """T-12 as an inference: Vicky followed a 12 with her lowest card, so she holds nothing above 11."""
    state = arrange([["12a", "3a", "4a"], ["1a", "9b", "10c"], ["2b", "5b", "6c"], ["13a", "7d", "8d"]],
                    zeus_cards=["Z:ant", "Z:swan", "Z:bull", "Z:cuckoo"])
    held = {c for h in state.hands for c in h}
    state.hand_size, state.undealt = 3, [c for c in state.deck if c not in held]  # a consistent 3-card deal
    state.apply(0, "play 12a")
    state.apply(1, "play 1a")
    view = state.view(2)
    determinizer = TelosDeterminizer(GAME)
    for sample_seed in range(20):
        sample = determinizer(view, random.Random(sample_seed))
        values = [state.rules.value_of.get(c, 99) for c in sample.hands[1]]
        assert max(values) < 12 and all(not c.startswith("Z:") for c in sample.hands[1])
    assert determinizer.forced == 0


def test_a_determinization_never_reads_the_hidden_cards() -> None:
    """Swap the hidden cards of the true state around: the same generator gives the same samples."""
    for state in positions(range(6), 4):
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        others = [s for s in range(4) if s != seat]
        hidden = [c for s in others for c in state.hands[s]] + state.undealt
        random.Random(7).shuffle(hidden)
        for s in others:
            size = len(state.hands[s])
            state.hands[s], hidden = sorted(hidden[:size]), hidden[size:]
        state.undealt = hidden
        first = TelosDeterminizer(GAME)(view, random.Random(5))
        again = TelosDeterminizer(GAME)(state.view(seat), random.Random(5))
        assert first.hands == again.hands and first.undealt == again.undealt


def test_reward_is_one_for_not_taking_points_and_less_the_more_points_are_taken() -> None:
    state = new_game(4, 1)
    origin = Origin.of(state)
    assert round_reward(state, origin) is None
    state.rounds.append(state.rounds[-1])
    state.totals = [0, 5, 0, 0]
    five = round_reward(state, origin)
    state.totals = [0, 13, 0, 0]
    thirteen = round_reward(state, origin)
    assert five is not None and thirteen is not None
    assert five[0] == five[2] == five[3] == 1.0 and 0 < thirteen[1] < five[1] < 1


def test_a_wide_follow_is_widened_the_normal_players_favourite_first() -> None:
    """A 19-card hand following three 4s lists over a hundred plays; 20 iterations try 18 at most."""
    state = new_game(3, 17)
    rng = random.Random(17)
    for _ in range(22):
        step(state, [RandomAgent()] * 3, rng)
    (seat,) = state.waiting_for()
    legal = state.legal_actions(seat)
    assert len(legal) > 100
    agent = HardAgent(GAME, Budget(20))
    choice = agent.choose(state.view(seat), legal, random.Random(1))
    assert agent.last_result is not None and choice in legal
    assert len(agent.last_result.visits) <= WIDENING.limit(20) == 18
    favourite = play_order(state, seat, legal, random.Random(1))[0]
    assert favourite == NormalAgent().choose(state.view(seat), legal, random.Random(1))
    assert favourite in agent.last_result.visits


def test_hard_is_offered_as_a_level() -> None:
    assert isinstance(GAME.agent("hard"), HardAgent)


def test_hard_rarely_loses_against_random_players() -> None:
    """A random seat loses a 4-player game 25% of the time; hard with a tiny budget far less."""
    games, lost = 10, 0
    for seed in range(games):
        me = seed % 4
        agents = [HardAgent(GAME, Budget(20)) if s == me else RandomAgent() for s in range(4)]
        state = play_game(GAME, [SeatInfo(f"p{s}") for s in range(4)], agents, seed=seed)
        lost += state.loser == me
    assert lost <= 1, lost
