"""The engine contract for Elios: positions (`position()` / `from_position`), views and their secrets,
events, the determinizer and clones."""
from __future__ import annotations

import random

import pytest

from game.core.drive import next_waiting_seat
from game.elios.grouping import random_grouping
from tests.elios.helpers import GAME, fresh, grouped, seats

HALVES = "roy/roy/lgs/lgs/bvw/bvw"


def shuffled(letters: str, rng: random.Random) -> str:
    return "".join(rng.sample(letters, len(letters)))


def random_game_positions(players: int, seed: int, any_order: bool = False):
    """Yield (state, seat, action) along one random game, each action legal. `any_order`: groups and
    splits written with their letters in random order (E-6 reads them as written)."""
    state = GAME.new_state(seats(players), seed=seed)
    rng = random.Random(seed)
    while not state.finished:
        seat = next_waiting_seat(state, rng)
        if not state.lists_all_actions(seat):
            groups = random_grouping(state.view(seat).beams[seat], rng)
            action = "groups " + "/".join(shuffled(g, rng) if any_order else g for g in groups)
        else:
            action = str(rng.choice(state.legal_actions(seat)))
            if any_order and action.startswith("split "):
                verb, index, parts = action.split(" ")
                action = f"{verb} {index} " + "/".join(shuffled(part, rng) for part in parts.split("/"))
        yield state, seat, action
        state.apply(seat, action)


@pytest.mark.parametrize("players,any_order", [(2, False), (3, False), (4, False), (2, True), (4, True)])
def test_from_position_round_trips_and_plays_on_exactly_like_the_original(players: int, any_order: bool) -> None:
    for state, seat, action in random_game_positions(players, seed=players, any_order=any_order):
        position = state.position()
        copy = GAME.from_position(position)
        assert copy.position() == position
        for s in range(players):
            assert copy.view(s) == state.view(s)
            assert copy.legal_actions(s) == state.legal_actions(s)
        assert copy.waiting_for() == state.waiting_for()
        assert [e.data for e in copy.apply(seat, action)] == [e.data for e in state.clone().apply(seat, action)]
    final = state.position()
    assert GAME.from_position(final).position() == final and final["finished"]


def test_position_names_the_whole_game_now() -> None:
    state = grouped([HALVES, HALVES])
    state.apply(1, "place 4 6,7,0")
    position = state.position()
    assert sorted(position) == sorted(["game", "seats", "options", "seed", "rounds", "totals", "winners",
                                       "finished", "now"])
    assert position["rounds"] == state.record()["rounds"]
    assert position["now"] == {
        "beams": [list("rrooyyllggssbbvvww"), list("rrooyyllggssbvw")],
        "discs": 2,
        "stacks": [list("rw"), ["o"], ["y"], ["l"], ["g"], ["s"], list("bb"), list("vv")],
        "groups": [HALVES.split("/"), HALVES.split("/")[:5]],
        "confirmed": [0, 1], "turn": 0, "first_turn": False, "passes": 0, "end": None}


def broken_position(change) -> dict:
    state = grouped([HALVES, HALVES])
    state.apply(1, "place 4 6,7,0")
    position = state.position()
    change(position)
    return position


