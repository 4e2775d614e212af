from unittest import mock

import pytest
from django.db import transaction

from games.tasks import ping
from nardy_site.queueing import enqueue_on_commit


@pytest.mark.django_db
def test_task_is_sent_only_when_the_transaction_commits(
    django_capture_on_commit_callbacks,
) -> None:
    with mock.patch.object(ping, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            with transaction.atomic():
                enqueue_on_commit(ping, "after commit")
                delay.assert_not_called()
        assert len(callbacks) == 1
        delay.assert_called_once_with("after commit")


@pytest.mark.django_db
def test_task_is_not_sent_when_the_transaction_rolls_back(
    django_capture_on_commit_callbacks,
) -> None:
    with mock.patch.object(ping, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
            with transaction.atomic():
                enqueue_on_commit(ping, "never")
                raise RuntimeError("roll back")
        delay.assert_not_called()
