"""Reads of the people side: clubs, their members, the player search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Role
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


@dataclass(frozen=True)
class Person:
    """Someone in a club: a player (maybe without an account) and/or an account with a role."""

    player: Player | None
    user: Any
    role: str


def club_people(club: Club) -> list[Person]:
    """The club's players and staff, staff first, then by display name."""
    directors = set(club.directors.values_list("pk", flat=True))
    scorers = set(club.scorers.values_list("pk", flat=True))

    def role(user_id: int | None) -> str:
        if user_id is None:
            return Role.MEMBER
        if user_id == club.owner_id:
            return Role.OWNER
        if user_id in directors:
            return Role.DIRECTOR
        return Role.SCORER if user_id in scorers else Role.MEMBER

    players = list(Player.objects.filter(memberships__club=club).select_related("user")
                   .order_by("display_name", "pk"))
    with_player = {p.user_id for p in players if p.user_id}
    staff_only = get_user_model().objects.filter(
        pk__in=(directors | scorers) - with_player).order_by("username")
    people = [Person(p, p.user, role(p.user_id)) for p in players]
    people += [Person(None, user, role(user.pk)) for user in staff_only]
    rank = {Role.OWNER: 0, Role.DIRECTOR: 1, Role.SCORER: 2, Role.MEMBER: 3}
    return sorted(people, key=lambda person: rank[person.role])


def clubs_of(user: Any) -> list[tuple[Club, str]]:
    """The clubs an account belongs to or has a role in, with its role there."""
    from clubs.permissions import role_of

    clubs = Club.objects.filter(
        Q(memberships__player__user=user) | Q(directors=user) | Q(scorers=user) | Q(owner=user)
    ).distinct().order_by("name")
    return [(club, role_of(user, club)) for club in clubs]
