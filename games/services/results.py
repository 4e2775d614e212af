"""Entering games and results, and the results flow: propose, confirm, dispute, override.

Every function is one action, runs in one transaction and locks the match row, so two
people acting at once are served one after the other. The official result of a match is
its one ``confirmed`` MatchResult (a partial unique constraint backs this up).
"""

from __future__ import annotations

import datetime
import functools
import logging
from collections.abc import Callable
from contextvars import ContextVar
from decimal import Decimal
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.permissions import AnyUser
from clubs.selectors import person_name
from engine.match import Double
from games import reasons
from games.models import (
    MAX_GAME_NUMBER,
    Game,
    GameResult,
    Match,
    MatchResult,
    MatchStatus,
    MatchTranscript,
    ResultChange,
    ResultStatus,
    TranscriptStatus,
)
from games.services import access, played_dates
from games.services.errors import NotAllowed, ServiceError, from_problem
from games.services.scoring import (
    check_final_score,
    doubles_to_json,
    format_score,
    game_input,
    game_snapshot,
    input_of,
    score_games,
    to_decimal,
)
from games.services.transcripts import read_games, refresh_agreements, seats_in_file
from games.signals import result_confirmed, result_disputed, result_proposed

logger = logging.getLogger(__name__)

OPEN = (ResultStatus.PROPOSED, ResultStatus.DISPUTED)
# A disputed result needs a reason: the director settling it reads it (issue 13, part 7).
MAX_REASON = 2000
REASON_REQUIRED = _("Say what is wrong with the result: a dispute needs a reason.")
REASON_TOO_LONG = _("A reason is at most %(count)s characters long.")

T = TypeVar("T")
# Whether the result action running now is its own transaction (see ``result_action``).
_own_transaction: ContextVar[bool] = ContextVar("own_transaction", default=False)


def result_action(action: Callable[..., T]) -> Callable[..., T]:
    """``transaction.atomic`` for the actions that can make a result official, noting
    whether the action is its own transaction: nothing encloses it (autocommit is on as
    it starts), so it commits as it returns. Then ``result_confirmed`` says so
    (``after_commit``), and its listeners leave the work that needs none of its locks
    (the ratings) to a short transaction of their own right after the commit, instead of
    holding the match's and the event's rows meanwhile. Inside a larger transaction (a
    batch, an import, a test) they do it inside, as part of that transaction."""

    @functools.wraps(action)
    def run(*args: Any, **kwargs: Any) -> T:
        if not transaction.get_autocommit():
            with transaction.atomic():
                return action(*args, **kwargs)
        token = _own_transaction.set(True)
        try:
            with transaction.atomic():
                return action(*args, **kwargs)
        finally:
            _own_transaction.reset(token)

    return run


def lock_match(match: Match | int) -> Match:
    """The match row (or the match of this id), locked until the transaction ends, with
    what the checks need."""
    return (
        Match.objects.select_for_update(of=("self",))  # PostgreSQL: no FOR UPDATE on outer joins
        # not the winner: none before a first result (the usual case); a correction reads it
        .select_related("club", "player1", "player2")
        .get(pk=match if isinstance(match, int) else match.pk)
    )


def match_state(match: Match) -> dict[str, Any]:
    return {
        "score1": format_score(match.score1),
        "score2": format_score(match.score2),
        "status": match.status,
        "winner": match.winner_id,
    }


def result_state(result: MatchResult) -> dict[str, Any]:
    return {
        "id": result.pk,
        "score1": format_score(result.score1),
        "score2": format_score(result.score2),
        "status": result.status,
        **({"played_on": result.played_on.isoformat()} if result.played_on else {}),
    }


def audit(
    match: Match,
    actor: AnyUser | None,
    action: str,
    *,
    before: Any = None,
    after: Any = None,
    result: MatchResult | None = None,
    reason: str = "",
) -> ResultChange:
    return ResultChange.objects.create(
        match=match,
        result=result,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )


def _change_status(
    match: Match, by: AnyUser, result: MatchResult, status: str, action: str, *, reason: str = ""
) -> None:
    """Give ``result`` a new status and record the change with its before and after."""
    before = result_state(result)
    result.status = status
    result.save(update_fields=["status"])
    audit(
        match, by, action, before=before, after=result_state(result), result=result, reason=reason
    )


def _require_players(match: Match) -> None:
    if match.player1_id is None or match.player2_id is None:
        raise ServiceError("players_unknown", _("The players of this match are not known yet."))


