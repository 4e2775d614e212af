"""What a signed-in person should do now: the signed-in part of the home page.

Reads from every app (nardy_site sits above the layers): matches to play, results to
confirm, disputes waiting, invitations and join requests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from clubs.invitations import addressed_to
from clubs.models import Club, Invitation, JoinRequest
from clubs.permissions import managed_clubs, player_for
from disputes.selectors import director_queue
from games.choices import MatchStatus, ResultStatus
from games.models import Match, MatchResult

LIMIT = 10


@dataclass
class Todo:
    matches_to_play: list[Match] = field(default_factory=list)
    results_to_confirm: list[MatchResult] = field(default_factory=list)
    disputes: list[Any] = field(default_factory=list)
    invitations: list[Invitation] = field(default_factory=list)
    join_requests: list[JoinRequest] = field(default_factory=list)
    my_requests: list[JoinRequest] = field(default_factory=list)
    has_club: bool = False

    @property
    def empty(self) -> bool:
        return not (self.matches_to_play or self.results_to_confirm or self.disputes
                    or self.invitations or self.join_requests)


def what_to_do(user: Any) -> Todo:
    todo = Todo()
    player = player_for(user)
    if player is not None:
        mine = Q(player1=player) | Q(player2=player)
        open_results = MatchResult.objects.filter(status=ResultStatus.PROPOSED)
        todo.results_to_confirm = list(
            open_results.filter(Q(match__player1=player) | Q(match__player2=player))
            .exclude(entered_by=user).select_related("match__player1", "match__player2",
                                                     "match__club")[:LIMIT])
        waiting = {result.match_id for result in todo.results_to_confirm}
        todo.matches_to_play = list(
            Match.objects.filter(mine, status__in=[MatchStatus.READY, MatchStatus.PLAYING])
            .exclude(pk__in=waiting).exclude(results__status=ResultStatus.PROPOSED)
            .select_related("player1", "player2", "club").order_by("pk")[:LIMIT])
    todo.disputes = list(director_queue(user)[:LIMIT])
    todo.invitations = addressed_to(user)[:LIMIT]
    todo.join_requests = list(JoinRequest.objects.filter(
        club__in=managed_clubs(user), status=JoinRequest.Status.PENDING)
        .select_related("club", "user")[:LIMIT])
    todo.my_requests = list(JoinRequest.objects.filter(
        user=user, status=JoinRequest.Status.PENDING).select_related("club"))
    todo.has_club = Club.objects.filter(
        Q(memberships__player__user=user) | Q(directors=user) | Q(scorers=user)).exists()
    return todo


def people_todo(user: Any, *, player: Any = None, directs: bool = False,
                plays: bool = False) -> Todo:
    """The people side only (for the home page, which shows matches itself): open
    invitations to the account's addresses, join requests to answer or waiting for an
    answer, and whether the account is in a club yet (`player` and `directs`: what the
    caller already knows; `plays`: the person has matches or ratings, so is in a club).
    Three queries at most, two for someone who plays or directs."""
    todo = Todo(invitations=addressed_to(user)[:LIMIT])
    requests = JoinRequest.objects.filter(
        Q(user=user) | Q(club__in=managed_clubs(user)), status=JoinRequest.Status.PENDING,
    ).select_related("club", "user").order_by("-created_at", "-pk")[:2 * LIMIT]
    for join_request in requests:
        if join_request.user_id == user.pk:
            todo.my_requests.append(join_request)
        else:
            todo.join_requests.append(join_request)
    todo.has_club = directs or plays or (player is not None and player.memberships.exists())
    return todo
