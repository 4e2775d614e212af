"""Reads of the people side: clubs, their members, the player search."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership, Player, Role
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
    # Each club's count is its own lookup in the membership index, made for the clubs
    # shown only (PostgreSQL counts after the sort and the limit): a grouped join counted
    # every membership of every club for the home page's first twelve.
    members = (Membership.objects.filter(club=OuterRef("pk")).order_by().values("club")
               .annotate(count=Count("club")).values("count"))
    clubs = Club.objects.annotate(member_count=Coalesce(Subquery(members), 0))
    if search:
        clubs = clubs.filter(name_contains(search, "name"))
    return clubs.order_by("name")


def club_members(club: Club) -> QuerySet[Player]:
    """The club's players, by display name."""
    return Player.objects.filter(memberships__club=club).order_by("display_name", "pk")


class NameViewer:
    """Which legal names (``Player.name``) one viewer may see and search.

    The one rule of the site, used by every page, the API, searches, filters, exports and
    name suggestions: a player's display name is public (made in the style the clubs or
    the player chose, clubs.public_names); their legal name, the full name, is seen (and
    found by a search) only by the player themself and by the people of the player's
    clubs: their directors (owner included), scorers and members; or by anybody when the
    player made it public (``name_is_public``). Site administrators see every name (the admin shows them).
    ``NameViewer.system()`` is the site itself (demo data, commands, internal checks).
    """

    def __init__(self, user: Any = None, *, sees_all: bool = False) -> None:
        from clubs.permissions import is_site_admin

        authenticated = user is not None and user.is_authenticated
        self.user_id: int | None = user.pk if authenticated else None
        self.sees_all = sees_all or is_site_admin(user)

    @classmethod
    def system(cls) -> NameViewer:
        return cls(sees_all=True)

    @cached_property
    def directed_clubs(self) -> QuerySet[Club]:
        if self.user_id is None:
            return Club.objects.none()
        return Club.objects.filter(Q(directors=self.user_id) | Q(owner=self.user_id))

    @cached_property
    def own_clubs(self) -> QuerySet[Club]:
        """The clubs whose players' full names this viewer sees: those they direct, score
        for or are a member of."""
        if self.user_id is None:
            return Club.objects.none()
        return Club.objects.filter(
            Q(directors=self.user_id) | Q(owner=self.user_id) | Q(scorers=self.user_id)
            | Q(memberships__player__user_id=self.user_id))

    def _club_players(self) -> QuerySet[Membership]:
        return Membership.objects.filter(club__in=self.own_clubs.values("pk"))

    @cached_property
    def _known_players(self) -> frozenset[int]:
        if self.user_id is None:
            return frozenset()
        return frozenset(self._club_players().values_list("player_id", flat=True))

    def sees(self, player: Player) -> bool:
        """May this viewer see (and search by) the player's legal name?"""
        return (self.sees_all or player.name_is_public
                or (self.user_id is not None and player.user_id == self.user_id)
                or player.pk in self._known_players)

    def legal_name(self, player: Player | None) -> str | None:
        """The player's legal name when this viewer may see it, else None."""
        return player.name if player is not None and self.sees(player) else None

    def visible_q(self, prefix: str = "") -> Q:
        """Players (``prefix``: the path to them, e.g. "player1__") whose legal name this
        viewer may see."""
        if self.sees_all:
            return Q()
        condition = Q(**{f"{prefix}name_is_public": True})
        if self.user_id is not None:
            condition |= Q(**{f"{prefix}user_id": self.user_id})
            condition |= Q(**{f"{prefix}pk__in": self._club_players().values("player_id")})
        return condition

    def name_q(self, search: str, prefix: str = "") -> Q:
        """Players whose display name, or legal name when this viewer may see it, contains
        ``search`` (any alphabet, any case)."""
        by_legal = name_contains(search, f"{prefix}name")
        if not self.sees_all:
            by_legal &= self.visible_q(prefix)
        return name_contains(search, f"{prefix}display_name") | by_legal


def name_viewer(request_or_user: Any) -> NameViewer:
    """The NameViewer of a request (made once per request) or of a user."""
    user = getattr(request_or_user, "user", request_or_user)
    if user is request_or_user:
        return NameViewer(user)
    viewer = getattr(request_or_user, "_nardy_name_viewer", None)
    if viewer is None:
        viewer = NameViewer(user)
        request_or_user._nardy_name_viewer = viewer
    return viewer


def players_named(search: str, viewer: NameViewer) -> QuerySet[Player]:
    """Players whose display name, or legal name when ``viewer`` may see it, contains
    ``search`` (any alphabet, any case)."""
    players = Player.objects.order_by("display_name", "pk")
    search = search.strip()
    if search:
        players = players.filter(viewer.name_q(search))
    return players


def search_players(search: str, viewer: NameViewer, *, exclude: QuerySet[Player] | None = None,
                   limit: int = 10) -> list[Player]:
    """The first ``limit`` players named like ``search`` (a live search) as ``viewer`` may
    find them, none for an empty search; ``exclude``: players not to offer (say, those
    already entered)."""
    if not search.strip():
        return []
    players = players_named(search, viewer)
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


def person_name(user: Any) -> str:
    """How a login is named on a page: its player's public name, else the person's full
    name, else (last resort) the login name. Empty for no user."""
    if user is None:
        return ""
    try:
        player = user.player
    except Player.DoesNotExist:
        player = None
    if player is not None and player.display_name:
        return str(player.display_name)
    return user.get_full_name() or user.get_username()