def _require_no_result(match: Match) -> None:
    if match.results.filter(status=ResultStatus.CONFIRMED).exists():
        _refuse_confirmed()


def _refuse_confirmed() -> None:
    raise ServiceError(
        "already_confirmed",
        _("This match already has a confirmed result; a director can correct it."),
    )


def _require_unchanged(match: Match, seen_result: int) -> None:
    newest = match.results.select_related("entered_by__player").order_by("-pk").first()
    if (newest.pk if newest is not None else 0) == seen_result:
        return
    if newest is not None and newest.status == ResultStatus.PROPOSED:
        raise ServiceError(
            "match_moved_on",
            _(
                "Meanwhile %(who)s entered %(score1)s–%(score2)s for this match; nothing was "
                "replaced: confirm or dispute that result."
            )
            % {
                "who": person_name(newest.entered_by),
                "score1": format_score(newest.score1),
                "score2": format_score(newest.score2),
            },
        )
    raise ServiceError(
        "match_moved_on",
        _(
            "The match has changed since this page was shown (a result was answered or "
            "ruled on); nothing was replaced. Look at the match again."
        ),
    )


@transaction.atomic
def enter_game(
    *,
    match: Match,
    by: AnyUser,
    winner: int | None,
    result: str,
    cube: int = 1,
    cube_owner: int = 0,
    doubles: tuple[Double, ...] | None = None,
) -> Game:
    """Record the next game. When it ends the match, its result is proposed at once."""
    match = lock_match(match)
    if not access.can_enter(by, match):
        raise NotAllowed(_("Only the players of this match and its directors enter games."))
    _require_players(match)
    _require_no_result(match)
    if match.results.filter(status__in=OPEN).exists():
        raise ServiceError(
            "result_pending", _("A result has been entered; it is waiting for an answer.")
        )
    if result not in GameResult.values:
        raise ServiceError("bad_result", _("Choose how the game was won."), "result")
    if winner not in (1, 2, None):
        raise ServiceError("bad_winner", _("The winner is player 1 or player 2."), "winner")
    stored = list(match.games.order_by("number"))
    if len(stored) >= MAX_GAME_NUMBER:
        raise ServiceError(
            "too_many_games",
            _("A match or session holds at most %(count)s games.") % {"count": MAX_GAME_NUMBER},
        )
    new = game_input(
        winner=winner, result=result, cube=cube, cube_owner=cube_owner, doubles=doubles
    )
    scored = score_games(match, [input_of(game) for game in stored] + [new])
    number = len(stored) + 1
    problems = [problem for problem in scored.problems if problem.game == number]
    if problems:
        raise from_problem(problems[0])
    game_score = scored.games[-1]
    before = match_state(match)
    game = _game_row(match, number, winner, result, doubles, game_score, by)
    game.save()
    _after_games(
        match, by, before, scored.score, {"game": number, "result": result, "winner": winner}
    )
    if scored.finished:
        _propose(match, by, match.score1, match.score2)
    return game


def _game_row(
    match: Match,
    number: int,
    winner: int | None,
    result: str,
    doubles: Any,
    score: Any,
    by: AnyUser,
) -> Game:
    """A game as stored: what was entered, with the cube and points the scoring gave it."""
    return Game(
        match=match,
        number=number,
        winner=winner,
        result=result,
        cube=score.cube,
        cube_owner=0 if score.cube_owner is None else score.cube_owner + 1,
        doubles=doubles_to_json(doubles) if doubles else None,
        crawford=score.crawford,
        points=to_decimal(score.points),
        entered_by=by,
    )


def _after_games(
    match: Match, by: AnyUser, before: dict[str, Any], score: Any, entered: dict[str, Any]
) -> None:
    """The match's score after games were entered, and the audit line that says so."""
    match.score1, match.score2 = (to_decimal(value) for value in score)
    match.status = MatchStatus.PLAYING
    match.save(update_fields=["score1", "score2", "status"])
    audit(
        match,
        by,
        ResultChange.Action.GAME_ENTERED,
        before=before,
        after={**match_state(match), **entered},
    )


