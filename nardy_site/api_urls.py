"""The REST API at /api/: one router that each app adds its viewsets to."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from csp.decorators import csp_update
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.exceptions import MethodNotAllowed
from rest_framework.renderers import JSONRenderer
from rest_framework.routers import DefaultRouter

from analysis import api as analysis_api
from chouette import api as chouette_api
from clubs import api as clubs_api
from clubs import api_embeds as embeds_api
from common.api import error_response
from disputes import api as disputes_api
from federations import api as federations_api
from games import api as games_api
from ladders import api as ladders_api
from leaderboard import api as leaderboard_api
from money import api as money_api
from nardy_site import api as site_api
from nardy_site.data import api as data_api
from nardy_site.security import TokenView
from notifications import api as notifications_api
from tournaments.api import tournaments as tournaments_api
from webhooks import api as webhooks_api

DOCS_POLICY = csp_update(
    {
        "style-src-elem": ["'unsafe-inline'"],
        "worker-src": ["blob:"],
        "img-src": ["https://cdn.redoc.ly"],  # Redoc's own logo
    }
)


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema (YAML, or JSON with ?format=json); its errors (a format it does
    not give, a method it does not take) are JSON like every other error of the API."""

    def finalize_response(self, request, response, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = super().finalize_response(request, response, *args, **kwargs)
        if response.status_code >= 400:
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = "application/json"
        return response


def read_only_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The schema and its viewers under /api/ answer GET and HEAD, and their errors (406,
    429, ...) in the API's JSON, not in HTML or YAML; any other method gets the JSON 405
    (OPTIONS on the viewers answered 500: DRF's description of a view needs a template
    they do not name)."""

    @wraps(view)
    def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            refused = MethodNotAllowed(request.method or "")
            response = error_response("method_not_allowed", 405, refused.detail)
            response["Allow"] = "GET, HEAD"
            return response
        response = view(request, *args, **kwargs)
        error = getattr(response, "data", None)  # a DRF answer, not rendered yet
        if response.status_code >= 400 and isinstance(error, dict) and "error" in error:
            answer = JsonResponse(error, status=response.status_code)
            for header in ("Retry-After", "Allow", "WWW-Authenticate"):
                if header in response:
                    answer[header] = response[header]
            return answer
        return response

    return page


router = DefaultRouter()
clubs_api.register(router)
embeds_api.register(router)
tournaments_api.register(router)
games_api.register(router)
chouette_api.register(router)
leaderboard_api.register(router)
federations_api.register(router)
disputes_api.register(router)
money_api.register(router)
notifications_api.register(router)
webhooks_api.register(router)
site_api.register(router)
data_api.register(router)
analysis_api.register(router)
ladders_api.register(router)

urlpatterns = [
    path("schema/", read_only_page(SchemaView.as_view()), name="schema"),
    # The API's documentation pages: Swagger UI with its start script served as a file
    # (no inline script); both viewers write their styles into style elements, and Redoc
    # runs a worker from a blob: URL, which their pages alone allow.
    path(
        "docs/",
        read_only_page(DOCS_POLICY(SpectacularSwaggerSplitView.as_view(url_name="api:schema"))),
        name="docs",
    ),
    path(
        "redoc/",
        read_only_page(
            DOCS_POLICY(
                SpectacularRedocView.as_view(url_name="api:schema", template_name="api/redoc.html")
            )
        ),
        name="redoc",
    ),
    path("token/", TokenView.as_view(), name="token"),
    path("", include(router.urls)),
]
