"""The engine contract for Tamoul: positions, from_position, clone, determinizer, opening events."""
from __future__ import annotations

import copy
import json
import random

import pytest

from game.core.drive import apply_chance, chance_is_due
from game.core.engine import CHANCE, SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from tests.tamoul.helpers import GAME, build, new_game
from tests.tamoul.playout import PlayoutAgent


def advanced(players: int, seed: int, actions: int):
    """A game `actions` decisions in (playout agents), still running."""
    state = new_game(players, seed)
    agent, rng = PlayoutAgent(), random.Random(seed)
    for _ in range(actions):
        if chance_is_due(state):
            apply_chance(state)
            continue
        seat = rng.choice(state.to_act())
        choice = agent.choose(state.view(seat), state.legal_actions(seat), rng)
        if choice is None or choice.verb == "tamoul":
            continue
        state.apply(seat, choice)
    assert not state.finished
    return state


def test_position_round_trips_and_the_copy_plays_on_identically() -> None:
    state = advanced(4, seed=5, actions=60)
    position = state.position()
    assert json.loads(json.dumps(position)) == position
    assert set(position) == {"game", "seats", "options", "seed", "rounds", "totals", "winners", "finished", "now"}
    assert {"first", "slots", "draw_pile"} <= set(position["now"])
    twin = GAME.from_position(position)
    assert twin.position() == position and twin.opening_events() == state.opening_events()
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(300):
        if state.finished:
            break
        if chance_is_due(state):
            assert twin.chance_action() == state.chance_action()
            assert apply_chance(twin) == apply_chance(state)
            continue
        for seat in range(4):
            assert twin.view(seat) == state.view(seat) and twin.legal_actions(seat) == state.legal_actions(seat)
        seat = rng_a.choice(state.to_act())
        assert rng_b.choice(twin.to_act()) == seat
        action = rng_a.choice(state.legal_actions(seat))
        rng_b.choice(twin.legal_actions(seat))
        assert twin.apply(seat, action) == state.apply(seat, action)
    assert record_to_text(twin.record()) == record_to_text(state.record())


def test_clone_is_independent() -> None:
    state = advanced(3, seed=2, actions=20)
    clone = state.clone()
    seat = state.turn
    clone.apply(seat, clone.legal_actions(seat)[0])
    assert clone.position() != state.position()
    assert GAME.from_position(state.position()).position() == state.position()


@pytest.mark.parametrize("change, words", [
    (lambda now: now["draw_pile"].pop(), "cards are missing"),
    (lambda now: now["discard"].append(now["draw_pile"][0]), "is there 2 times"),
    (lambda now: now["slots"][0].__setitem__(0, "1Z"), "not a Tamoul card"),
    (lambda now: now.__setitem__("turn", 7), "turn must be a seat"),
    (lambda now: now.__setitem__("phase", "hold"), "holds a drawn card"),
    (lambda now: now.__setitem__("pending", ["fly"]), "pending must list steps"),
    (lambda now: now["watchers"][0][7].append([0, 0, 0]), "empty slot"),
    (lambda now: now.__setitem__("callers", [1, 1]), "names a seat twice"),
    (lambda now: now.pop("attempts"), "expected the keys"),
])
def test_from_position_checks_like_a_record_setup(change, words: str) -> None:
    position = new_game(3, seed=4).position()
    broken = copy.deepcopy(position)
    change(broken["now"])
    with pytest.raises(ValueError, match=words):
        GAME.from_position(broken)


def test_from_position_checks_the_outer_keys() -> None:
    position = new_game(2).position()
    with pytest.raises(ValueError, match="for game 'zeus'"):
        GAME.from_position({**position, "game": "zeus"})
    with pytest.raises(ValueError, match="totals"):
        GAME.from_position({**position, "totals": [0]})
    with pytest.raises(ValueError, match="no option"):
        GAME.from_position({**position, "options": {"speed": 3}})


def test_a_recorded_setup_is_checked_before_replay() -> None:
    setup = new_game(2, seed=3).record()["rounds"][0]["setup"]
    bad = copy.deepcopy(setup)
    bad["slots"][0][5] = bad["draw_pile"].pop()
    with pytest.raises(ValueError, match="slots 0..3 only"):
        GAME.new_state(new_game(2).seats, {}, 3, setups=[bad])


def test_opening_events_deal_and_look() -> None:
    state = new_game(3, seed=9)
    kinds = [e.kind for e in state.opening_events()]
    assert kinds == ["round_started"] + ["cards_dealt"] * 3 + ["first_look"] * 3 + ["turn_started"]


def test_determinizer_samples_agree_with_the_view_and_differ_only_in_hidden_cards() -> None:
    determinize = GAME.determinizer()
    for seed in range(6):
        state = advanced(2 + seed % 5, seed=seed, actions=30 + 7 * seed)
        for seat in range(len(state.seats)):
            view = state.view(seat)
            one, two = determinize(view, random.Random(1)), determinize(view, random.Random(2))
            assert one.view(seat) == view and two.view(seat) == view
            assert one.position()["now"]["draw_pile"] != two.position()["now"]["draw_pile"]
            assert one.to_act() == state.to_act() and one.legal_actions(state.turn) == state.legal_actions(state.turn)


def test_determinizer_keeps_a_due_reshuffle_and_a_held_card_hidden() -> None:
    state = build([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], draw_count=1, draw_top=["QD"])
    state.apply(0, "draw deck")
    samples = [GAME.determinizer()(state.view(1), random.Random(k)) for k in range(8)]
    assert all(s.view(1) == state.view(1) and s.waiting_for() == (CHANCE,) for s in samples)
    assert len({s.position()["now"]["drawn"] for s in samples}) > 1  # the held card is not known to seat 1
    assert GAME.determinizer()(state.view(0), random.Random(1)).position()["now"]["drawn"] == "QD"


def test_a_position_taken_while_replaying_a_record_keeps_its_later_deals() -> None:
    seats = [SeatInfo(f"P{i}", "ai:random") for i in range(3)]
    agents = [PlayoutAgent() for _ in range(3)]
    record = play_game(GAME, seats, agents, options={"target": 100}, seed=8).record()
    assert len(record["rounds"]) >= 2
    setups = [r["setup"] for r in record["rounds"]]
    state = GAME.new_state(seats, record["options"], 12345, setups=setups)  # another seed: deals come from setups
    for seat, text in record["rounds"][0]["actions"][:-1]:
        state.apply(seat, text)
    twin = GAME.from_position(state.position())
    seat, text = record["rounds"][0]["actions"][-1]
    state.apply(seat, text)
    twin.apply(seat, text)
    assert twin.rounds[1].setup == state.rounds[1].setup == record["rounds"][1]["setup"]


def test_options_target_memory_aid_and_reaction_time_are_stored() -> None:
    assert GAME.normalize_options({}) == {"target": 50, "memory_aid": False, "reaction_ms": 2000}
    state = new_game(2, target=100, memory_aid=True, reaction_ms=500)
    assert state.record()["options"] == {"target": 100, "memory_aid": True, "reaction_ms": 500}
    assert state.view(0).options["memory_aid"] is True and state.view(1).target == 100
    with pytest.raises(ValueError, match="expected one of 50, 100"):
        GAME.normalize_options({"target": 75})
    with pytest.raises(ValueError, match="reaction_ms"):
        GAME.normalize_options({"reaction_ms": -1})


def test_from_position_refuses_a_due_step_without_a_target() -> None:
    with pytest.raises(ValueError, match="the due step peek_other has no card to choose"):
        build([["2S", "3S"], ["2H"]], phase="action", pending=["peek_other"], callers=[1], first=1)
