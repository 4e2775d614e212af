"""Uploaded match transcripts: saved first, checked by the engine in a worker, compared
with the result entered for the match.

``upload_transcript`` stores the text and, in the same transaction, the outbox row that
asks for its check (``games.tasks.check_transcript``, published once the transaction
commits, or by the outbox's sweep when the broker was down); ``check_transcript`` (what
the task runs) can run any number of times; ``give_up`` marks a check that never
finished as failed.
"""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from clubs.permissions import AnyUser
from engine.errors import EngineError
from engine.match import Double, GameInput
from engine.replay import replay
from engine.transcript import model as record_model
from engine.transcript import read_transcript
from engine.transcript.mat_read import decode
from games.models import (
    GameResult,
    Match,
    MatchResult,
    MatchTranscript,
    ResultStatus,
    TranscriptStatus,
)
from games.services import access
from games.services.errors import NotAllowed, ServiceError
from games.services.scoring import format_score, to_decimal
from outbox.services import enqueue

logger = logging.getLogger(__name__)

MAX_BYTES = 1_000_000
CHECK_TASK = "games.tasks.check_transcript"  # the Celery task that checks one transcript
MAX_ATTEMPTS = 3
COLUMNS = (1, 2)  # the left and right columns of a match file


@transaction.atomic
def upload_transcript(
    *,
    match: Match,
    by: AnyUser,
    data: bytes | str,
    file_name: str = "",
    column: int | None = None,
    queue: bool = True,
) -> MatchTranscript:
    """Save a transcript and queue its check for after the commit.

    ``column`` (1 left, 2 right): the uploader's column in the file, when the file's
    names are not theirs on this site (their name or a FIBS, Galaxy or Studio name).
    ``queue=False`` leaves it pending for the caller (the demo checks it in-process).
    """
    if not access.can_enter(by, match):
        raise NotAllowed(_("Only the players of this match and its directors upload transcripts."))
    if column is not None:
        if column not in COLUMNS:
            raise ServiceError(
                "bad_column", _("Your column is the left one (1) or the right one (2)."), "column"
            )
        if access.seat_of_user(by, match) is None:
            raise ServiceError(
                "column_not_a_player",
                _("Only a player of this match says which column of the file is theirs."),
                "column",
            )
    size = len(data.encode() if isinstance(data, str) else data)
    if size == 0:
        raise ServiceError("empty_file", _("The file is empty."), "file")
    if size > MAX_BYTES:
        raise ServiceError("file_too_large", _("A transcript is at most 1 MB."), "file")
    try:
        text = decode(data)
    except EngineError:
        raise ServiceError(
            "not_text", _("The file is binary data, not a match transcript."), "file"
        ) from None
    transcript = MatchTranscript.objects.create(
        match=match,
        file_name=file_name[:200],
        text=text,
        uploaded_by=by,
        uploader_column=column,
        queued_at=timezone.now(),
    )
    if queue:
        queue_check(transcript.pk)
    return transcript


def queue_check(transcript_id: int) -> None:
    """Ask for the transcript's check, in the current transaction (through the outbox).

    By name: games.tasks sits above this module (its task calls check_transcript)."""
    enqueue(CHECK_TASK, transcript_id, key=f"transcript-check:{transcript_id}")


def check_transcript(transcript_id: int) -> MatchTranscript | None:
    """Check one transcript with the engine and store the verdict. Safe to run twice:
    a transcript already checked (or given up on) is left as it is."""
    with transaction.atomic():
        transcript = MatchTranscript.objects.select_for_update().filter(pk=transcript_id).first()
        if transcript is None or transcript.status in (
            TranscriptStatus.CHECKED,
            TranscriptStatus.FAILED,
        ):
            return transcript
        transcript.status = TranscriptStatus.CHECKING
        transcript.attempts += 1
        transcript.save(update_fields=["status", "attempts"])
    try:
        outcome = _check(transcript)
    except Exception as error:  # a bug or a lost database: try again, then give up
        logger.exception("checking transcript %s failed", transcript_id)
        gave_up = transcript.attempts >= MAX_ATTEMPTS
        _store(
            transcript,
            status=TranscriptStatus.FAILED if gave_up else TranscriptStatus.PENDING,
            error=str(_("The check failed unexpectedly: %(error)s")) % {"error": error},
        )
        if gave_up:
            return transcript
        raise
    _store(transcript, **outcome)
    return transcript


def _store(transcript: MatchTranscript, **fields: Any) -> None:
    for name, value in fields.items():
        setattr(transcript, name, value)
    if fields.get("status") in (TranscriptStatus.CHECKED, TranscriptStatus.FAILED):
        transcript.checked_at = timezone.now()
    with transaction.atomic():
        transcript.save(update_fields=[*fields, "checked_at"])


