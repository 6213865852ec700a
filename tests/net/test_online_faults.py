"""What a stranger, a broken program or a dropped friend can do to a host: nothing but be refused.

The host runs here in a thread on 127.0.0.1 (quick to start), and the guests are WebSocket clients;
the kill -9 test uses real processes. Every refusal is logged, a flood closes only that connection,
and the game plays on and ends in a record that replays."""
from __future__ import annotations

import json
import logging
import random
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.catalog import load_game
from game.core.records import read_record, record_to_text, replay
from game.net import protocol as p
from game.net.guest import GuestClient, JoinError
from game.net.host import Host, SeatPlan
from game.net.loopback import kill_hard, start_host
from tests.net.privacy import check_transcript


def running(table: Host) -> Iterator[Host]:
    """`table` open on a free loopback port, its game run in a thread; closed afterwards."""
    table.serve("127.0.0.1", 0)
    result: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: result.setdefault("status", table.run(timeout=60)), daemon=True)
    thread.start()
    table.result = result          # type: ignore[attr-defined]
    table.thread = thread          # type: ignore[attr-defined]
    yield table
    table.close()
    thread.join(timeout=5)


@pytest.fixture(params=["two friends"])
def host(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Host]:
    """A Zeus table for two friends (and, when asked, an AI that takes its time)."""
    plans = [SeatPlan("remote"), SeatPlan("remote")]
    if request.param == "and an AI":
        plans.append(SeatPlan("ai", "random", "Chloe"))
    yield from running(Host.new(load_game("zeus"), plans, {}, 9, tmp_path, ai_pause=0.0 if len(plans) == 2 else 60.0,
                                linger=0.1))


def url(host: Host) -> str:
    return f"ws://127.0.0.1:{host.port}"


def raw_connection(host: Host) -> Any:
    return connect(url(host), subprotocols=[p.SUBPROTOCOL], proxy=None, open_timeout=5, close_timeout=1, legacy=True)


def hello(code: str, **extra: Any) -> str:
    return json.dumps({"type": "hello", "protocol": p.PROTOCOL, "code": code, "name": "Stranger", **extra})


def close_code(connection: Any, timeout: float = 5.0) -> int | None:
    """Read until the host closes the connection; its close code."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            connection.recv(timeout=deadline - time.monotonic())
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None
    except TimeoutError:
        return None
    return None


def play_out(client: GuestClient, timeout: float = 30.0, until: Any = None) -> None:
    """Play a guest's seat with the first legal action until the game is over (or `until()` is true)."""
    deadline = time.monotonic() + timeout
    seen = -1
    while client.state.over is None and time.monotonic() < deadline and not (until is not None and until()):
        client.wait_update(seen, timeout=2)
        state = client.state
        seen = state.version
        if state.legal and not state.reaction:
            refused = len(state.refused)
            client.act(state.legal[0])
            client.wait_update(seen, timeout=2, refusals=refused)


