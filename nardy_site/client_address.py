"""The client's address, worked out once for every rule that counts per address.

Behind NARDY_PROXY_COUNT reverse proxies (a TLS terminator, a load balancer), the address
a request comes from is the nearest proxy's, the same for every visitor. Each proxy
appends the address it saw to X-Forwarded-For, so the client is the entry the outermost
declared proxy wrote: counted from the right, never the left, which a client can forge.

``ClientAddressMiddleware`` runs first and puts that address in ``REMOTE_ADDR`` (the peer
stays in ``NARDY_PEER_ADDR``). Everything after it reads ``REMOTE_ADDR`` and nothing else:
allauth's rate limits, django-axes's lockouts, DRF's throttles, and gunicorn's access log
(a WSGI request's META is the server's environ, so the log line sees the same address).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Mapping

from django.conf import settings
from django.http import HttpRequest, HttpResponse

PEER = "NARDY_PEER_ADDR"


def client_address(meta: Mapping[str, str], proxies: int) -> str:
    """The client's address from a request's META (or a WSGI environ) behind ``proxies``
    trusted proxies. A missing or malformed entry leaves the peer's own address."""
    peer = meta.get(PEER) or meta.get("REMOTE_ADDR", "")
    if proxies <= 0:
        return peer
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if not forwarded:
        return peer  # reached the app without passing a proxy
    candidate = forwarded[-min(proxies, len(forwarded))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return peer


def of_request(request: HttpRequest) -> str:
    """django-axes's AXES_CLIENT_IP_CALLABLE: the address the middleware settled on."""
    return request.META.get("REMOTE_ADDR", "")


class ClientAddressMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        meta.setdefault(PEER, meta.get("REMOTE_ADDR", ""))
        meta["REMOTE_ADDR"] = client_address(meta, settings.PROXY_COUNT)
        return self.get_response(request)
