"""The worker's side of a dispute: claim it, ask the engine, store the verdict once.

``check_dispute`` can run any number of times, in any number of workers at once:
  * claiming is one conditional UPDATE, ``submitted``/``checking`` → ``checking`` (a
    task redelivered after its worker died finds ``checking`` and claims it again);
  * storing is a conditional UPDATE (``checking`` → ``checked``) and writes the one
    ``checked`` audit row in the same transaction, so a verdict is stored exactly once
    (a unique constraint on the audit trail backs this up).
``requeue_waiting`` is the periodic sweep for disputes whose check never ran.
"""

from __future__ import annotations

import logging
import os
import time
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games.disputes import checks
from games.disputes.models import Dispute, DisputeEvent, DisputeKind, DisputeStatus
from games.disputes.services import queue_check, record
from games.models import Match
from games.services.transcripts import seats_in_file

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
STUCK_AFTER = timedelta(seconds=60)
# Test-only: seconds to wait between the engine's answer and storing it, so that an
# end-to-end test can kill the worker in the middle of a check. Never set in production.
TEST_DELAY_ENV = "NARDY_TEST_DISPUTE_CHECK_DELAY"


CLAIMABLE = (DisputeStatus.SUBMITTED, DisputeStatus.CHECKING)


def _claim(dispute_id: int) -> Dispute | None:
    """Mark the dispute as being checked; None when there is nothing (more) to do.

    One conditional UPDATE claims it and returns what the check needs (RETURNING, in
    SQLite 3.35+ and PostgreSQL); a redelivered task finds ``checking`` and claims it
    again.
    """
    fields = [Dispute._meta.get_field(name) for name in CHECK_FIELDS]
    sql = (
        f"UPDATE {Dispute._meta.db_table} SET status = %s, attempts = attempts + 1 "
        "WHERE id = %s AND status IN (%s, %s) "
        f"RETURNING {', '.join(field.column for field in fields)}"
    )
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql, [DisputeStatus.CHECKING, dispute_id, *CLAIMABLE])
            row = cursor.fetchone()
        if row is None:
            return None
        values = {
            field.attname: (
                field.from_db_value(value, None, connection)
                if hasattr(field, "from_db_value")
                else value
            )
            for field, value in zip(fields, row, strict=True)
        }
        dispute = Dispute(pk=dispute_id, status=DisputeStatus.CHECKING, **values)
        record(dispute, DisputeEvent.Action.CHECKING, note=f"attempt {dispute.attempts}")
    return dispute


CHECK_FIELDS = (
    "kind", "variant", "position_id", "dice1", "dice2", "notation", "claims", "attempts",
    "match_id", "transcript_id",
)  # fmt: skip


def _store(dispute: Dispute, verdict: dict[str, Any]) -> bool:
    """Store the verdict if nobody has yet; True when this call stored it."""
    with transaction.atomic():
        stored = Dispute.objects.filter(pk=dispute.pk, status=DisputeStatus.CHECKING).update(
            status=DisputeStatus.CHECKED, verdict=verdict, checked_at=timezone.now()
        )
        if stored:
            record(dispute, DisputeEvent.Action.CHECKED, note=str(verdict.get("code") or "legal"))
    return bool(stored)


def verdict_for(dispute: Dispute) -> dict[str, Any]:
    """Ask the engine about the dispute (no database writes)."""
    if dispute.kind == DisputeKind.MOVE:
        return checks.check_move(
            dispute.variant, dispute.position_id, (dispute.dice1, dispute.dice2), dispute.notation
        )
    match = (
        Match.objects.select_related("player1", "player2").get(pk=dispute.match_id)
        if dispute.match_id
        else None
    )
    transcript = dispute.transcript
    seats = None
    rules = match.rules() if match is not None else None
    if transcript is not None and match is not None:
        from engine.errors import EngineError
        from engine.transcript import read_transcript

        try:
            seats = seats_in_file(match, read_transcript(transcript.text).players)
        except EngineError:
            seats = None
    return checks.check_result(
        dispute.claims, transcript.text if transcript is not None else None, seats, rules
    )


def _failure(error: Exception) -> dict[str, Any]:
    return {
        "kind": "error",
        "code": "check_failed",
        "reason": f"The engine could not check this dispute: {error}",
    }


def check_dispute(dispute_id: int) -> Dispute | None:
    """Check one dispute and store the verdict; safe to run twice or concurrently.

    Returns the dispute as claimed (None when there was nothing to do: already checked,
    ruled, withdrawn or missing)."""
    dispute = _claim(dispute_id)
    if dispute is None:
        return None
    try:
        verdict = verdict_for(dispute)
    except Exception as error:  # a bug or bad data: retry, then store the failure
        logger.exception("checking dispute %s failed", dispute_id)
        if dispute.attempts < MAX_ATTEMPTS:
            raise
        verdict = _failure(error)
    delay = float(os.environ.get(TEST_DELAY_ENV) or 0)
    if delay > 0:
        time.sleep(delay)
    _store(dispute, verdict)
    return dispute


def requeue_waiting(now: datetime | None = None) -> list[int]:
    """Queue again every dispute that has waited for its check longer than STUCK_AFTER
    (the broker was down when it was submitted, or its worker was lost)."""
    now = now or timezone.now()
    cutoff = now - STUCK_AFTER
    waiting = Dispute.objects.filter(
        Q(queued_at__lt=cutoff) | Q(queued_at__isnull=True),
        status__in=[DisputeStatus.SUBMITTED, DisputeStatus.CHECKING],
    ).values_list("pk", flat=True)
    requeued: list[int] = []
    for dispute_id in list(waiting[:500]):
        with transaction.atomic():
            taken = Dispute.objects.filter(
                Q(queued_at__lt=cutoff) | Q(queued_at__isnull=True),
                pk=dispute_id,
                status__in=[DisputeStatus.SUBMITTED, DisputeStatus.CHECKING],
            ).update(queued_at=now)
            if not taken:
                continue  # checked or requeued by someone else meanwhile
            record(Dispute(pk=dispute_id), DisputeEvent.Action.REQUEUED)
            queue_check(dispute_id)
        requeued.append(dispute_id)
    if requeued:
        logger.info("queued %d waiting disputes again", len(requeued))
    return requeued
