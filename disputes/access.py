"""Who may raise, see and rule on disputes. Checked by services, views and the API alike.

A match's disputes: its players and the directors of its club raise and see them.
A standalone dispute: raised by a member of the club (or a director), seen by the
submitter and the club's directors. Only directors rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubs.models import Club
from clubs.permissions import AnyUser, can_manage_club, player_for
from games.services.access import can_enter

if TYPE_CHECKING:
    from disputes.models import Dispute
    from games.models import Match


def can_raise_for_match(user: AnyUser | None, match: Match) -> bool:
    return bool(user is not None and user.is_authenticated and can_enter(user, match))


def can_raise_in_club(user: AnyUser | None, club: Club) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if can_manage_club(user, club):
        return True
    player = player_for(user)
    return player is not None and club.members.filter(pk=player.pk).exists()


def can_see(user: AnyUser | None, dispute: Dispute) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if dispute.match_id is not None:
        return can_enter(user, dispute.match)
    return dispute.submitted_by_id == user.pk or can_manage_club(user, dispute.club)


def can_rule(user: AnyUser | None, dispute: Dispute) -> bool:
    return can_manage_club(user, dispute.club)


def can_withdraw(user: AnyUser | None, dispute: Dispute) -> bool:
    return bool(user is not None and user.is_authenticated and dispute.submitted_by_id == user.pk)
