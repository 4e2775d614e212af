"""The site's mail: queued after commit, sent by the worker, in the recipient's language."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse

from clubs.models import Profile
from clubs.profiles import language_for_recipient
from nardy_site.env import email_backend
from nardy_site.mail import send_email_later
from tests.accounts import flaky_backend
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
    assert len(callbacks) == 1
    callbacks[0]()
    assert [m.to for m in mail.outbox] == [["ivan@example.org"]]


def test_a_rolled_back_action_sends_nothing(django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        send_email_later(to=["x@example.org"], subject="s", body="b")
        raise RuntimeError("the action failed")
    assert mail.outbox == []


def test_a_failing_mail_server_is_tried_again(settings, monkeypatch):
    settings.EMAIL_BACKEND = "tests.accounts.flaky_backend.FlakyBackend"
    flaky_backend.FAILURES.update(left=2, attempts=0)
    queued = []
    monkeypatch.setattr("nardy_site.queueing.enqueue_on_commit",
                        lambda task, *args: queued.append((task, args)))
    send_email_later(to=["x@example.org"], subject="Hello", body="text",
                     html="<p>text</p>", headers={"X-Nardy": "1"})
    ((task, args),) = queued
    # As a worker runs it: a failure is not raised to the caller, the task is run again.
    propagates = task.app.conf.task_eager_propagates
    task.app.conf.task_eager_propagates = False
    try:
        result = task.apply(args=args)
    finally:
        task.app.conf.task_eager_propagates = propagates
    assert result.state == "SUCCESS"
    assert flaky_backend.FAILURES["attempts"] == 3
    (message,) = mail.outbox
    assert message.subject == "Hello" and message.extra_headers["X-Nardy"] == "1"
    assert message.alternatives[0].content == "<p>text</p>"


def test_the_sign_up_mail_is_in_the_language_of_the_page(browser_client) -> None:
    browser_client.post(reverse("account_signup"), SIGN_UP, HTTP_ACCEPT_LANGUAGE="ru")
    (message,) = mails_to("ivan@example.org")
    assert "Для подтверждения перейдите" in message.body
    assert message.subject.startswith("[Нарды]")
    browser_client.post(reverse("password_reset"), {"email": "ivan@example.org"},
                        HTTP_ACCEPT_LANGUAGE="en")
    assert "Click the link below to reset your password" in mails_to("ivan@example.org")[1].body


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
