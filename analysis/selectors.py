"""Reads: the analyses a person may see, the one a match page shows, whose PR shows."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models import QuerySet

from analysis import figures as match_figures
from analysis.models import (
    AnalysisKind,
    AnalysisStatus,
    MatchAnalysis,
    PrMilestone,
    PrVisibility,
)
from clubs.models import Player
from clubs.permissions import AnyUser, clubs_seeing_private, is_player_self
from games import selectors as game_selectors
from games.models import Match

GAME_NAMES = {AnalysisKind.GNUBG: "GNU Backgammon"}


def analyses(user: AnyUser | None) -> QuerySet[MatchAnalysis]:
    """Analyses of the matches this user may see (a private event's stay in its club)."""
    visible = game_selectors.matches(user).values("pk")
    return MatchAnalysis.objects.filter(match__in=visible).select_related(
        "match__player1", "match__player2"
    )


def shown_and_in_progress(match: Match) -> tuple[MatchAnalysis | None, MatchAnalysis | None]:
    """In one query: the latest finished analysis of a match (a new depth replaces it only
    when done) and the newest one if it is not finished (waiting, running or failed)."""
    rows = list(match.analyses.all())
    done = [row for row in rows if row.status == AnalysisStatus.DONE]
    shown = max(done, key=lambda row: (row.finished_at, row.pk), default=None)
    latest = max(rows, key=lambda row: (row.created_at, row.pk), default=None)
    running = latest if latest is not None and latest.status != AnalysisStatus.DONE else None
    return shown, running


def shown(match: Match) -> MatchAnalysis | None:
    return shown_and_in_progress(match)[0]


def in_progress(match: Match) -> MatchAnalysis | None:
    return shown_and_in_progress(match)[1]


def pr_visible(user: AnyUser | None, player: Player | None) -> bool:
    """A player's PR and luck show to everyone, or only to their clubs (their choice)."""
    if player is None:
        return False
    privacy = getattr(player, "analysis_privacy", None)
    if privacy is None or privacy.pr_visibility == PrVisibility.PUBLIC:
        return True
    if is_player_self(user, player):
        return True
    clubs = clubs_seeing_private(user)
    if clubs is None:
        return True
    return player.memberships.filter(club__in=clubs.values("pk")).exists()


@dataclass(frozen=True)
class PlayerFigures:
    seat: int
    player: Player | None
    name: str
    visible: bool
    pr: Decimal | None
    luck_rate: float | None
    figures: dict[str, Any] | None


def players(analysis: MatchAnalysis, user: AnyUser | None) -> list[PlayerFigures]:
    """Both players' figures in seat order, hidden where the player chose their clubs."""
    match = analysis.match
    rows = []
    figures = analysis.figures or {}
    for seat, player in ((1, match.player1), (2, match.player2)):
        side = list(analysis.seats).index(seat) if analysis.seats else seat - 1
        visible = pr_visible(user, player)
        sides = figures.get("sides") or [None, None]
        own = sides[side] if visible and side < len(sides) else None
        pr = (analysis.pr1 if seat == 1 else analysis.pr2) if visible else None
        if visible and pr is None and analysis.kind == AnalysisKind.GNUBG:
            pr = match_figures.pr(match_figures.overall_rate(figures, side))
        rows.append(
            PlayerFigures(
                seat=seat,
                player=player,
                name=str(player or (analysis.file_players or ["", ""])[side]),
                visible=visible,
                pr=pr,
                luck_rate=match_figures.luck_rate(figures, side) if own else None,
                figures=own,
            )
        )
    return rows


def blunders(analysis: MatchAnalysis, user: AnyUser | None, *, limit: int = 200) -> list[dict]:
    """The decisions GNU Backgammon marked (doubtful, bad, very bad, cube errors), worst
    first within each game, of the players whose figures this user may see."""
    visible_names = {
        (analysis.file_players or ["", ""])[index]
        for index in (0, 1)
        if pr_visible(user, _player_of_side(analysis, index))
    }
    found = []
    for game in analysis.games.order_by("index"):
        for decision in game.decisions:
            if decision.get("alerts") and decision.get("player") in visible_names:
                found.append({**decision, "game": game.number})
    return found[:limit]


def shown_for_transcript(transcript_id: int) -> MatchAnalysis | None:
    """The latest finished GNU Backgammon analysis of one transcript."""
    return (
        MatchAnalysis.objects.filter(
            transcript_id=transcript_id,
            status=AnalysisStatus.DONE,
            kind=AnalysisKind.GNUBG,
        )
        .select_related("match__player1", "match__player2")
        .order_by("-finished_at", "-pk")
        .first()
    )


def visible_sides(analysis: MatchAnalysis, user: AnyUser | None) -> set[int]:
    """The file's columns (0 left, 1 right) whose decisions this user may see."""
    return {side for side in (0, 1) if pr_visible(user, _player_of_side(analysis, side))}


def _player_of_side(analysis: MatchAnalysis, side: int) -> Player | None:
    seat = analysis.seats[side] if analysis.seats else side + 1
    return analysis.match.player1 if seat == 1 else analysis.match.player2


@dataclass(frozen=True)
class TableRow:
    player: Player
    matches: int
    average_pr: Decimal
    best_pr: Decimal


def season_table(club_id: int, user: AnyUser | None, year: int) -> list[TableRow]:
    """The club's PR table for a season (a calendar year): each player's PR averaged over
    their analysed matches in the club, lowest (best) first. Players who show their PR to
    their clubs only are left out for everyone else."""
    finished = (
        analyses(user)
        .filter(
            match__club_id=club_id,
            kind=AnalysisKind.GNUBG,
            status=AnalysisStatus.DONE,
            finished_at__year=year,
        )
        .select_related("match__player1__analysis_privacy", "match__player2__analysis_privacy")
    )
    per_player: dict[int, tuple[Player, list[Decimal]]] = {}
    for analysis in finished:
        for player, pr in ((analysis.match.player1, analysis.pr1),
                           (analysis.match.player2, analysis.pr2)):  # fmt: skip
            if player is None or pr is None:
                continue
            per_player.setdefault(player.pk, (player, []))[1].append(pr)
    rows = [
        TableRow(
            player=player,
            matches=len(values),
            average_pr=(sum(values) / len(values)).quantize(Decimal("0.01")),
            best_pr=min(values),
        )
        for player, values in per_player.values()
        if pr_visible(user, player)
    ]
    return sorted(rows, key=lambda row: (row.average_pr, -row.matches, str(row.player)))


@dataclass(frozen=True)
class EventRow:
    analysis: MatchAnalysis
    round: int
    players: list[PlayerFigures]


def event_table(tournament_id: int, user: AnyUser | None) -> list[EventRow]:
    """The event's analysed matches (the latest finished analysis of each), by round, with
    both players' PR where they show it to this reader."""
    finished = (
        analyses(user)
        .filter(match__pairing__tournament_id=tournament_id, status=AnalysisStatus.DONE)
        .select_related("match__pairing")
        .order_by("match_id", "-finished_at", "-pk")
    )
    latest: dict[int, MatchAnalysis] = {}
    for analysis in finished:
        latest.setdefault(analysis.match_id, analysis)
    rows = [
        EventRow(
            analysis=analysis, round=analysis.match.pairing.round, players=players(analysis, user)
        )
        for analysis in latest.values()
    ]
    return sorted(rows, key=lambda row: (row.round, row.analysis.match_id))


def pr_history(player: Player, user: AnyUser | None) -> list[tuple[MatchAnalysis, Decimal]]:
    """The player's PR match by match (oldest first), from the latest finished analysis
    of each match this reader may see; empty when the player keeps it to their clubs."""
    if not pr_visible(user, player):
        return []
    finished = (
        analyses(user)
        .filter(kind=AnalysisKind.GNUBG, status=AnalysisStatus.DONE)
        .filter(models.Q(match__player1=player) | models.Q(match__player2=player))
        .order_by("match_id", "-finished_at", "-pk")
    )
    latest: dict[int, MatchAnalysis] = {}
    for analysis in finished:
        latest.setdefault(analysis.match_id, analysis)
    points = []
    for analysis in sorted(latest.values(), key=lambda a: (a.finished_at, a.pk)):
        pr = analysis.pr1 if analysis.match.player1_id == player.pk else analysis.pr2
        if pr is not None:
            points.append((analysis, pr))
    return points


@dataclass(frozen=True)
class MilestoneRow:
    milestone: PrMilestone
    match_visible: bool  # the reader may open the match it came from


def milestones(player: Player, user: AnyUser | None) -> list[MilestoneRow]:
    """The player's PR milestones this reader may see: all of them when the player's PR
    is public (or it is the player), else only those of the clubs the reader is in or
    directs. The match each came from is linked where the reader may see it."""
    found = list(
        PrMilestone.objects.filter(player=player).select_related("club", "match__player1",
                                                                 "match__player2")
    )
    if not found:
        return []
    privacy = getattr(player, "analysis_privacy", None)
    if privacy is not None and privacy.pr_visibility != PrVisibility.PUBLIC and not is_player_self(
        user, player
    ):
        clubs = clubs_seeing_private(user)
        if clubs is not None:
            inside = set(clubs.filter(pk__in=[m.club_id for m in found]).values_list("pk", flat=True))
            found = [m for m in found if m.club_id in inside]
    match_ids = [m.match_id for m in found if m.match_id is not None]
    visible = set(game_selectors.matches(user).filter(pk__in=match_ids).values_list("pk", flat=True))
    return [MilestoneRow(m, m.match_id in visible) for m in found]
