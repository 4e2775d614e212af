"""Periodic work of ladders, run by nardy_site.tasks.sweep (celery beat). Every step is
decided in the database under the ladder's lock, so it happens exactly once, whichever
worker runs it and however often (a restarted worker simply sweeps again)."""

from __future__ import annotations

from ladders.services import drop_inactive, forfeit_due, remind_due


def sweep() -> None:
    remind_due()
    forfeit_due()
    drop_inactive()
