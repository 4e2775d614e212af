"""The webhook post, run by the worker (thin; safe to run twice)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="webhooks.deliver", ignore_result=True, acks_late=True)
def deliver(delivery_id: int) -> None:
    from webhooks.services import deliver as run

    run(delivery_id)
