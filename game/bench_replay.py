"""Replaying records, ours against a plain replay: `python -m game bench-replay --game ID --players N
[--records K] [--seconds S] [--runs R]`.

Resume, loading a save, the replay viewer and Review all rebuild a game by replaying its record
(`game.core.records.replay`: every action checked, then the round scores, totals, winners and the end).
This times that, in replays per CPU second, against a plain replay of the same records: the plain
implementation of the game (game/plainref) starts each round from the record's setup, checks each
entry against its rules and carries it out, then makes the same final checks. The records are whole
games of the `normal` AI, made before the clock starts. Runs alternate (plain, then ours), each for
`S` seconds of CPU; the ratio is ours over plain, run by run.

It also measures what a player waits for: the milliseconds of CPU to rebuild a game 200 actions in (the
autosave of a long game), or the whole game when it is shorter (an Elios game has about forty).

The last line printed is JSON.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import Any, Callable, Mapping

from game.core.engine import Game, SeatInfo
from game.core.play import play_game
from game.core.records import check_shape, replay
from game.plainref.elios import PlainElios
from game.plainref.tamoul import PlainTamoul
from game.plainref.zeus import PlainZeus

RESUME_ACTIONS = 200


def sample_records(game: Game, players: int, count: int, seed: int = 1) -> list[dict[str, Any]]:
    """Whole games of the `normal` AI (or the game's own default level), as players' records are."""
    level = "normal" if "normal" in game.agent_levels() else "random"
    records = []
    for i in range(count):
        seats = [SeatInfo(f"Seat {s + 1}", f"ai:{level}") for s in range(players)]
        state = play_game(game, seats, [game.agent(level) for _ in seats], seed=seed + i)
        records.append(state.record())
    return records


def plain_game(game: Game, record: Mapping[str, Any]) -> Any:
    """The plain implementation set up from a record's setups."""
    players, options = len(record["seats"]), record["options"]
    setups = [rnd["setup"] for rnd in record["rounds"]]
    if game.id == "tamoul":
        content = game.content  # type: ignore[attr-defined]
        return PlainTamoul(content.cards, dict(content.value), dict(content.colour), dict(content.actions), players,
                           record["seed"], int(options["target"]), setups=setups)
    if game.id == "elios":
        content = game.content  # type: ignore[attr-defined]
        draw = content.draws[players]
        return PlainElios(content.sun_order, players, record["seed"], draw.beams, draw.jokers,
                          content.beams_per_colour, content.start_discs, content.max_discs, setup=setups[0])
    if game.id == "zeus":
        return PlainZeus(players, options, setups)
    if game.id == "telos":
        from game.plainref.telos import PlainTelos

        return PlainTelos(game, record)
    raise ValueError(f"there is no plain replay of {game.title}")


def plain_replay(game: Game, record: Mapping[str, Any]) -> Any:
    """Check the record's shape, play every entry through the plain implementation's rules, and check
    the round scores, totals, winners and the end as `records.replay` does (ValueError if they differ)."""
    check_shape(record)
    state = plain_game(game, record)
    for r, rnd in enumerate(record["rounds"]):
        for seat, text in rnd["actions"]:
            state.play_text(seat, text)
        if rnd["score"] is not None and state.rounds[r]["score"] != rnd["score"]:
            raise ValueError(f"rounds[{r}]: replay scores {state.rounds[r]['score']}, record says {rnd['score']}")
    if list(state.totals) != record["totals"] or list(state.winners) != record["winners"] \
            or state.finished != record["finished"]:
        raise ValueError("the replay ends otherwise than the record")
    return state


def prefix(game: Game, record: Mapping[str, Any], actions: int) -> dict[str, Any]:
    """The record of the same game after its first `actions` actions (an autosave taken then)."""
    state = game.new_state([SeatInfo(s["name"], s["controller"]) for s in record["seats"]], record["options"],
                           record["seed"], setups=[rnd["setup"] for rnd in record["rounds"]])
    done = 0
    for rnd in record["rounds"]:
        for seat, text in rnd["actions"]:
            if done == actions:
                return state.record()
            state.apply(seat, text)
            done += 1
    return state.record()


def rate(replay_one: Callable[[Mapping[str, Any]], Any], records: list[dict[str, Any]], seconds: float) -> float:
    """Replays per CPU second, going round the records until `seconds` of CPU passed."""
    done = 0
    started = time.process_time()
    while True:
        replay_one(records[done % len(records)])
        done += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return done / spent


def resume_ms(game: Game, record: Mapping[str, Any], repeats: int = 7) -> float:
    """Median CPU milliseconds to rebuild the state a record describes."""
    times = []
    for _ in range(repeats):
        started = time.process_time()
        replay(game, record)
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times)


def compare_replay(game: Game, players: int, seconds: float, runs: int = 5, count: int = 12,
                   seed: int = 1) -> dict[str, Any]:
    game.check_player_count(players)
    records = sample_records(game, players, count, seed)
    for record in records:  # both replays accept every record before anything is timed
        replay(game, record)
        plain_replay(game, record)
    ours: list[float] = []
    plain: list[float] = []
    for _ in range(runs):
        plain.append(rate(lambda r: plain_replay(game, r), records, seconds))
        ours.append(rate(lambda r: replay(game, r), records, seconds))
    ratios = [o / p for o, p in zip(ours, plain)]
    longest = max(records, key=lambda r: sum(len(rnd["actions"]) for rnd in r["rounds"]))
    resume = prefix(game, longest, RESUME_ACTIONS)
    resume_actions = sum(len(rnd["actions"]) for rnd in resume["rounds"])
    return {
        "game": game.id, "players": players, "clock": "cpu", "records": count, "seconds_per_run": seconds,
        "runs": runs, "actions_per_record": round(statistics.mean(
            sum(len(rnd["actions"]) for rnd in r["rounds"]) for r in records), 1),
        "replays_per_s": [round(r, 1) for r in ours], "plain_replays_per_s": [round(r, 1) for r in plain],
        "vs_plain_min": round(min(ratios), 2), "vs_plain_median": round(statistics.median(ratios), 2),
        "vs_plain_max": round(max(ratios), 2),
        "resume_actions": resume_actions, "resume_ms": round(resume_ms(game, resume), 2),
    }


def print_compare_replay(game: Game, players: int, seconds: float, runs: int = 5, count: int = 12) -> dict[str, Any]:
    figures = compare_replay(game, players, seconds, runs, count)
    print(f"{game.title}, {players} players: replays {figures['vs_plain_median']}x the plain replay's records per CPU "
          f"second (median of {runs}; min {figures['vs_plain_min']}, max {figures['vs_plain_max']}); a game "
          f"{figures['resume_actions']} actions in is rebuilt in {figures['resume_ms']} ms of CPU")
    print(json.dumps(figures))
    return figures
