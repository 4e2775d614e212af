"""Reads of the people side: clubs, their members, the player search."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from clubs.search import name_contains


def public_name(user: Any) -> str | None:
    """What the public sees of a login: its player's display name, never the login name
    or the legal name; "Club official" for a login with no player (a director, an admin)."""
    if user is None:
        return None
    try:
        player = user.player  # one query, none when the list selected it (user__player)
    except Player.DoesNotExist:
        player = None
    return player.display_name if player is not None else str(_("Club official"))


def clubs_with_counts(search: str = "") -> QuerySet[Club]:
    """All clubs, with member counts, optionally filtered by name."""
    clubs = Club.objects.annotate(member_count=Count("memberships"))
    if search:
        clubs = clubs.filter(name_contains(search, "name"))
    return clubs.order_by("name")


def club_members(club: Club) -> QuerySet[Player]:
    """The club's players, by display name."""
    return Player.objects.filter(memberships__club=club).order_by("display_name", "pk")


def players_named(search: str) -> QuerySet[Player]:
    """Players whose name or display name contains ``search`` (any alphabet, any case)."""
    players = Player.objects.order_by("display_name", "pk")
    search = search.strip()
    if search:
        players = players.filter(name_contains(search, "display_name", "name"))
    return players


def search_players(search: str, *, exclude: QuerySet[Player] | None = None,
                   limit: int = 10) -> list[Player]:
    """The first ``limit`` players named like ``search`` (a live search), none for an empty
    search; ``exclude``: players not to offer (say, those already entered)."""
    if not search.strip():
        return []
    players = players_named(search)
    if exclude is not None:
        players = players.exclude(pk__in=exclude.values("pk"))
    return list(players[:limit])
