"""Elios `hard` AI: its imagined moves are the engine's moves, it takes a win it can see, and it plays
whole games with legal moves only (small time budgets keep these tests quick)."""
from __future__ import annotations

import random

from game.core.play import play_game
from game.elios.agents import BLOCKED_TURNS, WAITING_TURNS, Sun
from game.elios.hard import Board, HardAgent
from tests.elios.helpers import GAME, grouped, rebuilt, seats
from tests.elios.test_contract import random_game_positions

HALVES = "roy/roy/lgs/lgs/bvw/bvw"


def board_of(state, seat: int) -> Board:
    view = state.view(seat)
    sun = Sun(list(view.heights), view.discs, {c: i for i, c in enumerate(view.colours)}, view.joker,
              BLOCKED_TURNS, WAITING_TURNS)
    return Board(sun, view.max_discs, [list(g or ()) for g in view.groups], seat, view.teams is not None)


def test_the_search_imagines_exactly_the_engines_places_and_discs_and_only_legal_splits() -> None:
    checked = 0
    for players in (2, 4):
        for state, seat, _ in random_game_positions(players, seed=11 + players):
            if state.phase != "placing" or state.first_turn:
                continue
            board = board_of(state, seat)
            imagined = set()
            for move in board.moves():
                if move[0] == "place":
                    imagined.add(f"place {move[1]} {','.join(map(str, move[2]))}")
                elif move[0] == "disc":
                    imagined.add("disc")
                else:
                    imagined.add(f"split {move[1]} {move[2]}/{move[3]}")
            legal = {str(a) for a in state.legal_actions(seat)}
            assert imagined <= legal
            assert {a for a in legal if not a.startswith("split")} == {a for a in imagined if not a.startswith("split")}
            checked += 1
    assert checked > 40


def test_hard_takes_a_win_it_can_see() -> None:
    state = rebuilt(grouped([HALVES, HALVES]),
                    beams=[list("rw"), list("rrooyyllggssbbvvww")],
                    groups=[["rw"], HALVES.split("/")],
                    stacks=[list("rrw"), list("ooo"), list("yyy"), list("lll"), list("ggg"), list("sss"),
                            list("bbb"), list("vvv")],
                    discs=4, turn=0, first_turn=False)
    legal = state.legal_actions(0)
    assert {a.verb for a in legal} == {"place", "disc", "split"}
    action = HardAgent(seconds=0.2).choose(state.view(0), legal, random.Random(1))
    assert action.verb == "place"
    state.apply(0, action)
    assert state.winners == (0,)


def test_hard_plays_whole_games_with_legal_moves() -> None:
    for players in (2, 4):
        agents = [HardAgent(seconds=0.01, max_depth=2)] + [GAME.agent("normal") for _ in range(players - 1)]
        state = play_game(GAME, seats(players), agents, seed=players)
        assert state.finished and state.winners


def placing_decisions(players: int, seed: int, every: int = 3):
    """(view, legal) at every `every`-th placing decision of a game of `normal` seats."""
    state = GAME.new_state(seats(players), seed=seed)
    agents = [GAME.agent("normal") for _ in range(players)]
    rng = random.Random(seed)
    count = 0
    while not state.finished:
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if view.phase == "placing" and len(legal) > 1:
            count += 1
            if count % every == 0:
                yield view, legal
        state.apply(seat, agents[seat].choose(view, legal, rng))


def test_hard_searches_deeper_in_teams_and_plans_its_grouping_there() -> None:
    from game.elios.hard import DEPTHS

    agent = HardAgent()
    assert [agent.depth_for(n) for n in (2, 3, 4)] == [DEPTHS[2], DEPTHS[3], DEPTHS[4]] == [2, 4, 6]
    assert not agent.plans_grouping(2) and agent.plans_grouping(3) and agent.plans_grouping(4)
    assert HardAgent(max_depth=3).depth_for(4) == 3 and HardAgent(plan_grouping=True).plans_grouping(2)
    depths = []
    for view, legal in list(placing_decisions(4, seed=1))[:4]:
        agent.choose(view, legal, random.Random(1))
        depths.append(agent.last_depth)
    assert max(depths) == 6 and all(1 <= d <= 6 for d in depths)  # a sure result may end it sooner