def play_all_out(*clients: GuestClient) -> None:
    """Every guest plays its seat at once (a thread each) until the game is over."""
    threads = [threading.Thread(target=play_out, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=40)


@pytest.mark.parametrize("host", ["and an AI"], indirect=True)
def test_a_wrong_code_an_unknown_token_and_a_taken_seat_are_refused_and_logged(host: Host,
                                                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="olympus.host")
    with pytest.raises(JoinError, match="join code is not right"):
        GuestClient.connect(url(host), "WRONG1", "Mallory")
    with pytest.raises(JoinError, match="does not know your seat"):
        GuestClient.connect(url(host), host.table.code, "Mallory", token="x" * 32)
    first = GuestClient.connect(url(host), host.table.code.lower(), "Ann", seat=0)   # case does not matter
    assert first.state.seat == 0 and first.state.token == host.table.tokens[0]
    with pytest.raises(JoinError, match="That seat is taken"):
        GuestClient.connect(url(host), host.table.code, "Mallory", seat=0)
    with pytest.raises(JoinError, match="not for a friend"):
        GuestClient.connect(url(host), host.table.code, "Mallory", seat=2)    # the AI's seat
    second = GuestClient.connect(url(host), host.table.code, "Ann")           # the same name is made unique
    assert second.state.seat == 1
    with pytest.raises(JoinError, match="Every seat is taken|has started"):
        GuestClient.connect(url(host), host.table.code, "Mallory")
    assert host.refused == 5
    assert sum("refused from" in r.getMessage() for r in caplog.records) == 5
    assert all(host.table.tokens[0] not in r.getMessage() for r in caplog.records), "a token was logged"
    second.wait_update(-1)
    names = [s["name"] for s in second.state.seats]
    assert names[0] == "Ann" and names[1] != "Ann"
    assert all("token" not in s for s in second.state.seats)
    first.close()
    second.close()


def test_an_action_for_another_seat_is_refused_and_the_host_takes_no_state(host: Host) -> None:
    ann = GuestClient.connect(url(host), host.table.code, "Ann")
    bob = GuestClient.connect(url(host), host.table.code, "Bob")
    assert ann.wait_update(-1) and bob.wait_update(-1)
    on_turn, waiting = (ann, bob) if ann.state.seat in ann.state.waiting else (bob, ann)
    assert on_turn.state.legal and not waiting.state.legal
    before = host.version
    refused = len(waiting.state.refused)
    # the other seat's move, proposed by the seat not on turn: judged for the sender's seat only
    waiting.act(on_turn.state.legal[0])
    waiting.wait_update(before, timeout=3, refusals=refused)
    assert len(waiting.state.refused) == refused + 1 and host.version == before
    # naming another seat, or sending state, is not in the protocol
    for message in ({"type": "act", "action": on_turn.state.legal[0].text, "base": before, "seat": on_turn.state.seat},
                    {"type": "update", "version": before + 1, "view": {}},
                    {"type": "welcome", "seat": on_turn.state.seat}):
        refused = len(waiting.state.refused)
        waiting.send(message)
        waiting.wait_update(before, timeout=3, refusals=refused)
        assert len(waiting.state.refused) == refused + 1
    assert host.version == before
    # a move made on a table that does not exist yet
    refused = len(on_turn.state.refused)
    on_turn.send({"type": "act", "action": on_turn.state.legal[0].text, "base": before + 5})
    on_turn.wait_update(before, timeout=3, refusals=refused)
    assert len(on_turn.state.refused) == refused + 1 and host.version == before
    ann.close()
    bob.close()


def test_an_oversized_message_closes_that_connection_only(host: Host) -> None:
    ann = GuestClient.connect(url(host), host.table.code, "Ann")
    connection = raw_connection(host)
    connection.send(hello(host.table.code))
    connection.send("x" * (p.MAX_GUEST_MESSAGE + 1))
    assert close_code(connection) == p.CLOSE_TOO_BIG
    stranger = raw_connection(host)
    stranger.send("{" * 100_000)     # too big before it is even read
    assert close_code(stranger) == p.CLOSE_TOO_BIG
    bob = GuestClient.connect(url(host), host.table.code, "Bob", token=host.table.tokens[1])
    play_all_out(ann, bob)
    assert ann.state.over is not None and bob.state.over is not None


def test_a_flood_closes_that_connection_and_the_game_plays_on(host: Host) -> None:
    ann = GuestClient.connect(url(host), host.table.code, "Ann")
    bob = GuestClient.connect(url(host), host.table.code, "Bob")
    assert bob.wait_update(-1)
    for _ in range(400):
        try:
            bob.send({"type": "act", "action": "play 99", "base": 0})
        except ConnectionClosed:
            break
    deadline = time.monotonic() + 5
    while not bob.closed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert bob.closed and "too many" in bob.close_reason
    rejoined = GuestClient.connect(url(host), host.table.code, "Bob", token=bob.state.token)
    play_all_out(ann, rejoined)
    assert rejoined.state.over is not None
    host.thread.join(timeout=10)
    assert host.result["status"] == 0
    record = read_record(host.session.finished_record_path)
    assert record_to_text(replay(load_game("zeus"), record).record()) == host.session.finished_record_path.read_text()


FUZZ_MESSAGES = 300


def fuzz_frames(rng: random.Random, code: str) -> Iterator[str | bytes]:
    """Malformed and hostile frames: bytes, broken JSON, wrong shapes and types, odd numbers, deep
    nesting, huge and unprintable texts, messages the host sends, real messages with a field too many."""
    shapes: list[Any] = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),
        lambda: "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 80))),
        lambda: '{"type": "act", "action": "play 1", "base": ' + rng.choice(["NaN", "Infinity", "-1", "1e999", "0.5",
                                                                            "true", "null", "\"0\"", "[0]"]) + "}",
        lambda: json.dumps({"type": "act", "action": rng.choice(["", " ", "PLAY 1", "play  1", "play\n1", "x" * 500,
                                                                 "\u202eplay 1", "draw", "play", "reshuffle",
                                                                 "play 1 2 3", "sneak 7", "play Zeus"]), "base": 0}),
        lambda: json.dumps(rng.choice([[], 0, "act", None, True, {"type": None}, {"type": ["act"]},
                                       {"type": "hello", "protocol": 1, "code": code}, {"type": "bye", "x": 1},
                                       {"type": "act"}, {"type": "act", "action": 7, "base": 0},
                                       {"type": "update", "view": {"hand": ["Zeus"]}}])),
        lambda: "[" * rng.randrange(1, 1500) + "]" * rng.randrange(0, 3),
        lambda: json.dumps({"type": "act", "action": "play 1", "base": 0, "seat": rng.randrange(-3, 9)}),
        lambda: '{"type": "act", "action": "play 1", "base": 0, "type": "hello"}',
    ]
    for _ in range(FUZZ_MESSAGES):
        yield rng.choice(shapes)()


