"""REST API of games. `register(router)` is called by nardy_site/api_urls.py."""

from __future__ import annotations

from rest_framework.routers import BaseRouter


def register(router: BaseRouter) -> None:
    """Add games viewsets here, e.g. router.register("matches", MatchViewSet)."""
