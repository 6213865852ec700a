"""The Télos rules object: options, new states and AI levels (rules/telos.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from game.core.engine import Game, OptionSpec, SeatInfo
from game.core.messages import msg
from game.telos.content import TelosContent
from game.telos.plays import PlayRules
from game.telos.state import TelosState, game_deck, play_rules


@dataclass(frozen=True)
class ZeusCardsOption(OptionSpec):
    """`zeus_cards`: "random" (a seeded choice) or a list of Zeus card ids (also "Z:ant,Z:eagle,…").

    A `pick` option: the setup screen offers Random or Choose, with one chip per card in `choices`
    named by `labels`. The player count is checked when the game starts: one Zeus card per player."""

    known: tuple[str, ...] = ()

    def check(self, value: Any) -> Any:
        if value == "random":
            return "random"
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, str) for v in value):
            raise ValueError(msg("option {name}: expected random or a list of Zeus card ids, got {value}",
                                 name=self.name, value=repr(value)))
        for card in value:
            if card not in self.known:
                raise ValueError(msg("option {name}: {card} is not a Zeus card; choose from {known}",
                                     name=self.name, card=repr(card), known=", ".join(self.known)))
        if len(set(value)) != len(value):
            raise ValueError(msg("option {name}: a Zeus card is listed twice in {value}", name=self.name,
                                 value=repr(value)))
        return list(value)


class TelosGame(Game):
    id = "telos"
    title = "Télos"
    min_players = 3
    max_players = 6

    def __init__(self, content: TelosContent) -> None:
        self.content = content
        self._deck_and_rules: dict[tuple[tuple[str, ...], int, str], tuple[tuple[str, ...], PlayRules]] = {}

    def deck_and_rules(self, zeus_cards: tuple[str, ...], player_count: int,
                       powers: str) -> tuple[tuple[str, ...], PlayRules]:
        """The deck and play rules of a game with these Zeus cards, made once and shared by every
        state (both are immutable): search builds many states per second."""
        key = (zeus_cards, player_count, powers)
        found = self._deck_and_rules.get(key)
        if found is None:
            found = self._deck_and_rules[key] = (game_deck(self.content, zeus_cards, player_count),
                                                 play_rules(self.content, zeus_cards, player_count, powers))
        return found

    @property
    def cards(self) -> Mapping[str, Any]:
        """Zeus card definitions (name, text, power) by id, for tables and rules screens."""
        return self.content.zeus_cards

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("powers", "choice", "advanced", "Zeus card powers",
                       "Basic: Zeus cards only copy the highest card. Advanced: each also has its own power.",
                       choices=("basic", "advanced")),
            OptionSpec("divine_trick", "bool", False, "Divine Trick",
                       "Everyone gets a face-down blind card and may swap it in once per round."),
            ZeusCardsOption("zeus_cards", "pick", "random", "Zeus cards",
                            "One Zeus card per player joins the deck: drawn at random from the seed, "
                            "or the ones you choose.",
                            choices=self.content.zeus_ids,
                            labels=tuple(self.content.zeus_cards[z].name for z in self.content.zeus_ids),
                            known=self.content.zeus_ids),
        )

    def new_state(self, seats: Sequence[SeatInfo], options: Mapping[str, Any] | None = None, seed: int = 0,
                  setups: Sequence[Mapping[str, Any]] = ()) -> TelosState:
        return TelosState(self, seats, self.normalize_options(options), seed, setups)

    def from_position(self, position: Mapping[str, Any]) -> TelosState:
        return TelosState.from_position(self, position)

    def determinizer(self) -> Any:
        from game.telos.determinize import TelosDeterminizer

        return TelosDeterminizer(self)

    def agent_levels(self) -> dict[str, Callable[[], Any]]:
        levels = super().agent_levels()
        from game.telos.agents import NormalAgent
        from game.telos.hard import HardAgent

        levels["normal"] = NormalAgent
        levels["hard"] = lambda: HardAgent(self)
        return levels
