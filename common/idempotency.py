"""Idempotency keys: a write sent again under the same key answers as the first did and
does nothing twice (a phone sending a result it kept offline, an API client retrying
after an answer it lost).

A client names each write with a key of its own: the ``Idempotency-Key`` header (the
API, or a page's script), or the ``idempotency_key`` field of a page's form (filled by
the page with a fresh key). The first request under a key runs, and its answer (status,
body and the headers that matter: Location, HX-Trigger, ...) is kept with the key, in
the same transaction as the write: either both are saved or neither. A later request
with the same key, method, path and body gets that answer back without running; one
with the same key but another body is refused (422): the key is the client's mistake.
Two identical requests at once: the second waits on the key's unique row, then answers
as the first. Answers of 5xx are not kept (the write was rolled back: a retry runs).
Keys are forgotten after ``IDEMPOTENCY_KEY_HOURS`` (the periodic sweep).

Keys belong to users: writes under a key need a signed-in user (anonymous requests run
as if no key was sent).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer

from common.errors import DomainError
from common.models import IdempotencyKey

KEY_HEADER = "Idempotency-Key"
KEY_FIELD = "idempotency_key"
KEY_PATTERN = re.compile(r"^[A-Za-z0-9_.:-]{8,100}$")
# The form fields that are not the write itself: a fresh CSRF token or the key field
# does not make a resent form another request.
NOT_THE_BODY = frozenset({"csrfmiddlewaretoken", KEY_FIELD})
# The answer's headers a replay gives again (the others are the framework's).
KEPT_HEADERS = (
    "Content-Type",
    "Location",
    "HX-Trigger",
    "HX-Trigger-After-Swap",
    "HX-Trigger-After-Settle",
    "HX-Redirect",
    "HX-Location",
    "HX-Refresh",
    "HX-Retarget",
    "HX-Reswap",
    "Nardy-Refused",  # REFUSED_HEADER: a resent refusal is said again
)

# A page's answer to a write the rules refused (a form error, a match that moved on) says
# so in these headers as well as in its HTML: a phone sending what it kept offline tells
# its player why (nardy/offline.js). The sentence is percent-encoded (headers are ASCII).
REFUSED_HEADER = "Nardy-Refused"

KEY_INVALID = _(
    "An idempotency key is 8 to 100 characters: letters, digits, dots, colons, hyphens "
    "or underscores."
)
KEY_REUSED = _(
    "This idempotency key was already used for a different request; send a new key with "
    "new data."
)
KEY_DESCRIPTION = (
    "A key of the client's choosing (8 to 100 characters: letters, digits, `.` `:` `-` "
    "`_`), fresh for each new write. A request sent again with the same key (after a lost "
    "answer, or from a phone that was offline) answers as the first did and changes "
    "nothing again; the same key with another body answers 422. Keys are kept for "
    "a day."
)


class KeyReused(DomainError):
    """The key came with another request than the one it was first used for."""

    status = 422
    translated = True

    def __init__(self) -> None:
        super().__init__("idempotency_key_reused", KEY_REUSED)


def keep_hours() -> int:
    return int(getattr(settings, "IDEMPOTENCY_KEY_HOURS", 24))


def valid_key(key: str) -> bool:
    return bool(KEY_PATTERN.match(key))


def fingerprint(request: HttpRequest) -> str:
    """SHA-256 of what a page's request asks: a form by its fields (less the CSRF token
    and the key), any other body byte for byte."""
    digest = hashlib.sha256()
    content_type = request.content_type or ""
    if content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        for name in sorted(set(request.POST) - NOT_THE_BODY):
            for value in request.POST.getlist(name):
                digest.update(f"{len(name)}:{name}={len(value)}:{value};".encode())
        for name in sorted(request.FILES):
            for upload in request.FILES.getlist(name):
                digest.update(f"file:{name}={upload.name}:{upload.size};".encode())
    else:
        digest.update(request.body)
    return digest.hexdigest()


def data_fingerprint(data: Any) -> str:
    """SHA-256 of an API request's parsed data (the same JSON however it is spaced)."""
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def run_once(
    request: HttpRequest,
    key: str,
    produce: Callable[[], HttpResponse],
    *,
    body_hash: str,
    content_of: Callable[[HttpResponse], bytes] = lambda response: response.content,
    content_type: str | None = None,
) -> HttpResponse:
    """``produce()`` the answer once for this user's ``key``; the kept answer after that.

    Raises :class:`KeyReused` when the key came with another method, path or body."""
    user = request.user
    asked = {"method": request.method or "", "path": request.path, "body_hash": body_hash}
    with transaction.atomic():
        try:
            with transaction.atomic():  # waits here while another request holds the key
                record = IdempotencyKey.objects.create(
                    user=user, key=key, status=0, content=b"", **asked
                )
        except IntegrityError:
            earlier = IdempotencyKey.objects.get(user=user, key=key)
            if {name: getattr(earlier, name) for name in asked} != asked:
                raise KeyReused() from None
            return replay(earlier)
        response = produce()
        if response.status_code >= 500:
            transaction.set_rollback(True)  # nothing kept: a retry runs again
            return response
        record.status = response.status_code
        record.content = content_of(response)
        record.headers = {name: response[name] for name in KEPT_HEADERS if name in response}
        if content_type:  # a DRF answer has its type once rendered, after this
            record.headers["Content-Type"] = content_type
        record.save(update_fields=["status", "content", "headers"])
    return response


