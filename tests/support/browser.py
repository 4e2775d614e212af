"""Browser pages signed in without the login form: a session made by Django's test client,
given to Playwright's context as its cookie (and the language's, when asked)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.test import Client


def sign_in(context: Any, base_url: str, user: Any, language: str | None = None) -> None:
    client = Client()
    client.force_login(user)
    cookies = [{"name": settings.SESSION_COOKIE_NAME, "url": base_url,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value}]
    if language:
        cookies.append({"name": settings.LANGUAGE_COOKIE_NAME, "url": base_url, "value": language})
    context.add_cookies(cookies)


def signed_in(browser: Any, base_url: str, user: Any, viewport: dict[str, int],
              language: str = "en") -> tuple[Any, Any]:
    """A new browser context of that size signed in as ``user``, reading ``language``, and
    its page."""
    context = browser.new_context(viewport=viewport)
    sign_in(context, base_url, user, language)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def cut_network(context: Any) -> None:
    """The context's pages lose the network (the service worker's fetches too)."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort("internetdisconnected"))


def restore_network(context: Any) -> None:
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
