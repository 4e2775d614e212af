"""GP-style points of finished tournaments.

The tournaments app sets each entry's finishing places (knockout: losers of one round
of the main flight share a place range, from ``flight_places``; round robin and Swiss:
the standings' place groups) and then marks the tournament finished. It sends no
signal of its own, so ``score_tournament`` is called

* by the ``post_save`` receiver of ``Tournament`` (``receivers.py``) whenever a saved
  tournament is finished (or stops being finished: its points are then removed), and
* by the ``result_confirmed`` receiver when a match of a finished tournament changes
  (connected after the tournaments app's own receiver, so the places are already moved),
* by ``rescore_events`` when a rating rebuild reaches back before the tournament.

``score_tournament`` is the function to call from anywhere else that changes places.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Collection

from django.db import transaction

from leaderboard.core.rankings import EventResult
from leaderboard.models import RankedEvent
from leaderboard.services.points import (
    event_result,
    place_groups,
    score_external_event,
    store_points,
)
from tournaments.errors import RankingError
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


def _tournament_result(tournament: Tournament) -> EventResult:
    entries = [
        entry for entry in tournament.entries.select_related("player").order_by("pk")
        if not entry.withdrawn or entry.place_first is not None
    ]
    groups = place_groups([(e.player_id, e.place_first) for e in entries])
    ranges = {e.player_id: (e.place_first, e.place_last) for e in entries}
    for group in groups:  # the stored range wins over the count of players (both should agree)
        first, last = ranges[group.players[0]]
        if last is not None and last != group.last:
            raise RankingError(
                "places_do_not_fit",
                f"Places {first}–{last} are given to {len(group.players)} player(s).",
                {"first": first, "last": last},
            )
    return event_result(
        ("tournament", tournament.pk), tournament.club, tournament.variant,
        tournament.starts_on, [e.player for e in entries], groups,
    )


@transaction.atomic
def score_tournament(*, tournament: Tournament) -> RankedEvent | None:
    """Work out (again) a finished tournament's points; remove them if it is not finished.

    Never raises for a place table that does not fit: a receiver must not undo the
    result that triggered it. The event is then stored without points and the reason
    (the error's code) is shown on its page.
    """
    if tournament.status != Tournament.Status.FINISHED or tournament.division_events.exists():
        # an event played in divisions is scored division by division (their own events)
        RankedEvent.objects.filter(tournament=tournament).delete()
        return None
    ranked = RankedEvent.objects.filter(tournament=tournament).first() or RankedEvent(
        tournament=tournament
    )
    ranked.club, ranked.name = tournament.club, tournament.name
    ranked.variant, ranked.date = tournament.variant, tournament.starts_on
    try:
        result = _tournament_result(tournament)
        return store_points(ranked, result, strict=False)
    except RankingError as error:
        logger.warning("No points for tournament %s: %s", tournament.pk, error.message)
        entries = list(tournament.entries.select_related("player"))
        empty = event_result(
            ("tournament", tournament.pk), tournament.club, tournament.variant,
            tournament.starts_on, [e.player for e in entries], (),
        )
        stored = store_points(ranked, empty, strict=False, minimum_field=len(entries) + 1)
        stored.no_points_reason = error.code
        stored.save(update_fields=["no_points_reason"])
        return stored


PLAYERS_PER_QUERY = 5000


@transaction.atomic
def rescore_events(*, variant: str, since: datetime.date | None = None,
                   players: Collection[int] | None = None) -> int:
    """Score again every event of ``variant`` from ``since`` (all when None), only those
    with one of ``players`` among their entrants when given; returns how many."""
    return rescore_events_now(variant=variant, since=since, players=players)


def rescore_events_now(*, variant: str, since: datetime.date | None = None,
                       players: Collection[int] | None = None) -> int:
    """``rescore_events`` in the caller's transaction (the ratings' own, which already
    holds the list: no savepoint of its own)."""
    events = RankedEvent.objects.filter(variant=variant)
    if since is not None:
        events = events.filter(date__gte=since)
    if players is not None:
        listed = sorted(players)
        ids: set[int] = set()
        for start in range(0, len(listed), PLAYERS_PER_QUERY):
            chunk = listed[start:start + PLAYERS_PER_QUERY]
            ids.update(events.filter(placings__player_id__in=chunk).values_list("pk", flat=True))
        events = RankedEvent.objects.filter(pk__in=ids) if ids else RankedEvent.objects.none()
    count = 0
    for ranked in events.select_related("external_event").order_by("date", "pk"):
        if ranked.external_event is not None:
            score_external_event(event=ranked.external_event)
        else:
            rescore_tournament_event(ranked)
        count += 1
    return count


def rescore_tournament_event(ranked: RankedEvent) -> None:
    """Score a tournament's ranked event again."""
    score_tournament(tournament=ranked.tournament)  # type: ignore[attr-defined]
