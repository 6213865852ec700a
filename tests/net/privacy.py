"""Proof that a guest received nothing its seat may not know: every frame it got is checked against the
host's own record, replayed here move by move.

- An `update` at version k holds exactly `encode_view(state_k.view(seat))`, where state_k is the game
  after its first k actions, the events of action k as `for_seat(seat)` makes them (the events of the
  deal at version 0; none in the snapshot a guest gets when it takes its seat back), who made action k,
  the seats waited for, and this seat's own legal actions; nothing else. So each byte of an update is
  a function of what the seat may see.
- At every few versions, the view passes the conformance suite's check: states sampled from it by the
  game's determinizer (hidden cards dealt at random) show that very view, so it holds no hidden card of
  another seat and no deck order.
- Every event that carries a secret is private to this seat; the other messages are the lobby's
  (welcome with this seat's own token, the seat list, refusals, the end) and hold no game state; the end
  (`over`) carries the finished game's record, and comes only after the update that finished the game.
"""
from __future__ import annotations

import json
import random
from typing import Any

from game.core.engine import Game, SeatInfo
from game.net.wire import encode_event, encode_view

LOBBY_TYPES = {"welcome", "seats", "refused", "over", "bye"}
SEAT_KEYS = {"name", "kind", "level", "present", "stand_in", "takeover_in"}
DETERMINIZE_EVERY = 9


def expected_updates(game: Game, record: dict[str, Any], seat: int) -> tuple[list[tuple[str, list[Any]]], dict[int, Any]]:
    """For each version k: (the JSON text of everything the update holds but its events, the events'
    JSON) the seat should get; and the views themselves at every DETERMINIZE_EVERY-th version."""
    seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
    setups = [r["setup"] for r in record["rounds"]]
    state = game.new_state(seats, record["options"], record["seed"], setups=setups)
    expected = [(_rest(state, seat, 0, None), [encode_event(e.for_seat(seat)) for e in state.opening_events()])]
    views = {0: state.view(seat)}
    for rnd in record["rounds"]:
        for actor, text in rnd["actions"]:
            events = state.apply(actor, text)
            expected.append((_rest(state, seat, len(expected), actor), [encode_event(e.for_seat(seat)) for e in events]))
            if (len(expected) - 1) % DETERMINIZE_EVERY == 0:
                views[len(expected) - 1] = state.view(seat)
    return expected, views


def _rest(state: Any, seat: int, version: int, actor: int | None) -> dict[str, Any]:
    """An update as the host must write it, less its events (and its actor, None in a snapshot)."""
    may_act = not state.finished and seat in state.to_act()
    return {"type": "update", "version": version, "actor": actor, "view": encode_view(state.view(seat)),
            "waiting": [s for s in state.waiting_for() if s >= 0],
            "legal": [a.text for a in state.legal_actions(seat)] if may_act else [],
            "lists_all": state.lists_all_actions(seat) if may_act else True,
            "reaction": may_act and state.is_reaction(seat), "finished": state.finished}


def check_transcript(game: Game, record: dict[str, Any], frames: list[str], rng: random.Random) -> dict[str, int]:
    """Check every frame one guest received; returns counts (updates, versions seen, views sampled)."""
    welcome = json.loads(frames[0])
    assert welcome["type"] == "welcome", "the first frame is the welcome"
    seat = welcome["seat"]
    expected, views = expected_updates(game, record, seat)
    determinize = game.determinizer()
    counts = {"frames": len(frames), "updates": 0, "sampled": 0, "bytes": 0, "records": 0}
    game_over = False
    versions: set[int] = set()
    snapshot_due = False
    for raw in frames:
        counts["bytes"] += len(raw.encode())
        message = json.loads(raw)
        kind = message["type"]
        if kind in LOBBY_TYPES:
            if kind == "welcome":
                snapshot_due = True
                assert message["seat"] == seat and set(message) == {
                    "type", "protocol", "seat", "token", "game", "players", "options", "code"}
            if kind == "seats":
                assert all(set(entry) == SEAT_KEYS for entry in message["seats"])
            if kind == "over":      # the record (the deck order) only once the game is over
                assert set(message) == {"type", "winners", "totals", "record"}
                assert game_over, "the record was sent before the end of the game"
                assert message["record"] == record, "the record sent is the host's record"
                counts["records"] += 1
            continue
        assert kind == "update", f"unexpected message {kind!r}"
        version = message["version"]
        rest, events = expected[version]
        snapshot = snapshot_due and message["actor"] is None
        got = {key: value for key, value in message.items() if key != "events"}
        assert got == {**rest, "actor": None if snapshot else rest["actor"]}, \
            f"seat {seat} got an update at version {version} the engine did not make"
        # The first update after a welcome is a snapshot (no events), unless it is the game's start.
        allowed = (events, []) if snapshot and version > 0 else (events,)
        assert message["events"] in allowed, f"seat {seat} got events at version {version} it should not"
        snapshot_due = False
        game_over = message["finished"]
        for event in message["events"]:
            assert "secret" not in event or event.get("private_to") == seat, "another seat's secret was sent"
        if version not in versions and version % DETERMINIZE_EVERY == 0 and not views[version].finished:
            view = views[version]
            for _ in range(2):
                assert determinize(view, rng).view(seat) == view, "the view holds what its seat cannot know"
            counts["sampled"] += 1
        versions.add(version)
        counts["updates"] += 1
    counts["versions"] = len(versions)
    return counts
