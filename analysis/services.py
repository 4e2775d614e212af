"""Ask for analyses and run them (the worker side).

``request_analysis`` saves a ``MatchAnalysis`` and, in the same transaction, the outbox
row that queues it on the ``analysis`` queue. ``run_analysis`` (what the task runs) takes
the row, asks GNU Backgammon's child process for the games not analysed yet and stores
each game as soon as it comes, so a worker restart resumes at the next game and never
analyses one twice.
"""

from __future__ import annotations

import logging
import os
import socket
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from analysis import figures as match_figures
from analysis import milestones
from analysis.models import (
    AnalysisKind,
    AnalysisStatus,
    ClubAnalysisSettings,
    EventAnalysisSettings,
    GameAnalysis,
    MatchAnalysis,
    PlayerAnalysisPrivacy,
    PrVisibility,
)
from analysis.nardy_stats import nardy_statistics
from analysis.runner import AnalysisTimeout, run_child
from games.models import Match, MatchTranscript, TranscriptStatus, Variant
from games.services.transcripts import seats_in_file
from outbox.services import enqueue
from tournaments import page_cache
from tournaments.models import Entry, Pairing

logger = logging.getLogger(__name__)

ANALYSE_TASK = "analysis.tasks.analyse_match"
MAX_GAMES = 999

# Why an analysis did not happen, in the reader's language (looked up when shown).
ERRORS = {
    "import_failed": _("GNU Backgammon could not read this file as a match."),
    "timeout": _("GNU Backgammon took too long over one game and was stopped."),
    "gave_up": _("The analysis did not finish after several attempts."),
}


class AnalysisBusy(RuntimeError):
    """Another live worker process is analysing this match now: try later."""


def error_message(code: str) -> str:
    message = ERRORS.get(code)
    return str(message) if message is not None else code


def depth_for(match: Match) -> int:
    """The event's depth, else the club's, else 0-ply."""
    try:
        tournament_id = match.pairing.tournament_id  # type: ignore[attr-defined]
    except (ObjectDoesNotExist, AttributeError):
        tournament_id = None
    if tournament_id is not None:
        event = EventAnalysisSettings.objects.filter(tournament_id=tournament_id).first()
        if event is not None:
            return event.plies
    club = ClubAnalysisSettings.objects.filter(club_id=match.club_id).first()
    return club.plies if club is not None else 0


def analysable(transcript: MatchTranscript) -> str | None:
    """The kind of analysis a checked transcript gets, or None (not valid, not checked)."""
    verdict = transcript.verdict or {}
    if transcript.status != TranscriptStatus.CHECKED or not verdict.get("valid"):
        return None
    if verdict.get("variant") == Variant.BACKGAMMON:
        return AnalysisKind.GNUBG
    if verdict.get("variant") == Variant.NARDY:
        return AnalysisKind.NARDY
    return None


@transaction.atomic
def request_analysis(transcript: MatchTranscript, plies: int | None = None) -> MatchAnalysis | None:
    """Queue the analysis of a checked transcript (at the event's or club's depth unless
    ``plies`` is given). Asking twice for the same depth returns the first analysis."""
    kind = analysable(transcript)
    if kind is None:
        return None
    match = transcript.match
    if kind == AnalysisKind.NARDY:
        plies = 0
    elif plies is None:
        plies = depth_for(match)
    analysis, created = MatchAnalysis.objects.get_or_create(
        transcript=transcript, kind=kind, plies=plies, defaults={"match": match}
    )
    if created:
        enqueue(ANALYSE_TASK, analysis.pk, key=f"match-analysis:{analysis.pk}")
    return analysis


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _lock_is_live(analysis: MatchAnalysis) -> bool:
    """True while another live process holds the row (a dead one on this machine, or an
    expired lease, frees it at once)."""
    if not analysis.locked_by or analysis.locked_until is None:
        return False
    if analysis.locked_until <= timezone.now():
        return False
    host, _, pid = analysis.locked_by.rpartition(":")
    if host == socket.gethostname() and pid.isdigit():
        if int(pid) == os.getpid():
            return False
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
    return True


def _lease() -> timedelta:
    return timedelta(seconds=settings.ANALYSIS_GAME_SECONDS * 2)


def _take(analysis_id: int) -> MatchAnalysis | None:
    with transaction.atomic():
        analysis = MatchAnalysis.objects.select_for_update().filter(pk=analysis_id).first()
        if analysis is None or analysis.status in (AnalysisStatus.DONE, AnalysisStatus.FAILED):
            return None
        if _lock_is_live(analysis):
            raise AnalysisBusy(f"analysis {analysis_id} is held by {analysis.locked_by}")
        analysis.locked_by = _worker_name()
        analysis.locked_until = timezone.now() + _lease()
        analysis.status = AnalysisStatus.RUNNING
        analysis.attempts += 1
        analysis.save(update_fields=["locked_by", "locked_until", "status", "attempts"])
        return analysis


