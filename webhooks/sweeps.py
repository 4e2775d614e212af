"""Periodic work of webhooks (nardy_site.tasks.sweep): posts to try again."""

from __future__ import annotations

from webhooks.services import retry_due


def sweep() -> None:
    retry_due()
