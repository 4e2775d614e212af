"""Who may write to a chouette session. Anyone may read; these checks run on the server."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from chouette.models import ChouetteSession
from clubs.models import Club, Player
from clubs.permissions import AnyUser, can_manage_club, is_member_or_manager, player_for


def is_participant(user: AnyUser | None, session: ChouetteSession) -> bool:
    """The login's player has sat at this table (in the opening line or joined later)."""
    player = player_for(user)
    return player is not None and session.participants.filter(player=player).exists()


def can_record(user: AnyUser | None, session: ChouetteSession) -> bool:
    """Record and undo games, seat newcomers, finish: participants and the club's directors."""
    return can_manage_club(user, session.club) or is_participant(user, session)


def can_start_session(user: AnyUser | None, club: Club) -> bool:
    """Directors of the club and its members with a login may open a chouette table."""
    return is_member_or_manager(user, club)


def clubs_opening_tables(user: AnyUser | None) -> QuerySet[Club]:
    """The clubs whose chouette tables this user may open (``can_start_session``): those
    they direct or play in, by name."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(
        Q(directors=user) | Q(memberships__player__user=user)).distinct().order_by("name")


def can_seat(user: AnyUser | None, session: ChouetteSession, player: Player) -> bool:
    """Join or leave: whoever may record, or a club member for themselves."""
    if can_record(user, session):
        return True
    own = player_for(user)
    return own is not None and own.pk == player.pk
