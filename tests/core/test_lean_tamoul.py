"""Tamoul's shortcuts (game/tamoul/state.py) held to the general rule code, after every action of
player-like games (game/bench_real.py's policy) through `advance`, beside the same games through `apply`:

- who acts is kept until the next action: it equals what a fresh copy built from the position works
  out, `waiting_for` equals the contract's general definition, and so do the reactions;
- legal lists are kept and made of shared action values: they equal a fresh copy's, and they are
  exactly the candidate actions that `why_illegal` (the rules' authority) accepts;
- the reshuffle is made with `engine.shuffle`: it is the one `random.shuffle` gives from the chance
  generator;
- `advance` takes a just-listed action without events: the state equals `apply`'s, and the deal's
  events are made when asked, equal to the ones `apply` returns at a round's start.
"""
from __future__ import annotations

import random

import pytest

from game.bench_real import TamoulPolicy
from game.catalog import load_game
from game.core.actions import Action
from game.core.engine import CHANCE, SeatInfo, State
from game.core.errors import IllegalAction


def candidates(state) -> list[Action]:
    """Every action of Tamoul's notation on this board (rules/tamoul.md), legal now or not."""
    n, slots = state.n, state.content.slots
    places = [f"{p}.{s}" for p in range(n) for s in range(slots)]
    found = [Action("draw", ("deck",)), Action("draw", ("discard",)), Action("discard"), Action("end"),
             Action("tamoul")]
    for s in range(slots):
        found += [Action("keep", (str(s),)), Action("peek", (str(s),)), Action("intercept", (str(s),))]
    found += [Action("peek", (place,)) for place in places]
    found += [Action("swap", (a, b)) for i, a in enumerate(places) for b in places[i + 1:]]
    return found


def check_against_the_rules(game, state, full: bool) -> None:
    fresh = game.from_position(state.position())
    assert state.to_act() == fresh.to_act()
    assert state.waiting_for() == State.waiting_for(state) == fresh.waiting_for()
    for seat in (CHANCE, *range(state.n)):
        assert state.is_reaction(seat) == fresh.is_reaction(seat)
        assert state.legal_actions(seat) == fresh.legal_actions(seat)
    if state.reshuffle_due:
        cards = state.discard[:-1]
        state.chance_rng().shuffle(cards)
        assert state.chance_action() == Action("reshuffle", (",".join(cards),))
    elif full and not state.finished:
        for seat in range(state.n):
            accepted = [a for a in candidates(state) if state.why_illegal(seat, a) is None]
            assert sorted(accepted) == sorted(state.legal_actions(seat)), seat


def test_tamoul_shortcuts_follow_the_rules() -> None:
    game = load_game("tamoul")
    content = game.content
    policy = TamoulPolicy(dict(content.value), dict(content.colour))
    checked = rounds_started = 0
    for players in range(2, 7):
        for seed in range(2):
            seats = [SeatInfo(f"P{s}", "ai:normal") for s in range(players)]
            lean, real = game.new_state(seats, {}, seed), game.new_state(seats, {}, seed)
            rng = random.Random(seed)
            while not lean.finished:
                waiting = lean.waiting_for()
                if waiting == (CHANCE,):
                    seat, action = CHANCE, lean.chance_action()
                else:
                    seat = waiting[0]
                    action = None
                    for other in lean.to_act():
                        if other != seat:
                            action = policy.react(lean, other, lean.legal_actions(other), rng)
                            if action is not None:
                                seat = other
                                break
                    if action is None:
                        action = policy.choose(lean, seat, lean.legal_actions(seat), rng)
                round_before = real.round_index
                events = real.apply(seat, str(action))  # the checked way, from the text
                lean.advance(seat, action)
                assert lean.position() == real.position() and lean.record() == real.record()
                if real.round_index != round_before:
                    opening = real.opening_events()
                    assert opening and events[-len(opening):] == opening == lean.opening_events()
                    rounds_started += 1
                check_against_the_rules(game, lean, full=checked % 7 == 0)
                checked += 1
    assert checked > 1000 and rounds_started > 10


def test_a_listed_action_from_a_seat_that_is_no_number_is_refused() -> None:
    game = load_game("tamoul")
    state = game.new_state([SeatInfo("A"), SeatInfo("B")], {}, 4)
    seat = state.waiting_for()[0]
    listed = state.legal_actions(seat)[0]
    before = state.position()
    for fake in (bool(seat), float(seat)):  # equal to the seat as dict keys, but no seat number
        with pytest.raises(IllegalAction, match="no seat"):
            state.advance(fake, listed)
        assert state.position() == before


def test_an_action_written_as_a_listed_one_is_taken_as_listed() -> None:
    """`_listed_like`: the same action made anew, or its text, is the listed one (no checks needed);
    anything else still goes to `why_illegal`, the rules' authority."""
    game = load_game("tamoul")
    state = game.new_state([SeatInfo("A"), SeatInfo("B"), SeatInfo("C")], {}, 2)
    seat = state.waiting_for()[0]
    listed = state.legal_actions(seat)[0]
    judged = []

    def judge(who, action):
        judged.append(action)
        return type(state).why_illegal(state, who, action)

    state.why_illegal = judge  # watch the checked way (a test's spy, on this one object)
    state.apply(seat, str(listed))
    assert judged == [] and state.record()["rounds"][0]["actions"] == [[seat, listed.text]]
    seat = state.waiting_for()[0]
    again = state.legal_actions(seat)[0]
    state.advance(seat, Action(again.verb, tuple(again.args)))
    assert judged == []
    with pytest.raises(IllegalAction):
        state.apply(seat, "keep 7")  # not listed: checked, and refused
    assert [str(a) for a in judged] == ["keep 7"]
