"""The language follows the person: the switcher on every page saves a signed-in
person's choice in their profile, and signing in on another device makes it the
site's language there; anonymous visitors keep the cookie only."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs.models import Profile
from tests.accounts.conftest import mails_to
from tests.accounts.test_signup_login import PASSWORD, sign_up
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def switch(client: Client, language: str, next_url: str = "/clubs/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


def profile_language(user) -> str | None:
    return Profile.objects.filter(user=user).values_list("preferred_language", flat=True).first()


def test_the_switcher_is_on_every_page_and_posts_to_the_remembering_view(client: Client) -> None:
    page = client.get(reverse("clubs:club_list")).text
    assert f'action="{reverse("set_language")}"' in page and 'value="ru"' in page


def test_an_anonymous_visitor_keeps_the_cookie_only(client: Client) -> None:
    response = switch(client, "ru")
    assert response.status_code == 302 and response.url == "/clubs/"
    assert response.cookies[COOKIE].value == "ru"
    assert 'lang="ru"' in client.get(reverse("home")).text
    assert not Profile.objects.exists()


def test_a_signed_in_choice_is_saved_in_the_profile_and_follows_to_another_device() -> None:
    anna = UserFactory(username="anna")
    laptop = Client()
    laptop.force_login(anna)
    assert switch(laptop, "ru").cookies[COOKIE].value == "ru"
    assert profile_language(anna) == "ru"
    switch(laptop, "xx")  # not a language of the site: nothing changes
    assert profile_language(anna) == "ru"

    phone = Client()  # another device, English until the person signs in
    assert 'lang="en"' in phone.get(reverse("home")).text
    response = phone.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.status_code == 302 and response.cookies[COOKIE].value == "ru"
    assert 'lang="ru"' in phone.get(reverse("home")).text

    switch(phone, "en")  # switching back on the phone is remembered too
    assert profile_language(anna) == "en"
    laptop.post(reverse("logout"))
    response = laptop.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.cookies[COOKIE].value == "en"
    assert 'lang="en"' in laptop.get(reverse("home")).text


def test_signing_in_without_a_saved_language_keeps_the_one_in_use() -> None:
    boris = UserFactory(username="boris")
    browser = Client()
    switch(browser, "ru")  # chosen before signing in
    browser.post(reverse("login"), {"login": "boris", "password": "password"})
    assert profile_language(boris) == "ru"
    assert 'lang="ru"' in browser.get(reverse("home")).text


def test_signing_up_in_a_language_saves_it_and_mails_in_it(browser_client) -> None:
    browser_client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    sign_up(browser_client, email="vera@example.org", username="vera", password=PASSWORD)
    user = Profile.objects.get(user__username="vera").user
    assert profile_language(user) == "ru"
    (message,) = mails_to("vera@example.org")
    assert "vera" in message.body and any("а" <= ch <= "я" for ch in message.body.lower())
