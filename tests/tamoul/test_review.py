"""The Tamoul post-game review (game/tamoul/review.py): a move is judged by playing the round out with the
hard rule on positions sampled from the seat's view; the chance to score lowest this round is compared
for the move played and the best other, on the same samples."""
from __future__ import annotations

import json
import random

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.play import play_game, step
from game.core.review import PASS_TEXT, Decision, decisions, review_judge, review_record
from game.tamoul.review import SAMPLES, TamoulJudge, round_reward
from tests.tamoul.helpers import GAME, build
from tests.tamoul.test_determinize import with_hidden_cards_swapped

KNOWS_OWN = [[[[0, 0, 0]] for _ in range(4)] + [[] for _ in range(4)],
             [[[1, 0, 0]] for _ in range(4)] + [[] for _ in range(4)]]


def holding_a_red_king():
    """Seat 0 knows its cards (Q, A, 2, A: 16) and has drawn the red K (0) from the deck: keeping it
    over the queen makes 4, a near-certain lowest score; throwing it away keeps 16."""
    state = build([["QS", "AH", "2C", "AS"], ["5H", "6C", "4D", "5S"]], discard=["9D"], draw_top=["KH"],
                  watchers=KNOWS_OWN)
    state.apply(0, "draw deck")
    return state


def decision(state, played: str, seat: int = 0, reaction: bool = False) -> Decision:
    return Decision(3, 0, seat, state.view(seat), tuple(state.legal_actions(seat)), True, reaction,
                    Action.parse(played))


def test_throwing_away_a_red_king_for_a_queen_is_marked_and_keeping_it_is_not() -> None:
    judge = TamoulJudge(GAME, 16)       # 8 (a first look on 2 samples) can miss it by luck
    state = holding_a_red_king()
    bad = judge.judge(decision(state, "discard"), seed=1)
    assert bad is not None and bad.best == "keep 0" and bad.marked
    assert "chance to score lowest this round" in bad.explanation("tamoul")
    good = judge.judge(decision(state, "keep 0"), seed=1)
    assert good is not None and good.agreed and not good.marked


def test_a_verdict_is_repeatable_and_depends_on_the_view_only() -> None:
    judge = TamoulJudge(GAME, 6)
    state = holding_a_red_king()
    rng = random.Random(2)
    deals = [state] + [with_hidden_cards_swapped(state, 0, rng) for _ in range(3)]
    assert len({json.dumps(d.position()["now"]) for d in deals}) == len(deals)
    verdicts = [judge.judge(decision(deal, "keep 1"), seed=5) for deal in deals]
    assert verdicts.count(verdicts[0]) == len(verdicts)


def test_a_taken_interception_is_compared_with_letting_the_card_pass() -> None:
    """Seat 1 knows its 5♥ matches the red 5 on the pile: taking it empties a slot (5 points fewer)."""
    state = build([["QS", "AH", "2C", "AS"], ["5H", "6C", "4D", "5S"]], discard=["9D", "5D"], watchers=KNOWS_OWN)
    assert state.is_reaction(1)
    judge = TamoulJudge(GAME, 8)
    taken = judge.judge(decision(state, "intercept 0", seat=1, reaction=True), seed=1)
    assert taken is not None and taken.reaction and taken.best == "intercept 0" and not taken.marked
    assert judge.candidates(decision(state, "intercept 0", seat=1, reaction=True), random.Random(1)) == \
        ["intercept 0", PASS_TEXT]


def test_a_playout_is_the_same_whether_or_not_declines_are_remembered() -> None:
    judge = TamoulJudge(GAME)
    seats = [SeatInfo(f"P{i}", "ai:hard") for i in range(3)]
    record = play_game(GAME, seats, [judge.hard for _ in seats], seed=4).record()  # the playouts' rule
    compared = 0
    for found in list(decisions(GAME, record, 2))[::4]:
        ends = []
        for remember in (True, False):
            sample = judge.determinize(found.view, random.Random(found.index))
            reward = judge.play_out(sample, 2, str(found.played), random.Random(1), remember_declines=remember)
            ends.append((reward, json.dumps(sample.position())))
        assert ends[0] == ends[1]
        compared += 1
    assert compared >= 10


def test_a_whole_review_is_repeatable_and_counts_every_decision() -> None:
    seats = [SeatInfo("Ana", "human"), SeatInfo("Bo", "ai:normal")]
    state, agents, rng = GAME.new_state(seats, {}, 3), [GAME.agent("normal"), GAME.agent("normal")], random.Random(3)
    for _ in range(70):         # a round and a bit: a record of a game still running reviews the same way
        step(state, agents, rng)
    record = state.record()
    found = list(decisions(GAME, record, 0))
    review = review_record(GAME, record, 0, iterations=1, seed=9)
    assert review.forced + len(review.moves) == len(found) and review.not_judged == 0
    assert [m.index for m in review.moves] == [d.index for d in found if not d.forced]
    again = review_record(GAME, record, 0, iterations=1, seed=9)
    assert again.moves == review.moves
    assert review_judge(GAME).budget == SAMPLES and review_judge(GAME).not_judged_note is None


def test_the_round_reward_is_the_lowest_score_shared() -> None:
    assert round_reward([3, 9, 12], 0) == 1.0
    assert round_reward([3, 3, 12], 1) == 0.5
    assert round_reward([3, 9, 12], 2) == 0.0


def test_moves_read_as_a_player_says_them() -> None:
    judge = TamoulJudge(GAME)
    view = holding_a_red_king().view(0)
    assert judge.describe("keep 0", view) == "keep it as card 1"
    assert judge.describe("peek 1.2", view) == "look at Bo's card 3"
    assert judge.describe("swap 0.1 1.0", view) == "swap your card 2 and Bo's card 1"
    assert judge.describe("draw discard", view) == "take the 9D from the discard pile"
    assert judge.describe("draw discard", view, lambda c: "9♦") == "take the 9♦ from the discard pile"
    assert judge.describe(PASS_TEXT, view) == "let it pass" and judge.describe("tamoul", view) == "call Tamoul"


def test_the_review_reads_hidden_cards_and_picks_among_many_swaps_as_the_hard_level_does() -> None:
    """Samples draw a hidden card its owner has seen low (`kept_low`, the reading `hard` searches with),
    and where there are too many moves to try them all, the second candidate is the `hard` search's."""
    from game.tamoul.hard import HardAgent

    judge = TamoulJudge(GAME)
    assert judge.determinize.kept_low and isinstance(judge.search, HardAgent) and judge.search.seconds is None
    seats = [SeatInfo("Ana", "human"), SeatInfo("Bo", "ai:normal"), SeatInfo("Cy", "ai:normal")]
    record = play_game(GAME, seats, [GAME.agent("normal") for _ in seats], seed=8).record()
    many = [d for d in decisions(GAME, record, 0) if not d.reaction and len(d.legal) > 9]
    assert many, "a swap among many slots was played"
    found = many[0]
    rng = random.Random(4)
    candidates = judge.candidates(found, rng)
    pick = HardAgent(GAME, seconds=None).choose(found.view, found.legal, random.Random(random.Random(4).randrange(2**31)))
    assert candidates == [str(found.played)] + ([str(pick)] if str(pick) != str(found.played) else [])
