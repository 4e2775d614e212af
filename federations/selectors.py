"""Reads of the federations app for pages and the API.

Everything a federation shows is public: the calendar lists its member clubs' public
events only, and the national ranking is the leaderboard's ranking (its formulas and
its privacy rules) over the member clubs' events as an outside visitor sees them, with
players' public names (``Player.display_name``), whoever asks.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Case, QuerySet, When

from clubs.models import Club, Player
from federations.models import Affiliation, Federation
from leaderboard.core.rankings import RankingRow
from leaderboard.models import PlayerRating
from leaderboard.selectors import RankingQuery, ranking, ratings_of
from tournaments.models import Tournament
from tournaments.seasons import Season

# Events a calendar shows: announced ones (a draft is the director's work in progress).
ANNOUNCED = [s for s in Tournament.Status.values if s != Tournament.Status.DRAFT]


def member_clubs(federation: Federation) -> QuerySet[Club]:
    """The clubs affiliated now, by name."""
    return Club.objects.filter(
        affiliations__federation=federation, affiliations__status=Affiliation.Status.ACTIVE
    ).order_by("name", "pk")


def member_club_ids(federation: Federation) -> tuple[int, ...]:
    return tuple(member_clubs(federation).values_list("pk", flat=True))


def affiliations(federation: Federation) -> QuerySet[Affiliation]:
    """Every affiliation of the federation, waiting ones first, then by date."""
    waiting_first = Case(When(status=Affiliation.Status.PENDING, then=0),
                         When(status=Affiliation.Status.ACTIVE, then=1), default=2)
    return federation.affiliations.select_related("club", "asked_by", "decided_by").order_by(
        waiting_first, "-asked_at", "-pk")


@dataclass(frozen=True)
class CalendarQuery:
    month: datetime.date | None = None  # the first day of a month, or None for any
    variant: str | None = None


def calendar(federation: Federation, query: CalendarQuery) -> QuerySet[Tournament]:
    """The public, announced events of the member clubs (divisions are their parent's)."""
    events = Tournament.objects.filter(
        club_id__in=member_club_ids(federation), is_public=True, status__in=ANNOUNCED,
        parent__isnull=True,
    ).select_related("club")
    if query.variant:
        events = events.filter(variant=query.variant)
    if query.month is not None:
        start = query.month
        end = (start.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
        events = events.filter(starts_on__gte=start, starts_on__lt=end)
    return events.only("name", "starts_on", "ends_on", "variant", "format", "status",
                       "club__name", "club__slug")


def upcoming(events: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Announced, taking entries or running: soonest first (as a club's page splits them)."""
    return events.exclude(status=Tournament.Status.FINISHED).order_by("starts_on", "name", "pk")


def past(events: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Finished: the latest first."""
    return events.filter(status=Tournament.Status.FINISHED).order_by("-starts_on", "name", "pk")


def national_ranking(federation: Federation, season: Season,
                     variant: str | None) -> list[RankingRow]:
    """GP-style points over the member clubs' ranked events that are public: the
    leaderboard's club ranking, narrowed to these clubs and seen as by a visitor."""
    query = RankingQuery(season, variant=variant, clubs=member_club_ids(federation))
    return ranking(query, None)


def current_ratings(rows: list[RankingRow], variant: str | None) -> dict[int, float]:
    return ratings_of([row.player for row in rows], variant)


def rating_list(federation: Federation, variant: str, limit: int = 100
                ) -> QuerySet[PlayerRating]:
    """Rated players of the member clubs for one game, best first (public names)."""
    players = Player.objects.filter(memberships__club_id__in=member_club_ids(federation))
    return (
        PlayerRating.objects.filter(variant=variant, player__in=players.values("pk"))
        .select_related("player").only("player__display_name", "rating", "matches", "variant")
        .order_by("-rating", "player__display_name", "player_id")[:limit]
    )
