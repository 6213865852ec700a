"""Guess the Die: a tiny game with a chance action and a simultaneous decision, for testing the contract.

Each round every seat secretly picks a face (`pick 2`), in any order: the game waits for all of
them at once. Then chance rolls the die (`roll 3`, by the chance seat, from the state's own seeded
generator) and every seat that picked the rolled face scores a point. A round's setup is the die's
number of faces (3 or 4, seeded). The game ends when a seat has 2 points (or after 8 rounds): the
leaders win. A seat sees its own pick and who has picked, never another seat's face.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import CHANCE, Game, OptionSpec, SeatInfo, State
from game.core.events import Event
from game.core.records import PositionParts, read_position

POINTS_TO_WIN = 2
MAX_ROUNDS = 8


@dataclass(frozen=True)
class DiceView:
    seat: int | None
    names: tuple[str, ...]
    faces: int
    my_pick: int | None
    picked: tuple[bool, ...]
    last_roll: int | None
    totals: tuple[int, ...]
    round_index: int
    finished: bool
    winners: tuple[int, ...]


class DiceState(State):
    game_id = "dice"
    CHANCE_VERBS = ("roll",)

    def __init__(self, seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(seats, options, seed, setups)
        self.last_roll: int | None = None
        self._start_round()

    @classmethod
    def from_position(cls, game: "DiceGame", position: Mapping[str, Any]) -> "DiceState":
        parts = read_position(game, position)
        now = parts.now
        n = len(parts.seats)
        if sorted(now) != ["coming_setups", "faces", "last_roll", "picks"]:
            raise ValueError("position 'now' must have exactly the keys faces, picks, last_roll, coming_setups")
        if now["faces"] not in (3, 4):
            raise ValueError("position 'now': faces must be 3 or 4")
        picks = now["picks"]
        if not isinstance(picks, list) or len(picks) != n or any(
                p is not None and (type(p) is not int or not 1 <= p <= now["faces"]) for p in picks):
            raise ValueError(f"position 'now': picks must be a face or null for each of {n} seats")
        state = cls.__new__(cls)
        state._take_position(parts)
        return state

    def _take_position(self, parts: PositionParts) -> None:
        """Become the checked position (`from_position`)."""
        State.__init__(self, parts.seats, parts.options, parts.seed)
        self._adopt_history(parts.rounds, parts.totals, parts.winners, parts.finished)
        now = parts.now
        self._take_coming_setups(now["coming_setups"])
        self.faces, self.picks, self.last_roll = now["faces"], list(now["picks"]), now["last_roll"]

    def _position_now(self) -> dict[str, Any]:
        return {"faces": self.faces, "picks": list(self.picks), "last_roll": self.last_roll,
                "coming_setups": self._coming_setups()}

    def _start_round(self) -> None:
        setup = self._setup_for_next_round() or {"faces": self._rng_for_next_round().choice((3, 4))}
        if setup.get("faces") not in (3, 4) or len(setup) != 1:
            raise ValueError(f"round {len(self.rounds)} setup must be {{faces: 3 or 4}}")
        self._begin_round(setup)
        self.faces = setup["faces"]
        self.picks: list[int | None] = [None] * len(self.seats)

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        waiting = tuple(s for s, p in enumerate(self.picks) if p is None)
        return waiting or (CHANCE,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        return [Action("pick", (str(face),)) for face in range(1, self.faces + 1)]

    def chance_action(self) -> Action | None:
        if self.finished or self.to_act() != (CHANCE,):
            return None
        return Action("roll", (str(self.chance_rng().randint(1, self.faces)),))

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.finished:
            return "the game is over"
        if seat == CHANCE:
            if action.args not in [(str(face),) for face in range(1, self.faces + 1)]:
                return f"the die has faces 1 to {self.faces}"
            return None
        if self.picks[seat] is not None:
            return "you have already picked this round"
        if self.to_act() == (CHANCE,):
            return "the die is being rolled"
        if action.verb != "pick":
            return "pick a face, as in 'pick 2'"
        if action.args not in [(str(face),) for face in range(1, self.faces + 1)]:
            return f"pick a face from 1 to {self.faces}"
        return None

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        face = int(action.args[0])
        if seat != CHANCE:
            self.picks[seat] = face
            return [Event("picked", seat, {}, {"face": face}, private_to=seat)]
        self.last_roll = face
        score = [1 if pick == face else 0 for pick in self.picks]
        self.totals = [t + s for t, s in zip(self.totals, score)]
        events = [Event("rolled", None, {"face": face}), self._end_round(score)]
        if max(self.totals) >= POINTS_TO_WIN or len(self.rounds) >= MAX_ROUNDS:
            best = max(self.totals)
            events.append(self._finish([s for s, t in enumerate(self.totals) if t == best]))
        else:
            self._start_round()
        return events

    def view(self, seat: int | None) -> DiceView:
        own = seat is not None and 0 <= seat < len(self.seats)
        return DiceView(seat, tuple(s.name for s in self.seats), self.faces,
                        self.picks[seat] if own else None,  # type: ignore[index]
                        tuple(p is not None for p in self.picks), self.last_roll, tuple(self.totals),
                        self.round_index, self.finished, self.winners)


class DiceGame(Game):
    id = "dice"
    title = "Guess the Die"
    min_players = 2
    max_players = 3

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return ()

    def new_state(self, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None = None, seed: int = 0,
                  setups: Sequence[Mapping[str, Any]] = ()) -> DiceState:
        self.check_player_count(len(seats))
        return DiceState(seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> DiceState:
        return DiceState.from_position(self, position)

    def determinizer(self) -> Any:
        return self.sample

    def sample(self, view: DiceView, rng: random.Random) -> DiceState:
        """Other seats' picks are hidden: any face will do for a seat that has picked."""
        picks = [view.my_pick if s == view.seat else (rng.randint(1, view.faces) if picked else None)
                 for s, picked in enumerate(view.picked)]
        rounds = [{"setup": {"faces": 3}, "actions": [], "score": None} for _ in range(view.round_index)]
        rounds.append({"setup": {"faces": view.faces}, "actions": [], "score": None})
        return self.from_position({
            "game": self.id, "seats": [{"name": n, "controller": "ai:random"} for n in view.names],
            "options": {}, "seed": rng.randrange(2**31), "rounds": rounds, "totals": list(view.totals),
            "winners": list(view.winners), "finished": view.finished,
            "now": {"faces": view.faces, "picks": picks, "last_roll": view.last_roll, "coming_setups": []}})
