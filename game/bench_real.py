"""Realistic play, ours against a plain implementation: `python -m game bench --game ID --players N
--compare-plain` (Tamoul and Elios).

Uniform random play says little about Tamoul or Elios: a random Tamoul player calls half the time and
ends the game after about fourteen actions, and a random Elios player splits and adds discs where a
player places. Here a cheap policy plays whole games the way players do, the same code on both sides:

- Tamoul: intercept a card that matches the top discard (half the time: memories fail), take a low
  top discard that beats one's worst card, keep a drawn card over one's worst card when it is lower,
  else discard it (and do its action, on a listed target at random), call Tamoul at 8 or less;
- Elios: group with as few groups as the letters allow, place the largest group that fits, else add a
  disc or split a group.

The policy reads each side's public fields of the same name (slots, drawn, discard, held) and picks
from the side's own legal list, so with one seed both play exactly the same game (a test checks
their records are equal) and the figure is whole games per CPU second, ours over plain. Ours plays
through `advance` (no events), as a search's playouts do.
"""
from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any, Callable, Sequence

from game.core.engine import CHANCE, Game, SeatInfo
from game.elios.grouping import largest_groups
from game.plainref.elios import PlainElios
from game.plainref.tamoul import PlainTamoul

MAX_ACTIONS = 100_000
RECALL = 0.5          # Tamoul: the share of matching cards a player remembers in time to intercept
STRAY_CALL = 0.01     # Tamoul: now and then a player calls on a hunch


