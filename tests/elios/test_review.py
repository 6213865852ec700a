"""The Elios post-game review (game/elios/review.py): placing moves judged by `hard`'s alpha-beta from the
seat's view, read as a chance to win; groupings counted, not judged."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.play import play_game
from game.core.review import Decision, decisions, review_judge, review_record
from game.elios.agents import NormalAgent
from game.elios.hard import HardAgent
from game.elios.review import CALIBRATION, REVIEW_DEPTH, EliosJudge, review_depth, win_chance
from tests.elios.helpers import GAME, grouped, rebuilt, seats
from tests.elios.test_hard_agent import HALVES


def one_group_from_winning():
    """Both seats hold one group that fits now (red + joker, orange + joker), seat 0 to move: placing
    wins at once; anything else lets seat 1 win."""
    return rebuilt(grouped([HALVES, HALVES]),
                   beams=[list("rw"), list("ow")],
                   groups=[["rw"], ["ow"]],
                   stacks=[list("rrrrw"), list("oooow"), list("yyyyy"), list("lllll"), list("ggggg"),
                           list("sssss"), list("bbbbb"), list("vvvvv")],
                   discs=6, turn=0, first_turn=False)


def decision(state, played: str, index: int = 5) -> Decision:
    return Decision(index, 0, 0, state.view(0), tuple(state.legal_actions(0)), True, False, Action.parse(played))


def test_a_move_that_lets_a_sure_win_go_is_marked_and_the_win_is_not() -> None:
    state = one_group_from_winning()
    judge = EliosJudge(GAME)
    bad = judge.judge(decision(state, "disc"), seed=1)
    assert bad is not None and bad.best.startswith("place 0") and bad.best_value == 1.0
    assert bad.played_value == 0.0 and bad.marked and bad.verdict() == "A big mistake"
    assert "chance to win" in bad.explanation("elios")
    good = judge.judge(decision(state, bad.best), seed=1)
    assert good is not None and good.agreed and not good.marked and good.played_value == 1.0


def test_the_value_reads_as_a_chance_to_win() -> None:
    for players, (offset, _) in CALIBRATION.items():
        assert win_chance(offset, players) == 0.5
        assert win_chance(-3, players) < win_chance(0, players) < win_chance(3, players)
        assert win_chance(1001, players) == 1.0 and win_chance(-1001, players) == 0.0


def test_analyse_agrees_with_the_choice_of_the_same_depth() -> None:
    """The review's search is hard's own: at a fixed depth with no time cap, its best move is what
    `choose` plays when it reaches that depth."""
    state = rebuilt(grouped([HALVES, HALVES]), turn=0, first_turn=False)
    view, legal = state.view(0), state.legal_actions(0)
    depth_two = HardAgent(seconds=60, max_depth=2, playout_weight=0.0)  # as the review's agent
    played = depth_two.choose(view, legal, random.Random(3))
    best, best_value, played_value = HardAgent(playout_weight=0.0).analyse(view, legal, played, 2, random.Random(3))
    assert best == played and best_value == played_value


def recorded_game(seed: int = 2) -> dict:
    players = seats(2)
    return play_game(GAME, players, [NormalAgent(), NormalAgent()], seed=seed).record()


def test_a_review_counts_the_grouping_judges_every_placing_move_and_is_repeatable() -> None:
    record = recorded_game()
    found = list(decisions(GAME, record, 0))
    review = review_record(GAME, record, 0, iterations=2, seed=4)
    assert review.not_judged == sum(1 for d in found if d.played.verb == "groups") == 1
    assert review.forced + review.not_judged + len(review.moves) == len(found)
    assert all(not m.played.startswith("groups") for m in review.moves)
    assert review_record(GAME, record, 0, iterations=2, seed=4).moves == review.moves
    assert review.to_json()["not_judged"] == 1
    assert review_judge(GAME).budget == REVIEW_DEPTH and review_judge(GAME).not_judged_note


def test_a_placing_verdict_depends_on_the_view_only() -> None:
    """After the grouping nothing is hidden; a state sampled from the view (the undrawn beams and the
    true history left out) gets the very same verdicts."""
    record = recorded_game(seed=5)
    judge = EliosJudge(GAME, 2)
    determinize = GAME.determinizer()
    checked = 0
    for found in decisions(GAME, record, 1):
        if found.view.phase != "placing" or found.forced:
            continue
        sample = determinize(found.view, random.Random(found.index))
        again = Decision(found.index, 0, 1, sample.view(1), tuple(sample.legal_actions(1)), True, False, found.played)
        assert judge.judge(found, 3) == judge.judge(again, 3)
        checked += 1
    assert checked >= 5


def test_moves_read_as_a_player_says_them() -> None:
    state = one_group_from_winning()
    judge = EliosJudge(GAME)
    view = state.view(0)
    assert judge.describe("disc", view) == "add a disc"
    place = next(a for a in state.legal_actions(0) if a.verb == "place")
    words = judge.describe(str(place), view)
    assert words.startswith("place red, joker on ")
    assert judge.describe("split 0 r/w", view) == "split a group: red / joker"


def test_the_judge_searches_as_deep_as_hard_plays_in_teams() -> None:
    """With 4 players `hard` searches six turns (teams), so the review judges at six, with `hard`'s own
    search (partner read as `normal`, a team timed by its slower member); with 2 players at four."""
    from game.elios.hard import DEPTHS

    assert review_depth(4) == DEPTHS[4] == 6 and review_depth(2) == REVIEW_DEPTH == 4
    players = seats(4)
    record = play_game(GAME, players, [HardAgent(max_depth=2)] + [NormalAgent() for _ in range(3)], seed=3).record()
    judge = EliosJudge(GAME)
    judged = 0
    for found in decisions(GAME, record, 0):
        if found.view.phase != "placing" or found.forced:
            continue
        move = judge.judge(found, 2)
        assert move is not None and move.iterations == 6  # the depth, for Elios
        best, best_value, _ = HardAgent().analyse(found.view, list(found.legal), found.played, 6,
                                                  random.Random(0))
        assert move.best_value == win_chance(best_value, 4)
        judged += 1
        if judged == 3:
            break
    assert judged == 3