def replay(record: IdempotencyKey) -> HttpResponse:
    response = HttpResponse(bytes(record.content), status=record.status)
    for name, value in record.headers.items():
        response[name] = value
    response["Idempotent-Replayed"] = "true"
    return response


def mark_refused(response: HttpResponse, sentence: Any) -> HttpResponse:
    """Say in ``response``'s headers that the write was refused, and why (if it was:
    ``sentence`` None leaves the answer as it is)."""
    if sentence is not None:
        response[REFUSED_HEADER] = quote(str(sentence), safe="")
    return response


def forget_expired() -> int:
    """Delete the keys older than IDEMPOTENCY_KEY_HOURS; returns how many."""
    since = timezone.now() - timedelta(hours=keep_hours())
    deleted, _by_model = IdempotencyKey.objects.filter(created__lt=since).delete()
    return deleted


View = Callable[..., HttpResponse]


def idempotent_page(view: View) -> View:
    """A page's POST view, run once per key (the form's ``idempotency_key`` field or
    the ``Idempotency-Key`` header); without a key it runs as it always did."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = request.headers.get(KEY_HEADER) or request.POST.get(KEY_FIELD, "")
        if request.method != "POST" or not key or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if not valid_key(key):
            return _page_error(request, 400, KEY_INVALID)
        try:
            return run_once(request, key, lambda: view(request, *args, **kwargs),
                            body_hash=fingerprint(request))
        except KeyReused as error:
            return _page_error(request, error.status, error.message)

    return wrapped


def _page_error(request: HttpRequest, status: int, sentence: Any) -> HttpResponse:
    title = _("Not sent") if status == 422 else _("Bad request")
    context = {"title": title, "sentence": sentence, "status": status}
    template = "common/_form_refused.html" if request.headers.get("HX-Request") else "error.html"
    return render(request, template, context, status=status)


def idempotent_action(method: Callable[..., Any]) -> Callable[..., Any]:
    """A DRF view's write, run once per ``Idempotency-Key`` header (see the module).

    Errors the view answers (409, 403, ...) are kept like any answer, so a resend is
    refused in the same words; the kept body is the answer's JSON."""

    @wraps(method)
    def wrapped(view: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        key = request.headers.get(KEY_HEADER)
        if key is None or not request.user.is_authenticated:
            return method(view, request, *args, **kwargs)
        if not valid_key(key):
            raise exceptions.ValidationError({KEY_HEADER: [KEY_INVALID]})

        def produce() -> Any:
            try:
                return method(view, request, *args, **kwargs)
            except Exception as error:  # noqa: BLE001 -- DRF answers it (error contract) or raises it again
                return view.handle_exception(error)

        return run_once(
            request,
            key,
            produce,
            body_hash=data_fingerprint(request.data),
            content_of=lambda response: JSONRenderer().render(response.data),
            content_type="application/json",
        )

    return wrapped