def test_a_fuzz_of_malformed_messages_never_crashes_the_host(host: Host) -> None:
    ann = GuestClient.connect(url(host), host.table.code, "Ann")
    bob = GuestClient.connect(url(host), host.table.code, "Bob")
    token = bob.state.token
    rng = random.Random(2026)
    frames = list(fuzz_frames(rng, host.table.code))
    connections = 0
    for start in range(0, len(frames), 25):       # a connection per batch: floods close some of them
        connections += 1
        fuzzer = GuestClient.connect(url(host), host.table.code, "Bob", token=token)
        for frame in frames[start:start + 25]:
            try:
                fuzzer.send_raw(frame)
            except (ConnectionClosed, OSError):
                break
        fuzzer.close()
        # strangers without a seat get the same frames as their first message
        stranger = raw_connection(host)
        try:
            stranger.send(frames[start])
            close_code(stranger, timeout=0.5)
        except (ConnectionClosed, OSError):
            pass
    assert host.thread.is_alive() and host.refused >= 50
    rejoined = GuestClient.connect(url(host), host.table.code, "Bob", token=token)
    play_all_out(ann, rejoined)
    host.thread.join(timeout=10)
    assert host.result["status"] == 0 and host.session.state.finished
    assert connections == FUZZ_MESSAGES // 25


def test_a_guest_killed_mid_game_takes_its_seat_back_with_its_token(tmp_path: Path) -> None:
    """Real processes: the host, two guest programs; one is killed with kill -9 in the middle of the
    game, a stranger cannot take its seat, and the guest started again with its token plays on."""
    run = start_host(tmp_path, "tamoul", "remote,remote,ai:random", seed=21, ai_pause=0.02, timeout=60)
    try:
        run.start_bot(0, "random", seed=1)
        victim = run.start_bot(1, "random", seed=2)
        deadline = time.monotonic() + 20
        while (len(run.transcript(1).received) < 12 or not (tmp_path / "bot1.token").is_file()) \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        kill_hard(victim)
        with pytest.raises(JoinError, match="has started"):
            GuestClient.connect(run.url(), run.code, "Mallory")
        time.sleep(0.3)
        again = run.start_bot(1, "random", seed=3)
        done = run.wait(60)
    finally:
        run.stop()
    assert run.host.returncode == 0 and again.returncode == 0, (tmp_path / "host.err").read_text()[-2000:]
    game = load_game("tamoul")
    record = read_record(Path(done["record"]))
    assert record_to_text(replay(game, record).record()) == Path(done["record"]).read_text()
    frames = [text for _, text in run.transcript(1).received]
    welcomes = [json.loads(f) for f in frames if json.loads(f)["type"] == "welcome"]
    assert len(welcomes) == 2 and welcomes[0]["seat"] == welcomes[1]["seat"]
    check_transcript(game, record, frames, random.Random(3))
    other = [json.loads(text) for _, text in run.transcript(0).received]
    seat = welcomes[0]["seat"]
    assert any(m["type"] == "seats" and not m["seats"][seat]["present"] for m in other), "the others saw who was missing"
    log = (tmp_path / "online-host.log").read_text()
    assert "dropped" in log and "refused from" in log


