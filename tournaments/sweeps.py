"""Periodic work of the tournaments app, run by nardy_site.tasks.sweep (celery beat)."""

from __future__ import annotations

from tournaments.services.checkin import announce_check_in
from tournaments.services.day import forfeit_due


def sweep() -> None:
    """Tell entrants that check-in has opened; forfeit absent players whose time is up."""
    announce_check_in()
    forfeit_due()
