"""Celery tasks of notifications (through the outbox): thin, take ids, safe to run twice."""

from __future__ import annotations

from typing import Any

from outbox.registry import task


@task(name="notifications.fan_out")
def fan_out(event: str, args: list[Any]) -> None:
    from notifications.services import fan_out as run

    run(event, args)


@task(name="notifications.deliver")
def deliver(delivery_id: int) -> None:
    from notifications.services import deliver as run

    run(delivery_id)


@task(name="notifications.deliver_many")
def deliver_many(delivery_ids: list[int]) -> None:
    from notifications.services import deliver_many as run

    run(delivery_ids)
