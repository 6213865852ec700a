"""Engines read action numbers as ASCII digits only: `intercept ¹` is a refusal (not a ValueError) and
`keep ٣` is not accepted (and so never recorded); every refusal leaves the state as it was."""
from __future__ import annotations

import random

import pytest

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.errors import IllegalAction

ODD_DIGITS = ("¹", "٣", "٠", "３", "𝟙", "²")


def odd_texts(legal: list[str]) -> list[str]:
    """Each legal action with its ASCII digits swapped for look-alike digits of other scripts."""
    texts = []
    for text in legal:
        for odd in ODD_DIGITS:
            changed = "".join(odd if ch.isdigit() and ch.isascii() else ch for ch in text)
            if changed != text:
                texts.append(changed)
    return texts


@pytest.mark.parametrize("game_id", ["tamoul", "elios", "zeus", "telos"])
def test_non_ascii_digits_are_refused_and_change_nothing(game_id: str) -> None:
    game = load_game(game_id)
    count = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    state = game.new_state([SeatInfo(f"P{i}", "human") for i in range(count)], game.normalize_options({}), 5)
    rng = random.Random(5)
    probes = 0
    for _ in range(120):
        if state.finished:
            break
        for seat in range(count):
            legal = [str(a) for a in state.legal_actions(seat)]
            for text in odd_texts(legal)[:8] + [f"intercept {d}" for d in ODD_DIGITS] + [f"keep {d}" for d in ODD_DIGITS]:
                before = state.position()
                with pytest.raises(IllegalAction):
                    state.apply(seat, text)
                assert state.position() == before
                probes += 1
        seat = state.waiting_for()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert probes > 100
