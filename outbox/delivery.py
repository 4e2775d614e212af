"""Delivering a published row in the worker: run its function once, mark it done, or
try again after a backoff (see ``outbox``). Below both the registry (whose tasks deliver
through it) and the services (which publish and sweep)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from outbox.models import Message, MessageState

logger = logging.getLogger("outbox.services")

WAITING = (MessageState.PENDING, MessageState.QUEUED)


def setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def backoff(attempts: int) -> timedelta:
    """How long to wait before trying again after ``attempts`` attempts."""
    base = setting("OUTBOX_BACKOFF_SECONDS", 10)
    ceiling = setting("OUTBOX_BACKOFF_MAX_SECONDS", 3600)
    return timedelta(seconds=min(ceiling, base * 2 ** max(0, min(attempts, 30) - 1)))


def deliver(message_id: int, function: Callable[..., Any], args: Sequence[Any]) -> None:
    """Run a published row's function once (in the worker) and mark the row done.

    A row already done or given up is left alone (a second delivery); an exception is
    logged and the row tried again after a backoff.
    """
    row = Message.objects.filter(pk=message_id).values_list("state", "attempts").first()
    if row is None or row[0] in (MessageState.DONE, MessageState.FAILED):
        logger.info("outbox: message %s is %s; nothing to do", message_id, row and row[0])
        return
    try:
        function(*args)
    except Exception as error:  # the handler's own failure: retry after a backoff
        logger.exception("outbox: message %s failed (attempt %s)", message_id, row[1])
        Message.objects.filter(pk=message_id, state__in=WAITING).update(
            state=MessageState.PENDING,
            next_attempt_at=timezone.now() + backoff(row[1]),
            last_error=f"{type(error).__name__}: {error}"[:2000],
        )
        return
    Message.objects.filter(pk=message_id).exclude(state=MessageState.DONE).update(
        state=MessageState.DONE, done_at=timezone.now()
    )
