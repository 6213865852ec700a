"""Elios's shortcuts (game/elios/state.py) held to the general rule code:

- placements are worked out in line from the heights: they equal `sun.placements` for every group on
  many suns, and a turn's list equals one built the general way (sun.py, `split_texts`, new actions);
- the representative groupings a grouping decision lists equal `grouping.representative_groupings`;
- a grouping is accepted quickly when it is one: exactly when `grouping_problem` finds no problem;
- the draw sorts with a table: its hands are in `canonical_group` order;
- `advance` takes a just-listed action without the checks: the state equals `apply`'s after every
  action of player-like games (game/bench_real.py's policy), and who acts equals the contract's
  general definition.
"""
from __future__ import annotations

import itertools
import random

from game.bench_real import EliosPolicy
from game.catalog import load_game
from game.core.actions import Action
from game.core.engine import SeatInfo, State
from game.elios.grouping import (canonical_group, grouping_problem, grouping_text, random_grouping,
                                 representative_groupings, split_texts)
from game.elios.state import _is_grouping_of, _placements_on, _representatives
from game.elios.sun import placements


def general_turn_actions(state, seat: int) -> list[Action]:
    """A turn's actions the general way: sun.py for the places, then a disc, then `split_texts`."""
    content = state.content
    heights = [len(stack) for stack in state.stacks]
    groups = state.groups[seat]
    first = state.first_turn
    actions = [Action("place", (str(i), ",".join(map(str, stacks))))
               for i, group in enumerate(groups) if not first or content.joker.id in group
               for stacks in placements(heights, state.discs, group, content.stack_of, content.joker.id)]
    if first:
        return actions
    if state.discs < content.max_discs:
        actions.append(Action("disc"))
    return actions + [Action("split", (str(i), text)) for i, group in enumerate(groups) for text in split_texts(group)]


def test_placements_are_sun_placements() -> None:
    content = load_game("elios").content
    groups = [g for size in (1, 2, 3) for g in itertools.permutations(content.letters, size) if g.count("w") <= 1]
    rng = random.Random(5)
    for _ in range(60):
        discs = rng.randint(content.start_discs, content.max_discs)
        heights = [rng.randint(1, discs) for _ in content.colours]
        stacks = [c.id * h for c, h in zip(content.colours, heights)]
        for group in map("".join, groups):
            assert _placements_on(stacks, discs, group, content.sun_order, content.joker.id) == \
                placements(heights, discs, group, content.stack_of, content.joker.id), (heights, discs, group)


def test_representatives_and_the_quick_grouping_check_follow_grouping_py() -> None:
    game = load_game("elios")
    content = game.content
    rng = random.Random(7)
    for _ in range(400):
        beams = canonical_group("".join(rng.choice(content.letters) for _ in range(rng.randint(1, 18))),
                                content.letters)
        assert _representatives(beams) == representative_groupings(beams)
        groups = list(random_grouping(beams, rng))
        if rng.random() < 0.6:  # spoil it: a beam lost or added, a colour twice, two groups made one
            spoil = rng.randrange(5)
            index = rng.randrange(len(groups))
            if spoil == 4 and len(groups) > 1:
                groups[index:index + 2] = ["".join(groups[index:index + 2])]
            elif spoil == 0:
                groups[index] = groups[index][1:]
            elif spoil == 1:
                groups[index] += rng.choice(content.letters)
            elif spoil == 2:
                groups.append(rng.choice(content.letters))
            else:
                groups[index] += groups[index][:1]
        assert _is_grouping_of(groups, beams) == (grouping_problem(content, beams, groups) is None), (beams, groups)


def test_advance_and_the_turn_lists_follow_the_rules() -> None:
    game = load_game("elios")
    policy = EliosPolicy()
    checked = 0
    for players in (2, 3, 4):
        for seed in range(6):
            seats = [SeatInfo(f"P{s}", "ai:normal") for s in range(players)]
            lean, real = game.new_state(seats, {}, seed), game.new_state(seats, {}, seed)
            for beams in lean.rounds[0].setup["beams"]:
                assert beams == list(canonical_group("".join(beams), game.content.letters))
            rng = random.Random(seed)
            while not lean.finished:
                assert lean.to_act() == real.to_act() and lean.waiting_for() == State.waiting_for(lean)
                waiting = lean.waiting_for()
                seat = waiting[rng.randrange(len(waiting))]
                legal = lean.legal_actions(seat)
                if lean.phase == "placing":
                    assert legal == general_turn_actions(lean, seat)
                else:
                    assert legal == [Action("groups", (grouping_text(g),))
                                     for g in representative_groupings(lean.drawn[seat])]
                action = policy.choose(lean, seat, legal, rng)
                real.apply(seat, str(action))
                lean.advance(seat, action)
                assert lean.position() == real.position() and lean.record() == real.record()
                fresh = game.from_position(lean.position())
                assert [fresh.legal_actions(s) for s in range(players)] == \
                    [lean.legal_actions(s) for s in range(players)]
                checked += 1
    assert checked > 400
