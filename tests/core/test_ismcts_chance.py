"""Chance in the shared ISMCTS: a state waiting for the chance seat gets its own chance action applied,
in the tree and in rollouts; no policy is asked for it and no node branches on it.

The dice game: seat 0 bets `safe` (wins on a roll of 2 or more, worth 0.7) or `six` (wins only on a
six, worth 1). Chance rolls a die; then seat 1 nods (`nod a` or `nod b`, no effect) and the game
ends. The roll comes from the state's chance generator, seeded by the game seed, which the
determinizer samples (the searching seat does not know it).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.core.actions import Action
from game.core.engine import CHANCE, SeatInfo, State
from game.core.events import Event
from game.core.ismcts import ISMCTS, Budget, Node, Origin, SearchRules

BETS = [Action("bet", ("safe",)), Action("bet", ("six",))]
NODS = [Action("nod", ("a",)), Action("nod", ("b",))]


@dataclass(frozen=True)
class DiceView:
    bet: str | None


class DiceState(State):
    game_id = "dice"
    CHANCE_VERBS = ("roll",)

    def __init__(self, seed: int) -> None:
        super().__init__([SeatInfo("p0"), SeatInfo("p1")], {}, seed)
        self._begin_round({})
        self.bet: str | None = None
        self.roll: int | None = None

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if self.bet is None:
            return (0,)
        return (CHANCE,) if self.roll is None else (1,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if seat == CHANCE:
            return [Action("roll", (str(n),)) for n in range(1, 7)]
        return list(BETS) if seat == 0 else list(NODS)

    def chance_action(self) -> Action | None:
        if CHANCE not in self.to_act():
            return None
        return Action("roll", (str(self.chance_rng().randint(1, 6)),))

    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "bet":
            self.bet = action.args[0]
        elif action.verb == "roll":
            self.roll = int(action.args[0])
        else:
            assert self.roll is not None
            won = self.roll >= 2 if self.bet == "safe" else self.roll == 6
            self.totals = [1 if won else 0, 0 if won else 1]
            self._finish([0] if won else [1])
        return []

    def view(self, seat: int | None) -> DiceView:
        return DiceView(self.bet)


class SeedSampler:
    """The game seed (and so every roll) is hidden: each determinization draws one; keeps the samples."""

    def __init__(self) -> None:
        self.samples: list[DiceState] = []

    def __call__(self, view: DiceView, rng: random.Random) -> State:
        state = DiceState(rng.randrange(1 << 30))
        self.samples.append(state)
        return state


def no_chance_please(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    assert seat != CHANCE, "a policy was asked to act for chance"
    return rng.choice(list(legal))


def never_react(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action | None:
    assert seat != CHANCE, "a reaction rule was asked to act for chance"
    return None


def bet_reward(state: State, origin: Origin) -> list[float] | None:
    if not state.finished:
        return None
    assert isinstance(state, DiceState)
    value = 0.7 if state.bet == "safe" else 1.0
    return [value if 0 in state.winners else 0.0, 1.0 if 1 in state.winners else 0.0]


def seats_in(node: Node) -> set[int]:
    below = {s for child in node.children.values() for s in seats_in(child)}
    return {seat for seat, _ in node.children} | below


def test_chance_is_applied_from_the_state_never_asked_nor_branched_on() -> None:
    sampler = SeedSampler()
    rules = SearchRules(sampler, no_chance_please, never_react, bet_reward)
    result = ISMCTS(rules, Budget(200)).search(DiceView(None), 0, BETS, random.Random(6))
    assert result.action == BETS[0], result.means  # safe: about 0.58 against about 0.17
    assert result.root is not None and seats_in(result.root) == {0, 1}  # the tree reaches past the roll
    assert all(s.finished for s in sampler.samples)
    rolls = [a for s in sampler.samples for seat, a in s.rounds[-1].actions if seat == CHANCE]
    assert len(rolls) == len(sampler.samples) == 200
    assert len(set(rolls)) == 6  # every sample rolled from its own generator
