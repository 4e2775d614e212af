"""Kinds of background work registered for the outbox's tests only."""

from __future__ import annotations

from datetime import timedelta

from outbox.registry import task

CALLS: list[tuple[str, object]] = []
FAILURES: dict[str, int] = {}  # value -> how many more runs raise


@task(name="tests.outbox.record", lease=timedelta(minutes=1), max_attempts=3,
      on_give_up=lambda value: CALLS.append(("gave up", value)))  # fmt: skip
def record(value: str) -> None:
    """Record the call; raise while FAILURES says so."""
    if FAILURES.get(value, 0) > 0:
        FAILURES[value] -= 1
        raise RuntimeError(f"{value} failed on purpose")
    CALLS.append(("ran", value))
