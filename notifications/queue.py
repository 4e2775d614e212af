"""The one way this app asks for background work: the transactional outbox.

The row is saved in the caller's transaction and published once it commits (or by the
outbox's sweep when the broker was down); the work is also saved in this app's own
tables first (notifications, deliveries), so its own sweep retries what failed.
"""

from __future__ import annotations

from typing import Any

from outbox.services import enqueue


def later(task_name: str, *args: Any, key: str) -> None:
    """Run ``task_name(*args)`` in a worker after the current transaction commits.

    ``key`` names the work: the same key twice is the same work, done once.
    """
    enqueue(task_name, *args, key=key)
