"""Reads of the federations app for pages and the API.

Everything a federation shows is public: the calendar lists its member clubs' public
events only, and the national ranking is the leaderboard's ranking (its formulas and
its privacy rules) over the member clubs' events as an outside visitor sees them, with
players' public names (``Player.display_name``), whoever asks.

An event belongs to the federation when its club was a member on the event's day
(``member_on``: joined on or before it, and not left before it): a club that left keeps
its past events in the federation's history, and a club that joins brings none of the
events it held before. The check is a subquery of the events' one query, whatever the
number of clubs.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Case, Exists, OuterRef, Q, QuerySet, When

from clubs.models import Club, Player
from federations.models import Affiliation, Federation
from leaderboard.core.rankings import RankingRow
from leaderboard.models import PlayerRating
from leaderboard.selectors import RankingQuery, RankingSlice, ranking, ranking_slice, ratings_of
from tournaments.models import Tournament
from tournaments.seasons import Season

# Events a calendar shows: announced ones (a draft is the director's work in progress).
ANNOUNCED = [s for s in Tournament.Status.values if s != Tournament.Status.DRAFT]


def member_clubs(federation: Federation) -> QuerySet[Club]:
    """The clubs affiliated now, by name."""
    return Club.objects.filter(
        affiliations__federation=federation, affiliations__status=Affiliation.Status.ACTIVE
    ).order_by("name", "pk")


def memberships(federation: Federation) -> QuerySet[Affiliation]:
    """The clubs' memberships, past and present: accepted affiliations with their dates."""
    return federation.affiliations.filter(
        status__in=(Affiliation.Status.ACTIVE, Affiliation.Status.ENDED), joined_on__isnull=False)


def member_on(federation: Federation, *, club: str = "club_id", day: str) -> Exists:
    """Whether the club (the outer row's field ``club``) was a member of the federation on
    the day (its field ``day``): joined on or before it, and still a member that day (a
    membership that ended without a date counts for no day)."""
    return Exists(memberships(federation).filter(
        club_id=OuterRef(club), joined_on__lte=OuterRef(day),
    ).filter(Q(left_on__gte=OuterRef(day))
             | Q(left_on__isnull=True, status=Affiliation.Status.ACTIVE)))


def member_list(federation: Federation) -> QuerySet[Affiliation]:
    """The memberships open now, by club name (each with its "member since")."""
    return federation.affiliations.filter(status=Affiliation.Status.ACTIVE).select_related(
        "club").order_by("club__name", "club_id")


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
    """The public, announced events of the clubs that are members on the event's first
    day (divisions are their parent's)."""
    events = Tournament.objects.filter(
        member_on(federation, day="starts_on"), is_public=True, status__in=ANNOUNCED,
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


def _national(federation: Federation, season: Season, variant: str | None) -> RankingQuery:
    return RankingQuery(season, variant=variant,
                        events=member_on(federation, club="event__club_id", day="event__date"))


def national_ranking(federation: Federation, season: Season,
                     variant: str | None) -> list[RankingRow]:
    """GP-style points over the public ranked events of the clubs that were members on
    the event's day: the leaderboard's ranking, narrowed to these events and seen as by a
    visitor."""
    return ranking(_national(federation, season, variant), None)


def national_ranking_slice(federation: Federation, season: Season, variant: str | None,
                           start: int, stop: int) -> RankingSlice:
    """``national_ranking(...)[start:stop]`` and how many players it ranks, in one query."""
    return ranking_slice(_national(federation, season, variant), None, start, stop)


def current_ratings(rows: list[RankingRow], variant: str | None) -> dict[int, float]:
    return ratings_of([row.player for row in rows], variant)


def rating_list(federation: Federation, variant: str, limit: int = 100
                ) -> QuerySet[PlayerRating]:
    """Rated players of the member clubs for one game, best first (public names)."""
    players = Player.objects.filter(memberships__club__in=member_clubs(federation).values("pk"))
    return (
        PlayerRating.objects.filter(variant=variant, player__in=players.values("pk"))
        .select_related("player").only("player__display_name", "rating", "matches", "variant")
        .order_by("-rating", "player__display_name", "player_id")[:limit]
    )
