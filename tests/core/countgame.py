"""A tiny game for testing the core contract: players take turns adding 1 or 2; whoever reaches 10 wins.

Each round deals a random starting total (a 'setup'), so records and replays are exercised.
A bystander may `shout` (a reaction) while the total is odd, which adds nothing but is recorded.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import Game, OptionSpec, SeatInfo, State
from game.core.events import Event
from game.core.records import PositionParts, read_position


@dataclass(frozen=True)
class CountView:
    seat: int | None
    total: int
    turn: int
    names: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    totals: tuple[int, ...] = ()
    round_index: int = 0


class CountState(State):
    game_id = "count"

    def __init__(self, seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(seats, options, seed, setups)
        self._start_round()

    def _start_round(self) -> None:
        setup = self._setup_for_next_round() or {"start": self._rng_for_next_round().randint(0, 3)}
        self._begin_round(setup)
        self.total = setup["start"]
        self.turn = 0

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        shouters = tuple(s for s in range(len(self.seats)) if s != self.turn and self.total % 2 == 1)
        return (self.turn, *shouters)

    def is_reaction(self, seat: int) -> bool:
        return seat != self.turn

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if seat != self.turn:
            return [Action("shout")]
        return [Action("add", ("1",)), Action("add", ("2",))]

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "shout":
            return [Event("shouted", seat)]
        self.total += int(action.args[0])
        events = [Event("added", seat, {"total": self.total})]
        if self.total >= self.options["target"]:
            self.totals[seat] += 1
            score = [0] * len(self.seats)
            score[seat] = 1
            self._end_round(score)
            if self.totals[seat] >= 2:
                self._finish([seat])
            else:
                self._start_round()
        else:
            self.turn = (self.turn + 1) % len(self.seats)
        return events

    def view(self, seat: int | None) -> CountView:
        return CountView(seat, self.total, self.turn, tuple(s.name for s in self.seats),
                         tuple(sorted(self.options.items())), tuple(self.totals), self.round_index)

    def _position_now(self) -> dict[str, Any]:
        return {"total": self.total, "turn": self.turn}

    @classmethod
    def from_position(cls, game: Game, position: Mapping[str, Any]) -> "CountState":
        parts = read_position(game, position)
        now = parts.now
        if sorted(now) != ["total", "turn"] or not 0 <= now["turn"] < len(parts.seats):
            raise ValueError("position 'now' must be {total, turn} with turn a seat")
        state = cls.__new__(cls)
        state._take_position(parts)
        return state

    def _take_position(self, parts: PositionParts) -> None:
        State.__init__(self, parts.seats, parts.options, parts.seed)
        self._adopt_history(parts.rounds, parts.totals, parts.winners, parts.finished)
        self.total, self.turn = parts.now["total"], parts.now["turn"]


class CountGame(Game):
    id = "count"
    title = "Count to Ten"
    min_players = 2
    max_players = 4

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("target", "int", 10, "Target", minimum=5, maximum=20),)

    def new_state(self, seats, options=None, seed=0, setups=()) -> CountState:
        return CountState(seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> CountState:
        return CountState.from_position(self, position)

    def determinizer(self) -> Any:
        return count_determinizer


def count_determinizer(view: CountView, rng: random.Random) -> CountState:
    """Nothing is hidden in Count to Ten: the view is the whole position (its history left out)."""
    return CountGame().from_position({
        "game": "count", "seats": [{"name": n, "controller": "ai:random"} for n in view.names],
        "options": dict(view.options), "seed": rng.randrange(2**31),
        "rounds": [{"setup": {}, "actions": [], "score": None} for _ in range(view.round_index + 1)],
        "totals": list(view.totals), "winners": [], "finished": False,
        "now": {"total": view.total, "turn": view.turn}})
