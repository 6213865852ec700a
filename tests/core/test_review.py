"""The post-game review (game/core/review.py): it judges a seat's moves from that seat's view only, marks a
move that throws a round away, reports its progress, can be cancelled, and runs in the background.

Budgets are small to keep the suite fast; the verdicts they give are checked for shape and for
agreement between runs, except where a position makes the answer certain (a round won at once).
"""
from __future__ import annotations

import json
import random
import time

import pytest

from game.__main__ import main as game_main
from game.catalog import load_game
from game.core.actions import Action
from game.core.agents import RandomAgent
from game.core.engine import CHANCE, SeatInfo
from game.core.ismcts import PASS
from game.core.play import play_game, step
from game.core.records import record_to_text
from game.core.review import (MARK_THRESHOLD, Decision, MoveReview, ReviewCancelled, ReviewUnavailable, can_review,
                              decisions, describe, review_decision, review_record, review_search, reviewable_seats)
from game.core.review_worker import BackgroundReview
from tests.zeus.zeus_helpers import GAME as ZEUS, at, table

SEARCHED = {"zeus": 2, "telos": 4}      # games whose hard AI searches, and a player count for each


def small_record(game_id: str, seed: int = 3, humans: int = 1) -> dict:
    game = load_game(game_id)
    players = SEARCHED[game_id]
    seats = [SeatInfo(f"P{i}", "human" if i < humans else "ai:random") for i in range(players)]
    return play_game(game, seats, [RandomAgent() for _ in seats], seed=seed).record()


def test_the_search_estimate_of_one_move_is_repeatable_and_a_pass_needs_a_reaction() -> None:
    state = at(table([["1", "5", "Hera", "Poseidon"], ["5", "6", "7", "9"]]), total=99)
    search, _ = review_search(ZEUS, 20)
    view = state.view(0)
    first = search.evaluate(view, 0, Action.parse("play 1"), random.Random(4), 20)
    again = search.evaluate(view, 0, Action.parse("play 1"), random.Random(4), 20)
    assert first == again and first.visits == 20 and first.mean == 1.0
    with pytest.raises(ValueError):
        search.evaluate(view, 0, PASS, random.Random(4), 20)


def test_a_move_that_throws_the_round_away_is_marked_and_the_winning_move_is_not() -> None:
    state = at(table([["1", "5", "Hera", "Poseidon"], ["5", "6", "7", "9"]]), total=99)
    search, iterations = review_search(ZEUS, 60)
    legal = tuple(state.legal_actions(0))
    bad = review_decision(search, iterations, Decision(0, 0, 0, state.view(0), legal, True, False,
                                                       Action.parse("play Hera")), seed=1)
    assert bad.best == "play 1" and bad.best_value == 1.0
    assert bad.marked and bad.difference >= MARK_THRESHOLD and bad.verdict() == "A big mistake"
    assert "Hard would have played 1" in bad.explanation("zeus") and "chance to win this round" in bad.explanation("zeus")
    good = review_decision(search, iterations, Decision(0, 0, 0, state.view(0), legal, True, False,
                                                        Action.parse("play 1")), seed=1)
    assert good.agreed and not good.marked and good.verdict() == "Hard agrees"


def decision_points(game_id: str) -> list[tuple[object, int, bool]]:
    """(state, deciding seat, offered as a reaction) at a few points of random games."""
    game = load_game(game_id)
    found = []
    for seed in range(3):
        for stop in (1, 5, 12):
            state = game.new_state([SeatInfo(f"p{i}") for i in range(SEARCHED[game_id])], seed=seed)
            rng = random.Random(seed)
            agents = [RandomAgent() for _ in range(SEARCHED[game_id])]
            for _ in range(stop):
                if not state.finished:
                    step(state, agents, rng)
            while not state.finished and CHANCE in state.waiting_for():
                step(state, agents, rng)
            if state.finished:
                continue
            reactors = [s for s in state.to_act() if state.is_reaction(s) and state.legal_actions(s)]
            seat = reactors[0] if reactors else state.to_act()[0]
            if len(state.legal_actions(seat)) > 1 or reactors:
                found.append((state, seat, bool(reactors)))
    return found


@pytest.mark.parametrize("game_id", sorted(SEARCHED))
def test_the_review_gives_the_same_verdict_when_only_unseen_cards_differ(game_id: str) -> None:
    """Same view, different hidden deals (sampled by the game's own determinizer) -> the same verdict."""
    game = load_game(game_id)
    search, iterations = review_search(game, 10)
    determinize = game.determinizer()
    hidden_differed = 0
    points = decision_points(game_id)
    assert len(points) >= 4
    for state, seat, reaction in points:
        view = state.view(seat)
        deals = [state, *(determinize(view, random.Random(salt)) for salt in (11, 12))]
        assert all(deal.view(seat) == view for deal in deals)
        hidden_differed += len({repr(deal.position()["now"]) for deal in deals}) > 1
        played = state.legal_actions(seat)[-1]      # the last listed move: often not the search's choice
        verdicts = [review_decision(search, iterations,
                                    Decision(7, 0, seat, deal.view(seat), tuple(deal.legal_actions(seat)),
                                             deal.lists_all_actions(seat), reaction, played), seed=3)
                    for deal in deals]
        assert verdicts.count(verdicts[0]) == len(verdicts), f"{game_id}: the verdict changed with unseen cards"
    assert hidden_differed >= 3, "the test needs deals whose hidden cards really differ"


