"""The worker's side of a dispute: claim it, ask the engine, store the verdict once.

``check_dispute`` can run any number of times, in any number of workers at once:
  * claiming is one conditional UPDATE, ``submitted``/``checking`` → ``checking`` (a
    task redelivered after its worker died finds ``checking`` and claims it again);
  * storing is a conditional UPDATE (``checking`` → ``checked``) and writes the one
    ``checked`` audit row in the same transaction, so a verdict is stored exactly once
    (a unique constraint on the audit trail backs this up).
Queueing the check again when the broker was down or a worker died is the outbox's
sweep (``outbox``); ``give_up`` stores a failure verdict when the outbox gives up.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from disputes import verdicts as checks
from disputes.models import Dispute, DisputeEvent, DisputeKind, DisputeStatus
from disputes.signals import dispute_checked
from games.models import Match
from games.services.transcripts import file_start_score, seats_in_file

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
# Test-only: seconds to wait between the engine's answer and storing it, so that an
# end-to-end test can kill the worker in the middle of a check. Never set in production.
TEST_DELAY_ENV = "NARDY_TEST_DISPUTE_CHECK_DELAY"


CLAIMABLE = (DisputeStatus.SUBMITTED, DisputeStatus.CHECKING)

CHECK_FIELDS = (
    "kind", "variant", "block_rule", "position_id", "dice1", "dice2", "notation", "claims",
    "attempts", "match_id", "transcript_id",
)  # fmt: skip


def _sql() -> dict[str, str]:
    """The worker's three statements, built once from the models' table and column names.

    Plain SQL rather than the ORM: the worker runs them for every dispute, and compiling
    a queryset and instantiating an audit row cost more CPU than the statements
    themselves (SQLite and PostgreSQL take the same text)."""
    global _SQL
    if _SQL is None:
        quote = connection.ops.quote_name

        def columns(model: Any, *names: str) -> list[str]:
            return [quote(model._meta.get_field(name).column) for name in names]

        table, event_table = quote(Dispute._meta.db_table), quote(DisputeEvent._meta.db_table)
        pk, status, attempts, verdict, checked_at = columns(
            Dispute, "id", "status", "attempts", "verdict", "checked_at"
        )
        returned = ", ".join(columns(Dispute, *CHECK_FIELDS))
        event_columns = ", ".join(columns(DisputeEvent, "dispute", "action", "actor", "at", "note"))
        _SQL = {
            "claim": (
                f"UPDATE {table} SET {status} = %s, {attempts} = {attempts} + 1 "
                f"WHERE {pk} = %s AND {status} IN (%s, %s) RETURNING {returned}"
            ),
            "store": (
                f"UPDATE {table} SET {status} = %s, {verdict} = %s, {checked_at} = %s "
                f"WHERE {pk} = %s AND {status} = %s"
            ),
            "event": f"INSERT INTO {event_table} ({event_columns}) VALUES (%s, %s, NULL, %s, %s)",
        }
    return _SQL


_SQL: dict[str, str] | None = None


def _now() -> Any:
    return connection.ops.adapt_datetimefield_value(timezone.now())


def _claim(dispute_id: int) -> Dispute | None:
    """Mark the dispute as being checked; None when there is nothing (more) to do.

    One transaction, two statements: a conditional UPDATE claims it and returns what the
    check needs (RETURNING, in SQLite 3.35+ and PostgreSQL; a redelivered task finds
    ``checking`` and claims it again), and an INSERT writes the ``checking`` audit row.
    """
    sql = _sql()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql["claim"], [DisputeStatus.CHECKING, dispute_id, *CLAIMABLE])
        row = cursor.fetchone()
        if row is None:
            return None
        values = dict(zip(CHECK_FIELDS, row, strict=True))
        if isinstance(values["claims"], str):  # JSON comes back as text
            values["claims"] = _CLAIMS_FIELD.from_db_value(values["claims"], None, connection)
        attempts = values["attempts"]
        cursor.execute(
            sql["event"],
            [dispute_id, DisputeEvent.Action.CHECKING, _now(), f"attempt {attempts}"],
        )
    return Dispute(pk=dispute_id, status=DisputeStatus.CHECKING, **values)


def _store(dispute: Dispute, verdict: dict[str, Any]) -> bool:
    """Store the verdict if nobody has yet; True when this call stored it.

    A conditional UPDATE (``checking`` → ``checked``) and, only when it changed the row,
    the one ``checked`` audit row, in one transaction."""
    sql = _sql()
    stored_verdict = _VERDICT_FIELD.get_db_prep_save(verdict, connection)
    note = str(verdict.get("code") or "legal")
    with transaction.atomic(), connection.cursor() as cursor:
        now = _now()
        cursor.execute(
            sql["store"],
            [DisputeStatus.CHECKED, stored_verdict, now, dispute.pk, DisputeStatus.CHECKING],
        )
        stored = cursor.rowcount == 1
        if stored:
            cursor.execute(sql["event"], [dispute.pk, DisputeEvent.Action.CHECKED, now, note])
            dispute_checked.send(sender=Dispute, dispute_id=dispute.pk)
    return stored


_VERDICT_FIELD = Dispute._meta.get_field("verdict")
_CLAIMS_FIELD = Dispute._meta.get_field("claims")


def verdict_for(dispute: Dispute) -> dict[str, Any]:
    """Ask the engine about the dispute (no database writes), under the regulation the
    dispute is judged by (long nardy's block rule, stored with it)."""
    variant_rules = checks.variant_rules(dispute.variant, dispute.block_rule)
    if dispute.kind == DisputeKind.MOVE:
        return checks.check_move(
            dispute.variant,
            dispute.position_id,
            (dispute.dice1, dispute.dice2),
            dispute.notation,
            variant_rules,
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
        dispute.claims,
        transcript.text if transcript is not None else None,
        seats,
        rules,
        block_rule=variant_rules.block_rule if variant_rules is not None else None,
        start_score=file_start_score(match, seats) if match is not None else (0, 0),
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


def give_up(dispute_id: int) -> Dispute | None:
    """The outbox gave up on this check (it never finished): store a failure verdict so
    that a director can still rule. Nothing happens to a dispute already checked."""
    dispute = _claim(dispute_id)
    if dispute is not None:
        _store(dispute, _failure(RuntimeError("the check did not finish after several attempts")))
    return dispute
