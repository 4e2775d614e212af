"""Celery tasks of disputes. Thin: take an id, let ``disputes.checking`` do the work.

Queued through the outbox (``outbox.registry.task``): acknowledged late and delivered
again when the worker process dies mid-check, retried after a backoff on unexpected
errors. Running twice stores one verdict.
"""

from __future__ import annotations

from datetime import timedelta

from disputes.services import CHECK_TASK
from outbox.registry import task


def _give_up(dispute_id: int) -> None:
    from disputes.checking import give_up

    give_up(dispute_id)


@task(
    name=CHECK_TASK,
    lease=timedelta(minutes=2),
    max_attempts=8,  # the check itself stores a failure verdict after its MAX_ATTEMPTS claims
    on_give_up=_give_up,
)
def check_dispute(dispute_id: int) -> None:
    """Check the dispute with the engine and store the verdict (once)."""
    from disputes.checking import check_dispute as check

    check(dispute_id)
