"""The language follows the person: at sign-in the language chosen in their profile
becomes the site's (its cookie), on any device; a person who has chosen none yet keeps
the one they chose with the switcher, which is saved to their profile (as at sign-up)."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_logged_in, user_signed_up
from django.conf import settings
from django.dispatch import receiver
from django.utils import translation

from clubs.profiles import (
    browser_language,
    preferred_language,
    remember_signup_language,
    set_preferred_language,
)
from nardy_site.language import remember_language


def _language_in_use(request: Any) -> str | None:
    """The language the visitor chose (the switcher's cookie), if any."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "") if request else ""
    return chosen if chosen and translation.check_for_language(chosen) else None


@receiver(user_logged_in, dispatch_uid="accounts.language_at_login")
def language_at_login(sender: Any, request: Any, user: Any, response: Any = None,
                      **kwargs: Any) -> None:
    language = preferred_language(user)
    if language is None:
        chosen = _language_in_use(request)
        if chosen is not None:
            set_preferred_language(user=user, language=chosen)
        return
    if response is not None:
        remember_language(request, response, language)


@receiver(user_signed_up, dispatch_uid="accounts.language_at_sign_up")
def language_at_sign_up(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """A new account keeps the language its person chose with the switcher before
    signing up (their emails too). A browser's own preference is not a choice, but it is
    kept too, as the language the browser asked for at sign-up: it is the person's
    language while they choose none (clubs.profiles.language_for)."""
    language = _language_in_use(request)
    if language is not None:
        set_preferred_language(user=user, language=language)
    asked = browser_language(request.META.get("HTTP_ACCEPT_LANGUAGE", "")) if request else None
    remember_signup_language(user=user, language=asked)
