"""The Tamoul AI levels: what each remembers, never a blind interception, calls when likely ≤ 8."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.tamoul.agents import EASY, HARD, NORMAL, MemoryAgent
from game.tamoul.hard import HardAgent
from tests.tamoul.helpers import GAME, build

A = Action.parse
TWO = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


def agent(level: str):
    """The level's agent; `hard` with a small search budget and no time cap (its choice then depends
    on the seed only, and the test stays quick)."""
    if level == "hard":
        return HardAgent(GAME, samples=4, seconds=None)
    return GAME.agent(level)


def memory(level: str) -> MemoryAgent:
    """The level's memory and rules (`hard` searches with the perfect memory's rule)."""
    return MemoryAgent(GAME.content, {"easy": EASY, "normal": NORMAL, "hard": HARD}[level])


def test_every_level_is_offered() -> None:
    assert set(GAME.agent_levels()) == {"random", "easy", "normal", "hard"}


def test_intercepts_a_remembered_match_and_never_blind() -> None:
    state = build(TWO, discard=["4D"])  # seat 1 knows its 4H (slot 2): a red 4 matches
    legal = state.legal_actions(1)
    for level in ("easy", "normal", "hard"):
        assert agent(level).choose(state.view(1), legal, random.Random(1), optional=True) == A("intercept 2")
    blind = build(TWO, discard=["2D"])  # 2H matches, but seat 1 has never seen it
    for level in ("easy", "normal", "hard"):
        assert agent(level).choose(blind.view(1), blind.legal_actions(1), random.Random(1), optional=True) is None


def test_calls_tamoul_only_when_likely_at_most_eight() -> None:
    seen = [[[0, 0, 0]] if s < 4 else [] for s in range(8)]
    low = build([["AS", "2S", "KH", "3D"], ["QH", "JH"]], phase="end",
                watchers=[seen, [[] for _ in range(8)]])
    high = build([["AS", "2S", "KS", "3D"], ["QH", "JH"]], phase="end",
                 watchers=[seen, [[] for _ in range(8)]])
    for level in ("easy", "normal", "hard"):
        assert agent(level).choose(low.view(0), low.legal_actions(0), random.Random(1)) == A("tamoul")
        assert agent(level).choose(high.view(0), high.legal_actions(0), random.Random(1)) == A("end")


def test_easy_forgets_over_time_and_hard_does_not() -> None:
    watchers = [[[[1, 0, 0]] if p == 0 and s < 4 else [] for s in range(8)] for p in range(2)]
    state = build(TWO, watchers=watchers, step=600, turn=1)  # seat 1 looked at all of seat 0's cards long ago
    assert len(memory("hard").believed(state.view(1))) == 4
    assert len(memory("easy").believed(state.view(1))) == 0
    fresh = build(TWO, watchers=watchers, step=2, turn=1)
    assert len(memory("easy").believed(fresh.view(1))) == 4


def test_hard_follows_cards_through_swaps_and_the_others_lose_track() -> None:
    watchers = [[[[1, 5, 4]] if p == 0 and s < 4 else [] for s in range(8)] for p in range(2)]
    state = build(TWO, watchers=watchers, step=6, turn=1)  # seen a step ago, then four swaps moved them
    assert len(memory("hard").believed(state.view(1))) == 4
    assert len(memory("normal").believed(state.view(1))) < 4
    assert len(memory("easy").believed(state.view(1))) == 0


def test_hard_decides_the_same_when_unseen_cards_change() -> None:
    state = build(TWO + [["2C", "3C", "4C", "5C"]], discard=["9D"], draw_top=["QS"])
    state.apply(0, "draw deck")
    determinize = GAME.determinizer()
    for seat in (0, 1, 2):
        choices = set()
        for k in range(5):
            sample = determinize(state.view(seat), random.Random(k))
            choices.add(agent("hard").choose(sample.view(seat), sample.legal_actions(seat), random.Random(0),
                                             optional=seat != 0))
        assert len(choices) == 1


def test_levels_play_whole_games_against_each_other() -> None:
    for seed, levels in enumerate((("hard", "random"), ("easy", "normal", "hard"), ("normal",) * 4)):
        seats = [SeatInfo(level, f"ai:{level}") for level in levels]
        state = play_game(GAME, seats, [agent(level) for level in levels], seed=seed)
        assert state.finished and state.winners


def test_interceptions_come_with_a_human_like_delay_quicker_for_stronger_levels() -> None:
    rng = random.Random(5)
    delays = {level: [agent(level).reaction_delay_ms(rng) for _ in range(50)] for level in ("easy", "hard")}
    assert all(400 <= d <= 1800 for ds in delays.values() for d in ds)
    assert sum(delays["hard"]) < sum(delays["easy"])
