"""Password change when logged in, and reset by a mailed link."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.accounts.conftest import link_in, mails_to
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NEW = "another-Long-passphrase-42"


def can_log_in(browser, login, password) -> bool:
    response = browser.post(reverse("login"), {"login": login, "password": password})
    ok = response.status_code == 302
    browser.post(reverse("logout"))
    return ok


def test_reset_by_the_mailed_link(browser_client) -> None:
    UserFactory(username="anna", email="anna@example.org")
    response = browser_client.post(reverse("password_reset"), {"email": "Anna@example.org"})
    assert response.status_code == 302
    assert "Check your email" in browser_client.get(response.url).text
    (message,) = mails_to("anna@example.org")
    link = link_in(message, "/accounts/password/reset/key/")

    page = browser_client.get(link, follow=True)  # allauth moves the key out of the address
    assert page.status_code == 200 and "Choose a new password" in page.text
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    response = browser_client.post(form_url, {"password1": NEW, "password2": NEW})
    assert response.status_code == 302
    assert "Password changed" in browser_client.get(response.url).text

    assert can_log_in(browser_client, "anna", NEW)
    assert not can_log_in(browser_client, "anna", "password")
    page = browser_client.get(link, follow=True)  # a used link
    assert "This link cannot be used" in page.text


def test_reset_for_an_unknown_address_says_so_and_sends_nothing(browser_client) -> None:
    response = browser_client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 200
    assert "not assigned to any user account" in response.text
    assert mail.outbox == []


def test_a_forged_reset_link_is_refused(browser_client) -> None:
    user = UserFactory(username="anna", email="anna@example.org")
    page = browser_client.get(f"/accounts/password/reset/key/{user.pk:x}-forged-token/", follow=True)
    assert "This link cannot be used" in page.text


def test_change_password_when_logged_in(browser_client) -> None:
    UserFactory(username="anna")
    browser_client.client.force_login(get_user_model().objects.get(username="anna"))
    response = browser_client.post(
        reverse("password_change"),
        {"oldpassword": "wrong", "password1": NEW, "password2": NEW},
    )
    assert response.status_code == 200 and "Please type your current password." in response.text
    response = browser_client.post(
        reverse("password_change"),
        {"oldpassword": "password", "password1": NEW, "password2": NEW},
    )
    assert response.status_code == 302
    browser_client.post(reverse("logout"))
    assert can_log_in(browser_client, "anna", NEW)


def test_change_password_needs_a_login(client) -> None:
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_reauthentication_asks_for_the_password_never_a_mailed_code(client) -> None:
    """allauth 65.22 added code pages for reauthentication; every account here has a
    password, so they are off, and no code mail can be asked for."""
    user = UserFactory(username="boris", email="boris@example.org")
    client.force_login(user)
    assert client.get(reverse("account_reauthenticate")).status_code == 200
    for name in ("account_request_reauthentication_code", "account_confirm_reauthentication_code"):
        assert client.get(reverse(name)).status_code == 403, name
        assert client.post(reverse(name), {"email": "boris@example.org"}).status_code == 403
    assert not mails_to("boris@example.org")