def test_a_decision_holds_only_what_the_seat_saw() -> None:
    record = small_record("zeus")
    game = load_game("zeus")
    found = list(decisions(game, record, 0))
    moves = [(i, m) for i, m in enumerate(a for r in record["rounds"] for a in r["actions"]) if m[0] == 0]
    assert [d.index for d in found] == [i for i, _ in moves]
    assert all(str(d.played) == text for d, (_, (_, text)) in zip(found, moves))
    assert all(d.view.seat == 0 for d in found)


def test_a_review_reports_progress_covers_every_decision_and_is_repeatable() -> None:
    record = small_record("telos", seed=5)
    game = load_game("telos")
    seen: list[tuple[int, int]] = []
    arrived: list[MoveReview] = []
    review = review_record(game, record, 0, iterations=6, seed=2, progress=lambda d, t: seen.append((d, t)),
                           on_move=arrived.append)
    total = len(list(decisions(game, record, 0)))
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [d for d, _ in seen] == list(range(total + 1))
    assert review.forced + len(review.moves) == total and arrived == review.moves
    assert all(m.seat == 0 for m in review.moves)
    again = review_record(game, record, 0, iterations=6, seed=2)
    assert again.moves == review.moves
    data = json.loads(json.dumps(review.to_json()))
    assert data["reviewed"] == len(review.moves) and data["threshold"] == MARK_THRESHOLD
    assert [MoveReview.from_json(m) for m in data["moves"]] == [
        MoveReview.from_json(m.to_json()) for m in review.moves]


def test_a_review_can_be_cancelled_between_decisions() -> None:
    record = small_record("zeus")
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(ReviewCancelled, match="after 2 of"):
        review_record(load_game("zeus"), record, 0, iterations=4, cancelled=cancelled)


def test_every_game_can_be_reviewed_and_only_zeus_and_telos_by_their_search() -> None:
    for game_id in ("tamoul", "elios"):
        assert can_review(load_game(game_id))
        with pytest.raises(ReviewUnavailable):
            review_search(load_game(game_id))       # their hard AI is no tree search: they have own judges
    assert can_review(load_game("zeus")) and can_review(load_game("telos"))


def test_the_seats_reviewed_are_the_people_else_everyone() -> None:
    assert reviewable_seats(small_record("zeus")) == [0]
    assert reviewable_seats(small_record("zeus", humans=0)) == [0, 1]


def test_moves_read_as_a_player_says_them() -> None:
    assert describe("play 7") == "7"
    assert describe("play 6a,6c", lambda c: {"6a": "6 Terracotta", "6c": "6 Aegean Blue"}[c]) == \
        "6 Terracotta + 6 Aegean Blue"
    assert describe("sneak 8") == "sneak in the 8"
    assert describe("draw") == "draw a card"
    assert describe("pass") == "let it pass"


def test_a_background_review_gives_what_a_direct_review_gives_and_stops_when_cancelled() -> None:
    record = small_record("zeus")
    direct = review_record(load_game("zeus"), record, 0, iterations=4, seed=1)
    worker = BackgroundReview("zeus", record, 0, iterations=4, seed=1)
    deadline = time.monotonic() + 60
    while worker.poll().running and time.monotonic() < deadline:
        time.sleep(0.02)
    progress = worker.progress
    assert progress.finished and progress.error is None
    assert [m.to_json() for m in progress.moves] == [m.to_json() for m in direct.moves]
    assert progress.forced == direct.forced
    assert progress.done == progress.total and progress.fraction == 1.0

    slow = BackgroundReview("zeus", record, 0, iterations=400, seed=1)
    slow.cancel()
    deadline = time.monotonic() + 10
    while slow.alive and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not slow.alive and slow.progress.cancelled and not slow.progress.running


def test_the_review_command_prints_json_last(tmp_path, capsys) -> None:
    path = tmp_path / "zeus.json"
    path.write_text(record_to_text(small_record("zeus")), encoding="utf-8")
    assert game_main(["review", str(path), "--iterations", "4", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert data["game"] == "zeus" and data["seat"] == 0 and data["iterations"] == 4
    assert data["reviewed"] == len(data["moves"]) and "seconds" in data
