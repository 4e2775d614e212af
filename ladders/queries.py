"""Small reads the services and the selectors share (what the rules need to decide)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q, QuerySet

from ladders.choices import ChallengeStatus
from ladders.models import Challenge, Ladder


def current_order(ladder: Ladder) -> list[int]:
    """The players' ids, top first."""
    return list(ladder.rungs.order_by("position").values_list("player_id", flat=True))


def open_of(ladder: Ladder) -> QuerySet[Challenge]:
    return ladder.challenges.filter(status=ChallengeStatus.OPEN)


def has_open(ladder: Ladder, player_id: int) -> bool:
    return open_of(ladder).filter(Q(challenger_id=player_id) | Q(challenged_id=player_id)).exists()


def open_counts(ladder: Ladder) -> dict[int, int]:
    """Open challenges per player, made or received."""
    counts: dict[int, int] = {}
    for pair in open_of(ladder).values_list("challenger_id", "challenged_id"):
        for player in pair:
            counts[player] = counts.get(player, 0) + 1
    return counts


def recent_opponents(ladder: Ladder, player_id: int, now: datetime) -> frozenset[int]:
    """Whom the player meets in an open challenge, or met within the rematch days."""
    since = now - timedelta(days=ladder.rematch_days)
    recent = ladder.challenges.filter(Q(challenger_id=player_id) | Q(challenged_id=player_id)).filter(
        Q(status=ChallengeStatus.OPEN)
        | Q(status__in=[ChallengeStatus.PLAYED, ChallengeStatus.FORFEITED], decided_at__gt=since))
    return frozenset(
        other for pair in recent.values_list("challenger_id", "challenged_id") for other in pair
        if other != player_id)
