"""The site's header and footer are rendered once per language and page and kept in the
process (``nardy_site.chrome``); each request gets its own parts put in: the login's name,
the unread notices, its CSRF token and its own address in the language form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from nardy_site import chrome
from notifications.models import Kind, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HEADER = re.compile(r'<header class="container site-header">.*?</header>', re.DOTALL)
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The chrome's templates rendered (not served from the process's copies)."""
    monkeypatch.setattr(chrome, "_kept", {})
    counted: list[str] = []
    real = chrome.render_to_string

    def counting(template: str, context: Any) -> str:
        counted.append(template)
        return real(template, context)

    monkeypatch.setattr(chrome, "render_to_string", counting)
    return counted


def signed_in(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def header(client: Client, url: str = "/") -> str:
    response = client.get(url)
    assert response.status_code == 200
    return HEADER.search(response.content.decode()).group(0)


def test_each_person_gets_their_own_name_count_token_and_address(renders: list[str]) -> None:
    first, second = UserFactory(username="anna<b>"), UserFactory(username="boris")
    Notification.objects.create(user=first, kind=Kind.RESULT, title="x", key="chrome-test-1")
    Notification.objects.create(user=first, kind=Kind.RESULT, title="y", key="chrome-test-2")
    anna = header(signed_in(first), "/clubs/?q=<x>&page=2")
    boris = header(signed_in(second), "/clubs/?q=<x>&page=2")
    assert renders.count("nardy/_site_header.html") == 1  # kept for the second person
    assert "anna&lt;b&gt;" in anna and "anna<b>" not in anna and "boris" not in anna
    assert "Log out boris" in boris and "anna" not in boris
    assert 'id="unread-count"' in anna and ">2</mark>" in anna
    assert "unread-count" not in boris
    assert 'value="/clubs/?q=%3Cx%3E&amp;page=2"' in anna  # the language form's way back
    assert "nardy-chrome" not in anna + boris
    visitor = header(Client(), "/clubs/")
    assert "Log in" in visitor and "Log out" not in visitor and "nardy-chrome" not in visitor


def test_the_current_page_and_the_language_are_the_pages_own(renders: list[str]) -> None:
    user = UserFactory()
    english = signed_in(user)
    assert 'href="/clubs/" aria-current="page"' in header(english, "/clubs/")
    tournaments = header(english, "/tournaments/")
    assert 'href="/tournaments/" aria-current="page"' in tournaments
    assert 'href="/clubs/" aria-current="page"' not in tournaments
    russian = header(signed_in(user, "ru"), "/clubs/")
    assert "Клубы" in russian and 'lang="ru"' in russian
    assert renders.count("nardy/_site_header.html") == 3  # one a language and page


def test_the_kept_forms_carry_the_readers_token() -> None:
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    tokens = set(TOKEN.findall(header(client, "/clubs/")))
    assert len(tokens) == 1
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/clubs/",
                                               "csrfmiddlewaretoken": tokens.pop()})
    assert response.status_code == 302 and response["Location"] == "/clubs/"
