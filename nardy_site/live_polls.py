"""The first middleware after the client's address: an anonymous visitor's poll of a live
fragment that has not changed is answered 304 here, before sessions, users, CSRF and the
view (``common.live.early_answer``). A final's spectators poll every 10 seconds; on finals
day most of the site's requests are these."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from common.live import early_answer


class LivePollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return early_answer(request) or self.get_response(request)
