"""Zeus on the Loose: the rules object the catalog offers (deck from YAML, options, agents)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.engine import Game, OptionSpec, SeatInfo
from game.zeus.deck import CardDef, ZeusDeck
from game.zeus.state import ZeusState


class ZeusGame(Game):
    id = "zeus"
    title = "Zeus on the Loose"
    min_players = 2
    max_players = 5

    def __init__(self, deck: ZeusDeck) -> None:
        self.deck = deck
        self.deck_counts = deck.counts  # shared by the states this game makes

    @property
    def cards(self) -> Mapping[str, CardDef]:
        """Card id -> definition (kind, value or god, effect text, steals), for tables and help texts."""
        return self.deck.cards

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("sneak", "bool", True, "Same Number Sneak",
                       "Right after a number card is played, anyone else holding the same number may "
                       "play it out of turn and take Zeus."),
            OptionSpec("manual_draw", "bool", False, "Draw by hand",
                       "You draw your card yourself after playing. Forget it before the next card is "
                       "played and you go on with one card fewer."),
        )

    def new_state(
        self,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        setups: Sequence[Mapping[str, Any]] = (),
    ) -> ZeusState:
        self.check_player_count(len(seats))
        return ZeusState(self.deck, seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> ZeusState:
        return ZeusState.from_position(self, position)

    def determinizer(self) -> Any:
        from game.zeus.determinize import ZeusDeterminizer

        return ZeusDeterminizer(self.deck)

    def agent_levels(self) -> dict[str, Any]:
        from game.zeus.agents import EasyAgent, NormalAgent
        from game.zeus.hard import HardAgent

        return {**super().agent_levels(), "easy": EasyAgent, "normal": NormalAgent,
                "hard": lambda: HardAgent(self.deck)}
