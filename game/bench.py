"""The engine benchmark: `python -m game bench --game ID --players N [--seconds S]`.

Search agents live on playouts, so how fast an engine plays is a feature. Two loops are timed, each
for about `S` seconds of this process's CPU time (CPU, not wall clock: the figures stay comparable on
a machine shared with other work):

- random legal play: whole games, every decision uniform over the legal actions (an offered reaction
  may also be declined, as one more choice), chance applied through `game.core.drive`; no views, no
  agents, and nobody watching, so actions go through `advance` (no events). Gives `games_per_s` and
  `actions_per_s`; `apply_games_per_s` is the same games through `apply`, events made (a table's path).
- the loop the search runs: a seat's view, `game.determinizer()` samples a full state from it, and the
  sample is played out at random to the end of its round (or of the game). Gives
  `determinize_playouts_per_s` (and `playout_actions_per_s`). The views come from seeded random games
  played before the clock starts, several samples per view as a search takes them.

The last line printed is one line of JSON with the figures.
"""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from game.core.drive import apply_chance, next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo, State

MAX_ACTIONS_PER_GAME = 100_000
SAMPLES_PER_VIEW = 8  # a search draws many samples from one view; the determinizer may reuse work per view
VIEW_POOL_GAMES = 4


def random_step(state: State, rng: random.Random, lean: bool = True) -> None:
    """One decision of random legal play, in the order `game.core.play.step` asks: due chance, then
    every offered reaction (random order; declining is one more choice), then a seat waited for.
    `lean`: through `advance` (no events), else through `apply`."""
    act = state.advance if lean else state.apply
    waiting = state.waiting_for()
    if CHANCE in waiting:
        apply_chance(state)  # rare next to player actions: its few events cost nothing worth saving
        return
    acting = state.to_act()
    if len(acting) > len(waiting):
        reactors = [s for s in acting if state.is_reaction(s)]
        rng.shuffle(reactors)
        for seat in reactors:
            legal = state.legal_actions(seat)
            if legal:
                choice = rng.randrange(len(legal) + 1)  # the last choice declines
                if choice < len(legal):
                    act(seat, legal[choice])
                    return
    seat = waiting[0] if len(waiting) == 1 else next_waiting_seat(state, rng, waiting)  # the same seat, sooner
    legal = state.legal_actions(seat)
    if not legal:
        raise RuntimeError(f"{state.game_id}: seat {seat} must act but has no legal action")
    act(seat, rng.choice(legal))


def actions_taken(state: State) -> int:
    """Every recorded action so far (the record holds each accepted action once)."""
    return sum(len(r.actions) for r in state.rounds)


def new_game(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """A game with `players` seats, the game's default options unless others are given."""
    seats = [SeatInfo(f"Seat {s + 1}", "ai:random") for s in range(players)]
    return game.new_state(seats, game.normalize_options(options), seed)


def play_random_game(game: Game, players: int, seed: int, lean: bool = True) -> State:
    """A whole game of random legal play from `seed` (the same seed plays the same game, lean or not)."""
    state = new_game(game, players, seed)
    rng = random.Random(f"bench/{seed}")
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.finished:
            return state
        random_step(state, rng, lean)
    raise RuntimeError(f"{game.id}: a random game from seed {seed} did not end")


def playout_to_round_end(state: State, rng: random.Random) -> int:
    """Play a (sampled) state on at random until its round or the game ends; the decisions taken."""
    start_round = state.round_index
    steps = 0
    while not state.finished and state.round_index == start_round:
        random_step(state, rng)
        steps += 1
        if steps > MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"{state.game_id}: a playout did not end")
    return steps


def sample_views(game: Game, players: int, seed: int) -> list[Any]:
    """Views of the seat waited for at every decision of a few seeded random games (the search's inputs)."""
    views: list[Any] = []
    for g in range(VIEW_POOL_GAMES):
        state = new_game(game, players, seed + g)
        rng = random.Random(f"bench/views/{seed + g}")
        while not state.finished:
            seats = [s for s in state.waiting_for() if s != CHANCE]
            if seats:
                views.append(state.view(seats[0]))
            random_step(state, rng)
    if not views:
        raise RuntimeError(f"{game.id}: random games gave no decision to search")
    return views


@dataclass
class Rate:
    """How many of something one loop did in how much CPU time."""

    runs: int = 0
    actions: int = 0
    cpu_s: float = 0.0

    def per_s(self, count: int) -> float:
        return round(count / self.cpu_s, 1) if self.cpu_s > 0 else 0.0


def timed(seconds: float, one_run: Callable[[int], int]) -> Rate:
    """Call `one_run(i)` (returning the actions it took) for i = 0, 1, ... until `seconds` of CPU passed
    (at least once)."""
    rate = Rate()
    started = time.process_time()
    while True:
        rate.actions += one_run(rate.runs)
        rate.runs += 1
        rate.cpu_s = time.process_time() - started
        if rate.cpu_s >= seconds:
            return rate


def bench(game: Game, players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Both loops for `seconds` of CPU each; the figures as a JSON-able dict."""
    game.check_player_count(players)

    def one_game(i: int) -> int:
        return actions_taken(play_random_game(game, players, seed + i))

    def one_game_with_events(i: int) -> int:
        return actions_taken(play_random_game(game, players, seed + i, lean=False))

    games = timed(seconds, one_game)
    applied = timed(seconds, one_game_with_events)

    views = sample_views(game, players, seed)
    determinize = game.determinizer()
    rng = random.Random(f"bench/playouts/{seed}")

    def one_playout(i: int) -> int:
        view = views[(i // SAMPLES_PER_VIEW) % len(views)]
        return playout_to_round_end(determinize(view, rng), rng)

    playouts = timed(seconds, one_playout)
    return {
        "game": game.id, "players": players, "clock": "cpu",
        "games": games.runs, "games_per_s": games.per_s(games.runs), "actions_per_s": games.per_s(games.actions),
        "apply_games_per_s": applied.per_s(applied.runs), "apply_actions_per_s": applied.per_s(applied.actions),
        "determinize_playouts": playouts.runs,
        "determinize_playouts_per_s": playouts.per_s(playouts.runs),
        "playout_actions_per_s": playouts.per_s(playouts.actions),
    }


def print_bench(game: Game, players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Run the benchmark and print it: a readable summary, then the JSON line last."""
    figures = bench(game, players, seconds, seed)
    print(f"{game.title}, {players} players, CPU time: {figures['games_per_s']} random games/s "
          f"({figures['actions_per_s']} actions/s; {figures['apply_games_per_s']} games/s with events); "
          f"{figures['determinize_playouts_per_s']} "
          f"determinize-and-playouts/s ({figures['playout_actions_per_s']} playout actions/s)")
    print(json.dumps(figures))
    return figures

