"""At login, the site switches to the language the person chose in their profile."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_logged_in
from django.dispatch import receiver

from clubs.profiles import preferred_language
from nardy_site.language import remember_language


@receiver(user_logged_in, dispatch_uid="accounts.language_at_login")
def language_at_login(sender: Any, request: Any, user: Any, response: Any = None,
                      **kwargs: Any) -> None:
    language = preferred_language(user)
    if language and response is not None:
        remember_language(request, response, language)
