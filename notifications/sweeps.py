"""Periodic work of notifications (nardy_site.tasks.sweep): deliveries to try again."""

from __future__ import annotations

from notifications.services import retry_due


def sweep() -> None:
    retry_due()
