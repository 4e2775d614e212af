"""Template context the whole site needs."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse


def source_code(request: HttpRequest) -> dict[str, str]:
    """Where this program's source is: the AGPL asks a network service to offer it to
    everyone who uses it, so every page's footer links to it: NARDY_SOURCE_URL, else the archive the
    site makes of the code it runs (nardy_site.source)."""
    return {"source_url": settings.NARDY_SOURCE_URL or reverse("source")}
