"""The Tamoul rules object: options, new states, positions, the determinizer, the AI levels and the review's
judge."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from game.core.engine import Game, OptionSpec, SeatInfo
from game.tamoul.content import TamoulContent
from game.tamoul.state import TamoulState

POSITION_KEYS = ("game", "seats", "options", "seed", "rounds", "totals", "winners", "finished", "now")


class TamoulGame(Game):
    id = "tamoul"
    title = "Tamoul"
    min_players = 2
    max_players = 6

    def __init__(self, content: TamoulContent) -> None:
        self.content = content

    def option_specs(self) -> tuple[OptionSpec, ...]:
        targets = self.content.targets
        return (
            OptionSpec("target", "choice", targets[0], "Game ends at",
                       "The game ends after the round in which someone's total reaches this; the lowest "
                       "total wins.", choices=targets, labels=tuple(f"{t} points" for t in targets)),
            OptionSpec("memory_aid", "bool", False, "Memory aid",
                       "Marks the cards you have seen. A help for new players."),
            OptionSpec("reaction_ms", "int", 2000, "Reaction time (ms)",
                       "After each discard, how long the table waits so that everyone can intercept.",
                       minimum=0, maximum=10000),
        )

    def new_state(self, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None = None, seed: int = 0,
                  setups: Sequence[Mapping[str, Any]] = ()) -> TamoulState:
        return TamoulState(self, seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> TamoulState:
        """The state a `TamoulState.position()` describes, checked like a record setup (ValueError)."""
        if not isinstance(position, Mapping) or sorted(position) != sorted(POSITION_KEYS):
            raise ValueError(f"a position needs the keys {', '.join(POSITION_KEYS)}")
        if position["game"] != self.id:
            raise ValueError(f"the position is for game {position['game']!r}, not {self.id!r}")
        seats_data = position["seats"]
        if not isinstance(seats_data, list) or not all(
                isinstance(s, Mapping) and isinstance(s.get("name"), str) and isinstance(s.get("controller"), str)
                for s in seats_data):
            raise ValueError("position seats: expected a list of {name, controller}")
        seed = position["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("position seed: expected a whole number")
        seats = [SeatInfo(s["name"], s["controller"]) for s in seats_data]
        options = self.normalize_options(position["options"])
        return TamoulState(self, seats, options, seed, position=position)

    def determinizer(self) -> Callable[[Any, Any], TamoulState]:
        from game.tamoul.determinize import TamoulDeterminizer

        return TamoulDeterminizer(self)

    def review_judge(self, budget: int | None = None) -> Any:
        """The post-game review judges a move by playing the round out with the hard rule (`budget`
        sampled positions per decision)."""
        from game.tamoul.review import TamoulJudge

        return TamoulJudge(self, budget)

    def agent_levels(self) -> dict[str, Callable[[], Any]]:
        from game.tamoul.agents import agent_levels
        from game.tamoul.hard import HardAgent

        return {**super().agent_levels(), **agent_levels(self.content), "hard": lambda: HardAgent(self)}
