"""The client's address, for every limit that counts requests per address.

A request's socket peer (``REMOTE_ADDR``) is the client, unless reverse proxies stand in front
of the club: then the peer is the nearest proxy, and the client's address is the one that proxy
wrote into ``X-Forwarded-For``. The header is only as good as whoever wrote each entry: a client
may send it with any value, and a proxy that appends (nginx's ``$proxy_add_x_forwarded_for``)
keeps that value in front of the address it saw. So the header is read only when
``settings.TRUSTED_PROXY_COUNT`` proxies are declared, and only at the entry the outermost of
them wrote: each proxy appends the address it got the request from, so with N proxies that entry
is the N-th from the right. Whatever stands to its left came from the client and is ignored.

The guest throttle (apps/accounts/api.py) and allauth's rate limits (the account adapter's
``get_client_ip``: failed logins, sign-ups, mailed codes) all count by these addresses. Nothing
on the WebSocket side counts per address.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

# One home line or phone is handed a whole IPv6 /64 (as allauth's ALLAUTH_RATE_LIMIT_IPV6_PREFIX,
# whose default it is): counted address by address, a single client would be 2**64 of them.
IPV6_PREFIX = 64


def _parsed(text: str) -> str | None:
    """``text`` as an IP address in its normal spelling, or ``None`` if it is not one."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent ``request``: the socket's peer, or, behind
    ``TRUSTED_PROXY_COUNT`` proxies, the address the outermost of them saw. A request that did
    not come through them all (too few entries: a probe from inside, a misrouted request) or
    whose entry is not an address is taken for the peer's own."""
    peer: str = request.META.get("REMOTE_ADDR", "")
    proxies: int = settings.TRUSTED_PROXY_COUNT
    if proxies > 0:
        entries = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if len(entries) >= proxies:
            return _parsed(entries[-proxies]) or peer
    return peer


def limited_address(request: HttpRequest) -> str:
    """``client_address`` as limits count it: an IPv6 address stands for its /64 network."""
    address = client_address(request)
    parsed = _parsed(address)
    if parsed and ":" in parsed:
        return str(ipaddress.IPv6Network(f"{parsed}/{IPV6_PREFIX}", strict=False).network_address)
    return address
