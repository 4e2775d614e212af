"""Setting the interface language for the rest of a visit (as Django's set_language does)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


def remember_language(request: HttpRequest, response: HttpResponse, language: str) -> None:
    """Use `language` for this response and, through the language cookie, the next ones."""
    translation.activate(language)
    request.LANGUAGE_CODE = language
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language,
        max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN, secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY, samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