@transaction.atomic
def remove_last_game(*, match: Match, by: AnyUser) -> Game:
    """Take back the last game entered (a mistake), while no result is put forward."""
    match = lock_match(match)
    if not access.can_enter(by, match):
        raise NotAllowed(_("Only the players of this match and its directors enter games."))
    _require_no_result(match)
    if match.results.filter(status__in=OPEN).exists():
        raise ServiceError(
            "result_pending", _("A result has been entered; it is waiting for an answer.")
        )
    last = match.games.order_by("-number").first()
    if last is None:
        raise ServiceError("no_games", _("No game has been entered."))
    before = match_state(match)
    last.delete()
    scored = score_games(match, [input_of(game) for game in match.games.order_by("number")])
    match.score1, match.score2 = (to_decimal(value) for value in scored.score)
    if not scored.games:
        match.status = MatchStatus.READY
    match.save(update_fields=["score1", "score2", "status"])
    audit(
        match,
        by,
        ResultChange.Action.GAME_REMOVED,
        before={**before, "game": last.number, "result": last.result, "winner": last.winner},
        after=match_state(match),
    )
    return last


def enter_final_score(
    *,
    match: Match | int,
    by: AnyUser,
    score1: Decimal,
    score2: Decimal,
    seen_result: int | None = None,
    played_on: datetime.date | None = None,
) -> MatchResult:
    """The quick way: just the final score, proposed as the result of the match."""
    return propose_result(
        match=match, by=by, score1=score1, score2=score2, seen_result=seen_result,
        played_on=played_on,
    )


@result_action
def propose_result(
    *,
    match: Match | int,
    by: AnyUser,
    score1: Decimal | None = None,
    score2: Decimal | None = None,
    seen_result: int | None = None,
    played_on: datetime.date | None = None,
) -> MatchResult:
    """Put a result forward for the opponent (or a director) to confirm.

    ``match``: the match, or its id (it is read again, locked, either way).
    ``played_on``: the day the match was played (``played_dates``; None: the day the
    result becomes official).

    Without scores, the score of the games entered is proposed. An earlier proposal
    that nobody has answered yet is replaced. ``seen_result``: the newest result of the
    match (its id, 0 for none) on the page the score was entered on; when the match has
    another one now (the opponent entered a result meanwhile, a director ruled: a phone
    that was offline sends it late), nothing is replaced and the error says what happened.
    """
    match = lock_match(match)
    if not access.can_enter(by, match):
        raise NotAllowed(_("Only the players of this match and its directors enter results."))
    _require_players(match)
    # the confirmed result (refused) and the proposals this one replaces, in one read
    standing = list(match.results.filter(status__in=[ResultStatus.CONFIRMED, ResultStatus.PROPOSED]))
    if any(result.status == ResultStatus.CONFIRMED for result in standing):
        _refuse_confirmed()
    if score1 is None or score2 is None:
        score1, score2 = match.score1, match.score2
    score1, score2 = Decimal(score1), Decimal(score2)
    if seen_result is not None:
        agreed = _same_as_the_opponents(match, by, seen_result, score1, score2)
        if agreed is not None:  # both players entered the same score: it is confirmed
            return confirm_result(result=agreed, by=by)
        _require_unchanged(match, seen_result)
    check_final_score(match, score1, score2)
    played_dates.check_played_on(match, played_on)
    return _propose(match, by, score1, score2, played_on=played_on, earlier=standing)


def _same_as_the_opponents(
    match: Match, by: AnyUser, seen_result: int, score1: Decimal, score2: Decimal
) -> MatchResult | None:
    """The opponent's result entered since the page was shown, when it has exactly this
    score (two phones offline entering the same result) and ``by`` may confirm it."""
    newest = match.results.order_by("-pk").first()
    if newest is None or newest.pk == seen_result or newest.status != ResultStatus.PROPOSED:
        return None
    if (newest.score1, newest.score2) != (score1, score2):
        return None
    return newest if access.can_answer_as_opponent(by, newest) else None


def _propose(
    match: Match,
    by: AnyUser,
    score1: Decimal,
    score2: Decimal,
    transcript: MatchTranscript | None = None,
    played_on: datetime.date | None = None,
    earlier: list[MatchResult] | None = None,
) -> MatchResult:
    """``earlier``: the match's results read since it was locked, when the caller has them
    (the proposed ones among them are replaced); else they are read here."""
    proposed = (match.results.filter(status=ResultStatus.PROPOSED) if earlier is None
                else [result for result in earlier if result.status == ResultStatus.PROPOSED])
    for earlier_result in proposed:
        _change_status(
            match,
            by,
            earlier_result,
            ResultStatus.REJECTED,
            ResultChange.Action.REJECTED,
            reason=reasons.REPLACED,
        )
    result = MatchResult.objects.create(
        match=match,
        score1=score1,
        score2=score2,
        games=game_snapshot(match),
        entered_by=by,
        transcript=transcript,
        played_on=played_on,
    )
    audit(match, by, ResultChange.Action.PROPOSED, after=result_state(result), result=result)
    refresh_agreements(match)
    result_proposed.send(sender=Match, match=match, result=result, by=by)
    return result