def run_analysis(analysis_id: int) -> MatchAnalysis | None:
    """Analyse what is left of one match. Safe to run again at any moment."""
    analysis = _take(analysis_id)
    if analysis is None:
        return None
    transcript = MatchTranscript.objects.get(pk=analysis.transcript_id)
    if analysis.kind == AnalysisKind.NARDY:
        _finish(analysis, figures=nardy_statistics(transcript.text))
        return analysis
    done = set(analysis.games.values_list("index", flat=True))
    wanted = [index for index in range(MAX_GAMES) if index not in done]
    match_statistics: dict[str, Any] | None = None
    try:
        for message in run_child(
            transcript.text, analysis.plies, wanted, game_seconds=settings.ANALYSIS_GAME_SECONDS
        ):
            event = message.get("event")
            if event == "opened":
                _opened(analysis, message)
            elif event == "game":
                _store_game(analysis, message)
            elif event == "match":
                match_statistics = message["statistics"]
            elif event == "error":
                _fail(analysis, message.get("code") or "import_failed")
                return analysis
    except AnalysisTimeout:
        # the same game would take as long again: say so rather than try again
        _fail(analysis, "timeout")
        return analysis
    except Exception:
        MatchAnalysis.objects.filter(pk=analysis.pk).update(locked_by="", locked_until=None)
        raise
    games = list(analysis.games.order_by("index").values("statistics", "raw", "cpu_seconds"))
    if analysis.games_total is None or len(games) < analysis.games_total:
        raise RuntimeError(f"analysis {analysis.pk}: {len(games)} games of {analysis.games_total}")
    if match_statistics is None:
        match_statistics = match_figures.combine(games)
    _finish(analysis, figures=match_statistics)
    return analysis


def _opened(analysis: MatchAnalysis, message: dict[str, Any]) -> None:
    players = [str(name) for name in message.get("players", ["", ""])]
    seats = seats_in_file(analysis.match, (players[0], players[1]))
    analysis.games_total = int(message["games"])
    analysis.file_players = players
    analysis.seats = list(seats) if seats else None
    analysis.save(update_fields=["games_total", "file_players", "seats"])


def _store_game(analysis: MatchAnalysis, message: dict[str, Any]) -> None:
    with transaction.atomic():
        GameAnalysis.objects.get_or_create(
            analysis=analysis,
            index=int(message["index"]),
            defaults={
                "statistics": message["statistics"],
                "raw": message.get("raw", ""),
                "decisions": message.get("decisions", []),
                "cpu_seconds": float(message.get("cpu_seconds", 0)),
            },
        )
        analysis.games_done = analysis.games.count()
        analysis.cpu_seconds = sum(analysis.games.values_list("cpu_seconds", flat=True))
        analysis.locked_until = timezone.now() + _lease()
        analysis.save(update_fields=["games_done", "cpu_seconds", "locked_until"])


def _seat_side(analysis: MatchAnalysis, seat: int) -> int | None:
    if not analysis.seats:
        return None
    return list(analysis.seats).index(seat)


@transaction.atomic
def _finish(analysis: MatchAnalysis, *, figures: dict[str, Any]) -> None:
    """Store the figures; the match's event standings (a PR tiebreak, dual duel points)
    change, and the players may earn their club's PR milestones."""
    analysis.figures = figures
    analysis.status = AnalysisStatus.DONE
    analysis.finished_at = timezone.now()
    analysis.locked_by, analysis.locked_until = "", None
    if analysis.kind == AnalysisKind.GNUBG:
        for seat, field in ((1, "pr1"), (2, "pr2")):
            side = _seat_side(analysis, seat)
            rate = match_figures.overall_rate(figures, side) if side is not None else None
            setattr(analysis, field, match_figures.pr(rate))
    analysis.save()
    page_cache.touch(Pairing.objects.filter(match_id=analysis.match_id)
                     .values_list("tournament_id", flat=True))
    milestones.award(analysis)


def _fail(analysis: MatchAnalysis, code: str) -> None:
    MatchAnalysis.objects.filter(pk=analysis.pk).update(
        status=AnalysisStatus.FAILED,
        error_code=code,
        finished_at=timezone.now(),
        locked_by="",
        locked_until=None,
    )


def give_up(analysis_id: int) -> None:
    """The outbox gave up (attempts used up): say so on the page."""
    MatchAnalysis.objects.filter(
        pk=analysis_id, status__in=[AnalysisStatus.QUEUED, AnalysisStatus.RUNNING]
    ).update(status=AnalysisStatus.FAILED, error_code="gave_up", finished_at=timezone.now())


def set_pr_visibility(*, player, visibility: str) -> None:  # type: ignore[no-untyped-def]
    """The player's choice: who sees their PR and luck."""
    if visibility not in PrVisibility.values:
        raise ValueError(visibility)
    PlayerAnalysisPrivacy.objects.update_or_create(
        player=player, defaults={"pr_visibility": visibility}
    )
    # standings with a PR tiebreak show the player's average PR, or hide it
    page_cache.touch(Entry.objects.filter(player=player).values_list("tournament_id", flat=True))


@transaction.atomic
def set_depths(*, club, club_plies: int, event_plies: dict[int, int | None],  # type: ignore[no-untyped-def]
               pr_milestones: object = None) -> None:
    """A club's default depth and its events' own (None: the club's); given
    ``pr_milestones``, the club's PR thresholds too (checked before anything is saved)."""
    if pr_milestones is not None:
        milestones.set_thresholds(club=club, values=pr_milestones)
    ClubAnalysisSettings.objects.update_or_create(club=club, defaults={"plies": club_plies})
    for tournament_id, plies in event_plies.items():
        if plies is None:
            EventAnalysisSettings.objects.filter(tournament_id=tournament_id).delete()
        else:
            EventAnalysisSettings.objects.update_or_create(
                tournament_id=tournament_id, defaults={"plies": plies}
            )
