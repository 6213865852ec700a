"""This computer's own addresses, to give friends who join a table hosted here.

As the operating system lists them for the computer's name (`getaddrinfo`, the standard library: no
interface-listing library is needed for this); the network's addresses first, the loopback ones last
(a friend at another computer cannot use those), the computer's name when none is listed.
"""
from __future__ import annotations

import ipaddress
import socket


def own_addresses(name: str | None = None) -> list[str]:
    """The addresses of `name` (this computer's own name by default), each once, network ones first."""
    name = name or socket.gethostname()
    try:
        found = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return [name]
    addresses: list[str] = []
    for family, _type, _proto, _name, sockaddr in found:
        text = str(sockaddr[0]).split("%", 1)[0]
        if family in (socket.AF_INET, socket.AF_INET6) and text not in addresses:
            addresses.append(text)
    addresses.sort(key=lambda a: (ipaddress.ip_address(a).is_loopback, ipaddress.ip_address(a).version))
    return addresses or [name]


def for_friends(name: str | None = None, most: int = 3) -> str:
    """The addresses to say in the lobby: the network ones when there are any, else what there is."""
    addresses = own_addresses(name)
    useful = [a for a in addresses if not _loopback(a)] or addresses
    return ", ".join(useful[:most])


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
