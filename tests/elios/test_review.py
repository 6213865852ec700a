"""The Elios post-game review (game/elios/review.py): placing moves judged by `hard`'s alpha-beta from the
seat's view, read as a chance to win; groupings counted, not judged."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.play import play_game
from game.core.review import Decision, decision_rng, decisions, review_judge, review_record
from game.elios.agents import NormalAgent
from game.elios.hard import HardAgent
from game.elios.review import CALIBRATION, REVIEW_DEPTH, EliosJudge, JudgeAgent, review_depth, win_chance
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
    """The review's search is hard's own: at a fixed depth with no time cap, the move `choose` plays
    when it reaches that depth is worth the best value (with 2 players, with hard's race)."""
    state = rebuilt(grouped([HALVES, HALVES]), turn=0, first_turn=False)
    view, legal = state.view(0), state.legal_actions(0)
    played = HardAgent(seconds=60, max_depth=2).choose(view, legal, random.Random(3))
    best, best_value, played_value = JudgeAgent().analyse(view, legal, played, 2, random.Random(3))
    assert best_value == played_value


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


def test_a_review_at_its_own_depth_repeats() -> None:
    """The same record and seed give the same marks and values: twice in one process (the judge
    remembers work between decisions) and from a fresh judge."""
    record = recorded_game(seed=6)
    first = review_record(GAME, record, 1, seed=4)
    assert first.moves and all(move.iterations == review_depth(2) for move in first.moves)
    assert review_record(GAME, record, 1, seed=4).moves == first.moves
    again = EliosJudge(GAME)
    assert [again.judge(d, 4) for d in decisions(GAME, record, 1) if d.view.phase == "placing" and not d.forced] \
        == list(first.moves)


def test_a_placing_verdict_depends_on_the_view_only() -> None:
    """After the grouping nothing is hidden; a state sampled from the view (the undrawn beams and the
    true history left out) gets the very same verdicts."""
    record = recorded_game(seed=5)
    judge = EliosJudge(GAME)    # with 2 players: two turns and hard's race, all read from the view
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
    search (partner read as `normal`, a team timed by its slower member); with 3 at four, with 2 at two."""
    from game.elios.hard import DEPTHS

    assert review_depth(4) == DEPTHS[4] == 6 and review_depth(3) == DEPTHS[3] == 4
    assert review_depth(2) == DEPTHS[2] == 2
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


COLOURS = "roylgsbv"


def placing(groups: list[list[str]], heights: list[int], discs: int):
    """A 2-player placing position, seat 0 to move: the seats hold `groups`, the sun's stacks stand at
    `heights` (each colour's beams nobody holds on its stack, jokers on top to make up the height)."""
    held = {c: sum(group.count(c) for seat in groups for group in seat) for c in COLOURS}
    stacks = [[c] * (5 - held[c]) for c in COLOURS]
    for stack, height in zip(stacks, heights):
        stack += ["w"] * (height - len(stack))
    order = GAME.content.letters
    return rebuilt(grouped([HALVES, HALVES]), beams=[sorted("".join(seat), key=order.index) for seat in groups],
                   groups=groups, stacks=stacks, discs=discs, turn=0, first_turn=False)


def tempo_position():
    """Seat 0 holds yellow + joker, orange, lime + blue and orange + green; seat 1 red + violet and sky.
    Orange stands at 3, blue at 5, the other stacks seat 0 needs at 4, the discs at 6. Yellow + joker
    with the joker on lime levels lime with blue, and the lone orange can later level orange with green:
    both pairs go down whole. The lone orange first levels orange with green but leaves lime below blue
    for good (seat 0 holds no other lime, no joker): that pair must be split, a turn more, and seat 1,
    two turns from out, wins the race. The count of turns sees one blocked pair either way."""
    return placing([["yw", "o", "lb", "og"], ["rv", "s"]], [4, 3, 4, 4, 4, 4, 5, 6], 6)


def test_a_tempo_blunder_only_the_race_sees_is_marked() -> None:
    """The 2-player review judges with `hard`'s race at the horizon: placing the lone orange above is
    a big mistake to it, while the count alone (the review before, four turns deep) rates both moves
    alike."""
    state = tempo_position()
    view, legal = state.view(0), state.legal_actions(0)
    orange, yellow = Action.parse("place 1 1"), Action.parse("place 0 2,3")
    for depth in (2, 4):  # the count alone: the two moves are worth the same
        count = HardAgent(work=None, playout_weight=0.0)
        assert count.analyse(view, legal, orange, depth, random.Random(1))[2] == \
            count.analyse(view, legal, yellow, depth, random.Random(1))[2]
    judge = EliosJudge(GAME)
    bad = judge.judge(decision(state, "place 1 1"), seed=1)
    assert bad is not None and bad.best == "place 0 2,3" and bad.iterations == 2
    assert bad.marked and bad.verdict() == "A big mistake"
    assert bad.best_value == win_chance(HardAgent(work=None).analyse(view, legal, orange, 2, random.Random(1))[1], 2)
    good = judge.judge(decision(state, "place 0 2,3"), seed=1)
    assert good is not None and good.agreed and good.played_value == bad.best_value


def test_the_judge_reads_the_race_from_the_view_s_position_not_its_order() -> None:
    """`hard`'s race reads the order groups lie in, so splitting orange + sky as sky / orange or as
    orange / sky (one same position) gets different values from it; the review gives both the same
    value, the best there is here, whichever order the player wrote."""
    state = placing([["os", "v"], ["r", "rs"]], [4, 5, 6, 5, 6, 3, 5, 4], 6)
    view, legal = state.view(0), state.legal_actions(0)
    sky_first, orange_first = Action.parse("split 0 s/o"), Action.parse("split 0 o/s")
    hard = HardAgent(work=None)
    assert hard.analyse(view, legal, sky_first, 2, random.Random(1))[2] != \
        hard.analyse(view, legal, orange_first, 2, random.Random(1))[2]
    judge = EliosJudge(GAME)
    one, other = (judge.judge(decision(state, text), seed=1) for text in ("split 0 s/o", "split 0 o/s"))
    assert one is not None and other is not None
    assert one.played_value == other.played_value == one.best_value and not one.marked and not other.marked


def test_verdicts_are_hard_s_values_with_the_race_at_two_players() -> None:
    """Every judged move of a 2-player game: the best value is `hard`'s own (two turns, race included),
    and in some of them the race changes it (the count alone would give another)."""
    record = recorded_game(seed=3)
    judge = EliosJudge(GAME)
    changed = judged = 0
    for found in decisions(GAME, record, 0):
        if found.view.phase != "placing" or found.forced:
            continue
        move = judge.judge(found, 5)
        assert move is not None
        rng = decision_rng(5, found.index)
        _, with_race, _ = HardAgent(work=None).analyse(found.view, list(found.legal), found.played, 2, rng)
        _, count_only, _ = HardAgent(work=None, playout_weight=0.0).analyse(
            found.view, list(found.legal), found.played, 2, decision_rng(5, found.index))
        assert move.best_value == win_chance(with_race, 2)
        changed += with_race != count_only
        judged += 1
    assert judged >= 5 and changed >= 1
