"""Live fragments: parts of a page that htmx polls (brackets, standings, the TV screen, a
chouette table). Each answer carries the entity tag of the version it shows; a poll that
sends it back (If-None-Match, nardy/site.js) is answered 304 while nothing has changed,
so polling stays cheap and the fragment is left as it is."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers


def not_modified(request: HttpRequest, etag: str | None) -> bool:
    """The request names ``etag`` in If-None-Match: what it has is still current."""
    if etag is None:
        return False
    sent = request.headers.get("If-None-Match", "")
    return sent.strip() == "*" or etag in (tag.strip().removeprefix("W/") for tag in sent.split(","))


def live_answer(response: HttpResponse, etag: str | None) -> HttpResponse:
    """A polled fragment's answer (or its 304): tagged with the version it shows, and
    asked to be checked again each time (the page's script sends the tag back; the same
    address answers the whole page to a request without HX-Request)."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("HX-Request",))
    return response


def unchanged(request: HttpRequest, etag: str | None) -> HttpResponse | None:
    """The 304 Not Modified of a poll (an htmx request) that sends ``etag`` back; None:
    the fragment changed (or this is no poll), answer it."""
    if getattr(request, "htmx", False) and not_modified(request, etag):
        return live_answer(HttpResponseNotModified(), etag)
    return None
