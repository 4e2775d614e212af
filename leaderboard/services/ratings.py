"""Writes of the rating lists: the FIBS formula of ``leaderboard.core.ratings`` over the ORM.

Ratings are a pure function of the ordered list of rated matches of one game type. The
order key is ``(at, match id)`` where ``at`` is when the match's result was first
confirmed (an override or correction keeps the match in its place; see
``first_confirmed_at``). A rated match is one with ``rated`` set, a length of at least
one point, two players, a winner and a confirmed result.

* ``record_match`` (called when a result is confirmed, overridden or corrected): a new
  match that comes last is appended; anything else (a correction, a match that is no
  longer rated, a match confirmed out of order) rebuilds the list from that match on.
* ``rebuild_ratings``: the list from a point of the order onward, or all of it.

Both paths feed the same ``apply_match`` the same stored ratings, so an incremental
history and ``manage.py recompute_ratings`` give identical numbers.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import Match, MatchResult, ResultStatus
from leaderboard.core.ratings import NEW_PLAYER, RatedMatch, apply_match
from leaderboard.core.ratings import PlayerRating as RatingState
from leaderboard.models import PlayerRating, RatingChange, RatingList

OrderKey = tuple[datetime.datetime, int]


@dataclass(frozen=True, slots=True)
class RatedRow:
    """A rated match as the replay needs it."""

    match_id: int
    at: datetime.datetime
    winner_id: int
    loser_id: int
    length: int

    @property
    def key(self) -> OrderKey:
        return (self.at, self.match_id)


def first_confirmed_at() -> Coalesce:
    """When a match's result was first made official (overridden rows were confirmed once)."""
    official = MatchResult.objects.filter(
        match=OuterRef("pk"),
        status__in=[ResultStatus.CONFIRMED, ResultStatus.OVERRIDDEN],
        confirmed_at__isnull=False,
    ).order_by("confirmed_at")
    return Coalesce(Subquery(official.values("confirmed_at")[:1]), "finished_at", "created_at")


def rated_matches(variant: str) -> QuerySet[Match]:
    """The variant's rated matches with their order time ``at``, in rating order."""
    confirmed = MatchResult.objects.filter(match=OuterRef("pk"), status=ResultStatus.CONFIRMED)
    return (
        Match.objects.filter(
            variant=variant, rated=True, length__gte=1,
            player1__isnull=False, player2__isnull=False, winner__isnull=False,
        )
        .filter(Exists(confirmed))
        .annotate(at=first_confirmed_at())
        .order_by("at", "pk")
    )


def _rows(matches: QuerySet[Match]) -> list[RatedRow]:
    rows = []
    for match_id, at, player1, player2, winner, length in matches.values_list(
        "pk", "at", "player1_id", "player2_id", "winner_id", "length"
    ):
        if winner not in (player1, player2):
            continue  # not a result the ratings can use
        loser = player2 if winner == player1 else player1
        rows.append(RatedRow(match_id, at, winner, loser, length))
    return rows


def _after(matches: QuerySet[Match], key: OrderKey) -> QuerySet[Match]:
    at, match_id = key
    return matches.filter(Q(at__gt=at) | Q(at=at, pk__gte=match_id))


def _lock(variant: str) -> RatingList:
    RatingList.objects.get_or_create(variant=variant)
    return RatingList.objects.select_for_update().get(variant=variant)


@transaction.atomic
def record_match(*, match: Match) -> None:
    """Bring the rating lists up to date after ``match``'s result became official or changed."""
    variants = {match.variant, *RatingChange.objects.filter(match=match).values_list("variant", flat=True)}
    for variant in sorted(variants):
        _lock(variant)
        earlier = RatingChange.objects.filter(match=match, variant=variant).order_by("at").first()
        rows = _rows(rated_matches(variant).filter(pk=match.pk))
        row = rows[0] if rows else None
        if earlier is None and row is None:
            continue
        last = (
            RatingChange.objects.filter(variant=variant)
            .order_by("-at", "-match_id")
            .values_list("at", "match_id")
            .first()
        )
        if earlier is None and row is not None and (last is None or row.key > tuple(last)):
            _append(variant, row)
            continue
        keys = [key for key in ((earlier.at, earlier.match_id) if earlier else None,
                                row.key if row else None) if key is not None]
        rebuild_ratings(variant=variant, since=min(keys))


