"""A guest's seat on the game's own table, headless: join through the Join screen, wait in the lobby,
then play a whole game against the host's AI; the table draws only what the host sent (its view),
the other seats' moves arrive from the host, and our own moves go there to be judged."""
from __future__ import annotations

import random
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.catalog import load_game
from game.net.guest_session import GuestSession
from game.net.host import Host, SeatPlan
from game.net.loopback import free_port
from scenes.app import App
from scenes.screens.online_dialog import table_url
from scenes.screens.online_join import JoinScene
from scenes.screens.online_lobby import LobbyScene

DT = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "guest-home"))
    application = App(headless=True, fixed_dt=DT, size=(1280, 720))
    application.settings = replace(application.settings, animation_speed="instant", ai_delay_s=0.0) \
        .with_game_value("zeus", "sneak_window_s", 0.3)      # the shortest window the settings allow
    yield application
    application.shutdown()


def open_host(tmp_path: Path, game_id: str, seats: list[SeatPlan], seed: int) -> Host:
    host = Host.new(load_game(game_id), seats, {}, seed, tmp_path / "host", ai_pause=0.0, linger=0.2,
                    takeover_after=None)
    host.serve("127.0.0.1", 0)
    threading.Thread(target=host.run, kwargs={"timeout": 60}, daemon=True).start()
    return host


def frames(app: App, count: int, until: Any = None) -> None:
    for _ in range(count):
        paced_frame(app)
        if until is not None and until():
            return


def paced_frame(app: App) -> None:
    """One frame, then a moment's rest as a real window's loop has between frames: a host run by this
    program (hosted from the title) shares the interpreter with the frames, and a test that draws
    frames back to back without a pause starves its thread (autosaves seen taking 1-4 s)."""
    import time

    app.frame(DT)
    time.sleep(0.002)


def join_as_ann(app: App, host: Host) -> Any:
    """A guest named Ann joins the host's table by its code; her table is opened on the app."""
    from game.net.guest import GuestClient
    from scenes.table.online_seat import open_guest_table

    client = GuestClient.connect(f"ws://127.0.0.1:{host.port}", host.table.code, "Ann")
    client.wait_update(-1, timeout=10)
    table = open_guest_table(app, client)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def play_to_the_end(app: App, table: Any, rng: random.Random, until: Any = None, seconds: float = 120.0) -> None:
    """Seat 1 (ours) plays random legal moves on its table until the game is over (or `until()`), for
    at most `seconds` of wall time: the host and the friend run on threads of their own, so how many
    frames that takes depends on the machine, not on the game."""
    import time

    state = table.session.state
    done = until or (lambda: state.finished and not state.pending)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        paced_frame(app)
        if done():
            return
        if table._human_may_act() and 0 in state.waiting_for():
            legal = state.legal_actions(0)
            if legal:
                table._apply(0, rng.choice(legal))


def test_an_address_is_read_as_a_websocket_address() -> None:
    assert table_url("192.168.1.20") == "ws://192.168.1.20:8765"
    assert table_url(" example.org:9000 ") == "ws://example.org:9000"
    assert table_url("wss://example.org:9000") == "wss://example.org:9000"


# The four tables, each to its end against the host's AI (every game's protocol is played with guest
# programs in tests/net/test_online_games.py).
@pytest.mark.parametrize(("game_id", "ai_level", "drop"), [("zeus", "random", False), ("tamoul", "random", True),
                                                           ("telos", "random", False), ("elios", "random", False)])
