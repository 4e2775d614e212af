"""Queue Celery tasks only once the data they read is committed."""

from __future__ import annotations

from typing import Any

from celery import Task
from django.db import transaction


def enqueue_on_commit(task: Task, *args: Any, **kwargs: Any) -> None:
    """Send `task.delay(*args, **kwargs)` after the current transaction commits.

    Outside a transaction it is sent at once. `robust`: if the broker is down the error
    is logged rather than raised, since the task's input is already saved and the
    periodic sweep can queue it again.
    """
    # A lambda, not functools.partial: Django's robust on_commit logs the callback's
    # __qualname__, which a partial lacks (the log call itself would raise).
    transaction.on_commit(lambda: task.delay(*args, **kwargs), robust=True)
