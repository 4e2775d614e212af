"""Enqueue background work, publish it, deliver it, sweep what is due (see ``outbox``)."""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from kombu.exceptions import OperationalError

from common.bulk import create_unless_taken
from outbox import registry
from outbox.delivery import WAITING, backoff, setting
from outbox.models import Message, MessageState

logger = logging.getLogger(__name__)

# What a publish raises when the broker cannot be reached (kombu wraps the transport's
# connection errors in OperationalError; a socket error may come through as itself).
BROKER_ERRORS: tuple[type[BaseException], ...] = (OperationalError, OSError)

# Process-wide: after a failed publish, requests leave publishing to the sweep for a few
# seconds instead of each waiting for the broker's timeout.
_paused_until = 0.0


def enqueue(task_name: str, *args: Any, key: str) -> Message:
    """Save a piece of background work in the current transaction; publish it on commit.

    ``args`` are JSON values. ``key`` names the work: a second call with the same key
    returns the first row and adds nothing. Never raises for a broker that is down.
    """
    registry.kind(task_name)  # a typo fails here, in the request, not later in a worker
    if not key or len(key) > Message._meta.get_field("key").max_length:
        raise ValueError("an idempotency key of 1 to 255 characters is required")
    # one INSERT that leaves a row of the same key as it is (no read first, no savepoint)
    message = Message(key=key, task=task_name, args=list(args))
    if not create_unless_taken(message, "key"):
        message = Message.objects.get(key=key)
    if message.task != task_name:
        raise ValueError(f"the key {key!r} is already used by {message.task!r}")
    transaction.on_commit(lambda: publish(message), robust=True)
    return message


def pause_remaining() -> float:
    """Seconds this process still leaves publishing to the sweep (0 when it does not)."""
    return max(0.0, _paused_until - time.monotonic())


def resume_publishing() -> None:
    """Forget an earlier broker failure (tests; the sweep ignores the pause anyway)."""
    global _paused_until
    _paused_until = 0.0


SENT, NOT_DUE, BROKER_DOWN, UNKNOWN_TASK = "sent", "not due", "broker down", "unknown task"


def publish(message: Message, *, now: datetime | None = None) -> bool:
    """Publish ``message`` if it is due and nobody else has taken it; True when sent."""
    return _publish(message, now=now, sweeping=False) == SENT


def _publish(message: Message, *, now: datetime | None, sweeping: bool) -> str:
    """Publish ``message`` if it is due and nobody else has taken it (see ``publish``).

    The row is taken first with a conditional UPDATE (queued, one more attempt, leased
    until ``now + lease``), so two publishers never both send it; a failed publish puts
    it back to pending after a backoff.
    """
    global _paused_until
    if not sweeping and time.monotonic() < _paused_until:
        return BROKER_DOWN
    try:
        kind = registry.kind(message.task)
    except LookupError:
        logger.error("outbox: no task %r for message %s; trying later", message.task, message.pk)
        Message.objects.filter(pk=message.pk, state__in=WAITING).update(
            next_attempt_at=timezone.now() + backoff(99), last_error="unknown task"
        )
        return UNKNOWN_TASK
    now = now or timezone.now()
    taken = Message.objects.filter(
        pk=message.pk, state__in=WAITING, next_attempt_at__lte=now
    ).update(
        state=MessageState.QUEUED,
        attempts=F("attempts") + 1,
        queued_at=now,
        next_attempt_at=now + kind.lease,
    )
    if not taken:
        return NOT_DUE
    try:
        kind.task.apply_async(
            args=list(message.args), task_id=registry.task_id_for(message.pk), retry=False
        )
    except BROKER_ERRORS as error:
        _paused_until = time.monotonic() + setting("OUTBOX_PAUSE_SECONDS", 5)
        attempts = Message.objects.values_list("attempts", flat=True).get(pk=message.pk)
        Message.objects.filter(pk=message.pk, state=MessageState.QUEUED).update(
            state=MessageState.PENDING,
            next_attempt_at=timezone.now() + backoff(attempts),
            last_error=f"broker: {error}"[:2000],
        )
        logger.warning("outbox: broker unreachable, %s %s left for the sweep: %s",
                       message.task, message.key, error)  # fmt: skip
        return BROKER_DOWN
    return SENT


def give_up(message: Message, now: datetime | None = None) -> bool:
    """Mark a row failed (no more attempts) and run its kind's ``on_give_up``."""
    now = now or timezone.now()
    failed = Message.objects.filter(pk=message.pk, state__in=WAITING).update(
        state=MessageState.FAILED, done_at=now
    )
    if not failed:
        return False
    logger.error("outbox: gave up %s %s after %s attempts: %s",
                 message.task, message.key, message.attempts, message.last_error)  # fmt: skip
    kind = registry.KINDS.get(message.task)
    if kind is not None and kind.on_give_up is not None:
        try:
            kind.on_give_up(*message.args)
        except Exception:
            logger.exception("outbox: on_give_up of %s failed", message.key)
    return True


def sweep(now: datetime | None = None, limit: int = 500) -> dict[str, int]:
    """Publish the rows that are due, give up those out of attempts, purge done rows
    older than ``OUTBOX_KEEP_DONE_DAYS`` (given-up rows stay, for a person to look at).

    Stops at the first broker failure (the rest waits for the next sweep).
    """
    now = now or timezone.now()
    counts = {"published": 0, "given_up": 0, "purged": 0}
    due = Message.objects.filter(state__in=WAITING, next_attempt_at__lte=now).order_by(
        "next_attempt_at", "pk"
    )[:limit]
    for message in due:
        try:
            kind = registry.kind(message.task)
        except LookupError:
            kind = None
        if kind is not None and message.attempts >= kind.max_attempts:
            counts["given_up"] += give_up(message, now)
            continue
        outcome = _publish(message, now=now, sweeping=True)
        if outcome == SENT:
            counts["published"] += 1
        elif outcome == BROKER_DOWN:
            break  # try the rest next time
    keep = timedelta(days=setting("OUTBOX_KEEP_DONE_DAYS", 7))
    counts["purged"], _ = Message.objects.filter(
        state=MessageState.DONE, done_at__lt=now - keep
    ).delete()
    if counts["published"] or counts["given_up"]:
        logger.info("outbox sweep: %s", counts)
    return counts