def _relock(result: MatchResult) -> tuple[Match, MatchResult, list[MatchResult]]:
    """The match locked, ``result`` read again, and the match's other open results (in the
    same read)."""
    match = lock_match(result.match_id)
    read = list(match.results.filter(Q(pk=result.pk) | Q(status__in=OPEN)).select_related("entered_by"))
    fresh = next(row for row in read if row.pk == result.pk)
    for row in read:
        row.match = match
    return match, fresh, [row for row in read if row.pk != result.pk]


@result_action
def confirm_result(*, result: MatchResult, by: AnyUser) -> MatchResult:
    """The opponent of whoever entered it (or a director) confirms: it becomes official."""
    match, result, others = _relock(result)
    if result.status == ResultStatus.CONFIRMED:
        raise ServiceError("already_confirmed", _("This result has already been confirmed."))
    if result.status not in OPEN:
        raise ServiceError("result_closed", _("This result is no longer waiting for an answer."))
    if not access.can_confirm(by, result):
        raise NotAllowed(_("The opponent of whoever entered the result confirms it."))
    if result.status == ResultStatus.DISPUTED and not access.is_director(by, match):
        raise NotAllowed(_("Only a director can settle a disputed result."))
    before = result_state(result)
    confirmed_at = timezone.now()
    try:  # no savepoint of its own: the error ends the action, whose block rolls back
        updated = MatchResult.objects.filter(pk=result.pk, status=result.status).update(
            status=ResultStatus.CONFIRMED, confirmed_by=by, confirmed_at=confirmed_at
        )
    except IntegrityError:
        updated = 0
    if updated != 1:
        raise ServiceError("already_confirmed", _("This result has already been confirmed."))
    # what the update wrote, without reading the row again (the match's row is locked)
    result.status, result.confirmed_by, result.confirmed_at = ResultStatus.CONFIRMED, by, confirmed_at
    audit(
        match,
        by,
        ResultChange.Action.CONFIRMED,
        before=before,
        after=result_state(result),
        result=result,
    )
    _make_official(match, result, by, others)
    return result


@transaction.atomic
def dispute_result(*, result: MatchResult, by: AnyUser, reason: str) -> MatchResult:
    """The opponent says the proposed result is wrong, and why; a director settles it."""
    match, result, _others = _relock(result)
    if result.status != ResultStatus.PROPOSED:
        raise ServiceError("result_closed", _("Only a proposed result can be disputed."))
    if not access.can_dispute(by, result):
        raise NotAllowed(_("The opponent of whoever entered the result may dispute it."))
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("reason_required", REASON_REQUIRED, "reason")
    if len(reason) > MAX_REASON:
        raise ServiceError("reason_too_long", REASON_TOO_LONG % {"count": MAX_REASON}, "reason")
    _change_status(
        match, by, result, ResultStatus.DISPUTED, ResultChange.Action.DISPUTED, reason=reason
    )
    result_disputed.send(sender=Match, match=match, result=result, by=by, reason=reason)
    return result


@result_action
def override_result(
    *, match: Match, by: AnyUser, score1: Decimal, score2: Decimal, reason: str,
    played_on: datetime.date | None = None,
) -> MatchResult:
    """A director sets (or corrects) the official result, giving a reason (and the day
    it was played: None keeps the day the match has)."""
    match = lock_match(match)
    if not access.can_override(by, match):
        raise NotAllowed(_("Only the club's directors and scorers override results."))
    if not reason.strip():
        raise ServiceError("reason_required", _("Say why the result is overridden."), "reason")
    _require_players(match)
    score1, score2 = Decimal(score1), Decimal(score2)
    # A director may correct the games' score too, so it is no lower bound here.
    check_final_score(match, score1, score2, at_least_games=False)
    played_dates.check_played_on(match, played_on)
    official = match.results.filter(status=ResultStatus.CONFIRMED).first()
    before = result_state(official) if official else match_state(match)
    if official is not None:
        official.status = ResultStatus.OVERRIDDEN
        official.save(update_fields=["status"])
    result = MatchResult.objects.create(
        match=match,
        score1=score1,
        score2=score2,
        games=game_snapshot(match),
        status=ResultStatus.CONFIRMED,
        entered_by=by,
        confirmed_by=by,
        confirmed_at=timezone.now(),
        override_reason=reason.strip(),
        played_on=played_on,
    )
    audit(
        match,
        by,
        ResultChange.Action.OVERRIDDEN,
        before=before,
        after=result_state(result),
        result=result,
        reason=reason.strip(),
    )
    _make_official(match, result, by)
    return result


