"""The Elios rules object: new states, positions, the determinizer, AI levels and the review's judge
(rules/elios.md)."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from game.core.engine import Game, OptionSpec, SeatInfo
from game.elios.content import BeamColour, EliosContent
from game.elios.state import EliosState


class EliosGame(Game):
    id = "elios"
    title = "Elios"
    min_players = 2
    max_players = 4

    def __init__(self, content: EliosContent) -> None:
        self.content = content

    @property
    def colours(self) -> tuple[BeamColour, ...]:
        """The beam colours in sun order (stack i belongs to colours[i]), each with its symbol."""
        return self.content.colours

    @property
    def joker(self) -> BeamColour:
        return self.content.joker

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Elios has no options: 4 players always play in teams (E-11)."""
        return ()

    def new_state(self, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None = None, seed: int = 0,
                  setups: Sequence[Mapping[str, Any]] = ()) -> EliosState:
        return EliosState(self, seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> EliosState:
        """The state a `state.position()` describes; ValueError naming what breaks the rules."""
        return EliosState.from_position(self, position)

    def determinizer(self) -> Callable[[Any, Any], EliosState]:
        from game.elios.determinize import EliosDeterminizer

        return EliosDeterminizer(self)

    def review_judge(self, budget: int | None = None) -> Any:
        """The post-game review judges placing moves with `hard`'s alpha-beta, `budget` turns deep."""
        from game.elios.review import EliosJudge

        return EliosJudge(self, budget)

    def agent_levels(self) -> dict[str, Callable[[], Any]]:
        from game.elios.agents import NormalAgent, RandomAgent
        from game.elios.hard import HardAgent

        return {"random": RandomAgent, "normal": NormalAgent, "hard": HardAgent}
