"""Whole online games with real processes on this computer (127.0.0.1 only): a host and one scripted
guest program per friend, for all four games and one to five guests. Every frame each guest received
is checked against the host's record (tests/net/privacy.py): no hidden card of another seat and no deck
order ever left the host. Each game ends in a record, in the host's records folder, that replays."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.catalog import load_game
from game.core.records import read_record, record_to_text, replay
from game.net.loopback import play
from tests.net.privacy import check_transcript

GAMES = [
    # game, seats, levels of the guests' own agents
    ("zeus", "remote,remote,remote,remote,remote", ["random", "easy", "random", "easy", "random"]),
    ("telos", "remote,ai:normal,remote", ["random", "normal"]),
    ("tamoul", "remote,remote,ai:normal", ["easy", "random"]),
    ("elios", "ai:normal,remote", ["normal"]),
]


@pytest.mark.parametrize(("game_id", "seats", "levels"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_online_game_sends_each_guest_only_what_its_seat_may_see(tmp_path: Path, game_id: str, seats: str,
                                                                          levels: list[str]) -> None:
    run, done = play(tmp_path, game_id, seats, seed=11, levels=levels, timeout=60)
    assert run.host.returncode == 0, (tmp_path / "host.err").read_text()[-3000:]
    assert done["finished"], done
    for index, bot in run.bots.items():
        assert bot.returncode == 0, (tmp_path / f"bot{index}.err").read_text()[-2000:]
    game = load_game(game_id)
    record_path = Path(done["record"])
    assert record_path.parent == tmp_path / "records"
    record = read_record(record_path)
    assert record["finished"]
    assert record_to_text(replay(game, record).record()) == record_path.read_text(encoding="utf-8")
    assert not (tmp_path / "online-autosave.json").exists(), "the finished game's autosave is removed"
    seats_seen = set()
    rng = random.Random(5)
    for index in run.bots:
        frames = [text for _, text in run.transcript(index).received]
        counts = check_transcript(game, record, frames, rng)
        seats_seen.add(json.loads(frames[0])["seat"])
        moves = sum(len(r["actions"]) for r in record["rounds"])
        assert counts["versions"] == moves + 1, "the guest saw every version of the table"
        assert counts["sampled"] > 0
        assert counts["records"] == 1, "the guest got the finished game's record, once, at the end"
    assert seats_seen == {s for s, kind in enumerate(seats.split(",")) if kind == "remote"}


def test_the_privacy_check_catches_another_seats_view_or_secret(tmp_path: Path) -> None:
    """The check above is not blind: a transcript with another seat's view in one update, or with an
    event still holding another seat's secret, is refused."""
    run, done = play(tmp_path, "tamoul", "remote,ai:normal", seed=4, levels=["random"], timeout=60)
    game = load_game("tamoul")
    record = read_record(Path(done["record"]))
    frames = [text for _, text in run.transcript(0).received]
    check_transcript(game, record, frames, random.Random(1))
    from game.core.engine import SeatInfo
    from game.net.wire import encode_event, encode_view

    state = game.new_state([SeatInfo(s["name"], s["controller"]) for s in record["seats"]], record["options"],
                           record["seed"], setups=[r["setup"] for r in record["rounds"]])
    first = next(i for i, f in enumerate(frames) if json.loads(f)["type"] == "update")
    wrong_view = json.loads(frames[first])
    wrong_view["view"] = encode_view(state.view(1))
    with pytest.raises(AssertionError):
        check_transcript(game, record, frames[:first] + [json.dumps(wrong_view)] + frames[first + 1:], random.Random(1))
    secret = next(e for e in state.opening_events() if e.secret and e.private_to == 1)
    leaked = json.loads(frames[first])
    leaked["events"] = leaked["events"] + [encode_event(secret)]
    with pytest.raises(AssertionError):
        check_transcript(game, record, frames[:first] + [json.dumps(leaked)] + frames[first + 1:], random.Random(1))
    over = next(f for f in frames if json.loads(f)["type"] == "over")
    with pytest.raises(AssertionError, match="before the end"):     # the record sent early
        check_transcript(game, record, frames[:first + 1] + [over] + frames[first + 1:], random.Random(1))
