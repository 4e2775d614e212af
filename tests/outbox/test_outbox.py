"""The transactional outbox: saved with the caller's data, published on commit, done once,
retried after a backoff, given up, swept; a broker that is down never fails the caller."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from nardy_site import processes
from nardy_site.celery import app as celery_app
from outbox import services
from outbox.mail import send_email_later
from outbox.models import Message, MessageState
from outbox.registry import task_id_for
from outbox.services import backoff, enqueue, sweep
from tests.outbox import handlers
from tests.support.celery_worker import point_app_at

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_handlers() -> Iterator[None]:
    handlers.CALLS.clear()
    handlers.FAILURES.clear()
    yield
    handlers.CALLS.clear()
    handlers.FAILURES.clear()


def later(seconds: float) -> timezone.datetime:
    return timezone.now() + timedelta(seconds=seconds)


def test_work_is_saved_in_the_callers_transaction_and_published_on_commit(
    django_capture_on_commit_callbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        message = enqueue("tests.outbox.record", "a", key="k-a")
        assert Message.objects.filter(pk=message.pk, state="pending").exists()
        assert handlers.CALLS == []  # nothing runs before the commit
    assert len(callbacks) == 1
    assert handlers.CALLS == [("ran", "a")]
    message.refresh_from_db()
    assert (message.state, message.attempts, message.args) == ("done", 1, ["a"])
    assert message.done_at is not None and message.queued_at is not None


def test_a_rolled_back_transaction_leaves_no_work(django_capture_on_commit_callbacks) -> None:
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(ZeroDivisionError),
        transaction.atomic(),
    ):
        enqueue("tests.outbox.record", "never", key="k-never")
        1 / 0  # noqa: B018
    assert callbacks == [] and handlers.CALLS == []
    assert not Message.objects.exists()


def test_the_same_key_is_one_piece_of_work(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        first = enqueue("tests.outbox.record", "once", key="k-once")
    with django_capture_on_commit_callbacks(execute=True):
        second = enqueue("tests.outbox.record", "once", key="k-once")
    assert first.pk == second.pk and Message.objects.count() == 1
    assert handlers.CALLS == [("ran", "once")]
    with pytest.raises(ValueError, match="already used"):
        enqueue("outbox.send_email", "s", "b", ["x@example.org"], key="k-once")


def test_a_message_delivered_again_after_it_is_done_does_nothing(
    django_capture_on_commit_callbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        message = enqueue("tests.outbox.record", "twice?", key="k-twice")
    handlers.record.apply(args=["twice?"], task_id=task_id_for(message.pk))  # redelivered
    assert handlers.CALLS == [("ran", "twice?")]
    handlers.record.apply(args=["direct"])  # queued some other way: just runs
    assert handlers.CALLS == [("ran", "twice?"), ("ran", "direct")]


def test_unknown_task_names_and_bad_keys_fail_in_the_caller() -> None:
    with pytest.raises(LookupError, match="no background task"):
        enqueue("tests.outbox.no_such_task", 1, key="k")
    with pytest.raises(ValueError, match="key"):
        enqueue("tests.outbox.record", "x", key="")
    with pytest.raises(ValueError, match="key"):
        enqueue("tests.outbox.record", "x", key="k" * 256)
    assert not Message.objects.exists()


def test_a_failing_handler_is_retried_after_a_backoff_then_given_up(
    django_capture_on_commit_callbacks,
) -> None:
    handlers.FAILURES["flaky"] = 1
    handlers.FAILURES["hopeless"] = 99
    with django_capture_on_commit_callbacks(execute=True):
        flaky = enqueue("tests.outbox.record", "flaky", key="k-flaky")
        hopeless = enqueue("tests.outbox.record", "hopeless", key="k-hopeless")
    for message in (flaky, hopeless):
        message.refresh_from_db()
        assert message.state == "pending" and "failed on purpose" in message.last_error
        assert message.next_attempt_at > timezone.now()
    assert sweep()["published"] == 0  # not due yet
    assert sweep(now=later(backoff(1).total_seconds() + 1))["published"] == 2
    flaky.refresh_from_db()
    assert (flaky.state, flaky.attempts) == ("done", 2)
    assert handlers.CALLS == [("ran", "flaky")]
    sweep(now=later(3600 * 2))  # third attempt (max_attempts=3)
    assert sweep(now=later(3600 * 4)) == {"published": 0, "given_up": 1, "purged": 0}
    hopeless.refresh_from_db()
    assert (hopeless.state, hopeless.attempts) == ("failed", 3)
    assert handlers.CALLS == [("ran", "flaky"), ("gave up", "hopeless")]
    assert sweep(now=later(3600 * 8))["given_up"] == 0  # once


def test_backoff_doubles_up_to_a_ceiling(settings) -> None:
    settings.OUTBOX_BACKOFF_SECONDS = 10
    settings.OUTBOX_BACKOFF_MAX_SECONDS = 100
    assert [backoff(n).total_seconds() for n in (1, 2, 3, 4, 5, 50)] == [10, 20, 40, 80, 100, 100]


def test_work_not_done_within_its_lease_is_published_again() -> None:
    message = enqueue("tests.outbox.record", "lost", key="k-lost")  # commit never seen
    Message.objects.filter(pk=message.pk).update(
        state=MessageState.QUEUED, attempts=1, next_attempt_at=later(60)
    )  # published, then the broker lost it (or its worker died)
    assert sweep()["published"] == 0  # still within its lease
    assert sweep(now=later(61))["published"] == 1
    message.refresh_from_db()
    assert (message.state, message.attempts) == ("done", 2)
    assert handlers.CALLS == [("ran", "lost")]


def test_the_sweep_purges_old_done_work_and_keeps_given_up_work() -> None:
    done = Message.objects.create(task="tests.outbox.record", key="old-done", state="done",
                                  done_at=later(-8 * 86400))  # fmt: skip
    failed = Message.objects.create(task="tests.outbox.record", key="old-failed",
                                    state="failed", done_at=later(-8 * 86400))  # fmt: skip
    recent = Message.objects.create(task="tests.outbox.record", key="new-done", state="done",
                                    done_at=timezone.now())  # fmt: skip
    assert sweep()["purged"] == 1
    assert set(Message.objects.values_list("pk", flat=True)) == {failed.pk, recent.pk}
    assert not Message.objects.filter(pk=done.pk).exists()


def test_with_the_broker_down_the_caller_succeeds_and_the_work_waits(
    django_capture_on_commit_callbacks,
) -> None:
    point_app_at(celery_app, f"redis://127.0.0.1:{processes.free_port()}/0", eager=False)
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        first = enqueue("tests.outbox.record", "one", key="k-one")
    with django_capture_on_commit_callbacks(execute=True):
        second = enqueue("tests.outbox.record", "two", key="k-two")
    assert time.monotonic() - started < 1.0
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.state, first.attempts) == ("pending", 1)
    assert first.last_error.startswith("broker:") and first.next_attempt_at > timezone.now()
    # the first failure paused publishing: the second was not even tried
    assert (second.state, second.attempts, second.last_error) == ("pending", 0, "")
    assert services.pause_remaining() > 0
    assert handlers.CALLS == []

    point_app_at(celery_app, celery_app.conf.broker_url, eager=True)  # the broker is back
    assert sweep(now=later(backoff(1).total_seconds() + 1))["published"] == 2
    assert sorted(handlers.CALLS) == [("ran", "one"), ("ran", "two")]
    assert set(Message.objects.values_list("state", flat=True)) == {"done"}


def test_emails_are_sent_once_after_the_commit(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        send_email_later(to=["ann@example.org"], subject="Invitation", body="Join us",
                         html="<p>Join us</p>", key="invitation:7")  # fmt: skip
        assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        send_email_later(to=["ann@example.org"], subject="Invitation", body="Join us",
                         key="invitation:7")  # fmt: skip
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert (sent.subject, sent.body, sent.to) == ("Invitation", "Join us", ["ann@example.org"])
    assert sent.alternatives[0][0] == "<p>Join us</p>"
    assert Message.objects.get(key="email:invitation:7").state == "done"


def test_the_broker_settings_bound_every_wait_and_store_no_results() -> None:
    from django.conf import settings

    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    assert options["socket_connect_timeout"] <= 1 and options["socket_timeout"] <= 1
    assert options["max_retries"] == 0  # a connection that cannot be made fails at once
    assert settings.CELERY_TASK_PUBLISH_RETRY is False
    assert settings.CELERY_TASK_PUBLISH_RETRY_POLICY["max_retries"] == 0
    assert settings.CELERY_TASK_IGNORE_RESULT is True
    assert not hasattr(settings, "CELERY_BROKER_TRANSPORT")  # kombu's own Redis transport
    assert celery_app.conf.broker_transport_options == options


def test_workers_wait_longer_for_the_broker_than_requests(settings) -> None:
    from types import SimpleNamespace

    from nardy_site.celery import patient_worker

    settings.WORKER_BROKER_TIMEOUT = 30.0
    conf = SimpleNamespace(broker_transport_options=dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS))
    patient_worker(conf=conf)  # what celery sends when a worker starts (celeryd_init)
    assert conf.broker_transport_options["socket_timeout"] == 30.0
    assert conf.broker_transport_options["socket_connect_timeout"] <= 1
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["socket_timeout"] <= 1  # requests: short
