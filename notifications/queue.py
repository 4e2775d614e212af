"""The one way this app asks for background work.

Today: the task is queued once the transaction commits (``nardy_site.queueing``); the
work is also saved in the database first (notifications, deliveries), so the sweep
finishes whatever a lost message left undone. When the transactional outbox is on main
this becomes ``outbox.services.enqueue(task_name, *args, key=key)``.
"""

from __future__ import annotations

from typing import Any

from nardy_site.queueing import enqueue_on_commit


def later(task_name: str, *args: Any, key: str) -> None:
    """Run ``task_name(*args)`` in a worker after the current transaction commits.

    ``key`` names the work (the same key twice is the same work): the outbox uses it;
    until then the handlers are idempotent by their own keys.
    """
    enqueue_on_commit(task_name, *args)
