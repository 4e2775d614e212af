"""Live fragments: parts of a page that htmx polls (brackets, standings, the TV screen, a
chouette table). Each answer carries the entity tag of the version it shows; a poll that
sends it back (If-None-Match, nardy/site.js) is answered 304 while nothing has changed,
so polling stays cheap and the fragment is left as it is.

The polls of anonymous visitors (most of a final's spectators) are answered earlier
still: ``remember`` notes, for each tag such a visitor was given, the address, the
language inputs and the version of the event it shows, and ``early_answer`` (the
first middleware, ``nardy_site.live_polls``) answers 304 from two cache reads when the
tag's version is still the event's: no session, no user, no event row, no view.
Only public fragments are noted (the same for every visitor: display names only), and
only for requests without a session, so the early answer never decides who may see
what; anything it is unsure of goes on to the view."""

from __future__ import annotations

import hashlib
import logging
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers

log = logging.getLogger(__name__)

NOTE_PREFIX = "nardy:live:"
ETAG_FORM = re.compile(r'"[0-9a-f]{16,64}"')  # the tags this site gives (page_cache's)
MAX_TAGS = 4  # of an If-None-Match header, looked at


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


def remember(request: HttpRequest, etag: str | None, version_key: str | None,
             version: str | None, seconds: int) -> None:
    """Note that ``etag`` is what an anonymous visitor's poll of this address shows while
    the value under ``version_key`` stays ``version`` (for ``seconds`` at most: less when
    the fragment shows something no version follows, the TV screen's minute)."""
    if (etag is None or version_key is None or version is None or request.method != "GET"
            or getattr(request, "user", None) is None or request.user.is_authenticated
            or settings.SESSION_COOKIE_NAME in request.COOKIES or seconds <= 0):  # fmt: skip
        return
    note = (request.get_full_path(), _language_inputs(request), version_key, version)
    try:
        cache.set(NOTE_PREFIX + etag, note, seconds)
    except Exception:  # the cache is down: the polls go to the view
        log.warning("live polls: could not note %s", etag, exc_info=True)


def early_answer(request: HttpRequest) -> HttpResponse | None:
    """304 Not Modified for an anonymous visitor's poll whose tag is noted for this
    address and language and whose event has not changed since; None: ask the view."""
    if (request.method != "GET" or request.headers.get("HX-Request") != "true"
            or settings.SESSION_COOKIE_NAME in request.COOKIES):  # fmt: skip
        return None
    sent = request.headers.get("If-None-Match", "")
    tags = [tag.strip().removeprefix("W/") for tag in sent.split(",")[:MAX_TAGS]]
    tags = [tag for tag in tags if ETAG_FORM.fullmatch(tag)]
    if not tags:
        return None
    try:
        notes = cache.get_many([NOTE_PREFIX + tag for tag in tags])
        for tag in tags:
            note = notes.get(NOTE_PREFIX + tag)
            if not (isinstance(note, tuple) and len(note) == 4):
                continue
            path, language, version_key, version = note
            if path != request.get_full_path() or language != _language_inputs(request):
                continue
            if cache.get(version_key) == version:
                return live_answer(HttpResponseNotModified(), tag)
    except Exception:  # the cache is down: the view answers
        log.warning("live polls: cache unavailable", exc_info=True)
    return None


def _language_inputs(request: HttpRequest) -> str:
    """What the language of the answer is chosen from (besides the page's club, which
    a version follows): the language cookie and the browser's languages."""
    inputs = "\x1f".join((request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""),
                           request.headers.get("Accept-Language", "")))  # fmt: skip
    return hashlib.blake2b(inputs.encode(), digest_size=8).hexdigest()