@pytest.mark.parametrize("change,words", [
    (lambda p: p["now"].pop("passes"), "now needs exactly the keys"),
    (lambda p: p["now"]["beams"][0].remove("r"), "beams are not conserved: missing r"),
    (lambda p: p["now"]["stacks"][2].append("y"), "beams are not conserved: missing none, extra y"),
    (lambda p: p["now"]["stacks"][6].append("b"), "stack 6 is 3 high, above the discs (2)"),
    (lambda p: p["now"].update(discs=1), "now.discs must be 2..9"),
    (lambda p: p["now"]["stacks"][1].append("r"), "stack 1 may hold only orange beams and jokers"),
    (lambda p: p["now"]["stacks"].__setitem__(6, ["v", "b"]), "stack 6 must start with its blue beam"),
    (lambda p: p["now"]["groups"][0].__setitem__(0, "rry"), "red twice"),
    (lambda p: p["now"]["groups"].__setitem__(1, None), "has groups exactly when it has confirmed"),
    (lambda p: p["now"].update(turn=5), "now.turn must be a seat that still holds beams"),
    (lambda p: p["now"].update(first_turn=True), "only the last seat to confirm has a first turn"),
    (lambda p: p["now"].update(passes=2), "would have ended the game"),
    (lambda p: p.update(totals=[0, 0]), "totals must be the beams left per seat"),
    (lambda p: p.update(winners=[0]), "winners must be [] while the game goes on"),
    (lambda p: p["rounds"][0]["setup"]["beams"][0].pop(), "each seat draws 16 beams and takes 2 joker(s)"),
    (lambda p: p["rounds"][0]["setup"].update(discs=3), "discs must be 2 at the start"),
    (lambda p: p.update(game="zeus"), "not 'elios'"),
])
def test_from_position_refuses_what_the_rules_could_not_reach(change, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        GAME.from_position(broken_position(change))
    assert words in str(caught.value), str(caught.value)


def test_views_hide_confirmed_groupings_until_everyone_has_confirmed() -> None:
    state = fresh(3)
    events = state.apply(0, "groups ro/oy/lg/sb/vr/w")
    assert events[0].kind == "grouping_confirmed" and events[0].for_seat(1).get("groups") is None
    assert events[0].for_seat(0)["groups"] == ["ro", "oy", "lg", "sb", "vr", "w"]
    assert state.view(0).groups[0] == ("ro", "oy", "lg", "sb", "vr", "w")
    assert state.view(1).groups == (None, None, None) and state.view(None).groups == (None, None, None)
    assert state.view(1).beams[0] == tuple("rrooylgsbvw")  # the beams themselves lie on the table
    assert state.view(1).confirmed == (0,) and state.view(1).phase == "grouping"
    state.apply(2, "groups r/o/y/l/g/g/s/s/b/v/w")
    events = state.apply(1, "groups ro/y/y/l/l/g/s/b/v/w")
    assert [e.kind for e in events] == ["grouping_confirmed", "groupings_revealed"]
    assert events[1]["first_player"] == 1 and events[1]["groups"][0] == ["ro", "oy", "lg", "sb", "vr", "w"]
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert None not in view.groups and view.turn == 1 and view.first_turn and view.phase == "placing"
    assert state.view(1).placeable == (9,) and state.view(0).placeable == ()


def test_opening_events_show_the_sun_and_every_draw() -> None:
    state = GAME.new_state(seats(4), seed=3)
    events = state.opening_events()
    assert [e.kind for e in events] == ["round_started"] + ["beams_drawn"] * 4
    assert events[0].data["stacks"] == list("roylgsbv") and events[0]["teams"] == [0, 1, 0, 1]
    assert [e["beams"] for e in events[1:]] == [list(b) for b in state.drawn]


def test_the_determinizer_samples_hidden_groupings_and_keeps_the_view() -> None:
    state = fresh(3)
    state.apply(1, "groups ro/yl/gs/bv/y/l/w")
    state.apply(2, "groups r/o/y/l/g/g/s/s/b/v/w")
    view = state.view(0)
    sample = GAME.determinizer()
    rng = random.Random(5)
    samples = [sample(view, rng) for _ in range(6)]
    assert all(s.view(0) == view for s in samples)
    hidden = {tuple(map(tuple, (s.groups[1], s.groups[2]))) for s in samples}
    assert len(hidden) > 1  # the other seats' groupings are drawn, not copied from the true state
    for s in samples:
        s.apply(0, "groups roy/lgs/bv/r/o/w")
        assert s.turn == 0 and s.view(0).groups[1] is not None


def test_after_the_grouping_the_determinizer_gives_the_true_position() -> None:
    state = grouped([HALVES, HALVES])
    state.apply(1, "place 4 6,7,0")
    view = state.view(0)
    sample = GAME.determinizer()(view, random.Random(1))
    assert sample.view(0) == view and sample.position()["now"] == state.position()["now"]
    assert sample.legal_actions(0) == state.legal_actions(0)


def test_clone_is_independent_and_shares_only_the_content() -> None:
    state = grouped([HALVES, HALVES])
    copy = state.clone()
    copy.apply(1, "place 4 6,7,0")
    assert state.turn == 1 and state.stacks[6] == "b" and copy.stacks[6] == "bb"
    assert copy.content is state.content and copy.position() != state.position()


def test_spectators_and_other_seats_see_every_beam_after_the_grouping() -> None:
    state = grouped([HALVES, HALVES])
    assert state.view(None).beams == state.view(0).beams == state.view(1).beams
    assert state.view(None).placeable == ()


def test_E_6_every_listed_placement_follows_the_letters_as_written() -> None:
    """With groups written in any order, each listed `place G P…` puts the i-th written letter on
    stack Pi: a colour on its own stack, the joker anywhere."""
    checked = 0
    for players in (2, 3, 4):
        for state, seat, _ in random_game_positions(players, seed=20 + players, any_order=True):
            if state.phase != "placing":
                continue
            groups = state.view(seat).groups[seat]
            for action in state.legal_actions(seat):
                if action.verb == "place":
                    group = groups[int(action.args[0])]
                    stacks = [int(p) for p in action.args[1].split(",")]
                    assert all(letter == "w" or "roylgsbv"[stack] == letter for letter, stack in zip(group, stacks))
                    checked += 1
    assert checked > 100