def _check(transcript: MatchTranscript) -> dict[str, Any]:
    match = Match.objects.select_related("player1", "player2").get(pk=transcript.match_id)
    try:
        record = read_transcript(transcript.text)
    except EngineError as error:
        return {
            "status": TranscriptStatus.FAILED,
            "error": str(error),
            "verdict": None,
            "agrees_with_result": None,
            "disagreements": [],
        }
    same_match = record.variant == match.variant and record.match_length == match.length
    # The moves of a long-nardy file are judged under the match's block rule (a
    # backgammon match has none); its match rules apply only to the same match.
    rules = match.rules() if same_match else None
    # A file of the same match starts at its starting score (a handicap's spot).
    start = file_start_score(match, seats_in_file(match, record.players, transcript))
    verdict = replay(
        record, rules, block_rule=match.engine_block_rule, start_score=start if rules else (0, 0)
    ).to_json()
    agrees, disagreements = agreement(match, verdict, transcript)
    return {
        "status": TranscriptStatus.CHECKED,
        "error": "",
        "verdict": verdict,
        "agrees_with_result": agrees,
        "disagreements": disagreements,
    }


def agreement(
    match: Match, verdict: dict[str, Any], transcript: MatchTranscript | None = None
) -> tuple[bool | None, list[dict[str, Any]]]:
    """(agrees, disagreements); agrees is None when there is no result to compare with."""
    disagreements = compare(match, verdict, transcript)
    if official_or_open_result(match) is None and not disagreements:
        return None, disagreements
    return not disagreements, disagreements


def refresh_agreements(match: Match) -> None:
    """Compare the match's checked transcripts again (a result was entered or changed)."""
    checked = match.transcripts.filter(status=TranscriptStatus.CHECKED, verdict__isnull=False)
    for transcript in checked:
        agrees, disagreements = agreement(match, transcript.verdict, transcript)
        if (agrees, disagreements) != (transcript.agrees_with_result, transcript.disagreements):
            transcript.agrees_with_result = agrees
            transcript.disagreements = disagreements
            transcript.save(update_fields=["agrees_with_result", "disagreements"])


def official_or_open_result(match: Match) -> MatchResult | None:
    """The confirmed result, else the latest one waiting for an answer."""
    confirmed = match.results.filter(status=ResultStatus.CONFIRMED).first()
    if confirmed is not None:
        return confirmed
    waiting = match.results.filter(status__in=[ResultStatus.PROPOSED, ResultStatus.DISPUTED])
    return waiting.order_by("-pk").first()


def _same_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def _matches_name(name: str, player: Player | None) -> bool:
    """The file's name is the player's display name, full name or one of their online
    handles (FIBS, Galaxy, Studio, ...: online sites write those in their files)."""
    if player is None:
        return False
    known = [player.display_name, player.name] + [
        getattr(player, handle) for handle in Player.HANDLES
    ]
    return _same_name(name) in {_same_name(value) for value in known if value.strip()}


def seats_in_file(
    match: Match, names: tuple[str, str], transcript: MatchTranscript | None = None
) -> tuple[int, int] | None:
    """The match seats (1, 2) of the file's left and right players, or None.

    By the names first; else by the column the uploader said is theirs."""
    if _matches_name(names[0], match.player1) and _matches_name(names[1], match.player2):
        return (1, 2)
    if _matches_name(names[0], match.player2) and _matches_name(names[1], match.player1):
        return (2, 1)
    if transcript is not None and transcript.uploader_column in COLUMNS:
        column = transcript.uploader_column
        seat = access.seat_of_user(transcript.uploaded_by, match)
        if seat is not None:
            other = 3 - seat
            return (seat, other) if column == 1 else (other, seat)
    return None


def file_start_score(match: Match, seats: tuple[int, int] | None) -> tuple[int, int]:
    """The match's starting score (a handicap) in the file's columns: a file of the match
    starts there. (0, 0) when the file's players are not known as the match's."""
    if seats is None or not match.has_start_score:
        return (0, 0)
    start = match.start_score()
    return (start[seats[0] - 1], start[seats[1] - 1])


