"""Queue Celery tasks only once the data they read is committed."""

from __future__ import annotations

from typing import Any

from celery import Task, current_app
from django.db import transaction


def enqueue_on_commit(task: Task | str, *args: Any, **kwargs: Any) -> None:
    """Send `task.delay(*args, **kwargs)` after the current transaction commits.

    `task` is a task or its registered name: a service queues its task by name, so the
    service does not import the tasks module (which imports the service). The app that
    owns a task imports its tasks module when it is ready, so the name is known here.

    Outside a transaction it is sent at once. `robust`: if the broker is down the error
    is logged rather than raised, since the task's input is already saved and the
    periodic sweep can queue it again.
    """

    def send() -> None:
        (current_app.tasks[task] if isinstance(task, str) else task).delay(*args, **kwargs)

    transaction.on_commit(send, robust=True)
