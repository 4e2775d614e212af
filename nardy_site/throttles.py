"""The API's own throttles (DRF's anon and user throttles are used as they are).

Kept apart from the views: DRF imports its throttle classes while it reads its settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

if TYPE_CHECKING:
    from rest_framework.request import Request
    from rest_framework.views import APIView

SEARCH_PARAMETERS = ("search", "q")


class SearchRateThrottle(SimpleRateThrottle):
    """A stricter rate for searches (``?search=`` or ``?q=``), per user or per address."""

    scope = "search"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if not any(request.query_params.get(name) for name in SEARCH_PARAMETERS):
            return None  # not a search: the general throttles apply
        user = request.user
        ident = user.pk if user and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class LoginRateThrottle(AnonRateThrottle):
    """Token requests per address, whoever they are for."""

    scope = "login"
