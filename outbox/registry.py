"""The kinds of background work the outbox knows, by task name (see ``outbox``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from celery import Task, shared_task

from outbox.delivery import deliver

logger = logging.getLogger(__name__)

TASK_ID_PREFIX = "outbox-"


@dataclass(frozen=True)
class Kind:
    name: str
    task: Task
    lease: timedelta
    max_attempts: int
    on_give_up: Callable[..., Any] | None


KINDS: dict[str, Kind] = {}


def task(
    *,
    name: str,
    lease: timedelta = timedelta(minutes=10),
    max_attempts: int = 8,
    on_give_up: Callable[..., Any] | None = None,
    **celery_options: Any,
) -> Callable[[Callable[..., Any]], Task]:
    """Register ``function`` as a kind of background work and as the Celery task ``name``.

    The task is acknowledged late and delivered again when its worker process dies;
    nobody reads its result, so none is stored. Run through the outbox (its Celery task
    id names the row), it does nothing for a row already done and marks the row done
    after the function returns; called any other way, it just runs the function.
    """
    if lease <= timedelta(0) or max_attempts < 1:
        raise ValueError("lease must be positive and max_attempts at least 1")

    def decorate(function: Callable[..., Any]) -> Task:
        def run(self: Task, *args: Any) -> None:
            message_id = message_id_for(self.request.id)
            if message_id is None:
                function(*args)
                return
            deliver(message_id, function, args)

        run.__name__ = function.__name__
        run.__qualname__ = function.__qualname__
        run.__doc__ = function.__doc__
        run.__module__ = function.__module__
        options = {
            "acks_late": True,
            "reject_on_worker_lost": True,
            "ignore_result": True,
            **celery_options,
        }
        celery_task = shared_task(name=name, bind=True, typing=False, **options)(run)
        KINDS[name] = Kind(name, celery_task, lease, max_attempts, on_give_up)
        return celery_task

    return decorate


def message_id_for(task_id: str | None) -> int | None:
    """The outbox row a Celery task id names, or None for a task queued another way."""
    if task_id and task_id.startswith(TASK_ID_PREFIX):
        number = task_id[len(TASK_ID_PREFIX) :]
        if number.isascii() and number.isdigit():
            return int(number)
    return None


def task_id_for(message_id: int) -> str:
    return f"{TASK_ID_PREFIX}{message_id}"


def kind(name: str) -> Kind:
    """The registered kind ``name``; imports every app's ``tasks`` module on a miss."""
    found = KINDS.get(name)
    if found is None:
        from django.utils.module_loading import autodiscover_modules

        autodiscover_modules("tasks")
        found = KINDS.get(name)
    if found is None:
        raise LookupError(
            f"no background task named {name!r}: register it with @outbox.registry.task"
        )
    return found