def test_a_host_killed_mid_game_resumes_and_its_guests_take_their_seats_back(tmp_path: Path) -> None:
    """Real processes: the host is killed with kill -9 in the middle of a game; started again with
    --resume on the same port, it plays on from its autosave, the guest programs (which keep trying)
    take their seats back with their tokens, and the game ends in a record that replays."""
    from game.net.loopback import free_port

    port = free_port()
    run = start_host(tmp_path, "tamoul", "remote,remote,ai:normal", seed=33, ai_pause=0.02, timeout=60, port=port)
    try:
        for index in range(2):
            run.start_bot(index, "random", seed=index, retry=20)
        deadline = time.monotonic() + 20
        while len(run.transcript(0).received) < 20 and time.monotonic() < deadline:
            time.sleep(0.02)
        kill_hard(run.host)
        assert (tmp_path / "online-autosave.json").is_file()
        resumed = start_host(tmp_path, "", "", 0, ai_pause=0.02, extra=["--resume"], timeout=60, port=port)
        assert resumed.code == run.code
        resumed.bots = run.bots
        done = resumed.wait(60)
    finally:
        run.stop()
    assert resumed.host.returncode == 0, (tmp_path / "host.err").read_text()[-2000:]
    assert all(bot.returncode == 0 for bot in run.bots.values())
    game = load_game("tamoul")
    record = read_record(Path(done["record"]))
    assert record_to_text(replay(game, record).record()) == Path(done["record"]).read_text()
    for index in range(2):
        frames = [text for _, text in run.transcript(index).received]
        assert sum(json.loads(f)["type"] == "welcome" for f in frames) == 2
        check_transcript(game, record, frames, random.Random(index))
    assert "resumed tamoul at action" in (tmp_path / "online-host.log").read_text()


@pytest.fixture
def quick_takeover(tmp_path: Path) -> Iterator[Host]:
    """Two friends at Zeus; a friend missing 0.3 s has an AI keep the seat."""
    yield from running(Host.new(load_game("zeus"), [SeatPlan("remote"), SeatPlan("remote")], {}, 5, tmp_path,
                                ai_pause=0.0, linger=0.1, takeover_after=0.3, stand_in_level="random"))


def test_a_missing_friend_is_counted_down_then_an_ai_keeps_the_seat_and_hands_it_back(quick_takeover: Host) -> None:
    host = quick_takeover
    ann = GuestClient.connect(url(host), host.table.code, "Ann")
    bob = GuestClient.connect(url(host), host.table.code, "Bob")
    assert ann.wait_update(-1) and bob.wait_update(-1)
    token, seat = bob.state.token, bob.state.seat
    bob.close()
    with ann.changed:
        assert ann.changed.wait_for(lambda: any(
            not s["present"] and s["takeover_in"] is not None and s["takeover_in"] > 0 for s in ann.state.seats), 5)
    with ann.changed:      # the countdown ends: the AI keeps Bob's seat, and Bob's moves are made
        assert ann.changed.wait_for(lambda: ann.state.seats[seat]["stand_in"], 5)
    def moves_of_bob() -> int:
        with host.lock:
            return sum(a[0] == seat for rnd in host.session.state.rounds for a in rnd.actions)

    before = moves_of_bob()
    play_out(ann, 10.0, until=lambda: moves_of_bob() >= before + 2)
    assert moves_of_bob() >= before + 2 and not host.session.state.finished, "the AI made Bob's moves"
    back = GuestClient.connect(url(host), host.table.code, "Bob", token=token)
    assert back.state.seat == seat
    assert seat not in host.agents and seat not in host.stand_ins, "the AI handed the seat back"
    play_all_out(ann, back)
    host.thread.join(timeout=10)
    assert host.result["status"] == 0 and host.session.state.finished


