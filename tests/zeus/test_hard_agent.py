"""Zeus `hard` AI: its determinizations are legal positions built from the view alone, and it plays well."""
from __future__ import annotations

import random
from collections import Counter

from game.core.agents import RandomAgent
from game.core.engine import SeatInfo
from game.core.ismcts import Budget
from game.core.play import play_game, step
from game.zeus.determinize import ZeusDeterminizer
from game.zeus.hard import HardAgent
from game.zeus.state import ZeusState
from zeus_helpers import GAME, table


def positions(seeds: range, players: int, **options: bool) -> list[tuple[ZeusState, int]]:
    """(state, seat on turn) at decisions of random games; each state is a separate game at that point."""
    found: list[tuple[ZeusState, int]] = []
    for seed in seeds:
        for stop in (3, 11, 19):
            state = GAME.new_state([SeatInfo(f"P{s}") for s in range(players)], options, seed)
            rng = random.Random(seed)
            agents = [RandomAgent() for _ in range(players)]
            for _ in range(stop):
                if state.finished:
                    break
                step(state, agents, rng)
            if not state.finished:
                found.append((state, state.turn))
    return found


def cards_of(state: ZeusState) -> Counter[str]:
    return Counter(c for h in state.hands for c in h) + Counter(state.draw_pile) + Counter(c for c, _ in state.pile)


def test_a_determinization_is_a_legal_position_that_looks_the_same_to_the_seat() -> None:
    determinizer = ZeusDeterminizer(GAME.deck)
    for state, seat in positions(range(12), 4, manual_draw=True) + positions(range(12, 20), 2):
        view = state.view(seat)
        for sample_seed in range(3):
            sample = determinizer(view, random.Random(sample_seed))
            assert sample.view(seat) == view
            assert cards_of(sample) == Counter(GAME.deck.full_deck())  # every card exactly once
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
            # the engine accepts a whole playout from the sample
            agents = [RandomAgent() for _ in sample.seats]
            rng = random.Random(sample_seed)
            start_round = sample.round_index
            while not sample.finished and sample.round_index == start_round:
                step(sample, agents, rng)


def test_the_seat_on_turn_holds_a_playable_card_in_every_sample() -> None:
    determinizer = ZeusDeterminizer(GAME.deck)
    for state, seat in positions(range(10), 3):
        watcher = (seat + 1) % 3
        view = state.view(watcher)
        for sample_seed in range(5):
            sample = determinizer(view, random.Random(sample_seed))
            assert any(sample.is_playable(seat, c) for c in sample.hands[seat])


def test_a_determinization_never_reads_the_hidden_cards() -> None:
    """Swap every hidden card of the true state around: the same generator gives the same samples."""
    for state, seat in positions(range(8), 4):
        view = state.view(seat)
        others = [s for s in range(4) if s != seat]
        hidden = [c for s in others for c in state.hands[s]] + state.draw_pile
        random.Random(99).shuffle(hidden)
        for s in others:
            size = len(state.hands[s])
            state.hands[s], hidden = hidden[:size], hidden[size:]
        state.draw_pile = hidden
        state._forget_derived()
        assert state.view(seat) == view
        first = ZeusDeterminizer(GAME.deck)(view, random.Random(5))
        again = ZeusDeterminizer(GAME.deck)(state.view(seat), random.Random(5))
        assert first.hands == again.hands and first.draw_pile == again.draw_pile


def test_hard_takes_a_win_at_once() -> None:
    state = table([["1", "5", "Hera", "Poseidon"], ["5", "6", "7", "9"]])
    state.total = 99
    agent = HardAgent(GAME.deck, Budget(60))
    assert str(agent.choose(state.view(0), state.legal_actions(0), random.Random(1))) == "play 1"


def test_hard_always_sneaks_to_take_zeus() -> None:
    state = table([["4", "2", "3", "6"], ["5", "8", "9", "Ares"], ["4", "1", "2", "2"]])
    state.apply(0, "play 4")
    assert state.is_reaction(2)
    agent = HardAgent(GAME.deck, Budget(20))
    assert str(agent.choose(state.view(2), state.legal_actions(2), random.Random(1), optional=True)) == "sneak 4"


def test_hard_decides_within_the_time_budget() -> None:
    state = GAME.new_state([SeatInfo(f"P{s}") for s in range(4)], {}, 3)
    agent = HardAgent(GAME.deck)
    seat = state.turn
    agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert agent.last_result is not None and agent.last_result.seconds < 1.0


def test_hard_with_a_small_budget_beats_random_players() -> None:
    """Over 8 three-player games a random seat would win about 3 (6 or more: 2 % of the time)."""
    games, wins = 8, 0
    for seed in range(games):
        me = seed % 3
        agents = [HardAgent(GAME.deck, Budget(15)) if s == me else RandomAgent() for s in range(3)]
        state = play_game(GAME, [SeatInfo(f"P{s}") for s in range(3)], agents, seed=seed)
        wins += me in state.winners
    assert wins >= 6, wins
