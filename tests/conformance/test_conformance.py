"""The engine contract, checked over every registered game (a new game passes by registering).

Each game is played by seeded random moves for every player count and option combination (bool and
choice options in full, numeric ones at their ends and default), and at each of its first steps:
- someone is waited for until the game ends; a seat not acting is offered nothing;
- every listed legal action is accepted by `why_illegal`, and a few of them (on clones) apply;
- a refused action (another seat's move, a player's move offered by chance, a made-up verb) raises
  IllegalAction and leaves `position()` and `record()` as they were;
- `position()` is JSON, and `from_position` gives it back equal, with the same record bytes;
- the determinizer's samples from each seat's view give back that very view, even when two samples
  differ in what they hide (so a view holds no hidden card of another seat, nor the deck order);
- clones are independent of the original.
At a few steps, a copy made from the position and a clone play on with the same moves as the
original and end with the same events and the same record. Every finished game's record replays byte
for byte, chance actions (seat -1) included. Only the contract is used, never a game's own fields.
"""
from __future__ import annotations

import os

import itertools
import json
import random
from typing import Any, Callable

import pytest

from game.catalog import load_game, registered_game_ids
from game.core.actions import Action
from game.core.drive import chance_is_due, next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo, State
from game.core.errors import IllegalAction
from game.core.records import record_to_text, replay
from tests.conformance.dicegame import DiceGame

# Games per setup in `make test`; a long run is the same suite with more, e.g.
# OLYMPUS_CONFORMANCE_GAMES=50 pytest tests/conformance -k tamoul
GAMES_PER_SETUP = int(os.environ.get("OLYMPUS_CONFORMANCE_GAMES", "1"))
CHECK_EVERY = 5          # position round trip and refusals every few steps (positions hold the history)
VIEWS_EVERY = 7          # determinizer samples every few steps (each seat, two samples)...
VIEWS_FIRST_STEPS = 4    # ...and at each of the first steps, when short games hide the most
PLAY_ON_FROM = (2, 25)   # steps from which a copy and a clone play on beside the original
LISTED_CHECKED = 6       # at most this many listed actions checked with why_illegal per seat and step
CHECKED_STEPS = 150      # steps of each game checked; the rest is played on, then replayed
MAX_STEPS = 5_000
REACTION_TAKEN = 0.3     # how often a random mover takes an offered reaction

FACTORIES: dict[str, Callable[[], Game]] = {gid: (lambda gid=gid: load_game(gid)) for gid in registered_game_ids()}
FACTORIES["dice"] = DiceGame  # a test game with chance and simultaneous decisions: the suite covers both
_loaded: dict[str, Game] = {}


def game_for(game_id: str) -> Game:
    if game_id not in _loaded:
        _loaded[game_id] = FACTORIES[game_id]()
    return _loaded[game_id]