def test_a_choice_depends_on_the_work_done_not_on_the_clock(monkeypatch) -> None:
    """Bounded by positions scored, not seconds: a clock running 1,000 times slower (a busy machine)
    changes no choice; a small work budget stops at a shallower depth, the same one every time."""
    import game.elios.hard as hard

    positions = list(placing_decisions(4, seed=2))[:6]
    quick = [HardAgent().choose(v, legal, random.Random(5)) for v, legal in positions]
    real = hard.time.perf_counter
    monkeypatch.setattr(hard.time, "perf_counter", lambda: real() * 1000.0)
    assert [HardAgent().choose(v, legal, random.Random(5)) for v, legal in positions] == quick
    monkeypatch.undo()
    stopped = 0
    for view, legal in positions:
        small = HardAgent(work=200)
        first = small.choose(view, legal, random.Random(5))
        again = HardAgent(work=200)
        assert again.choose(view, legal, random.Random(5)) == first and again.last_depth == small.last_depth
        assert small.leaves > 200 or small.last_depth == 6  # it stopped for the budget, or finished
        stopped += small.last_depth < 6
    assert stopped >= 3


def test_remembered_extra_turns_are_the_suns_count() -> None:
    """The search's count per seat (`_needs`, remembered per sun) equals `Sun.turns_needed`."""
    agent = HardAgent()
    checked = 0
    for players in (2, 4):
        for state, seat, _ in random_game_positions(players, seed=7):
            if state.phase != "placing":
                continue
            board = board_of(state, seat)
            expected = [board.sun.turns_needed(g) if g else 0.0 for g in board.groups]
            assert agent._needs(board) == expected == agent._needs(board)
            checked += 1
    assert checked > 20


def race_board(discs: int, first: list[str], second: list[str], turn: int = 0) -> Board:
    sun = Sun([2] * 8, discs, {c: i for i, c in enumerate("roylgsbv")}, "w", BLOCKED_TURNS, WAITING_TURNS)
    return Board(sun, 9, [first, second], turn, False)


def test_the_race_playout_sees_who_must_add_the_next_disc() -> None:
    """Both seats wait for a disc with one group each: the seat on turn must add it, and the other
    places first and wins; one disc higher, the seat on turn places first and wins. The turn count
    scores these positions alike (each seat needs the same turns); the playout does not."""
    from game.elios.hard import race_result

    waiting = race_board(2, ["r"], ["o"])
    assert race_result(waiting, 0) == -1 and race_result(waiting, 1) == 1
    assert race_result(race_board(2, ["r"], ["o"], turn=1), 0) == 1
    assert race_result(race_board(3, ["r"], ["o"]), 0) == 1
    agent = HardAgent()
    assert agent._evaluate(race_board(3, ["r"], ["o"]), 0) - agent._evaluate(waiting, 0) == 2 * agent.playout_weight


def test_the_race_playout_leaves_the_board_as_it_was_and_normal_plays_none() -> None:
    from game.elios.agents import NormalAgent
    from game.elios.hard import race_result

    checked = 0
    for state, seat, _ in random_game_positions(2, seed=5):
        if state.phase != "placing":
            continue
        board = board_of(state, seat)
        before = (list(board.sun.heights), board.sun.discs, [list(g) for g in board.groups], board.turn)
        assert race_result(board, seat) in (-1, 0, 1)
        assert (board.sun.heights, board.sun.discs, board.groups, board.turn) == before
        checked += 1
    assert checked > 10
    assert NormalAgent().search.playout_weight == 0.0 and HardAgent().playout_weight > 0
