"""Celery tasks of disputes. Thin: take an id, let ``games.disputes.checking`` do the work.

Acknowledged late and rejected (so redelivered) when the worker process dies mid-check;
retried with backoff on unexpected errors. Running twice stores one verdict.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task


@shared_task(
    name="games.disputes.tasks.check_dispute",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,  # the outcome is in the database; nobody reads Celery's copy
    autoretry_for=(Exception,),
    max_retries=4,
    retry_backoff=2,
    retry_jitter=True,
)
def check_dispute(dispute_id: int) -> dict[str, Any]:
    """Check the dispute with the engine and store the verdict (once)."""
    from games.disputes.checking import check_dispute as check

    dispute = check(dispute_id)
    if dispute is None:
        return {"id": dispute_id, "checked": False}  # nothing to do: done before, or gone
    return {"id": dispute.pk, "checked": True, "attempts": dispute.attempts}
