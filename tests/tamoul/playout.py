"""Random legal playouts with invariant checks, shared by the suite (a few games) and the soak run.

Run `python -m tests.tamoul.playout 1000` for the long check (not part of the suite).
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import Any, Sequence

from game.core.actions import Action
from game.core.drive import chance_is_due
from game.core.engine import CHANCE, SeatInfo
from game.core.play import MAX_STEPS, step
from game.core.records import record_to_text, replay
from tests.tamoul.helpers import GAME

DECK = sorted(GAME.content.cards)


class PlayoutAgent:
    """Uniform over legal actions, but calls Tamoul rarely and lets most interceptions pass, so that
    rounds last long enough for reshuffles and several callers to happen."""

    name = "playout"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random, optional: bool = False) -> Action | None:
        if optional and rng.random() < 0.85:
            return None
        choices = [a for a in legal if a.verb != "tamoul"]
        if len(choices) < len(legal) and rng.random() < 0.15:
            return Action("tamoul")
        return rng.choice(choices)


def cards_now(state: Any) -> list[str]:
    now = state.position()["now"]
    cards = [c for row in now["slots"] for c in row if c is not None] + now["draw_pile"] + now["discard"]
    return sorted(cards + ([now["drawn"]] if now["drawn"] is not None else []))


def check_events(events: Sequence[Any]) -> Counter:
    """No private face in public event data; count what happened."""
    seen: Counter = Counter()
    for event in events:
        if event.kind == "drawn" and event["source"] == "deck" or event.kind == "peeked" or (
                event.kind == "kept" and event["source"] == "deck") or event.kind == "first_look":
            assert "card" not in event.data and "cards" not in event.data, event
            assert event.private_to == event.seat
        if event.kind == "intercepted":
            seen["intercept_ok" if event["success"] else "intercept_miss"] += 1
        elif event.kind == "cards_revealed" and len(event["callers"]) > 1:
            seen["several_callers"] += 1
        elif event.kind in ("reshuffled", "tamoul_called", "step_skipped", "swapped", "peeked", "round_ended"):
            seen[event.kind] += 1
    return seen


def play_checked(seed: int, players: int, options: dict[str, Any], *, deep_every: int = 40) -> Counter:
    """One whole game with every invariant checked; returns counts of what happened."""
    seats = [SeatInfo(f"P{i}", "ai:random") for i in range(players)]
    state = GAME.new_state(seats, options, seed)
    agents = [PlayoutAgent() for _ in range(players)]
    rng = random.Random(f"agents/{seed}")
    stats: Counter = Counter()
    for count in range(MAX_STEPS):
        if state.finished:
            break
        waiting = state.waiting_for()
        assert waiting and (waiting == (CHANCE,) or state.legal_actions(waiting[0])), "nobody can act"
        if count % deep_every == 0:
            assert cards_now(state) == DECK
            copy = GAME.from_position(state.position())
            assert copy.position() == state.position()
            for seat in state.to_act():
                for action in state.legal_actions(seat):
                    trial = copy.clone()
                    trial.apply(seat, action)
        before = sum(len(r.actions) for r in state.rounds)
        if chance_is_due(state):
            stats["chance"] += 1
        step(state, agents, rng)
        assert state.finished or sum(len(r.actions) for r in state.rounds) == before + 1
    else:
        raise AssertionError(f"seed {seed} did not end")
    assert cards_now(state) == DECK and GAME.from_position(state.position()).position() == state.position()
    record = state.record()
    again = replay(GAME, record)
    assert record_to_text(again.record()) == record_to_text(record)
    for rnd in record["rounds"]:
        stats["actions"] += len(rnd["actions"])
    stats.update(_events_of(record))
    stats["games"] += 1
    return stats


def _events_of(record: dict[str, Any]) -> Counter:
    """Replay the record action by action to count and check its events."""
    seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
    state = GAME.new_state(seats, record["options"], record["seed"], setups=[r["setup"] for r in record["rounds"]])
    stats = check_events(state.opening_events())
    for rnd in record["rounds"]:
        for seat, text in rnd["actions"]:
            stats.update(check_events(state.apply(seat, text)))
    return stats


def soak(games: int) -> Counter:
    total: Counter = Counter()
    for seed in range(games):
        options = {"target": 100 if seed % 3 == 0 else 50, "memory_aid": seed % 2 == 0,
                   "reaction_ms": 500 * (seed % 5)}
        total.update(play_checked(seed, 2 + seed % 5, options))
    return total


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    start = time.perf_counter()
    result = soak(count)
    print(f"{count} games clean in {time.perf_counter() - start:.1f} s: {dict(result)}")
