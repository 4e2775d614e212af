"""Reads of disputes: what a user may see, a director's queue, the audit trail."""

from __future__ import annotations

import datetime

from django.db.models import Q, QuerySet

from clubs.permissions import AnyUser, is_site_admin
from disputes.models import OPEN_STATUSES, Dispute
from games.services.played_dates import club_zone


def _base() -> QuerySet[Dispute]:
    return Dispute.objects.select_related(
        "club", "match", "match__player1", "match__player2", "submitted_by", "ruled_by"
    )


def visible_to(user: AnyUser | None) -> QuerySet[Dispute]:
    """The disputes ``user`` may see (access.can_see as a query)."""
    if user is None or not user.is_authenticated:
        return Dispute.objects.none()
    if is_site_admin(user):
        return _base()
    mine = (
        Q(submitted_by=user)
        | Q(club__directors=user)
        | Q(match__player1__user=user)
        | Q(match__player2__user=user)
    )
    return _base().filter(pk__in=Dispute.objects.filter(mine).values("pk"))


def director_queue(user: AnyUser | None) -> QuerySet[Dispute]:
    """Open disputes in the clubs ``user`` directs, oldest first."""
    if user is None or not user.is_authenticated:
        return Dispute.objects.none()
    queryset = _base().filter(status__in=OPEN_STATUSES)
    if not is_site_admin(user):
        queryset = queryset.filter(club__directors=user)
    return queryset.order_by("submitted_at", "pk")


def disputed_day(dispute: Dispute) -> datetime.date | None:
    """The day a ruling on a disputed result gives the match when the director gives none:
    the day the disputed result says it was played, else the day the match has (in its
    club's time zone), else None (the day the ruling makes it official)."""
    if dispute.match is None:
        return None
    if dispute.result is not None and dispute.result.played_on is not None:
        return dispute.result.played_on
    match = dispute.match
    if match.played_at is None:
        return None
    return match.played_at.astimezone(club_zone(match)).date()
