"""Tamoul `hard`: a search over samples of its view, with rules where a rule is as good."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.tamoul.agents import HARD, MemoryAgent
from game.tamoul.hard import HardAgent, round_value
from tests.tamoul.helpers import GAME, build

A = Action.parse
TWO = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


def hard(samples: int = 8) -> HardAgent:
    return HardAgent(GAME, samples=samples, seconds=None)  # no time cap: the choice depends on the seed only


def seen(rows: dict[int, list[int]], players: int = 2) -> list[list[list[list[int]]]]:
    return [[[[p, 0, 0]] if s in rows.get(p, []) else [] for s in range(8)] for p in range(players)]


def test_offered_as_hard_and_thinks_in_its_own_process() -> None:
    agent = GAME.agent("hard")
    assert isinstance(agent, HardAgent) and agent.isolate
    assert 400 <= agent.reaction_delay_ms(random.Random(1)) <= 1000


def test_intercepts_known_matches_only_and_without_searching() -> None:
    state = build(TWO, discard=["4D"])
    agent = hard()
    assert agent.choose(state.view(1), state.legal_actions(1), random.Random(1), optional=True) == A("intercept 2")
    blind = build(TWO, discard=["2D"])
    assert agent.choose(blind.view(1), blind.legal_actions(1), random.Random(1), optional=True) is None
    assert agent.last_means == {}


def test_calls_when_sure_and_searches_an_uncertain_call() -> None:
    sure = build([["AS", "2S", "KH", "3D"], ["QH", "JH", "QS", "JC"]], phase="end",
                 watchers=seen({0: [0, 1, 2, 3]}))
    agent = hard()
    assert agent.choose(sure.view(0), sure.legal_actions(0), random.Random(1)) == A("tamoul")
    assert agent.last_means == {}                      # a certain 0: nothing to search
    # Two red kings known, the third card not: 8 or less in about 7 samples of 10. Both are played out.
    likely = build([["KH", "KD", "3D"], ["QH", "JH", "QS", "JC"]], phase="end", watchers=seen({0: [0, 1]}))
    choice = agent.choose(likely.view(0), likely.legal_actions(0), random.Random(1))
    assert set(agent.last_means) == {"end", "tamoul"}
    ruled = MemoryAgent(GAME.content, HARD).choose(likely.view(0), likely.legal_actions(0), random.Random(1))
    assert choice == ruled or agent.last_means[str(choice)] == max(agent.last_means.values())
    # Known 8 + 2 + 0 with one card unknown: only a red king would keep a call right; no call.
    unlikely = build([["8S", "2S", "KH", "3D"], ["QH", "JH", "QS", "JC"]], phase="end",
                     watchers=seen({0: [0, 1, 2]}))
    assert agent.choose(unlikely.view(0), unlikely.legal_actions(0), random.Random(1)) == A("end")


def test_discards_a_drawn_twin_to_intercept_it() -> None:
    """A drawn queen of spades with a known queen of clubs in slot 2: discarding it and putting the
    twin on it takes 12 off; keeping it anywhere leaves a queen."""
    state = build([["6S", "5S", "QC", "7D"], ["2H", "3H", "4H", "5H"]], phase="hold", drawn="QS",
                  drawn_from="deck", watchers=seen({0: [0, 1, 2, 3]}))
    agent = hard()
    assert agent.choose(state.view(0), state.legal_actions(0), random.Random(2)) == A("discard")
    state.apply(0, "discard")
    assert agent.choose(state.view(0), state.legal_actions(0), random.Random(2)) == A("intercept 2")


def test_keeps_a_low_card_where_the_search_finds_it_best() -> None:
    state = build([["6S", "5S", "QC", "7D"], ["2H", "3H", "4H", "5H"]], phase="hold", drawn="AD",
                  drawn_from="deck", watchers=seen({0: [1, 2, 3]}))
    choice = hard().choose(state.view(0), state.legal_actions(0), random.Random(3))
    assert choice == A("keep 2")      # the queen, known, goes; an unknown card is worth 6.5 on average


def test_round_value_prefers_a_lead_and_the_game_won() -> None:
    state = build(TWO, totals=[10, 20])
    assert 0.5 < round_value(state, 0) < 1 and round_value(state, 0) + round_value(state, 1) == 1.0


def test_the_rule_keeps_its_move_unless_clearly_beaten() -> None:
    rule_better = [[0.6, 0.5, 0.7, 0.4], [0.5, 0.6, 0.6, 0.5]]
    assert HardAgent.pick(rule_better) == 0
    noisy = [[0.5, 0.5, 0.5, 0.5], [0.9, 0.1, 0.9, 0.2]]          # higher mean, far from sure
    assert HardAgent.pick(noisy) == 0
    clear = [[0.5, 0.5, 0.5, 0.5], [0.6, 0.7, 0.6, 0.65], [0.7, 0.8, 0.7, 0.75]]
    assert HardAgent.pick(clear) == 2


def test_same_seed_same_choice() -> None:
    state = build(TWO, phase="hold", drawn="6D", drawn_from="deck")
    agent = hard()
    first = agent.choose(state.view(0), state.legal_actions(0), random.Random(9))
    means = dict(agent.last_means)
    again = hard()
    assert again.choose(state.view(0), state.legal_actions(0), random.Random(9)) == first
    assert means and again.last_means == means


def test_the_rule_swaps_for_a_card_its_owner_kept() -> None:
    """With a queen to give away and nothing known of the other's cards, the rule takes the card its
    owner has seen (and kept: likely low) rather than one nobody has seen."""
    watchers = seen({0: [0, 1, 2, 3], 1: [3]})
    state = build([["QS", "2S", "3S", "4S"], ["9H", "8H", "7H", "AH"]], phase="action", pending=["swap"],
                  watchers=watchers)
    rule = MemoryAgent(GAME.content, HARD)
    assert rule.choose(state.view(0), state.legal_actions(0), random.Random(1)) == A("swap 0.0 1.3")