def option_values(spec: Any) -> list[Any]:
    """The values of one option worth playing: all for bool and choice, ends and default for numbers."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind in ("int", "float"):
        values = [spec.default] + [v for v in (spec.minimum, spec.maximum) if v is not None]
        return sorted(set(values))
    return [spec.default]


def setups() -> list[Any]:
    """(game id, players, options) for every registered game, player count and option combination."""
    cases = []
    for game_id in FACTORIES:
        game = game_for(game_id)
        specs = game.option_specs()
        combos = list(itertools.product(*(option_values(s) for s in specs)))
        for players in range(game.min_players, game.max_players + 1):
            for combo in combos:
                options = {s.name: v for s, v in zip(specs, combo)}
                label = ",".join(f"{k}={v}" for k, v in options.items())
                cases.append(pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{label}"))
    return cases


def new_state(game: Game, players: int, options: dict[str, Any], seed: int) -> State:
    seats = [SeatInfo(f"Player {i + 1}", "ai:random") for i in range(players)]
    return game.new_state(seats, game.normalize_options(options), seed)


def pick_move(state: State, rng: random.Random) -> tuple[int, Action]:
    """The next move as a driver makes it: chance when due, sometimes an offered reaction, else a
    random listed action of a seat waited for (picked in the drivers' seeded order)."""
    if chance_is_due(state):
        action = state.chance_action()
        assert action is not None, "the game waits for chance but made no chance action"
        return CHANCE, action
    for seat in state.to_act():
        if state.is_reaction(seat) and state.legal_actions(seat) and rng.random() < REACTION_TAKEN:
            return seat, rng.choice(state.legal_actions(seat))
    seat = next_waiting_seat(state, rng)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is waited for but has no legal action"
    return seat, rng.choice(legal)


def fingerprint(state: State) -> dict[str, Any]:
    """Everything about a state (its position holds its record's rounds too)."""
    return state.position()


def check_listed_actions(state: State, rng: random.Random) -> None:
    acting = state.to_act()
    assert state.finished or state.waiting_for(), "the game waits for nobody but is not over"
    for seat in range(len(state.seats)):
        listed = state.legal_actions(seat)
        if seat not in acting:
            assert listed == [], f"seat {seat} is not acting but is offered {listed}"
        for action in listed if len(listed) <= LISTED_CHECKED else rng.sample(listed, LISTED_CHECKED):
            assert state.why_illegal(seat, action) is None, f"listed {action} for seat {seat} is refused"


def check_listed_actions_apply(state: State, rng: random.Random) -> None:
    """A few listed actions of each seat acting, each carried out on its own clone."""
    for seat in state.to_act():
        listed = state.legal_actions(seat)
        for action in listed if len(listed) <= 2 else rng.sample(listed, 2):
            state.clone().apply(seat, action)


def check_refusals(state: State) -> None:
    """Moves the rules refuse raise IllegalAction and change nothing."""
    before = fingerprint(state)
    acting = [s for s in state.to_act() if s != CHANCE]
    attempts: list[tuple[int, Action]] = [(acting[0] if acting else 0, Action("nosuchverb"))]
    idle = [s for s in range(len(state.seats)) if s not in state.to_act()]
    some_move = next((a for s in acting for a in state.legal_actions(s)), None)
    if some_move is not None:
        attempts.append((CHANCE, some_move))  # a player's move offered by the chance seat
        if idle:
            attempts.append((idle[0], some_move))  # another seat's move
    if chance_is_due(state):
        chance_move = state.chance_action()
        assert chance_move is not None
        attempts.append((0, chance_move))  # a chance move offered by a player
    for seat, action in attempts:
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert fingerprint(state) == before, f"refused [{seat}, {action}] changed the state"


def check_position_round_trip(game: Game, state: State) -> None:
    position = state.position()
    assert json.loads(json.dumps(position)) == position, "a position must be plain JSON"
    assert set(position) == {"game", "seats", "options", "seed", "rounds", "totals", "winners", "finished", "now"}
    record = state.record()
    assert position["rounds"] == record["rounds"]
    again = game.from_position(position)
    assert again.position() == position
    assert again.record() == record  # and, at the end of each game, the same bytes


def check_views_hide_what_they_should(game: Game, state: State, rng: random.Random, seen: dict[str, int]) -> None:
    determinize = game.determinizer()
    for seat in range(len(state.seats)):
        view = state.view(seat)
        samples = [determinize(view, rng) for _ in range(2)]
        for sample in samples:
            assert sample.view(seat) == view, f"a sample from seat {seat}'s view does not show that view"
        if samples[0].position()["now"] != samples[1].position()["now"]:
            seen["differing samples"] += 1


def check_clone_is_independent(state: State) -> None:
    before = fingerprint(state)
    twin = state.clone()
    seat, action = pick_move(twin, random.Random(0))
    twin.apply(seat, action)
    assert fingerprint(state) == before, "changing a clone changed the original"


def play_checked(game: Game, players: int, options: dict[str, Any], seed: int, seen: dict[str, int]) -> State:
    state = new_state(game, players, options, seed)
    rng = random.Random(f"conformance/{seed}")
    followers: list[State] = []
    for step in range(MAX_STEPS):
        if state.finished:
            break
        checked = step < CHECKED_STEPS
        if checked:
            check_listed_actions(state, rng)
        if checked and step % CHECK_EVERY == 0:
            check_position_round_trip(game, state)
            check_listed_actions_apply(state, rng)
            check_refusals(state)
        if checked and (step % VIEWS_EVERY == 0 or step < VIEWS_FIRST_STEPS):
            check_views_hide_what_they_should(game, state, rng, seen)
            check_clone_is_independent(state)
        if step in PLAY_ON_FROM:
            followers += [game.from_position(state.position()), state.clone()]
        seat, action = pick_move(state, rng)
        if seat == CHANCE:
            seen["chance actions"] += 1
        assert seat == CHANCE or state.why_illegal(seat, action) is None
        events = state.apply(seat, action)
        for follower in followers:
            assert follower.apply(seat, action) == events, "a copy played on differently"
    assert state.finished, f"{game.id} did not end within {MAX_STEPS} steps"
    assert state.to_act() == () and state.waiting_for() == ()
    check_position_round_trip(game, state)
    text = record_to_text(state.record())
    assert record_to_text(game.from_position(state.position()).record()) == text
    for follower in followers:
        assert record_to_text(follower.record()) == text, "a copy played on to a different record"
    assert record_to_text(replay(game, state.record()).record()) == text, "the record does not replay"
    chance_entries = [a for r in state.record()["rounds"] for a in r["actions"] if a[0] == CHANCE]
    assert len(chance_entries) == seen["chance actions"] - seen.get("chance before", 0)
    seen["chance before"] = seen["chance actions"]
    return state


@pytest.mark.parametrize(("game_id", "players", "options"), setups())
def test_random_games_keep_the_contract(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = game_for(game_id)
    seen = {"differing samples": 0, "chance actions": 0}
    for i in range(GAMES_PER_SETUP):
        play_checked(game, players, options, seed=1000 * players + i, seen=seen)
    assert seen["differing samples"] > 0, "no two samples ever differed: the view check proved nothing"


@pytest.mark.parametrize("game_id", list(FACTORIES))
def test_a_copy_of_a_replayed_game_deals_the_records_next_rounds(game_id: str) -> None:
    """A record written by another program (its deals are not this program's seeded ones) is replayed
    to the middle of its first round; a copy made from that position must deal the record's later
    rounds too, so the rest of the record plays on in the copy exactly as in the original."""
    game = game_for(game_id)
    played = play_checked_quietly(game, game.min_players, seed=7)
    record = played.record()
    setups = [rnd["setup"] for rnd in record["rounds"]]
    moves = [(seat, text) for rnd in record["rounds"] for seat, text in rnd["actions"]]
    seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
    try:  # another seed, so the seeded deals differ from the recorded ones...
        original = game.new_state(seats, record["options"], seed=record["seed"] + 1, setups=setups)
    except ValueError:  # ...unless the seed also chose the content (Télos's random Zeus cards)
        original = game.new_state(seats, record["options"], seed=record["seed"], setups=setups)
    first_round = len(record["rounds"][0]["actions"])
    for seat, text in moves[:first_round // 2]:
        original.apply(seat, text)
    copy = game.from_position(original.position())
    assert copy.position() == original.position()
    for seat, text in moves[first_round // 2:]:
        original.apply(seat, text)
        copy.apply(seat, text)
    assert record_to_text(copy.record()) == record_to_text(original.record())
    assert original.record()["rounds"] == record["rounds"]


def play_checked_quietly(game: Game, players: int, seed: int) -> State:
    """A whole random game, as the drivers play it, without the per-step checks."""
    state = new_state(game, players, {}, seed)
    rng = random.Random(f"conformance/quiet/{seed}")
    for _ in range(MAX_STEPS):
        if state.finished:
            return state
        state.apply(*pick_move(state, rng))
    raise AssertionError(f"{game.id} did not end within {MAX_STEPS} steps")
