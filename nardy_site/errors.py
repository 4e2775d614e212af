"""Error answers of the whole site: JSON in the API's shape under /api/, styled pages in
the site's layout and the reader's language elsewhere.

``handler400``, ``handler403``, ``handler404`` and ``handler500`` (nardy_site/urls.py),
the CSRF failure view and :class:`RequestSizeLimit` answer through here, so no error
under /api/ is an HTML page and no page error is Django's bare default.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.http.response import HttpResponseRedirectBase
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common.api import error_body, error_response

API_PREFIX = "/api/"

PAGES: dict[int, tuple[Any, Any]] = {
    400: (_("Bad request"), _("The request could not be understood. Go back and try again.")),
    403: (_("Not allowed"), _("You may not see or do this.")),
    404: (_("Page not found"), _("There is nothing at this address.")),
    405: (_("Not allowed"), _("This address does not take that kind of request.")),
    413: (_("Too large"), _("What was sent is too large. Send a smaller file or text.")),
    429: (_("Too many attempts"), _("Too many attempts. Wait a few minutes and try again.")),
}
CODES = {
    400: "bad_request",
    403: "permission_denied",
    404: "not_found",
    413: "request_too_large",
    429: "throttled",
}


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def error_page(request: HttpRequest, status: int, reason: Any = None) -> HttpResponse:
    """The error answer for ``status``: JSON under /api/, else the styled page."""
    if is_api(request):
        return error_response(CODES.get(status, "error"), status, reason)
    title, sentence = PAGES[status]
    context = {"title": title, "sentence": reason or sentence, "status": status}
    return render(request, "error.html", context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # Our own PermissionDenied carry a translated sentence; Django's bare one carries none.
    reason = str(exception) if exception is not None and str(exception) else None
    return error_page(request, 403, reason)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 answer; its page needs neither the database nor the request's user."""
    if is_api(request):
        return error_response("server_error", 500)
    return HttpResponse(render_to_string("500.html"), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: the form was sent without a valid token (an old page, mostly)."""
    sentence = _("This form has expired or came from elsewhere. Reload the page and send it again.")
    return error_page(request, 403, sentence)


NULL_CHARACTER = _("Null characters are not allowed.")


class ApiAnswers:
    """Under /api/: a query string with a NUL character is refused (400, naming the
    parameter) before any view reads it (a database such as PostgreSQL cannot even
    compare such a string), and the redirect of APPEND_SLASH (``/api/matches`` to
    ``/api/matches/``) answers JSON too; one for a method other than GET or HEAD is a
    308, so the client sends its body again to the right address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not (is_api(request) or request.path == API_PREFIX.rstrip("/")):
            return self.get_response(request)
        broken = sorted({name for name, values in request.GET.lists()
                         if "\x00" in name or any("\x00" in value for value in values)})
        if broken:
            fields = {name.replace("\x00", ""): [str(NULL_CHARACTER)] for name in broken}
            return JsonResponse(error_body("invalid", str(NULL_CHARACTER), fields), status=400)
        response = self.get_response(request)
        if isinstance(response, HttpResponseRedirectBase) and not response.content:
            location = response["Location"]
            if request.method not in ("GET", "HEAD"):
                response = HttpResponsePermanentRedirect(location, preserve_request=True)
            response["Content-Type"] = "application/json"
            response.content = json.dumps({"location": location}).encode()
        return response


class RequestSizeLimit:
    """Refuse, with 413, a request body above DATA_UPLOAD_MAX_MEMORY_SIZE before anything
    reads it: Django checks that size only for forms, and DRF reads JSON bodies (and
    uploads are written to disk) without it. The largest thing the site takes, a 1 MB
    transcript, fits well below the default 2.5 MB."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return self._refuse(request, 400)
        if limit is not None and length > limit:
            return self._refuse(request, 413)
        return self.get_response(request)

    @staticmethod
    def _refuse(request: HttpRequest, status: int) -> HttpResponse:
        # Before LocaleMiddleware: the reader's language (cookie, then Accept-Language).
        with translation.override(translation.get_language_from_request(request)):
            return error_page(request, status)


class RefuseNulCharacters:
    """Refuse, with 400, an address, a page's query or a cookie holding a NUL character
    (``%00``): none is ever meant, and PostgreSQL refuses NUL in any text, so a search or
    filter answered 500 there (``/clubs/?q=%00``, ``/join/%00/``). The API's query
    strings are ApiAnswers' (it names the parameter)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        texts = [request.path, *request.COOKIES.values()]
        if not is_api(request):
            for name, values in request.GET.lists():
                texts += [name, *values]
        if any("\x00" in text for text in texts):
            with translation.override(translation.get_language_from_request(request)):
                return error_page(request, 400, NULL_CHARACTER)
        return self.get_response(request)


__all__ = [
    "ApiAnswers",
    "RefuseNulCharacters",
    "RequestSizeLimit",
    "bad_request",
    "csrf_failure",
    "error_page",
    "page_not_found",
    "permission_denied",
    "server_error",
]
