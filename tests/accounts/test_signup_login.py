"""Sign up, verify the address by the mailed link, log in by email or username, log out."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.accounts.conftest import link_in, mails_to
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Passphrase-17"


def sign_up(browser, email="nina@example.org", username="nina", password=PASSWORD, **headers):
    return browser.post(
        reverse("account_signup"),
        {"email": email, "username": username, "password1": password, "password2": password},
        **headers,
    )


def logged_in_user(browser):
    return browser.client.get(reverse("home")).wsgi_request.user


def test_sign_up_verify_by_the_mailed_link_then_log_in_and_out(browser_client) -> None:
    response = sign_up(browser_client)
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert not logged_in_user(browser_client).is_authenticated  # not before the link
    (message,) = mails_to("nina@example.org")
    assert "nina" in message.body

    confirm = link_in(message, "/accounts/confirm-email/")
    page = browser_client.get(confirm)
    assert page.status_code == 200 and "nina@example.org" in page.text
    assert not EmailAddress.objects.get(email="nina@example.org").verified  # a GET confirms nothing
    response = browser_client.post(confirm)
    assert response.status_code == 302
    assert EmailAddress.objects.get(email="nina@example.org").verified
    assert logged_in_user(browser_client).username == "nina"

    assert "Log out nina" in browser_client.get(reverse("home")).text
    browser_client.post(reverse("logout"))
    assert not logged_in_user(browser_client).is_authenticated

    for login in ("nina@example.org", "NINA@example.org", "nina"):
        response = browser_client.post(reverse("login"), {"login": login, "password": PASSWORD})
        assert response.status_code == 302 and response.url == reverse("home"), login
        assert logged_in_user(browser_client).username == "nina"
        browser_client.post(reverse("logout"))


def test_an_unverified_account_cannot_log_in_and_is_sent_the_link_again(browser_client) -> None:
    sign_up(browser_client)
    from django.core.cache import cache

    cache.clear()  # past the three minutes between two verification mails to one address
    response = browser_client.post(reverse("login"), {"login": "nina", "password": PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert not logged_in_user(browser_client).is_authenticated
    assert len(mails_to("nina@example.org")) == 2
    page = browser_client.get(response.url)
    assert "Check your email" in page.text


def test_a_second_account_for_the_same_address_is_refused_on_the_form(browser_client) -> None:
    UserFactory(username="olga", email="olga@example.org")
    sign_up(browser_client, email="first@example.org", username="first")
    mail.outbox.clear()
    for email in ("olga@example.org", "OLGA@Example.org", "first@example.org"):
        response = sign_up(browser_client, email=email, username="someone-else")
        assert response.status_code == 200
        assert "already registered with this email" in response.text, email
    assert not get_user_model().objects.filter(username="someone-else").exists()
    assert mail.outbox == []


def test_a_taken_username_and_a_weak_password_are_named(browser_client) -> None:
    UserFactory(username="taken")
    response = sign_up(browser_client, username="taken", password="12345678")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.text
    assert "This password is too common." in response.text
    assert not EmailAddress.objects.exists() and mail.outbox == []


def test_the_confirmation_link_once_used_or_forged_says_so(browser_client) -> None:
    sign_up(browser_client)
    confirm = link_in(mails_to("nina@example.org")[0], "/accounts/confirm-email/")
    forged = confirm.rstrip("/")[:-3] + "xyz/"
    for url in (forged, "/accounts/confirm-email/not-a-key/"):
        page = browser_client.get(url)
        assert page.status_code == 404 or "expired or is not valid" in page.text
        assert "expired or is not valid" in page.text
    assert not EmailAddress.objects.get(email="nina@example.org").verified


def test_an_account_made_by_an_administrator_logs_in_without_the_mail_step(browser_client) -> None:
    get_user_model().objects.create_user("director", password="director")  # as `manage.py demo`
    response = browser_client.post(reverse("login"), {"login": "director", "password": "director"})
    assert response.status_code == 302 and response.url == reverse("home")
    assert logged_in_user(browser_client).username == "director"
    assert mail.outbox == []


def test_wrong_passwords_are_rate_limited(browser_client) -> None:
    UserFactory(username="anna")
    for _ in range(5):
        response = browser_client.post(reverse("login"), {"login": "anna", "password": "wrong"})
        assert "not correct" in response.text
    response = browser_client.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.status_code == 200  # even the right password waits now
    assert "Too many failed login attempts" in response.text
    assert not logged_in_user(browser_client).is_authenticated


def test_login_keeps_the_next_page(browser_client) -> None:
    UserFactory(username="anna")
    response = browser_client.post(
        reverse("login") + "?next=/clubs/", {"login": "anna", "password": "password", "next": "/clubs/"}
    )
    assert response.status_code == 302 and response.url == "/clubs/"


@pytest.mark.parametrize(
    "url_name",
    ["login", "account_signup", "account_reset_password", "account_email_verification_sent"],
)
def test_account_pages_are_in_the_site_layout(client, url_name) -> None:
    page = client.get(reverse(url_name))
    assert page.status_code == 200
    assert 'name="viewport"' in page.text and "vendor/pico/pico.min.css" in page.text
    assert "site-header" in page.text
