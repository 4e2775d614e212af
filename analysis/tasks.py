"""The analysis queue's task. Thin: take the row, run GNU Backgammon, store."""

from __future__ import annotations

from datetime import timedelta

from analysis.services import ANALYSE_TASK, give_up, run_analysis
from outbox.registry import task


def _give_up(analysis_id: int) -> None:
    give_up(analysis_id)


@task(
    name=ANALYSE_TASK,
    # The outbox publishes the row again only when its worker has been silent this long
    # (a 17-point match at 2-ply takes minutes); a worker restart is picked up sooner
    # through the broker's own redelivery and the row's lock (analysis.services).
    lease=timedelta(minutes=30),
    max_attempts=5,
    on_give_up=_give_up,
    time_limit=3 * 3600,
    soft_time_limit=3 * 3600 - 60,
)
def analyse_match(analysis_id: int) -> None:
    """Analyse the games of one match not analysed yet (through the outbox)."""
    run_analysis(analysis_id)
