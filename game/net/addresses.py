"""This computer's own addresses, to give friends who join a table hosted here.

Read from the network interfaces themselves with `ifaddr` (the small interface-listing library that
`zeroconf` already brings), so a computer whose name resolves only to the loopback address still shows
its network address. The network's addresses come first (IPv4 before IPv6), link-local IPv6 ones are
left out (a friend would need the interface's name too), the loopback ones last (a friend at another
computer cannot use those). Should the interfaces not be readable, the addresses the system lists for
the computer's name (`getaddrinfo`) are used, or the name itself.
"""
from __future__ import annotations

import ipaddress
import logging
import socket
from typing import Any, Iterable

import ifaddr

log = logging.getLogger("olympus.addresses")


def own_addresses(adapters: Iterable[Any] | None = None) -> list[str]:
    """This computer's addresses, each once, network ones first. `adapters`: ifaddr's list (tests)."""
    try:
        adapters = list(ifaddr.get_adapters()) if adapters is None else list(adapters)
    except (OSError, ValueError) as exc:
        log.warning("the network interfaces cannot be read: %s", exc)
        adapters = []
    addresses: list[str] = []
    for adapter in adapters:
        for ip in adapter.ips:
            text = ip.ip[0] if isinstance(ip.ip, tuple) else str(ip.ip)
            address = _parsed(text)
            if address is not None and not address.is_link_local and text not in addresses:
                addresses.append(text)
    if not addresses:
        addresses = named_addresses(socket.gethostname())
    addresses.sort(key=_order)
    return addresses


def named_addresses(name: str) -> list[str]:
    """The addresses the system lists for `name`, or the name itself when it lists none."""
    try:
        found = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return [name]
    addresses: list[str] = []
    for family, _type, _proto, _name, sockaddr in found:
        text = str(sockaddr[0]).split("%", 1)[0]
        if family in (socket.AF_INET, socket.AF_INET6) and text not in addresses:
            addresses.append(text)
    return sorted(addresses, key=_order) or [name]


def for_friends(adapters: Iterable[Any] | None = None, most: int = 3) -> str:
    """The addresses to say in the lobby: the network ones when there are any, else what there is."""
    addresses = own_addresses(adapters)
    useful = [a for a in addresses if not _loopback(a)] or addresses
    return ", ".join(useful[:most])


def _parsed(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None


def _order(text: str) -> tuple[bool, int]:
    address = _parsed(text)
    return (True, 9) if address is None else (address.is_loopback, address.version)


def _loopback(text: str) -> bool:
    address = _parsed(text)
    return address is not None and address.is_loopback
