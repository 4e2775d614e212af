"""Writes of GP-style points (tournaments.md §7) with ``leaderboard.core.rankings`` over the ORM.

An event's points are worked out from its entrants, their ratings for the event's game
at the start (the last rating change before the event's first day; unrated players count
as 1500) and the final places, and stored as a ``RankedEvent`` with one ``EventPlacing``
per entrant. Scoring again replaces those rows, so it is safe to repeat: it happens when
a tournament finishes, when a result of a finished tournament changes, and when a
rating rebuild reaches back before an event.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Player
from leaderboard.core.rankings import MINIMUM_FIELD, EventResult, RankingEntrant, event_points
from leaderboard.models import (
    EventPlacing,
    ExternalEvent,
    ExternalPlace,
    RankedEvent,
    RatingChange,
)
from tournaments.draws.progress import PlaceGroup


@dataclass(frozen=True, slots=True)
class PlacedEntrant:
    """An entrant and the first place of their group (None: finished outside the places)."""

    player: Player
    place: int | None


def start_of(day: datetime.date) -> datetime.datetime:
    """Midnight at the start of ``day`` in the site's time zone."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def ratings_at(players: Iterable[int], variant: str, day: datetime.date) -> dict[int, float]:
    """Each player's rating for ``variant`` as it stood when ``day`` began (absent: unrated)."""
    ratings: dict[int, float] = {}
    changes = RatingChange.objects.filter(
        player_id__in=list(players), variant=variant, at__lt=start_of(day)
    ).order_by("player_id", "at", "match_id")
    for player, after in changes.values_list("player_id", "after"):
        ratings[player] = after  # the last one wins
    return ratings


def place_groups(places: Sequence[tuple[int, int | None]]) -> tuple[PlaceGroup, ...]:
    """(player id, first place) pairs to place groups: k players given place p share p..p+k-1."""
    by_place: dict[int, list[int]] = defaultdict(list)
    for player, place in places:
        if place is not None:
            by_place[place].append(player)
    return tuple(
        PlaceGroup(place, place + len(players) - 1, tuple(players))
        for place, players in sorted(by_place.items())
    )


def event_result(
    key: object, club: Club, variant: str, day: datetime.date,
    players: Sequence[Player], groups: tuple[PlaceGroup, ...],
) -> EventResult:
    ratings = ratings_at((p.pk for p in players), variant, day)
    entrants = tuple(RankingEntrant(p.pk, p.display_name, ratings.get(p.pk)) for p in players)
    return EventResult(key, club.pk, variant, day, entrants, groups)


def store_points(
    ranked: RankedEvent, result: EventResult, *, strict: bool,
    minimum_field: int = MINIMUM_FIELD,
) -> RankedEvent:
    """Save ``ranked`` with the points of ``result``, replacing its placings."""
    scored = event_points(result, strict=strict, minimum_field=minimum_field)  # may raise RankingError
    ranked.entrants = len(result.entrants)
    ranked.strength_of_field = scored.strength_of_field
    ranked.paid_places = scored.paid_places
    ranked.no_points_reason = scored.no_points_reason or ""
    ranked.save()
    ranges = {player: (g.first, g.last) for g in result.places for player in g.players}
    ranked.placings.all().delete()
    EventPlacing.objects.bulk_create([
        EventPlacing(
            event=ranked, player_id=entrant.player,
            place_first=ranges.get(entrant.player, (None, None))[0],
            place_last=ranges.get(entrant.player, (None, None))[1],
            rating=entrant.rating, points=scored.points[entrant.player],
        )
        for entrant in result.entrants
    ])
    return ranked


@transaction.atomic
def create_external_event(
    *, club: Club, name: str, date: datetime.date, variant: str,
    entrants: Sequence[PlacedEntrant], created_by: object | None = None,
) -> ExternalEvent:
    """Record an event run elsewhere by its entrants and places, and score it.

    Raises ``RankingError`` (and saves nothing) when the place table does not fit the
    field or the field is below the minimum for points.
    """
    event = ExternalEvent.objects.create(
        club=club, name=name, date=date, variant=variant, created_by=created_by
    )
    ExternalPlace.objects.bulk_create(
        [ExternalPlace(event=event, player=e.player, place=e.place) for e in entrants]
    )
    score_external_event(event=event, strict=True)
    return event


@transaction.atomic
def score_external_event(*, event: ExternalEvent, strict: bool = False) -> RankedEvent:
    places = list(event.places.select_related("player").order_by("pk"))
    groups = place_groups([(p.player_id, p.place) for p in places])
    result = event_result(
        ("external", event.pk), event.club, event.variant, event.date,
        [p.player for p in places], groups,
    )
    ranked = RankedEvent.objects.filter(external_event=event).first() or RankedEvent(
        external_event=event
    )
    ranked.club, ranked.name = event.club, event.name
    ranked.variant, ranked.date = event.variant, event.date
    return store_points(ranked, result, strict=strict)
