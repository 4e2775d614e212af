"""Which language to write to a person in."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


def preferred_language(user) -> str | None:
    """The language `user` chose in their profile, if any."""
    profile = getattr(user, "profile", None) if user is not None else None
    code = getattr(profile, "preferred_language", None)
    return code if code in LANGUAGE_CODES else None


def language_for_recipient(*, user=None, email: str | None = None) -> str:
    """The language to write to a person in: their chosen one, else the current one.

    The current language is the request's (the person on the page is usually the one
    the mail is for: signing up, resetting their password).
    """
    if user is None and email:
        user = get_user_model().objects.filter(
            emailaddress__email__iexact=email
        ).first() or get_user_model().objects.filter(email__iexact=email).first()
    return preferred_language(user) or translation.get_language() or settings.LANGUAGE_CODE