def test_a_guest_joins_from_the_join_screen_and_plays_a_whole_game_on_its_table(tmp_path: Path, app: App,
                                                                                game_id: str, ai_level: str,
                                                                                drop: bool) -> None:
    """With `drop`, the connection breaks in the middle of the game: the table says it is reconnecting,
    takes its seat back with its token and plays on."""
    others = [SeatPlan("ai", ai_level, name) for name in ("Chloe", "Damon")][:max(1, load_game(game_id).min_players - 1)]
    host = open_host(tmp_path, game_id, [SeatPlan("remote"), *others], 4)
    try:
        join = JoinScene(app)
        app.stack.push(join)
        app.stack.apply_pending()
        join.address, join.code, join.name = f"127.0.0.1:{host.port}", host.table.code.lower(), "Ann"
        join.join()
        frames(app, 600, until=lambda: not isinstance(app.stack.top, JoinScene))
        frames(app, 600, until=lambda: not isinstance(app.stack.top, LobbyScene))
        table = app.stack.top
        session = table.session
        assert isinstance(session, GuestSession) and session.human_seats == (0,)
        rng = random.Random(2)
        moves = refused = 0
        first_client = session.client
        dropped = drop
        for _ in range(40_000):
            paced_frame(app)
            state = session.state
            if drop and session.client is first_client and state.shown.version >= 3 and not state.finished:
                first_client.connection.close()       # the network goes: the host sees the seat empty
                drop = False
            if state.finished and not state.pending:
                break
            if table._human_may_act() and 0 in state.waiting_for():
                legal = state.legal_actions(0)
                if legal and table._apply(0, rng.choice(legal)) is None:
                    moves += 1
            refused += len(state.refusals)       # a reaction the host judged too late (the table says so)
            state.refusals.clear()
            if not table._human_may_act() and getattr(app.stack.top, "transparent", False):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        assert session.state.finished and host.session.state.finished
        assert (session.client is not first_client) == dropped, "the table took its seat back on a new connection"
        recorded = sum(a[0] == 0 for r in host.session.state.record()["rounds"] for a in r["actions"])
        for _ in range(300):        # a move sent as the game ended is refused after the last update
            if moves - refused == recorded:
                break
            app.frame(DT)
            refused += len(session.state.refusals)
            session.state.refusals.clear()
        assert moves > 0 and moves - refused == recorded
        assert session.state.shown.version == host.version
        assert session.state.view(0) == host.session.state.view(0), "the guest's table shows its seat's view"
        # The finished game's record came with the end: kept in the guest's records, listed for replay and
        # Review, counted in the guest's statistics.
        frames(app, 120, until=lambda: session.finished_record_path is not None)
        kept = session.finished_record_path
        assert kept is not None and kept.parent == app.dirs.records
        assert kept.read_text(encoding="utf-8") == host.session.finished_record_path.read_text(encoding="utf-8")
        from scenes.screens.replays import ReplaysScene

        assert [e.path for e in ReplaysScene(app).entries] == [kept]
        from game.core.statistics import load_statistics

        counted = load_statistics(app.dirs.statistics_file).value.games[game_id].players["Ann"]
        assert counted.games == 1
        # The game's results offer its Review (of the record the host sent) and the way back; "Play
        # again" is the host's to offer.
        from scenes.screens.results import ResultsOverlay
        from scenes.screens.review import ReviewScene

        frames(app, 600, until=lambda: isinstance(app.stack.top, (ResultsOverlay, ReviewScene)))
        if isinstance(app.stack.top, ResultsOverlay):
            results = app.stack.top
            assert [label for label, _action in results.button_specs] == ["Review", "Back to menu"]
            results.choose(0)
            app.stack.apply_pending()
        assert isinstance(app.stack.top, ReviewScene) and app.stack.top.game is app.catalog.games[game_id]
        app.stack.top.leave()       # its search stops with it
    finally:
        host.close()


def test_a_table_hosted_from_the_title_menu_is_joined_by_a_friend_and_played(tmp_path: Path, app: App) -> None:
    """Host a table from the screens (this computer takes seat 1 through its own host, on 127.0.0.1 in
    this test), a friend's program joins with the code, and both seats play the game to its end."""
    from game.net.bot import main as bot_main
    from scenes.screens.online import OnlineScene
    from scenes.screens.online_host import HostScene

    online = OnlineScene(app)
    app.stack.push(online)
    app.stack.apply_pending()
    online.host()
    app.stack.apply_pending()
    hosting = app.stack.top
    assert isinstance(hosting, HostScene)
    hosting.bind = "127.0.0.1"
    hosting.set_game(next(g for g in hosting.games if g.id == "zeus"))
    assert hosting.others == ["friend"]
    assert hosting.options == {"sneak": True, "manual_draw": False}      # the local setup's options
    assert {"option-sneak", "option-manual_draw"} <= {getattr(c, "key", None) for c in hosting.focus.controls}
    hosting.set_option("manual_draw", True)
    hosting.port = "0"
    hosting.start()
    assert hosting.problem is not None and "1024" in hosting.problem       # a port a person would type
    hosting.port = str(free_port())
    hosting.start()
    app.stack.apply_pending()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    assert "127.0.0.1" in lobby.addresses.split(", ") or lobby.addresses, "the lobby says where to join"
    lobby.host.ai_pause = 0.0
    friend = threading.Thread(target=bot_main, args=([f"ws://127.0.0.1:{lobby.host.port}", lobby.host.table.code,
                                                      "--name", "Bob", "--record", str(tmp_path / "bob.rec")],))
    friend.start()
    frames(app, 3000, until=lambda: not isinstance(app.stack.top, LobbyScene))
    table = app.stack.top
    session, host = table.session, lobby.host
    play_to_the_end(app, table, random.Random(3))
    friend.join(timeout=30)
    assert host.session.state.finished and session.state.finished
    assert host.session.finished_record_path is not None and host.session.finished_record_path.is_file()
    assert [s.name for s in host.session.state.seats][1] == "Bob"
    assert host.session.state.options["manual_draw"] is True, "the host screen's option was played"


