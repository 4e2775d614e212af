"""Template context the whole site needs."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def source_code(request: HttpRequest) -> dict[str, str]:
    """Where this program's source is: the AGPL asks a network service to offer it to
    everyone who uses it, so every page's footer links to it (NARDY_SOURCE_URL)."""
    return {"source_url": settings.NARDY_SOURCE_URL}