def read_games(
    text: str, verdict: dict[str, Any], seats: tuple[int, int]
) -> list[GameInput] | None:
    """The games of a checked transcript as the match's games (seats as the match has
    them), or None when they cannot be (a beaver: money play; an unknown result)."""
    try:
        record = read_transcript(text)
    except EngineError:
        return None
    if len(record.games) != len(verdict["games"]):
        return None

    def seat(column: int) -> int:  # the engine's seat (0, 1) of a file column
        return seats[column] - 1

    games: list[GameInput] = []
    for game, judged in zip(record.games, verdict["games"], strict=True):
        doubles: list[Double] = []
        actions = game.actions
        for index, action in enumerate(actions):
            if action.kind in (record_model.BEAVER, record_model.RACCOON):
                return None
            if action.kind != record_model.DOUBLE:
                continue
            answer = next(
                (later.kind for later in actions[index + 1 :]
                 if later.kind in (record_model.TAKE, record_model.DROP)),
                None,
            )  # fmt: skip
            if answer is None:
                return None
            doubles.append(Double(seat(action.player), int(action.value), answer))
        if judged["result"] not in GameResult.values:
            return None
        if judged["winner"] is None:
            winner = None
        elif str(judged["winner"]) in record.players and len(set(record.players)) == 2:
            winner = seat(record.players.index(str(judged["winner"])))
        else:
            return None
        points = judged["points"] if judged["result"] == GameResult.RESIGN else None
        games.append(GameInput(winner, judged["result"], tuple(doubles), points))
    return games


def compare(
    match: Match, verdict: dict[str, Any], transcript: MatchTranscript | None = None
) -> list[dict[str, Any]]:
    """How a checked transcript (its verdict) differs from the match and its result."""
    found: list[dict[str, Any]] = []
    if verdict["variant"] != match.variant:
        found.append({"code": "variant", "file": verdict["variant"], "match": match.variant})
    if verdict["match_length"] != match.length:
        found.append({"code": "length", "file": verdict["match_length"], "match": match.length})
    players = (str(verdict["players"][0]), str(verdict["players"][1]))
    seats = seats_in_file(match, players, transcript)
    if seats is None:
        found.append(
            {
                "code": "players",
                "file": list(players),
                "match": [str(match.player1 or ""), str(match.player2 or "")],
            }
        )
        return found
    result = official_or_open_result(match)
    if result is None:
        if match.length and max(verdict["score"]) < match.length and not found:
            # a file of a match that stops before its end: no result can be read from it
            file_score = [format_score(Decimal(str(value))) for value in verdict["score"]]
            found.append({"code": "unfinished", "file": file_score, "match": match.length})
        return found
    by_seat = {
        seats[0]: Decimal(str(verdict["score"][0])),
        seats[1]: Decimal(str(verdict["score"][1])),
    }
    cap = Decimal(match.length) if match.length else None
    file_score = [by_seat[1], by_seat[2]]
    entered = [result.score1, result.score2]
    if cap is not None:
        file_score = [min(value, cap) for value in file_score]
        entered = [min(value, cap) for value in entered]
    if file_score != entered:
        found.append(
            {
                "code": "score",
                "file": [format_score(value) for value in file_score],
                "match": [format_score(to_decimal(value)) for value in entered],
            }
        )
    return found


def describe(disagreement: dict[str, Any]) -> str:
    """A disagreement as a sentence in the reader's language."""
    code = disagreement.get("code")
    file_value, match_value = disagreement.get("file"), disagreement.get("match")
    if code == "players":
        return str(
            _(
                "The players in the file, %(file)s, are not the players of this match, "
                "%(match)s (names are compared with display names, full names and FIBS, "
                "Galaxy and Studio names; a player who uploads the file can say which "
                "column is theirs)."
            )
        ) % {"file": " – ".join(file_value or []), "match": " – ".join(match_value or [])}
    if code == "score":
        return str(_("The file ends %(file)s; the result entered is %(match)s.")) % {
            "file": "–".join(file_value or []),
            "match": "–".join(match_value or []),
        }
    if code == "length":
        return str(_("The file is a %(file)s-point match; this match is to %(match)s.")) % {
            "file": file_value,
            "match": match_value,
        }
    if code == "unfinished":
        return str(
            _("The file stops at %(file)s, before the end of this %(match)s-point match.")
        ) % {"file": "–".join(file_value or []), "match": match_value}
    if code == "variant":
        return str(_("The file is a game of %(file)s; this match is %(match)s.")) % {
            "file": file_value,
            "match": match_value,
        }
    return str(code)


def give_up(transcript_id: int) -> None:
    """The outbox gave up on this check (its worker never finished it): say so."""
    MatchTranscript.objects.filter(
        pk=transcript_id, status__in=[TranscriptStatus.PENDING, TranscriptStatus.CHECKING]
    ).update(
        status=TranscriptStatus.FAILED,
        error=str(_("The check did not finish after several attempts.")),
        checked_at=timezone.now(),
    )