def test_a_guests_move_never_holds_up_the_frames_while_the_host_thinks_it_over(tmp_path: Path, app: App) -> None:
    """A host slow to answer (1.5 s): the move is sent and the table goes on drawing at its normal rate,
    saying the move is on its way; the host's answer then arrives as an update and is shown."""
    import time


    class SlowHost(Host):
        def _judge(self, guest: Any, act: Any) -> None:
            time.sleep(1.5)
            super()._judge(guest, act)

    host = SlowHost.new(load_game("zeus"), [SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")], {}, 5,
                        tmp_path / "host", ai_pause=0.0, linger=0.2, takeover_after=None)
    host.serve("127.0.0.1", 0)
    threading.Thread(target=host.run, kwargs={"timeout": 60}, daemon=True).start()
    try:
        table = join_as_ann(app, host)
        session = table.session
        frames(app, 3000, until=lambda: table._human_may_act() and session.state.legal_actions(0))
        version = session.state.shown.version
        move = session.state.legal_actions(0)[0]
        started = time.monotonic()
        assert table._apply(0, move) is None
        assert time.monotonic() - started < 0.2, "sending a move does not wait for the answer"
        assert session.state.awaiting and session.state.legal_actions(0) == []
        longest, count = 0.0, 0
        surface = pygame.Surface((1280, 720))
        while session.state.awaiting and time.monotonic() - started < 10:
            before = time.monotonic()
            app.frame(DT)
            table.draw(surface)
            longest = max(longest, time.monotonic() - before)
            count += 1
        waited = time.monotonic() - started
        assert 1.4 < waited < 10 and not session.state.awaiting, "the host's answer came, late"
        assert longest < 0.25 and count > waited * 10, f"frames went on: {count} in {waited:.1f} s, " \
                                                        f"the longest {longest * 1000:.0f} ms"
        frames(app, 600, until=lambda: session.state.shown.version > version)
        assert session.state.shown.version > version and session.state.shown.actor == 0 \
            or any(u.actor == 0 for u in session.client.state.updates[version + 1:]), "our move was shown"
        assert not session.state.refusals
        assert table.undo_button is None, "a guest's table offers no Undo"
    finally:
        host.close()


def test_the_lobby_gives_this_computers_network_addresses_from_its_interfaces() -> None:
    from types import SimpleNamespace as Adapter

    from game.net.addresses import for_friends, named_addresses, own_addresses

    lo = Adapter(ips=[Adapter(ip="127.0.0.1"), Adapter(ip=("::1", 0, 0))])
    eth = Adapter(ips=[Adapter(ip=("fe80::1", 0, 4)), Adapter(ip=("fd00::2", 0, 0)), Adapter(ip="192.168.1.20")])
    assert own_addresses([lo, eth]) == ["192.168.1.20", "fd00::2", "127.0.0.1", "::1"]
    assert for_friends([lo, eth]) == "192.168.1.20, fd00::2", "network ones only; never link-local"
    assert for_friends([lo]) == "127.0.0.1, ::1"      # only loopback: said, as there is nothing else
    assert "127.0.0.1" in own_addresses(), "this computer's own interfaces are read"
    assert "127.0.0.1" in named_addresses("localhost")
    assert named_addresses("no-such-host.invalid") == ["no-such-host.invalid"]


def test_a_guests_finished_game_its_full_disk_would_not_take_is_written_elsewhere_at_quit(
        tmp_path: Path, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's data folder is on a full disk when the game ends: the record the host sent cannot be
    kept, so quitting writes it beside the settings, as for a local game, and the next start keeps it."""
    from game.core.records import read_record
    from tests.core.test_faults_disk_full import Disk

    host = open_host(tmp_path, "zeus", [SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")], 6)
    try:
        table = join_as_ann(app, host)
        session = table.session
        disk = Disk(monkeypatch, holding=app.dirs.data)
        disk.full = True
        play_to_the_end(app, table, random.Random(5), until=lambda: session.state.finished and not
                        session.state.pending and session.client.state.record is not None)
        frames(app, 60)
        assert session.finished_unkept and session.pending and session.finished_record_path is None
        app.shutdown()
        copy = session.kept_elsewhere
        assert copy is not None and copy.parent == app.dirs.config / "unkept"
        assert read_record(copy) == read_record(host.session.finished_record_path)
    finally:
        host.close()


def test_an_online_game_hosted_from_the_title_is_played_on_after_the_program_stopped(tmp_path: Path,
                                                                                     app: App) -> None:
    """The hosting program stops in the middle of a game (its host gone without a word, as when the
    program is killed). Started again, the Online screen offers to play on: the table opens again on
    its port, the friend's program (which keeps trying) takes its seat back with its token, and the
    game goes on to its end from the autosave, with one record."""
    from game.core.records import read_record, record_to_text, replay
    from game.net.bot import main as bot_main
    from scenes.screens.online import OnlineScene
    from scenes.screens.online_host import HostScene

    HostScene.bind = "127.0.0.1"
    online = OnlineScene(app)
    assert online.kept is None, "nothing to play on yet"
    app.stack.push(online)
    app.stack.apply_pending()
    online.host()
    app.stack.apply_pending()
    hosting = app.stack.top
    hosting.bind = "127.0.0.1"
    hosting.set_game(next(g for g in hosting.games if g.id == "zeus"))
    port = free_port()
    hosting.port = str(port)
    hosting.start()
    app.stack.apply_pending()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    host = lobby.host
    host.ai_pause = 0.0
    friend = threading.Thread(target=bot_main, args=([f"ws://127.0.0.1:{port}", host.table.code, "--name", "Bob",
                                                      "--retry", "30", "--seed", "3"],))
    friend.start()
    frames(app, 3000, until=lambda: not isinstance(app.stack.top, LobbyScene))
    table = app.stack.top
    rng = random.Random(4)
    play_to_the_end(app, table, rng, until=lambda: host.version >= 8)
    assert 8 <= host.version and not host.session.state.finished
    host.close(quit_words=None)          # the program is gone: no word to the friends, who keep trying
    app.shutdown()

    again = App(headless=True, fixed_dt=DT, size=(1280, 720))     # the same player's program, started again
    again.settings = replace(again.settings, animation_speed="instant", ai_delay_s=0.0)
    try:
        online = OnlineScene(again)
        assert online.kept is not None and online.kept.port == port
        again.stack.push(online)
        again.stack.apply_pending()
        assert any(getattr(c, "key", None) == "resume" for c in online.focus.controls)
        online.resume()
        again.stack.apply_pending()
        lobby = again.stack.top
        assert isinstance(lobby, LobbyScene)
        resumed = lobby.host
        resumed.ai_pause = 0.0
        frames(again, 3000, until=lambda: not isinstance(again.stack.top, LobbyScene))
        table = again.stack.top
        session = table.session
        assert session.state.shown.version >= 8, "the table goes on where it stopped"
        play_to_the_end(again, table, rng)
        friend.join(timeout=30)
        assert resumed.session.state.finished and not friend.is_alive()
        kept = resumed.session.finished_record_path
        record = read_record(kept)
        assert record_to_text(replay(load_game("zeus"), record).record()) == kept.read_text(encoding="utf-8")
        assert [s["name"] for s in record["seats"]][1] == "Bob"
        assert OnlineScene(again).kept is None, "a finished game is not offered again"
    finally:
        again.shutdown()
        HostScene.bind = "0.0.0.0"