def _make_official(
    match: Match, result: MatchResult, by: AnyUser, others: list[MatchResult] | None = None
) -> None:
    """Copy the confirmed result onto the match, close the others (``others``: the open
    ones, when the caller read them), tell the listeners.

    The match row is written with an UPDATE (no ``post_save``): the listeners of
    ``result_confirmed`` are told, and the events' pages follow that signal. In a result
    action that is its own transaction, the match is marked ``ratings_due`` with it: the
    ratings follow right after the commit (``result_action``)."""
    previous_winner = match.winner
    seat = result.winner_seat
    match.score1, match.score2 = result.score1, result.score2
    match.winner = match.player_in_seat(seat) if seat else None
    match.status = MatchStatus.FINISHED
    match.finished_at = result.confirmed_at or timezone.now()
    if match.played_at is None or result.played_on is not None:
        # a back-dated day moves the match in the rating order (``record_match`` replays)
        match.played_at = played_dates.played_at(match, result.played_on, match.finished_at)
    after_commit = _own_transaction.get()
    fields = ["score1", "score2", "winner", "status", "finished_at", "played_at"]
    if after_commit:
        match.ratings_due = True
        fields.append("ratings_due")
    Match.objects.filter(pk=match.pk).update(**{field: getattr(match, field) for field in fields})
    if others is None:
        others = list(match.results.filter(status__in=OPEN).exclude(pk=result.pk))
    for other in others:
        _change_status(
            match,
            by,
            other,
            ResultStatus.REJECTED,
            ResultChange.Action.REJECTED,
            reason=str(_("Another result became official.")),
        )
    refresh_agreements(match)
    result_confirmed.send(sender=Match, match=match, result=result, previous_winner=previous_winner,
                          after_commit=after_commit)


@transaction.atomic
def propose_from_transcript(transcript_id: int) -> MatchResult | None:
    """Propose the result of a match from its uploaded, checked transcript, game by game.

    Only when the file fits the match (a legal transcript of the same variant, length and
    players that plays the match to its end) and nothing has been entered for the match
    yet: no games, no result. The opponent confirms it as any proposal (one tap), or a
    director does. Safe to run twice. None when the file is only compared.
    """
    transcript = MatchTranscript.objects.filter(pk=transcript_id).first()
    if transcript is None or transcript.status != TranscriptStatus.CHECKED:
        return None
    verdict = transcript.verdict or {}
    if not verdict.get("valid") or transcript.disagreements:
        return None
    match = lock_match(transcript.match)
    by = transcript.uploaded_by
    if (
        by is None
        or not match.length
        or match.player1_id is None
        or match.player2_id is None
        or not access.can_enter(by, match)
        or match.games.exists()
        or match.results.exclude(status=ResultStatus.REJECTED).exists()
    ):
        return None
    names = (str(verdict["players"][0]), str(verdict["players"][1]))
    seats = seats_in_file(match, names, transcript)
    if seats is None:
        return None
    inputs = read_games(transcript.text, verdict, seats)
    if inputs is None:
        return None
    scored = score_games(match, inputs)
    file_score = {seats[0]: verdict["score"][0], seats[1]: verdict["score"][1]}
    expected = (to_decimal(file_score[1]), to_decimal(file_score[2]))
    if (
        scored.problems
        or not scored.finished
        or tuple(to_decimal(value) for value in scored.score) != expected
    ):
        logger.warning("transcript %s: the games do not score as the file says", transcript_id)
        return None
    before = match_state(match)
    Game.objects.bulk_create(
        _game_row(
            match,
            number,
            None if game.winner is None else game.winner + 1,
            game.result,
            game.doubles,
            score,
            by,
        )
        for number, (game, score) in enumerate(zip(inputs, scored.games, strict=True), start=1)
    )
    _after_games(
        match, by, before, scored.score, {"games": len(inputs), "transcript": transcript.pk}
    )
    return _propose(match, by, match.score1, match.score2, transcript=transcript)