class TamoulPolicy:
    """A player who knows their own cards (the engine's memory model aside): see the module doc."""

    def __init__(self, value: dict[str, int], colour: dict[str, str]) -> None:
        self.value, self.colour = value, colour

    def react(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        """An interception of the top discard with a matching own card, or None."""
        top = state.discard[-1]
        value, colour = self.value[top], self.colour[top]
        row = state.slots[seat]
        for move in legal:
            if move.verb == "intercept":
                card = row[int(move.args[0])]
                if self.value[card] == value and self.colour[card] == colour:
                    return move if rng.random() < RECALL else None
        return None

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        verb = first.verb
        if state.discard and legal[-1].verb == "intercept":
            caught = self.react(state, seat, legal, rng)
            if caught is not None:
                return caught
        value = self.value
        row = state.slots[seat]
        mine = [value[c] for c in row if c is not None]
        if verb == "draw":
            if len(legal) > 1 and legal[1].verb == "draw":
                top = value[state.discard[-1]]
                if top <= 3 and mine and top < max(mine) - 2:
                    return legal[1]
            return first
        if verb == "keep" or verb == "discard":
            keeps = [m for m in legal if m.verb == "keep"]
            worst = max(keeps, key=lambda m: -1 if row[int(m.args[0])] is None else value[row[int(m.args[0])]],
                        default=None)
            can_discard = any(m.verb == "discard" for m in legal)
            if worst is not None and (not can_discard or row[int(worst.args[0])] is None
                                      or value[state.drawn] < value[row[int(worst.args[0])]]):
                return worst
            return next(m for m in legal if m.verb == "discard")
        if verb == "peek" or verb == "swap":
            turn_moves = [m for m in legal if m.verb == verb]
            return turn_moves[rng.randrange(len(turn_moves))]
        if verb == "end":
            if sum(mine) <= 8 or rng.random() < STRAY_CALL:
                return legal[1]
            return first
        return first


class EliosPolicy:
    """Fewest groups, then the largest group that fits, else a disc or a split: see the module doc."""

    def react(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        return None

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if first.verb == "groups":
            return "groups " + "/".join(largest_groups(state.held[seat]))  # a text: each side checks it
        best, size = None, 0
        discs, splits = None, []
        for move in legal:
            verb = move.verb
            if verb == "place":
                length = len(move.args[1])
                if length > size:
                    best, size = move, length
            elif verb == "disc":
                discs = move
            else:
                splits.append(move)
        if best is not None:
            return best
        if discs is not None and (not splits or rng.random() < 0.5):
            return discs
        return splits[rng.randrange(len(splits))] if splits else first


def play(state: Any, policy: Any, rng: random.Random) -> int:
    """One whole game by `policy` through `state.advance`; the actions taken. The same calls on both
    sides: who waits, who may react (asked in seat order), their legal moves, the move."""
    actions = 0
    while not state.finished:
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError("a realistic game did not end")
        waiting = state.waiting_for()
        if waiting[0] == CHANCE:
            state.advance(CHANCE, state.chance_action())
            continue
        acting = state.to_act()
        if len(acting) > len(waiting):
            for seat in acting:
                if seat not in waiting:
                    move = policy.react(state, seat, state.legal_actions(seat), rng)
                    if move is not None:
                        state.advance(seat, move)
                        break
            else:
                acting = ()
            if acting:
                continue
        seat = waiting[0] if len(waiting) == 1 else waiting[rng.randrange(len(waiting))]
        state.advance(seat, policy.choose(state, seat, state.legal_actions(seat), rng))
    return actions


def sides(game: Game, players: int) -> tuple[Callable[[int], Any], Callable[[int], Any], Any]:
    """(our new game, the plain new game, the policy) for a seed."""
    if game.id not in ("tamoul", "elios"):
        raise ValueError(f"there is no plain implementation of {game.title} to compare with (Tamoul, Elios)")
    content = game.content  # type: ignore[attr-defined]
    seats = [SeatInfo(f"Seat {s + 1}", "ai:normal") for s in range(players)]
    options = game.normalize_options({})

    def ours(seed: int) -> Any:
        return game.new_state(seats, options, seed)

    if game.id == "tamoul":
        value, colour, actions = dict(content.value), dict(content.colour), dict(content.actions)

        def plain(seed: int) -> Any:
            return PlainTamoul(content.cards, value, colour, actions, players, seed, int(options["target"]))

        return ours, plain, TamoulPolicy(value, colour)
    draw = content.draws[players]

    def plain_elios(seed: int) -> Any:
        return PlainElios(content.sun_order, players, seed, draw.beams, draw.jokers, content.beams_per_colour,
                          content.start_discs, content.max_discs)

    return ours, plain_elios, EliosPolicy()


def timed_games(make: Callable[[int], Any], policy: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Whole games from seeds seed, seed+1, … until `seconds` of CPU passed: (games, actions, CPU s)."""
    games = actions = 0
    started = time.process_time()
    while True:
        actions += play(make(seed + games), policy, random.Random(seed + games))
        games += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return games, actions, spent


def compare_plain(game: Game, players: int, seconds: float, runs: int = 5, seed: int = 1) -> dict[str, Any]:
    """`runs` pairs of runs, plain then ours, each `seconds` of CPU on the same seeds; the ratios ours/plain."""
    game.check_player_count(players)
    ours, plain, policy = sides(game, players)
    ours_rates: list[float] = []
    plain_rates: list[float] = []
    actions_per_game = 0.0
    for _ in range(runs):
        games, _, spent = timed_games(plain, policy, seconds, seed)
        plain_rates.append(games / spent)
        games, actions, spent = timed_games(ours, policy, seconds, seed)
        ours_rates.append(games / spent)
        actions_per_game = actions / games
    ratios = [o / p for o, p in zip(ours_rates, plain_rates)]
    return {
        "game": game.id, "players": players, "clock": "cpu", "play": "realistic", "seconds_per_run": seconds,
        "runs": runs, "actions_per_game": round(actions_per_game, 1),
        "games_per_s": [round(r, 1) for r in ours_rates], "plain_games_per_s": [round(r, 1) for r in plain_rates],
        "vs_plain_min": round(min(ratios), 2), "vs_plain_median": round(statistics.median(ratios), 2),
        "vs_plain_max": round(max(ratios), 2),
    }


def print_compare_plain(game: Game, players: int, seconds: float, runs: int = 5) -> dict[str, Any]:
    figures = compare_plain(game, players, seconds, runs)
    print(f"{game.title}, {players} players, realistic play ({figures['actions_per_game']} actions a game): "
          f"{figures['vs_plain_median']}x the plain implementation's whole games per CPU second "
          f"(median of {runs}; min {figures['vs_plain_min']}, max {figures['vs_plain_max']})")
    print(json.dumps(figures))
    return figures
