"""Periodic work of the games app, run by nardy_site.tasks.sweep (celery beat)."""

from __future__ import annotations

from games.services.transcripts import requeue_stuck


def sweep() -> None:
    """Queue again the transcript checks stuck in pending (or lost mid-check)."""
    requeue_stuck()
