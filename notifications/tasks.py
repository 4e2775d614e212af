"""Celery tasks of notifications: thin, take ids, safe to run twice."""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(name="notifications.fan_out", ignore_result=True, acks_late=True)
def fan_out(event: str, args: list[Any]) -> None:
    from notifications.services import fan_out as run

    run(event, args)


@shared_task(name="notifications.deliver", ignore_result=True, acks_late=True)
def deliver(delivery_id: int) -> None:
    from notifications.services import deliver as run

    run(delivery_id)
