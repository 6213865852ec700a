"""Finding tables on the local network: a host announces its open table by mDNS/DNS-SD, a joining
program lists the tables it hears of.

Built on `zeroconf` (the well-kept pure-Python mDNS/DNS-SD library, Bonjour and Avahi compatible), so
a table shows up the way printers and music speakers do, with no server and nothing to configure. What
is announced is what anybody on the network may know: the game, the host's player name, how many
seats are still free, the port and whether the table speaks TLS. The join code is never announced: a
friend still needs it from the host, so hearing of a table is not being let in.

Everything here runs on zeroconf's own threads and never blocks the caller (a frame, the host's loop):
the announcement is registered in the background, and the finder keeps a list the Join screen reads.
A network without multicast, or a system that refuses the sockets, only means no tables are found;
addresses typed by hand still work. Tests pass `interfaces=["127.0.0.1"]` so nothing leaves this
computer.
"""
from __future__ import annotations

import ipaddress
import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any, Sequence

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.net import protocol as p
from game.net.addresses import own_addresses

log = logging.getLogger("olympus.discovery")

SERVICE_TYPE = "_olympus-table._tcp.local."
MAX_FOUND = 50                  # a network full of announcements cannot grow the list without end
MAX_TEXT = 60                   # characters kept of an announced name (the screen shows one line)
LOOKUP_MS = 3000

# Where announcements go and queries are sent when a caller does not say: every interface of this
# computer. The suite sets it to loopback (tests/conftest.py) so no test talks to the network.
DEFAULT_INTERFACES: Sequence[str] | InterfaceChoice = InterfaceChoice.All


@dataclass(frozen=True)
class FoundTable:
    """A table heard of on the network, as the Join screen lists it."""

    host_name: str
    game_id: str
    address: str
    port: int
    free_seats: int
    tls: bool

    @property
    def where(self) -> str:
        """What the Join screen's address field takes for this table."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"


def _interfaces_for(bind: str) -> Sequence[str] | InterfaceChoice:
    """A table bound to one address is announced there only; one open on every address, everywhere."""
    if bind in ("", "0.0.0.0", "::"):
        return DEFAULT_INTERFACES
    return [bind]


def _clean(text: Any, limit: int = MAX_TEXT) -> str:
    """An announced text as a screen may show it: printable characters only, one short line."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return "".join(ch for ch in str(text) if ch.isprintable())[:limit].strip()


class Announcement:
    """A table announced on the network until `close` (or `withdraw` once its seats are taken)."""

    def __init__(self, host_name: str, game_id: str, port: int, free_seats: int, tls: bool = False,
                 bind: str = "0.0.0.0") -> None:
        self._lock = threading.Lock()
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._closed = False
        self._free_later: int | None = None      # a change of free seats made before registering ended
        name = _clean(host_name) or "Olympus Table"
        properties = {"v": p.SUBPROTOCOL, "game": game_id, "host": name,
                      "free": str(free_seats), "tls": "1" if tls else "0"}
        addresses = _network_ipv4() if bind in ("", "0.0.0.0", "::") else [bind]
        # The instance name must be unique on the network: the host's name and the port make it so in
        # practice, and zeroconf renames it on a clash.
        instance = f"{name} {port}.{SERVICE_TYPE}"
        self._thread = threading.Thread(target=self._register, name="announce", daemon=True,
                                        args=(instance, port, properties, addresses, bind))
        self._thread.start()

    def _register(self, instance: str, port: int, properties: dict[str, str], addresses: list[str],
                  bind: str) -> None:
        try:
            zc = Zeroconf(interfaces=_interfaces_for(bind), ip_version=IPVersion.V4Only)
        except OSError as exc:
            log.warning("the table cannot be announced on this network: %s", exc)
            return
        info = ServiceInfo(SERVICE_TYPE, instance, port=port, properties=properties,
                           parsed_addresses=addresses or None, server=f"{socket.gethostname()}.local.")
        try:
            zc.register_service(info, allow_name_change=True)
        except Exception as exc:         # zeroconf's own errors (a name clash, a closed socket)
            log.warning("the table could not be announced: %s", exc)
            zc.close()
            return
        with self._lock:
            if self._closed:
                zc.unregister_service(info)
                zc.close()
                return
            self._zeroconf, self._info = zc, info
            later, self._free_later = self._free_later, None
        log.info("table announced on the local network as %r", info.name)
        if later is not None:
            self.update(later)

    @property
    def service(self) -> ServiceInfo | None:
        """What is announced now (None until registering ends, and after `close`)."""
        with self._lock:
            return self._info

    def update(self, free_seats: int) -> None:
        """Say how many seats are still free (a friend took one)."""
        with self._lock:
            zc, info = self._zeroconf, self._info
            if zc is None or info is None:
                self._free_later = free_seats
                return
            properties = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            properties["free"] = str(free_seats)
            new = ServiceInfo(SERVICE_TYPE, info.name, port=info.port, properties=properties,
                              addresses=info.addresses, server=info.server)
            self._info = new
        try:
            zc.update_service(new)
        except Exception as exc:        # the network went: the listing stays as it was
            log.warning("the table's announcement could not be updated: %s", exc)

    def withdraw(self) -> None:
        """Stop announcing: the table's seats are all taken (it stays open for those who rejoin)."""
        self.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info = self._zeroconf, self._info
            self._zeroconf = self._info = None
        if zc is not None and info is not None:
            try:
                zc.unregister_service(info)
            finally:
                zc.close()


