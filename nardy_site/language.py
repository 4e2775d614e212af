"""The interface language: chosen with the switcher on every page, kept in a cookie for
everybody and, for a signed-in person, in their profile (clubs.models.Profile), which
becomes the language again whenever they sign in, on any device (accounts.receivers).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views import i18n

from clubs.profiles import set_preferred_language


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (a POST sets the cookie, then back to `next`), and for a
    signed-in person the choice saved in their profile as well."""
    response = i18n.set_language(request)
    language = request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER, "")
    if (request.method == "POST" and request.user.is_authenticated
            and translation.check_for_language(language)):
        set_preferred_language(user=request.user, language=language)
    return response


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