def test_an_interception_is_decided_in_order_of_arrival_and_everyone_sees_who_was_first(tmp_path: Path) -> None:
    """Tamoul, two friends. An interception made on a table that has since moved on arrives too late
    and is refused as such, changing nothing; one made on the table as it is wins, and the other
    friend's events say who intercepted."""
    host = Host.new(load_game("tamoul"), [SeatPlan("remote"), SeatPlan("remote")], {}, 1, tmp_path, ai_pause=0.0,
                    linger=0.1)
    host.serve("127.0.0.1", 0)
    thread = threading.Thread(target=host.run, kwargs={"timeout": 60}, daemon=True)
    thread.start()
    try:
        ann = GuestClient.connect(url(host), host.table.code, "Ann")
        bob = GuestClient.connect(url(host), host.table.code, "Bob")
        assert (ann.state.seat, bob.state.seat) == (0, 1)
        clients = {0: ann, 1: bob}

        def step_until_bob_may_intercept() -> int:
            while True:
                version = host.version
                assert ann.wait_update(version - 1) and bob.wait_update(version - 1)
                if any(a.verb == "intercept" for a in bob.state.legal) and bob.state.reaction:
                    return version
                mover = clients[ann.state.waiting[0]]
                mover.act(next(a for a in mover.state.legal if a.verb != "intercept"))
                assert mover.wait_update(version, timeout=5)

        version = step_until_bob_may_intercept()
        intercept = next(a for a in bob.state.legal if a.verb == "intercept")
        ann.act(next(a for a in ann.state.legal if a.verb != "intercept"))     # Ann's move arrives first
        assert bob.wait_update(version, timeout=5)
        bob.send({"type": "act", "action": intercept.text, "base": version})   # made on the older table
        bob.wait_update(version + 1, timeout=5, refusals=0)
        assert bob.state.refused and bob.state.refused[-1]["late"]
        assert bob.state.refused[-1]["reason"] == "Too late: Ann was quicker."
        assert host.version == version + 1
        assert not any(a[1].startswith("intercept") for a in host.session.state.rounds[-1].actions)

        version = step_until_bob_may_intercept()
        intercept = next(a for a in bob.state.legal if a.verb == "intercept")
        bob.act(intercept)                                                     # Bob's arrives first
        assert ann.wait_update(version, timeout=5)
        seen = [e for e in ann.state.events if e.kind == "intercepted"]
        assert seen and seen[-1].seat == 1, "Ann's table says Bob intercepted"
        assert host.session.state.rounds[-1].actions[-1] == [1, intercept.text]
        ann.close()
        bob.close()
    finally:
        host.close()
        thread.join(timeout=5)


@pytest.mark.parametrize("host", ["and an AI"], indirect=True)
def test_guessing_the_code_from_one_address_is_stopped(host: Host) -> None:
    """After a handful of wrong codes from one address, even the right code is refused from there for
    a while (guessing 30 bits at that pace would take years)."""
    for attempt in range(p.FAILED_JOINS_BURST):
        with pytest.raises(JoinError, match="join code is not right"):
            GuestClient.connect(url(host), f"WRONG{attempt}", "Mallory")
    with pytest.raises(JoinError, match="Too many wrong join codes"):
        GuestClient.connect(url(host), host.table.code, "Mallory")
    host._failed_joins.clear()       # a minute later (the test does not wait it out)
    assert GuestClient.connect(url(host), host.table.code, "Ann").state.seat == 0
