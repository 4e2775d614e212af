"""The Content-Security-Policy middleware, with one addition: a response may name the
sites that may frame it (``response.frame_ancestors``, a list of sources), which then
replace the site's ``frame-ancestors 'none'``. Only the embed pages do (clubs.embeds).

django-csp documents ``get_policy_parts`` as the method to extend.
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware, PolicyParts
from django.http import HttpRequest, HttpResponseBase


class FramingCSPMiddleware(CSPMiddleware):
    def get_policy_parts(self, request: HttpRequest, response: HttpResponseBase,
                         report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        ancestors = getattr(response, "frame_ancestors", None)
        if ancestors and not report_only:
            parts.replace = {**(parts.replace or {}), "frame-ancestors": list(ancestors)}
        return parts
