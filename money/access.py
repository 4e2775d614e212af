"""Who sees and edits an event's money: the club's members see it, directors edit it."""

from __future__ import annotations

from clubs.permissions import AnyUser, can_manage_club, is_member_or_manager
from tournaments.models import Tournament


def can_see(user: AnyUser | None, tournament: Tournament) -> bool:
    return is_member_or_manager(user, tournament.club)


def can_edit(user: AnyUser | None, tournament: Tournament) -> bool:
    return can_manage_club(user, tournament.club)
