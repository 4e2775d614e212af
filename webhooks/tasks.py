"""The webhook post, run by the worker through the outbox (thin; safe to run twice)."""

from __future__ import annotations

from outbox.registry import task


@task(name="webhooks.deliver")
def deliver(delivery_id: int) -> None:
    from webhooks.services import deliver as run

    run(delivery_id)
