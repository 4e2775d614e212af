"""Reads of ratings and rankings for pages, the CSV export and the API.

Only ``Player.display_name`` leaves this module: full names are never shown publicly.
Rankings are summed in the database (one grouped query over the event placings) and
ranked by ``leaderboard.core.rankings.rank_totals`` (1, 2, 2, 4; alphabetical in a tie).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from django.db.models import Count, F, Q, QuerySet, Sum, Window
from django.db.models.functions import Rank

from clubs.models import Club, Player
from clubs.permissions import AnyUser, managed_clubs, visible_q
from leaderboard.charts import ChartPoint
from leaderboard.core.rankings import RankingRow, rank_totals
from leaderboard.models import EventPlacing, PlayerRating, RankedEvent, RatingChange
from tournaments.seasons import Season


@dataclass(frozen=True)
class RankingQuery:
    """Which ranking: a season (date range), one club or all (None), one game or all;
    ``events`` narrows it to the ranked events that meet a condition of their own, written
    from the placing's side (``event__club_id``, ``event__date``: a federation's clubs on
    the event's day, say), checked on the event the ranking's one query joins already."""

    season: Season
    club: Club | None = None
    variant: str | None = None
    events: Q | None = None


def visible_events(viewer: AnyUser | None, prefix: str = "") -> Q:
    """Ranked events ``viewer`` may see: external events and public tournaments, plus the
    private tournaments of the clubs they belong to (clubs.permissions.visible_q)."""
    return Q(**{f"{prefix}tournament__isnull": True}) | visible_q(
        viewer, public=f"{prefix}tournament__is_public", club=f"{prefix}club"
    )


def visible_changes(viewer: AnyUser | None) -> Q:
    """Rating changes of the matches ``viewer`` may see (a private event's stay in its club)."""
    return visible_q(viewer, public="match__is_public", club="match__club")


def _totals(query: RankingQuery, viewer: AnyUser | None) -> QuerySet[EventPlacing]:
    """Each player's points and events in the query's events that ``viewer`` may see: rows
    of (player id, public name, total, events), one grouped query."""
    placings = EventPlacing.objects.filter(
        visible_events(viewer, "event__"),
        event__date__gte=query.season.start, event__date__lte=query.season.end, points__gt=0,
    )
    if query.club is not None:
        placings = placings.filter(event__club=query.club)
    if query.events is not None:
        # on the joined event itself: "event IN (the events that qualify)" had PostgreSQL
        # check every ranked event of every season first
        placings = placings.filter(query.events)
    if query.variant:
        placings = placings.filter(event__variant=query.variant)
    return placings.values_list("player_id", "player__display_name").annotate(
        # one placing per player and event (one_placing_per_player): counting them counts
        # the events, with no DISTINCT to sort every placing for
        total=Sum("points"), events=Count("event")
    ).order_by()


def _ranked(rows: Iterable[tuple]) -> list[RankingRow]:  # type: ignore[type-arg]
    totals: dict[int, Decimal] = {}
    names: dict[int, str] = {}
    counted: dict[int, int] = {}
    cent = Decimal("0.01")
    for player, name, total, events, *_rest in rows:  # tuples, not dicts: thousands of them
        totals[player] = Decimal(total).quantize(cent)
        names[player] = name
        counted[player] = events
    return rank_totals(totals, names, counted)


def ranking(query: RankingQuery, viewer: AnyUser | None) -> list[RankingRow]:
    """Every player with points in the query's events that ``viewer`` may see, ranked."""
    return _ranked(_totals(query, viewer))


@dataclass(frozen=True)
class RankingSlice:
    rows: list[RankingRow]  # the ranking's rows at the positions asked for
    ranked: int  # the players of the whole ranking


def ranking_slice(query: RankingQuery, viewer: AnyUser | None, start: int, stop: int
                  ) -> RankingSlice:
    """``ranking(query, viewer)[start:stop]`` and the length of the whole, in one query: the
    database ranks the totals and counts them, and sends only the players whose places
    reach into the slice, each tie whole (a season of a federation has thousands of
    players, a page a hundred). They are ordered by ``rank_totals``, as the whole is."""
    totals = _totals(query, viewer)
    by_total = F("total").desc()
    rows = list(totals.annotate(
        place=Window(Rank(), order_by=by_total),  # 1 + the players with more points
        reach=Window(Count("*"), order_by=by_total),  # the places down to the last tied
        ranked=Window(Count("*")),
    ).filter(place__lte=stop, reach__gt=start))
    if not rows:  # beyond the end (or nobody ranked): only the count is wanted
        return RankingSlice([], totals.count() if start > 0 else 0)
    before = min(row[4] for row in rows) - 1  # players ranked above the first tie sent
    ranked = [replace(row, rank=row.rank + before) for row in _ranked(rows)]
    return RankingSlice(ranked[start - before:stop - before], rows[0][6])


def ratings_of(players: Sequence[int], variant: str | None) -> dict[int, float]:
    """Current ratings of ``players`` for one game (the best of both when no game is given)."""
    ratings: dict[int, float] = {}
    rows = PlayerRating.objects.filter(player_id__in=list(players))
    if variant:
        rows = rows.filter(variant=variant)
    for player, rating in rows.values_list("player_id", "rating"):
        ratings[player] = max(rating, ratings.get(player, rating))
    return ratings


def rating_list(variant: str) -> QuerySet[PlayerRating]:
    """The rating list of one game, best first."""
    return (
        PlayerRating.objects.filter(variant=variant)
        .select_related("player")
        .only("player__display_name", "rating", "experience", "matches", "variant", "updated_at")
        .order_by("-rating", "player__display_name", "player_id")
    )


def rating_history(player: Player, variant: str, viewer: AnyUser | None
                   ) -> QuerySet[RatingChange]:
    """A player's rating changes for one game that ``viewer`` may see, oldest first, with
    the opponent's name."""
    return (
        RatingChange.objects.filter(visible_changes(viewer), player=player, variant=variant)
        .select_related("opponent")
        .only("opponent__display_name", "variant", "match_id", "won", "length", "before",
              "after", "delta", "experience", "at")
        .order_by("at", "match_id")
    )


def latest_rating_changes(player: Player, variant: str, viewer: AnyUser | None,
                          limit: int) -> tuple[list[RatingChange], bool]:
    """The player's latest ``limit`` rating changes of ``rating_history``, oldest first, and
    whether earlier ones were left out: years of matches stay in the database."""
    newest_first = list(rating_history(player, variant, viewer)
                        .order_by("-at", "-match_id")[:limit + 1])
    return newest_first[:limit][::-1], len(newest_first) > limit


def chart_points(changes: Sequence[RatingChange], from_start: bool = True) -> list[ChartPoint]:
    """The rating after each match, after the start (1500 before the first match);
    ``from_start=False``: the changes are the latest only, and the chart begins with the
    rating before the first of them."""
    from django.utils import timezone
    from django.utils.translation import gettext as _

    if not changes:
        return []
    first = changes[0]
    label = _("start") if from_start else _("before these matches")
    points = [ChartPoint(timezone.localdate(first.at), first.before, label)]
    for change in changes:
        note = (_("won against %(name)s, %(length)d points") if change.won
                else _("lost to %(name)s, %(length)d points")) % {
            "name": change.opponent.display_name, "length": change.length}
        points.append(ChartPoint(timezone.localdate(change.at), change.after, note))
    return points


@dataclass(frozen=True, slots=True)
class HeadToHead:
    opponent_id: int
    opponent: str
    variant: str
    wins: int
    losses: int


def head_to_head(player: Player, viewer: AnyUser | None) -> list[HeadToHead]:
    """Rated match record against each opponent, per game, most played first (the
    matches ``viewer`` may see)."""
    rows = (
        RatingChange.objects.filter(visible_changes(viewer), player=player)
        .values("opponent_id", "opponent__display_name", "variant")
        .annotate(wins=Count("pk", filter=Q(won=True)), losses=Count("pk", filter=Q(won=False)))
        .order_by()
    )
    records = [
        HeadToHead(r["opponent_id"], r["opponent__display_name"], r["variant"], r["wins"],
                   r["losses"])
        for r in rows
    ]
    return sorted(records, key=lambda r: (-(r.wins + r.losses), r.opponent.casefold(), r.variant))


def player_events(player: Player, viewer: AnyUser | None) -> QuerySet[EventPlacing]:
    """The ranked events a player entered that ``viewer`` may see, newest first, with
    places and points."""
    return (
        EventPlacing.objects.filter(visible_events(viewer, "event__"), player=player)
        .select_related("event", "event__club")
        .order_by("-event__date", "-event_id")
    )


def recent_events(viewer: AnyUser | None, limit: int = 10) -> QuerySet[RankedEvent]:
    """The latest ranked events ``viewer`` may see, for the rankings page."""
    return (
        RankedEvent.objects.filter(visible_events(viewer))
        .select_related("club").order_by("-date", "-pk")[:limit]
    )


def clubs_managed_by(user: AnyUser) -> list[Club]:
    """Clubs whose events this login may enter (none for anonymous visitors)."""
    return list(managed_clubs(user).order_by("name"))


def season_start() -> tuple[int, int]:
    """(month, day) a season starts on: ``settings.RANKING_SEASON_START``, else 1 January."""
    from django.conf import settings

    month, day = getattr(settings, "RANKING_SEASON_START", (1, 1))
    return int(month), int(day)


def season_for(year: int | None, start: datetime.date | None, end: datetime.date | None,
               today: datetime.date) -> Season:
    """A date range when given (open ends: 1 January, today), else the season starting in
    ``year`` (the current season by default). Raises RankingError for a backwards range."""
    if start is not None or end is not None:
        return Season(start or datetime.date(today.year, 1, 1), end or today)
    month, day = season_start()
    if year is None:
        return Season.containing(today, month, day)
    return Season.containing(datetime.date(year, month, day), month, day)


def points_history(placings: Sequence[EventPlacing]) -> dict[str, list[ChartPoint]]:
    """Per game, the player's ranking points added up event by event (oldest first)."""
    totals: dict[str, float] = {}
    out: dict[str, list[ChartPoint]] = {}
    for placing in sorted(placings, key=lambda p: (p.event.date, p.event_id)):
        variant = placing.event.variant
        totals[variant] = totals.get(variant, 0.0) + float(placing.points)
        out.setdefault(variant, []).append(
            ChartPoint(placing.event.date, round(totals[variant], 2), placing.event.name))
    return out


@dataclass(frozen=True, slots=True)
class Meeting:
    """One rated match between two players, from the first player's side."""

    at: datetime.datetime
    variant: str
    match_id: int
    won: bool
    length: int
    rating_before: float
    rating_after: float


def meetings(first: Player, second: Player, viewer: AnyUser | None,
             limit: int = 200) -> list[Meeting]:
    """The rated matches between two players that ``viewer`` may see, newest first (from
    ``first``'s side)."""
    rows = (
        RatingChange.objects.filter(visible_changes(viewer), player=first, opponent=second)
        .only("at", "variant", "match_id", "won", "length", "before", "after")
        .order_by("-at", "-match_id")[:limit]
    )
    return [Meeting(r.at, r.variant, r.match_id, r.won, r.length, r.before, r.after) for r in rows]


def rated_players() -> QuerySet[Player]:
    """Players with a rating in either game, by name (the head-to-head choices)."""
    rated = PlayerRating.objects.values("player_id")
    return Player.objects.filter(pk__in=rated).only("display_name").order_by("display_name", "pk")
