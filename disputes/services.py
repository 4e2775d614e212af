"""Writes on disputes: submit, open for a disputed result, rule, withdraw.

Each writes in one transaction (a submission checks its input before it). A new dispute
is saved ``submitted`` together with the outbox row that asks for its check
(``outbox.services.enqueue``): published once the transaction commits, or by the
outbox's sweep when the broker was down. The worker's side (claiming, storing the
verdict) is ``disputes.checking``.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.permissions import AnyUser
from disputes import access
from disputes.models import (
    OPEN_STATUSES,
    Dispute,
    DisputeEvent,
    DisputeKind,
    DisputeStatus,
    Ruling,
)
from disputes.selectors import disputed_day
from disputes.signals import dispute_opened, dispute_ruled
from disputes.verdicts import validate_move
from engine.errors import EngineError
from engine.position import Position
from games import reasons
from games.choices import DEFAULT_BLOCK_RULE
from games.models import (
    MAX_GAME_NUMBER,
    BlockRule,
    Match,
    MatchResult,
    MatchTranscript,
    TranscriptStatus,
    Variant,
)
from games.services.access import seat_of_user
from games.services.errors import NotAllowed, ServiceError
from games.services.matches import check_block_rule
from games.services.results import override_result
from games.services.scoring import format_score
from outbox.services import enqueue

# Engine input codes shown to people in their language; the engine's sentence otherwise.
INPUT_MESSAGES: dict[str, Any] = {
    "position_missing": _("Give the position: click it in on the board or paste a Position ID."),
    "position_incomplete": _("The position is not a game in progress: a side has no checkers."),
    "bad_position_id": _("This is not a valid Position ID (14 characters)."),
    "too_many_checkers": _("A side has more than 15 checkers in this position."),
    "point_shared": _("Both sides have checkers on the same point."),
    "checker_on_bar": _("Long nardy has no bar: a checker is on the bar."),
    "bad_dice": _("Each die shows a number from 1 to 6."),
    "unreadable_notation": _("The play cannot be read; write it like 13/8 6/5* or bar/22."),
}

CHECK_TASK = "disputes.tasks.check_dispute"  # the Celery task that checks one dispute


def input_errors(
    variant: str, position_id: str, dice: Sequence[int] | None, notation: str
) -> dict[str, list[str]]:
    """Field errors for a disputed move's input, in the reader's language (empty if fine)."""
    errors: dict[str, list[str]] = {}
    for problem in validate_move(variant, position_id, dice, notation):
        known = INPUT_MESSAGES.get(problem.code)
        text = str(known) if known is not None else problem.message
        if known is not None and problem.code not in ("position_missing", "bad_dice"):
            text = f"{text} ({problem.message})"
        errors.setdefault(problem.field, []).append(text)
    return errors


def record(dispute: Dispute, action: str, by: AnyUser | None = None, note: str = "") -> None:
    actor = by if by is not None and getattr(by, "is_authenticated", False) else None
    DisputeEvent.objects.create(dispute=dispute, action=action, actor=actor, note=note)


def queue_check(dispute_id: int) -> None:
    """Ask for the worker's check, in the current transaction (through the outbox).

    By name: the tasks module sits above this one (it imports the checking that uses it)."""
    enqueue(CHECK_TASK, dispute_id, key=f"dispute-check:{dispute_id}")


def submit_move_dispute(
    *,
    by: AnyUser,
    club: Club | None = None,
    match: Match | None = None,
    game_number: int | None = None,
    variant: str = "backgammon",
    position_id: str,
    dice: tuple[int, int],
    notation: str,
    on_roll_seat: int = 1,
    statement: str = "",
    transcript: MatchTranscript | None = None,
    block_rule: str = "",
    queue: bool = True,
) -> Dispute:
    """Save a disputed move and queue its check for after the commit.

    From a match (its players and directors) or standalone in a club (its members and
    directors). A match's dispute is judged under the match's block rule; a standalone
    long-nardy one under ``block_rule`` (empty: the main rule). Raises ServiceError (with
    the field) for input the engine cannot take, NotAllowed for someone who may not
    raise it.
    """
    if match is not None:
        if not access.can_raise_for_match(by, match):
            raise NotAllowed(_("Only the players of this match and its directors raise disputes."))
        if block_rule and block_rule != match.block_rule:
            raise ServiceError(
                "block_rule_of_the_match",
                _("A dispute in a match is judged under the match's six-point block rule."),
                "block_rule",
            )
        club, variant, block_rule = match.club, match.variant, match.block_rule
    elif club is None:
        raise ServiceError("club_missing", _("Choose the club."), "club")
    elif not access.can_raise_in_club(by, club):
        raise NotAllowed(_("Only members and directors of the club raise disputes there."))
    else:
        block_rule = standalone_block_rule(variant, block_rule)
    errors = input_errors(variant, position_id, dice, notation)
    if errors:
        field, messages = next(iter(errors.items()))
        raise ServiceError("bad_input", messages[0], field)
    if game_number is not None and not 1 <= game_number <= MAX_GAME_NUMBER:
        raise ServiceError(
            "bad_game_number",
            _("The game number is from 1 to %(count)s.") % {"count": MAX_GAME_NUMBER},
            "game_number",
        )
    if on_roll_seat not in (1, 2):
        raise ServiceError(
            "bad_side", _("The side on roll is player 1 or player 2."), "on_roll_seat"
        )
    dispute = Dispute(
        kind=DisputeKind.MOVE,
        club=club,
        match=match,
        game_number=game_number,
        variant=variant,
        block_rule=block_rule,
        position_id=position_id.strip(),
        dice1=int(dice[0]),
        dice2=int(dice[1]),
        on_roll_seat=on_roll_seat,
        notation=notation.strip(),
        statement=statement.strip(),
        transcript=transcript,
        submitted_by=by if by.is_authenticated else None,
        queued_at=timezone.now(),
    )
    # Only the writes are the transaction: with SQLite it holds the database's one write
    # lock from its start, and the engine's input check above must not keep the worker
    # waiting for it.
    with transaction.atomic():
        dispute.save()  # input checked above; the table's constraints back it up
        record(dispute, DisputeEvent.Action.SUBMITTED, by, dispute.statement)
        if queue:
            queue_check(dispute.pk)
        dispute_opened.send(sender=Dispute, dispute=dispute)
    return dispute


def standalone_block_rule(variant: str, block_rule: str | None) -> str:
    """The block rule of a dispute raised outside a match: none for backgammon (one given
    is refused), the one chosen or the main rule for long nardy."""
    check_block_rule(variant, block_rule)
    if variant != Variant.NARDY:
        return ""
    if block_rule and block_rule not in BlockRule.values:
        raise ServiceError(
            "unknown_block_rule",
            _("The six-point block rule is one of: %(choices)s.")
            % {"choices": ", ".join(BlockRule.values)},
            "block_rule",
        )
    return block_rule or DEFAULT_BLOCK_RULE


def latest_transcript(match: Match) -> MatchTranscript | None:
    """The newest transcript of the match that the engine could read, if any."""
    return (
        match.transcripts.exclude(status=TranscriptStatus.FAILED).order_by("-uploaded_at", "-pk")
    ).first()


def open_result_dispute(
    *,
    match: Match,
    result: MatchResult,
    by: AnyUser | None,
    reason: str = "",
    transcript: MatchTranscript | None = None,
    queue: bool = True,
) -> Dispute:
    """A Dispute holding both claims about a result (inside the caller's transaction).

    Opened when the opponent disputes the entered result, or by the sweep when a
    transcript disagrees with it. One open result dispute per result: a second call
    returns the first.
    """
    existing = Dispute.objects.filter(
        kind=DisputeKind.RESULT, result=result, status__in=OPEN_STATUSES
    ).first()
    if existing is not None:
        return existing
    transcript = transcript or latest_transcript(match)
    entered_seat = seat_of_user(result.entered_by, match) if result.entered_by else None
    claims = {
        "entered": [format_score(result.score1), format_score(result.score2)],
        "entered_by_seat": entered_seat,
        "disputed_by_seat": seat_of_user(by, match) if by is not None else None,
        "reason": reason,
    }
    with transaction.atomic():
        dispute = Dispute.objects.create(
            kind=DisputeKind.RESULT,
            club=match.club,
            match=match,
            variant=match.variant,
            block_rule=match.block_rule,
            result=result,
            transcript=transcript,
            claims=claims,
            statement=reason,
            submitted_by=by if by is not None and by.is_authenticated else None,
            queued_at=timezone.now(),
        )
        record(dispute, DisputeEvent.Action.SUBMITTED, by, reason)
        if queue:
            queue_check(dispute.pk)
        dispute_opened.send(sender=Dispute, dispute=dispute)
    return dispute


def _locked(dispute: Dispute) -> Dispute:
    # of=("self",): PostgreSQL refuses FOR UPDATE on the outer join to a missing match.
    locked = Dispute.objects.select_for_update(of=("self",)).select_related("club", "match")
    return locked.get(pk=dispute.pk)


@transaction.atomic
def rule_dispute(
    *,
    dispute: Dispute,
    by: AnyUser,
    ruling: str,
    note: str = "",
    replay_position_id: str = "",
    score1: Decimal | None = None,
    score2: Decimal | None = None,
    played_on: datetime.date | None = None,
) -> Dispute:
    """A director's ruling on a checked dispute, with a note.

    On a disputed result the ruling decides the score: ``upheld`` (the complaint is
    right) needs the ruled score; ``overturned`` keeps the entered one unless another is
    given. That score becomes the match's official result through the same service as a
    director's override (``games.services.override_result``: audited, the bracket moves
    on), in this transaction: the dispute is closed with it or not at all. Two directors
    ruling at once: the dispute row is locked, the second one finds it closed. The ruled
    result is dated ``played_on`` (checked as any result's day), by default the day of
    the result in dispute (``selectors.disputed_day``): the ratings follow it.
    """
    dispute = _locked(dispute)
    if not access.can_rule(by, dispute):
        raise NotAllowed(_("Only a director of the club rules on disputes."))
    if ruling not in Ruling.values:
        raise ServiceError("bad_ruling", _("Choose a ruling."), "ruling")
    if dispute.status in (DisputeStatus.RULED, DisputeStatus.WITHDRAWN):
        raise ServiceError("dispute_closed", _("This dispute is already closed."))
    if dispute.status != DisputeStatus.CHECKED:
        raise ServiceError(
            "not_checked",
            _("A dispute is ruled on once the engine has checked it and before any ruling."),
        )
    replay_position_id = replay_position_id.strip()
    if ruling == Ruling.REPLAY:
        if dispute.kind == DisputeKind.RESULT:
            raise ServiceError("replay_not_for_result",
                               _("A disputed result is ruled with a score, not a replay."), "ruling")
        try:
            Position.from_id(replay_position_id, dispute.variant)
        except EngineError:
            raise ServiceError(
                "bad_replay_position",
                _("Give the valid Position ID to replay from."),
                "replay_position_id",
            ) from None
    else:
        replay_position_id = ""
    note = note.strip()
    if dispute.kind == DisputeKind.RESULT:
        _apply_ruled_score(dispute, by, ruling, note, score1, score2,
                           played_on if played_on is not None else disputed_day(dispute))
    elif played_on is not None:
        raise ServiceError("played_on_not_for_move",
                           _("Only a ruling on a disputed result gives the date played."),
                           "played_on")
    dispute.status = DisputeStatus.RULED
    dispute.ruling = ruling
    dispute.ruling_note = note
    dispute.replay_position_id = replay_position_id
    dispute.ruled_by = by
    dispute.ruled_at = timezone.now()
    dispute.save(
        update_fields=[
            "status", "ruling", "ruling_note", "replay_position_id", "ruled_by", "ruled_at",
            "claims",
        ]
    )  # fmt: skip
    ruled = dispute.claims.get("ruled") if isinstance(dispute.claims, dict) else None
    text = f"{ruling}: {ruled[0]}-{ruled[1]} {note}" if ruled else f"{ruling}: {note}"
    record(dispute, DisputeEvent.Action.RULED, by, text.strip())
    dispute_ruled.send(sender=Dispute, dispute=dispute)
    return dispute


def _apply_ruled_score(dispute: Dispute, by: AnyUser, ruling: str, note: str,
                       score1: Decimal | None, score2: Decimal | None,
                       played_on: datetime.date | None) -> None:
    """The ruled score becomes the official result (see ``rule_dispute``)."""
    if (score1 is None) != (score2 is None):
        raise ServiceError("score_required", _("Give both scores of the ruling."), "score1")
    if score1 is None:
        entered = (dispute.claims or {}).get("entered") if isinstance(dispute.claims, dict) else None
        if ruling != Ruling.OVERTURNED or not entered:
            raise ServiceError(
                "score_required",
                _("Give the score the ruling sets: it becomes the official result."),
                "score1",
            )
        score1, score2 = Decimal(str(entered[0])), Decimal(str(entered[1]))
    if dispute.match is None:
        raise ServiceError("no_match", _("This dispute has no match."))
    reason = reasons.ruling_reason(dispute.pk, note)
    result = override_result(match=dispute.match, by=by, score1=score1, score2=score2,
                             reason=reason, played_on=played_on)
    claims = dict(dispute.claims or {})
    claims["ruled"] = [format_score(result.score1), format_score(result.score2)]
    claims["ruled_result"] = result.pk
    dispute.claims = claims


@transaction.atomic
def withdraw_dispute(*, dispute: Dispute, by: AnyUser) -> Dispute:
    """The submitter takes the dispute back while no ruling has been made."""
    dispute = _locked(dispute)
    if not access.can_withdraw(by, dispute):
        raise NotAllowed(_("Only whoever raised the dispute can withdraw it."))
    if dispute.status not in OPEN_STATUSES:
        raise ServiceError("closed", _("This dispute is already closed."))
    dispute.status = DisputeStatus.WITHDRAWN
    dispute.save(update_fields=["status"])
    record(dispute, DisputeEvent.Action.WITHDRAWN, by)
    return dispute
