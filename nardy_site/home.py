"""What the front page shows: reads only, each bounded (a few rows, a fixed number of
queries), for a visitor and for a signed-in player or director."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from clubs.models import Club, Player
from clubs.permissions import managed_clubs, player_for
from disputes.models import OPEN_STATUSES, Dispute
from games.models import Match, MatchResult, MatchStatus, ResultStatus
from leaderboard.models import PlayerRating
from tournaments.models import Tournament

UPCOMING, LIVE, RESULTS, LEADERS = 5, 6, 8, 5


def upcoming_events(limit: int = UPCOMING) -> QuerySet[Tournament]:
    """Public tournaments that have not started yet (or take entries), soonest first."""
    today = timezone.localdate()
    return (
        Tournament.objects.filter(is_public=True)
        .filter(Q(starts_on__gte=today) | Q(status__in=["draft", "registration"]))
        .exclude(status__in=["running", "finished"])
        .select_related("club").order_by("starts_on", "pk")[:limit]
    )


def running_events(limit: int = UPCOMING) -> QuerySet[Tournament]:
    return (Tournament.objects.filter(is_public=True, status="running", parent=None)
            .select_related("club").order_by("-starts_on", "pk")[:limit])


def live_matches(limit: int = LIVE) -> QuerySet[Match]:
    """Matches being played now, of public events or outside any tournament."""
    return (
        Match.objects.filter(status=MatchStatus.PLAYING, is_public=True)
        .select_related("club", "player1", "player2").order_by("-pk")[:limit]
    )


def recent_results(limit: int = RESULTS) -> QuerySet[MatchResult]:
    """The latest official results, newest first."""
    return (
        MatchResult.objects.filter(status=ResultStatus.CONFIRMED, match__is_public=True)
        .select_related("match__club", "match__player1", "match__player2")
        .order_by("-confirmed_at", "-pk")[:limit]
    )


def leaders(variant: str, limit: int = LEADERS) -> QuerySet[PlayerRating]:
    return (PlayerRating.objects.filter(variant=variant).select_related("player")
            .order_by("-rating", "player__display_name", "player_id")[:limit])


def clubs(limit: int = 12) -> QuerySet[Club]:
    from clubs.selectors import clubs_with_counts

    return clubs_with_counts()[:limit]


@dataclass
class MyHome:
    """A signed-in person's own part of the front page."""

    player: Player | None
    to_play: list[Match] = field(default_factory=list)
    to_confirm: list[MatchResult] = field(default_factory=list)
    waiting: list[MatchResult] = field(default_factory=list)
    disputes: list[Dispute] = field(default_factory=list)
    ratings: list[PlayerRating] = field(default_factory=list)
    directed: list[Club] = field(default_factory=list)
    dispute_queue: int = 0
    console: list[Tournament] = field(default_factory=list)

    @property
    def has_anything(self) -> bool:
        return bool(self.to_play or self.to_confirm or self.waiting or self.disputes
                    or self.console or self.dispute_queue)


def my_home(user: Any, limit: int = 6) -> MyHome:
    player = player_for(user)
    home = MyHome(player=player)
    if player is not None:
        mine = Q(player1=player) | Q(player2=player)
        home.to_play = list(
            Match.objects.filter(mine, status__in=[MatchStatus.READY, MatchStatus.PLAYING])
            .select_related("club", "player1", "player2").order_by("-pk")[:limit])
        proposed = (MatchResult.objects.filter(status=ResultStatus.PROPOSED)
                    .filter(Q(match__player1=player) | Q(match__player2=player))
                    .select_related("match__player1", "match__player2", "entered_by")
                    .order_by("-entered_at")[: limit * 2])
        for result in proposed:
            (home.waiting if result.entered_by_id == user.pk else home.to_confirm).append(result)
        home.ratings = list(player.ratings.order_by("variant"))
    home.disputes = list(
        Dispute.objects.filter(submitted_by=user, status__in=OPEN_STATUSES)
        .select_related("club").order_by("-submitted_at")[:limit])
    home.directed = list(managed_clubs(user).order_by("name")[:limit])
    if home.directed:
        home.dispute_queue = Dispute.objects.filter(
            club__in=[c.pk for c in home.directed], status__in=OPEN_STATUSES).count()
        home.console = list(
            Tournament.objects.filter(club__in=[c.pk for c in home.directed], parent=None)
            .exclude(status="finished").select_related("club").order_by("starts_on", "pk")[:limit])
    return home
