"""Where a page goes back to after a POST: the ``next`` a form sent, when it is safe."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme


def safe_target(request: HttpRequest, target: str | None) -> str | None:
    """``target`` when it is an address on this site (a path such as ``/tournaments/4/``),
    else None. Anything else a client sends (another host, a scheme, a bare word, a
    number) is ignored rather than followed or read as a view's name."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return None
    return target


def redirect_back(request: HttpRequest, target: str | None, fallback: str) -> HttpResponseRedirect:
    """A redirect to ``target`` when it is safe (see :func:`safe_target`), else to
    ``fallback`` (an address the view built)."""
    return HttpResponseRedirect(safe_target(request, target) or fallback)
