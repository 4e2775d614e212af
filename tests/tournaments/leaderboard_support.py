"""Helpers for the leaderboard tests: confirmed matches as the results flow leaves them.

The games services confirm a result by saving a confirmed ``MatchResult``, setting the
match's winner and score, and sending ``result_confirmed`` inside the transaction; these
helpers do the same, so the leaderboard is tested through its receiver.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Player
from games.models import Match, MatchResult, MatchStatus, ResultStatus
from games.signals import result_confirmed
from leaderboard.models import PlayerRating, RatingChange

BASE_TIME = timezone.make_aware(datetime.datetime(2026, 3, 1, 12, 0))


def at(minutes: int) -> datetime.datetime:
    return BASE_TIME + datetime.timedelta(minutes=minutes)


@transaction.atomic
def confirm(
    club: Club, winner: Player, loser: Player, length: int = 5, *,
    when: datetime.datetime, variant: str = "backgammon", rated: bool = True,
) -> Match:
    match = Match.objects.create(
        club=club, variant=variant, length=length, player1=winner, player2=loser,
        rated=rated, status=MatchStatus.FINISHED, winner=winner,
        score1=Decimal(length), score2=Decimal(0), finished_at=when,
    )
    result = MatchResult.objects.create(
        match=match, score1=Decimal(length), score2=Decimal(0),
        status=ResultStatus.CONFIRMED, confirmed_at=when,
    )
    result_confirmed.send(sender=Match, match=match, result=result, previous_winner=None)
    return match


@transaction.atomic
def correct(match: Match, new_winner: Player, *, when: datetime.datetime) -> Match:
    """A director's correction: the confirmed row is overridden, a new one confirmed."""
    previous = match.winner
    match.results.filter(status=ResultStatus.CONFIRMED).update(status=ResultStatus.OVERRIDDEN)
    first = new_winner == match.player1
    score1, score2 = (Decimal(match.length), Decimal(0)) if first else (Decimal(0), Decimal(match.length))
    result = MatchResult.objects.create(
        match=match, score1=score1, score2=score2, status=ResultStatus.CONFIRMED,
        confirmed_at=when, override_reason="wrong winner entered",
    )
    match.winner, match.score1, match.score2 = new_winner, score1, score2
    match.save()
    result_confirmed.send(sender=Match, match=match, result=result, previous_winner=previous)
    return match


def played(club: Club, winner: Player, loser: Player, *, minute: int, length: int = 5,
           confirmed_minute: int = 10_000, variant: str = "backgammon") -> Match:
    """A match played at ``minute`` whose result was confirmed at ``confirmed_minute``
    (later: a result entered afterwards), not yet given to the ratings."""
    match = Match.objects.create(
        club=club, variant=variant, length=length, player1=winner, player2=loser,
        status=MatchStatus.FINISHED,
        winner=winner, score1=Decimal(length), score2=Decimal(0), finished_at=at(confirmed_minute),
        played_at=at(minute),
    )
    MatchResult.objects.create(match=match, score1=Decimal(length), score2=Decimal(0),
                               status=ResultStatus.CONFIRMED, confirmed_at=at(confirmed_minute))
    return match


def snapshot() -> tuple[list[tuple], list[tuple]]:
    """Every stored rating and rating change, for exact comparison."""
    ratings = list(
        PlayerRating.objects.order_by("variant", "player_id")
        .values_list("player_id", "variant", "rating", "experience", "matches")
    )
    changes = list(
        RatingChange.objects.order_by("variant", "at", "match_id", "player_id").values_list(
            "player_id", "opponent_id", "variant", "match_id", "won", "before", "after",
            "delta", "experience", "at",
        )
    )
    return ratings, changes
