"""The site's mail: queued after commit, sent by the worker, in the recipient's language."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from clubs.models import Profile
from clubs.profiles import language_for_recipient
from nardy_site.env import email_backend
from nardy_site.mail import send_message_later
from outbox.models import Message
from tests.accounts.conftest import mails_to
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Passphrase-17"
SIGN_UP = {"email": "ivan@example.org", "username": "ivan",
           "password1": PASSWORD, "password2": PASSWORD}


def test_mail_leaves_only_after_the_request_commits(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(reverse("account_signup"), SIGN_UP)
    assert mail.outbox == []  # nothing is sent from inside the request
    for callback in callbacks:
        callback()
    assert [m.to for m in mail.outbox] == [["ivan@example.org"]]


def test_mail_is_outbox_work_saved_with_the_request(client) -> None:
    """A verification mail is a row of the outbox, saved in the sign-up's transaction:
    a rolled-back sign-up leaves no mail, a failing mail server is retried by the outbox
    (tests/outbox)."""
    client.post(reverse("account_signup"), SIGN_UP)
    (message,) = Message.objects.filter(task="outbox.send_email")
    subject, body, to = message.args[:3]
    assert to == ["ivan@example.org"] and "/accounts/confirm-email/" in body
    assert subject.startswith("[Nardy]")


def test_a_mail_asked_for_twice_is_sent_twice(django_capture_on_commit_callbacks) -> None:
    from django.core.mail import EmailMessage

    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(2):
            send_message_later(EmailMessage("Hello", "text", None, ["x@example.org"]))
    assert len(mails_to("x@example.org")) == 2


def test_the_sign_up_mail_is_in_the_language_the_browser_asked_for_and_stays_so(
        browser_client) -> None:
    browser_client.post(reverse("account_signup"), SIGN_UP, HTTP_ACCEPT_LANGUAGE="ru")
    (message,) = mails_to("ivan@example.org")
    assert "Для подтверждения перейдите" in message.body
    assert message.subject.startswith("[Нарды]")
    # the language his browser asked for at sign-up is his until he chooses one
    browser_client.post(reverse("password_reset"), {"email": "ivan@example.org"},
                        HTTP_ACCEPT_LANGUAGE="en")
    assert "Click the link below to reset your password" not in mails_to("ivan@example.org")[1].body
    Profile.objects.filter(user__username="ivan").update(preferred_language="en")
    browser_client.post(reverse("password_reset"), {"email": "ivan@example.org"},
                        HTTP_ACCEPT_LANGUAGE="ru")
    assert "Click the link below to reset your password" in mails_to("ivan@example.org")[2].body


def test_a_chosen_language_wins_over_the_page_language(browser_client) -> None:
    user = UserFactory(username="anna", email="anna@example.org")
    assert language_for_recipient(user=user) == "en"
    Profile.objects.create(user=user, preferred_language="ru")
    assert language_for_recipient(user=user) == "ru"
    assert language_for_recipient(email="ANNA@example.org") == "ru"
    browser_client.post(reverse("password_reset"), {"email": "anna@example.org"},
                        HTTP_ACCEPT_LANGUAGE="en")
    (message,) = mails_to("anna@example.org")
    assert "Письмо для сброса пароля" in message.subject or "сброс" in message.body


def test_the_recipient_is_found_by_address(client) -> None:
    UserFactory(username="anna", email="anna@example.org")
    assert language_for_recipient(email="ANNA@example.org") == "en"


@pytest.mark.parametrize(
    ("environ", "backend"),
    [
        ({}, "django.core.mail.backends.console.EmailBackend"),
        ({"EMAIL_HOST": "smtp.example.org"}, "django.core.mail.backends.smtp.EmailBackend"),
        ({"EMAIL_HOST": "smtp.example.org", "EMAIL_BACKEND": "x.Backend"}, "x.Backend"),
    ],
)
def test_the_mail_backend_follows_the_environment(environ, backend) -> None:
    assert email_backend(environ) == backend
