"""Periodic work of disputes, run by nardy_site.tasks.sweep (celery beat)."""

from __future__ import annotations

from disputes.receivers import open_for_disagreeing_transcripts


def sweep() -> None:
    """Open result disputes for results that a checked transcript contradicts.

    (Checks whose queueing failed are the outbox's sweep: see ``outbox``.)"""
    open_for_disagreeing_transcripts()