def _states(variant: str, players: Iterable[int]) -> dict[int, RatingState]:
    found = PlayerRating.objects.filter(variant=variant, player_id__in=list(players))
    return {r.player_id: RatingState(r.rating, r.experience) for r in found}


def _append(variant: str, row: RatedRow) -> None:
    states = _states(variant, (row.winner_id, row.loser_id))
    counts = dict(
        PlayerRating.objects.filter(variant=variant, player_id__in=[row.winner_id, row.loser_id])
        .values_list("player_id", "matches")
    )
    changes, states = _replay([row], states, variant)
    RatingChange.objects.bulk_create(changes)
    for player in (row.winner_id, row.loser_id):
        counts[player] = counts.get(player, 0) + 1
    _store_ratings(variant, states, counts, removed=())
    _rescore_from(variant, row.at)


def _replay(
    rows: Iterable[RatedRow], states: dict[int, RatingState], variant: str
) -> tuple[list[RatingChange], dict[int, RatingState]]:
    changes: list[RatingChange] = []
    for row in rows:
        pair = {
            row.winner_id: states.get(row.winner_id, NEW_PLAYER),
            row.loser_id: states.get(row.loser_id, NEW_PLAYER),
        }
        updated, change = apply_match(
            pair, RatedMatch(row.winner_id, row.loser_id, row.length, variant)
        )
        states.update(updated)
        for player, opponent, before, delta, won in (
            (row.winner_id, row.loser_id, change.winner_before, change.winner_change, True),
            (row.loser_id, row.winner_id, change.loser_before, change.loser_change, False),
        ):
            after = updated[player]
            changes.append(RatingChange(
                player_id=player, opponent_id=opponent, variant=variant, match_id=row.match_id,
                won=won, length=row.length, before=before.rating, after=after.rating,
                delta=delta, experience=after.experience, at=row.at,
            ))
    return changes, states


def _store_ratings(
    variant: str, states: dict[int, RatingState], counts: dict[int, int], removed: Iterable[int]
) -> None:
    rows = [
        PlayerRating(player_id=player, variant=variant, rating=state.rating,
                     experience=state.experience, matches=counts[player])
        for player, state in states.items() if counts.get(player)
    ]
    PlayerRating.objects.bulk_create(
        rows, batch_size=500, update_conflicts=True, unique_fields=["player", "variant"],
        update_fields=["rating", "experience", "matches", "updated_at"],
    )
    gone = [player for player in removed if not counts.get(player)]
    if gone:
        PlayerRating.objects.filter(variant=variant, player_id__in=gone).delete()


@transaction.atomic
def rebuild_ratings(*, variant: str, since: OrderKey | None = None) -> int:
    """Rebuild ``variant``'s list from the match at ``since`` on (everything when None).

    Returns the number of rated matches replayed.
    """
    rating_list = _lock(variant)
    stale = RatingChange.objects.filter(variant=variant)
    kept = RatingChange.objects.none()
    if since is not None:
        at, match_id = since
        later = Q(at__gt=at) | Q(at=at, match_id__gte=match_id)
        kept, stale = stale.exclude(later), stale.filter(later)
    touched = set(stale.values_list("player_id", flat=True))
    stale.delete()
    states: dict[int, RatingState] = {}
    counts: dict[int, int] = {}
    for player, after, experience in kept.order_by("at", "match_id").values_list(
        "player_id", "after", "experience"
    ):
        states[player] = RatingState(after, experience)
        counts[player] = counts.get(player, 0) + 1
    matches = rated_matches(variant)
    rows = _rows(_after(matches, since) if since is not None else matches)
    changes, states = _replay(rows, states, variant)
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    for row in rows:
        for player in (row.winner_id, row.loser_id):
            counts[player] = counts.get(player, 0) + 1
            touched.add(player)
    _store_ratings(variant, {p: states[p] for p in touched if p in states}, counts, touched)
    if since is None:
        PlayerRating.objects.filter(variant=variant).exclude(player_id__in=list(counts)).delete()
    rating_list.rebuilt_at = timezone.now()
    rating_list.save(update_fields=["rebuilt_at"])
    _rescore_from(variant, since[0] if since is not None else None)
    return len(rows)


def _rescore_from(variant: str, at: datetime.datetime | None) -> None:
    """Events whose entrants' starting ratings may have changed are scored again."""
    from leaderboard.services.tournament_points import rescore_events

    rescore_events(variant=variant, since=None if at is None else timezone.localdate(at))