class TableFinder(ServiceListener):
    """Listens for announced tables until `close`; `found()` lists them, newest knowledge each time."""

    def __init__(self, interfaces: Sequence[str] | InterfaceChoice | None = None) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, FoundTable] = {}
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._closed = False
        self.failed: str | None = None      # why nothing can be found (no multicast here), in plain words
        self._interfaces = DEFAULT_INTERFACES if interfaces is None else interfaces
        threading.Thread(target=self._start, name="find-tables", daemon=True).start()

    def _start(self) -> None:
        try:
            zc = Zeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
        except OSError as exc:
            log.warning("tables on this network cannot be looked for: %s", exc)
            self.failed = str(exc)
            return
        with self._lock:
            if self._closed:
                zc.close()
                return
            self._zeroconf = zc
            self._browser = ServiceBrowser(zc, SERVICE_TYPE, self)

    def found(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.host_name.lower(), t.game_id, t.port))

    # zeroconf calls these on its own thread.
    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look_up(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look_up(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._tables.pop(name, None)

    def _look_up(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=LOOKUP_MS)
        table = _table_of(info) if info is not None else None
        with self._lock:
            if table is None:
                self._tables.pop(name, None)
            elif name in self._tables or len(self._tables) < MAX_FOUND:
                self._tables[name] = table

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, browser = self._zeroconf, self._browser
            self._zeroconf = self._browser = None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()


def _table_of(info: ServiceInfo) -> FoundTable | None:
    """An announcement as a table to list, or None when it is not one this program can join (another
    protocol version, damaged fields: anybody on a network may announce anything)."""
    props = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): v
             for k, v in (info.properties or {}).items()}
    if _clean(props.get("v") or b"") != p.SUBPROTOCOL:
        return None
    addresses = [a for a in info.parsed_addresses(IPVersion.V4Only) if _usable(a)]
    free, port = _clean(props.get("free") or b""), info.port
    if not addresses or not free.isascii() or not free.isdigit() or not port or not 0 < port < 65536:
        return None
    return FoundTable(_clean(props.get("host") or b"") or "?", _clean(props.get("game") or b"", 20),
                      addresses[0], int(port), min(int(free), 8), _clean(props.get("tls") or b"") == "1")


def _network_ipv4() -> list[str]:
    """This computer's IPv4 addresses a friend can reach (the loopback one only when there is no other)."""
    found = [a for a in own_addresses() if ipaddress.ip_address(a).version == 4]
    return [a for a in found if not ipaddress.ip_address(a).is_loopback] or found


def _usable(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True
