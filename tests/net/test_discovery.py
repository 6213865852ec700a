"""Tables found on the local network (mDNS/DNS-SD through zeroconf), on this computer's loopback only:
a host announces its open table, a finder lists it with what may be known (never the join code), the
list follows the seats taken, the table leaves the list when the game starts, and a stranger's
damaged announcement is ignored or cleaned before a screen shows it."""
from __future__ import annotations

import os
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from game.catalog import load_game
from game.net import discovery
from game.net.discovery import FoundTable, TableFinder
from game.net.guest import GuestClient
from game.net.host import Host, SeatPlan

LOOPBACK = ["127.0.0.1"]


def wait_for(check: Callable[[], Any], seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("not seen in time")


@pytest.fixture(autouse=True)
def own_service_type(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test announces and looks for a service type of its own, so the tables of a test running
    at the same time (another worker of the suite) or just before are not heard."""
    own_service_type.count = getattr(own_service_type, "count", 0) + 1
    monkeypatch.setattr(discovery, "SERVICE_TYPE", f"_ot{os.getpid() % 100000}-{own_service_type.count}._tcp.local.")


@pytest.fixture
def finder() -> Iterator[TableFinder]:
    found = TableFinder(interfaces=LOOPBACK)
    yield found
    found.close()


def open_host(tmp_path: Path, seats: list[SeatPlan], announce_as: str | None = "Ann") -> Host:
    host = Host.new(load_game("tamoul"), seats, {}, 3, tmp_path / "host", ai_pause=0.0, linger=0.2,
                    takeover_after=None)
    host.serve("127.0.0.1", 0, announce_as=announce_as)
    threading.Thread(target=host.run, kwargs={"timeout": 60}, daemon=True).start()
    return host


def test_the_suite_looks_for_tables_on_loopback_only() -> None:
    assert discovery.DEFAULT_INTERFACES == LOOPBACK


def test_an_open_table_is_found_with_its_game_and_free_seats_and_leaves_the_list_when_the_game_starts(
        tmp_path: Path, finder: TableFinder) -> None:
    host = open_host(tmp_path, [SeatPlan("remote"), SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")])
    try:
        table = wait_for(lambda: next((t for t in finder.found() if t.port == host.port), None))
        assert table == FoundTable("Ann", "tamoul", "127.0.0.1", host.port, 2, False)
        assert table.where == f"ws://127.0.0.1:{host.port}"
        announced = wait_for(lambda: host.announcement.service)
        said = announced.name + " ".join(f"{k!r}{v!r}" for k, v in announced.properties.items())
        assert host.table.code not in said and host.table.code.lower() not in said.lower(), "the code is never announced"
        first = GuestClient.connect(table.where, host.table.code, "Bob")
        wait_for(lambda: [t.free_seats for t in finder.found() if t.port == host.port] == [1])
        second = GuestClient.connect(table.where, host.table.code, "Cleo")   # every seat taken: the game starts
        wait_for(lambda: not [t for t in finder.found() if t.port == host.port])
        first.close()
        second.close()
    finally:
        host.close()


def test_a_table_not_announced_is_not_found_and_a_closed_one_leaves_the_list(tmp_path: Path,
                                                                              finder: TableFinder) -> None:
    quiet = open_host(tmp_path / "quiet", [SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")], announce_as=None)
    loud = open_host(tmp_path / "loud", [SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")], announce_as="Dora")
    try:
        wait_for(lambda: loud.port in [t.port for t in finder.found()])
        time.sleep(1.0)
        assert quiet.port not in [t.port for t in finder.found()]
        loud.close()
        wait_for(lambda: loud.port not in [t.port for t in finder.found()])
    finally:
        quiet.close()
        loud.close()


def announce_raw(properties: dict[str, str], name: str = "Stranger", port: int = 9000) -> tuple[Zeroconf, ServiceInfo]:
    zc = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
    info = ServiceInfo(discovery.SERVICE_TYPE, f"{name}.{discovery.SERVICE_TYPE}", port=port, properties=properties,
                       addresses=[socket.inet_aton("127.0.0.1")], server="stranger.local.")
    zc.register_service(info)
    return zc, info


def test_a_strangers_damaged_announcements_are_ignored_or_cleaned(finder: TableFinder) -> None:
    good = {"v": "olympus-table.v1", "game": "zeus", "host": "Eve\x00\x1b[2J" + "x" * 200, "free": "1", "tls": "1"}
    bad = [dict(good, v="olympus-table.v9"), dict(good, free="many"), dict(good, free="٣"), {"game": "zeus"}]
    zeroconfs = [announce_raw(props, name=f"bad{i}", port=9001 + i) for i, props in enumerate(bad)]
    zeroconfs.append(announce_raw(good, name="good", port=9100))
    try:
        table = wait_for(lambda: next((t for t in finder.found() if t.port == 9100), None))
        time.sleep(1.5)         # the damaged ones were heard too by now, and left out
        assert not [t for t in finder.found() if 9000 < t.port < 9100]
        assert table.port == 9100 and table.tls and table.where == "wss://127.0.0.1:9100"
        assert table.host_name.startswith("Eve[2J") and len(table.host_name) <= discovery.MAX_TEXT
        assert all(ch.isprintable() for ch in table.host_name)
    finally:
        for zc, info in zeroconfs:
            zc.unregister_service(info)
            zc.close()


def test_the_join_screen_lists_the_tables_found_and_a_pick_fills_the_address(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.app import App
    from scenes.screens.found_tables import LOOKING_S
    from scenes.screens.online_join import JoinScene

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path / "guest-home"))
    app = App(headless=True, fixed_dt=1 / 60, size=(800, 500))
    app.settings = replace(app.settings, animation_speed="instant")
    join = JoinScene(app)
    app.stack.push(join)
    app.stack.apply_pending()
    try:
        app.frame(1 / 60)
        assert "Looking for tables" in join.tables.words()
        for _ in range(int(LOOKING_S * 60) + 2):
            app.frame(1 / 60)
        assert join.tables.words() == "No table found on this network: type the host's address."
        host = open_host(tmp_path, [SeatPlan("remote"), SeatPlan("ai", "random", "Chloe")], announce_as="Ann")
        try:
            deadline = time.monotonic() + 15
            while not join.tables.found and time.monotonic() < deadline:
                app.frame(1 / 60)
                time.sleep(0.02)
            buttons = [c for c in join.focus.controls if getattr(c, "key", "").startswith("found-")]
            assert [b.label for b in buttons] == ["Ann: Tamoul, 1 seat free"]
            assert join.panel.bottom <= 500 and join.panel.top >= 0, "the list fits an 800×500 window"
            buttons[0].activate()
            assert join.address == f"ws://127.0.0.1:{host.port}"
            assert getattr(join.focus.focused, "key", None) == "code", "the code is still the host's to give"
            join.code = host.table.code
            join.join()
            deadline = time.monotonic() + 15
            while isinstance(app.stack.top, JoinScene) and time.monotonic() < deadline:
                app.frame(1 / 60)
                time.sleep(0.01)
            assert not isinstance(app.stack.top, JoinScene) and host.table.names[0], "joined from the list"
            assert join.tables.finder is None, "the finder stops when the screen closes"
        finally:
            host.close()
    finally:
        app.shutdown()


def test_a_table_open_on_every_network_is_announced_with_the_addresses_a_friend_can_reach(
        monkeypatch: pytest.MonkeyPatch, finder: TableFinder) -> None:
    """Bound to 0.0.0.0 the announcement names this computer's network addresses, not the loopback one
    (the suite still sends it on loopback only, and the address is a documentation one)."""
    monkeypatch.setattr(discovery, "own_addresses", lambda: ["192.0.2.7", "127.0.0.1", "fd00::7"])
    announcement = discovery.Announcement("Ann", "elios", 8765, 3, bind="0.0.0.0")
    try:
        table = wait_for(lambda: next((t for t in finder.found() if t.game_id == "elios"), None))
        assert (table.address, table.port, table.free_seats) == ("192.0.2.7", 8765, 3)
    finally:
        announcement.close()
