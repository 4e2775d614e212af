"""Where disputes come from besides the form: a disputed result, a contradicting transcript."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from disputes.models import Dispute, DisputeKind
from disputes.services import open_result_dispute
from games import reasons
from games.models import Match, MatchResult, MatchTranscript, ResultStatus, TranscriptStatus
from games.signals import result_disputed


@receiver(result_disputed, dispatch_uid="disputes.open_result_dispute")
def on_result_disputed(
    sender: Any, match: Match, result: MatchResult, by: Any = None, reason: str = "", **_: Any
) -> None:
    """The opponent disputed the entered result: hold both claims in a Dispute."""
    open_result_dispute(match=match, result=result, by=by, reason=reason)


def open_for_disagreeing_transcripts(limit: int = 100) -> list[int]:
    """A result dispute for each open or confirmed result that a checked transcript
    contradicts, unless the result already has one. Returns the new disputes' ids."""
    opened: list[int] = []
    candidates = (
        MatchTranscript.objects.filter(status=TranscriptStatus.CHECKED, agrees_with_result=False)
        .select_related("match", "match__club")
        .order_by("-pk")[:limit]
    )
    for transcript in candidates:
        match = transcript.match
        result = (
            match.results.filter(
                status__in=[ResultStatus.CONFIRMED, ResultStatus.PROPOSED, ResultStatus.DISPUTED]
            )
            .order_by("-pk")
            .first()
        )
        if result is None:
            continue
        if Dispute.objects.filter(kind=DisputeKind.RESULT, result=result).exists():
            continue
        with transaction.atomic():
            dispute = open_result_dispute(
                match=match,
                result=result,
                by=None,
                reason=reasons.TRANSCRIPT_DISAGREES,
                transcript=transcript,
            )
        opened.append(dispute.pk)
    return opened
