"""Celery tasks of disputes. Thin: take an id, let ``disputes.checking`` do the work.

Acknowledged late and rejected (so redelivered) when the worker process dies mid-check;
retried with backoff on unexpected errors. Running twice stores one verdict.
"""

from __future__ import annotations

from celery import shared_task

from disputes.services import CHECK_TASK


@shared_task(
    name=CHECK_TASK,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,  # the outcome is in the database; nobody reads Celery's copy
    autoretry_for=(Exception,),
    max_retries=4,
    retry_backoff=2,
    retry_jitter=True,
)
def check_dispute(dispute_id: int) -> None:
    """Check the dispute with the engine and store the verdict (once).

    Returns nothing: the outcome is in the database, and Celery would otherwise format
    a return value for its log line on every task."""
    from disputes.checking import check_dispute as check

    check(dispute_id)
