"""Where the server is and who is asking: loopback addresses, this machine's own addresses.

Used by :mod:`kozyr.web.server` (what to print, whether a table code is needed) and by the
start page (which address its QR code shows, and to whom).
"""

from __future__ import annotations

import ipaddress
import socket


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address of this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def addresses() -> list[str]:
    """This machine's addresses a phone on the same network may reach (best effort)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


__all__ = ["addresses", "is_loopback"]
