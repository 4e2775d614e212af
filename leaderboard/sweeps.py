"""Periodic work of the leaderboard (``nardy_site.tasks.sweep``)."""

from __future__ import annotations

from leaderboard.services.due import catch_up


def sweep() -> None:
    """Ratings left due by a crash between a result's commit and its ratings' (see
    ``services.due``) are caught up."""
    catch_up()
