"""Reads: querysets for pages and the API."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from tournaments.models import Club, Player


def clubs_with_counts(search: str = "") -> QuerySet[Club]:
    """All clubs, with member counts, optionally filtered by name."""
    clubs = Club.objects.annotate(member_count=Count("memberships"))
    if search:
        clubs = clubs.filter(name__icontains=search)
    return clubs.order_by("name")


def club_members(club: Club) -> QuerySet[Player]:
    """The club's players, by display name."""
    return Player.objects.filter(memberships__club=club).order_by("display_name", "pk")
