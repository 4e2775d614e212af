"""Periodic work of disputes, run by nardy_site.tasks.sweep (celery beat)."""

from __future__ import annotations

from disputes.checking import requeue_waiting
from disputes.receivers import open_for_disagreeing_transcripts


def sweep() -> None:
    """Queue again the checks that waited too long; open result disputes for results
    that a checked transcript contradicts."""
    requeue_waiting()
    open_for_disagreeing_transcripts()
