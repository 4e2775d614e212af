"""Who may do what. Every check is made on the server; templates only hide buttons.

Plain helpers for views and services, and DRF permission classes for the API.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet
from rest_framework.permissions import SAFE_METHODS, IsAuthenticatedOrReadOnly
from rest_framework.request import Request

from clubs.models import Club, Membership, Player, Role

AnyUser = AbstractBaseUser | AnonymousUser


def is_site_admin(user: AnyUser | None) -> bool:
    """Staff and superusers administer the whole site."""
    return bool(
        user is not None
        and user.is_authenticated
        and (getattr(user, "is_staff", False) or getattr(user, "is_superuser", False))
    )


def is_director_of(user: AnyUser | None, club: Club) -> bool:
    """True when the user is one of the club's directors."""
    if user is None or not user.is_authenticated:
        return False
    return club.directors.filter(pk=user.pk).exists()


def can_manage_club(user: AnyUser | None, club: Club) -> bool:
    """Directors of the club and site administrators manage its events."""
    return is_site_admin(user) or is_director_of(user, club)


def is_owner_of(user: AnyUser | None, club: Club) -> bool:
    return bool(user is not None and user.is_authenticated and club.owner_id == user.pk)


def is_scorer_of(user: AnyUser | None, club: Club) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return club.scorers.filter(pk=user.pk).exists()


def can_score(user: AnyUser | None, club: Club) -> bool:
    """Enter and override results of the club's matches: its scorers, directors, admins."""
    return can_manage_club(user, club) or is_scorer_of(user, club)


def role_of(user: AnyUser | None, club: Club) -> str | None:
    """The account's highest role in the club (a Role value), None when it has none."""
    if user is None or not user.is_authenticated:
        return None
    if club.owner_id == user.pk:
        return Role.OWNER
    if is_director_of(user, club):
        return Role.DIRECTOR
    if is_scorer_of(user, club):
        return Role.SCORER
    if club.memberships.filter(player__user_id=user.pk).exists():
        return Role.MEMBER
    return None


def managed_clubs(user: AnyUser | None) -> QuerySet[Club]:
    """Every club ``can_manage_club`` allows this user: all for site admins, by name."""
    if is_site_admin(user):
        return Club.objects.all()
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(directors=user)


def is_member_or_manager(user: AnyUser | None, club: Club) -> bool:
    """Whoever manages the club, or a login whose player is one of its members."""
    if can_manage_club(user, club):
        return True
    player = player_for(user)
    return player is not None and club.memberships.filter(player=player).exists()


def clubs_seeing_private(user: AnyUser | None) -> QuerySet[Club] | None:
    """The clubs whose private events (and all under them) this user may see: those they
    direct or are a member of; None means every club (site admins)."""
    if is_site_admin(user):
        return None
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(
        Q(directors=user) | Q(memberships__player__user_id=user.pk)
    ).distinct()


def visible_q(user: AnyUser | None, *, public: str = "is_public", club: str = "club") -> Q:
    """A filter for rows this user may see: public ones, plus the private ones of the
    clubs in ``clubs_seeing_private`` (everything for site admins)."""
    clubs = clubs_seeing_private(user)
    if clubs is None:
        return Q()
    if user is None or not user.is_authenticated:
        return Q(**{public: True})
    # Correlated EXISTS, asked only of the rows that are not public: with "club IN
    # (subquery)" PostgreSQL hashes the clubs and then scans the whole table it filters
    # (every match, for a player's rating history) instead of looking up the few rows.
    # Two of them, each one index lookup (the directors' unique (club, user), the user's
    # player then the unique (club, player)): one EXISTS over the club with both joins
    # read every membership of the club per row, and its price, counted for every row of
    # a table it filters, pushed whole queries over PostgreSQL's JIT threshold.
    directs = Club.directors.through.objects.filter(club_id=OuterRef(club), user_id=user.pk)
    belongs = Membership.objects.filter(club_id=OuterRef(club), player__user_id=user.pk)
    return Q(**{public: True}) | Q(Exists(directs)) | Q(Exists(belongs))


def player_for(user: AnyUser | None) -> Player | None:
    """The player linked to this login, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user_id=user.pk).first()


def is_player_self(user: AnyUser | None, player: Player) -> bool:
    """True when the login is linked to this player."""
    return bool(user is not None and user.is_authenticated and player.user_id == user.pk)


def can_edit_player(user: AnyUser | None, player: Player) -> bool:
    """The player themselves, a director of one of their clubs, or a site admin."""
    if is_site_admin(user) or is_player_self(user, player):
        return True
    if user is None or not user.is_authenticated:
        return False
    return player.clubs.filter(directors=user).exists()


def club_of(obj: Any) -> Club | None:
    """The club an object belongs to: itself, `obj.club`, or `obj.get_club()`."""
    if isinstance(obj, Club):
        return obj
    get_club = getattr(obj, "get_club", None)
    if callable(get_club):
        return get_club()
    return getattr(obj, "club", None)


class ReadOnlyOrClubDirector(IsAuthenticatedOrReadOnly):
    """Anyone may read; writes need a director of the object's club (or a site admin).

    Works for any object that is a Club, has a `club` attribute or a `get_club()`.
    """

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        club = club_of(obj)
        return club is not None and can_manage_club(request.user, club)


class ReadOnlyOrPlayerSelf(IsAuthenticatedOrReadOnly):
    """Anyone may read a player; the player themselves, their directors or an admin may write."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        player = obj if isinstance(obj, Player) else getattr(obj, "player", None)
        return player is not None and can_edit_player(request.user, player)
