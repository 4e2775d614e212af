"""Reads of ladders: who sees which (a private ladder is its club's only), the standing
list with what each reader may do, challenges to answer, and a player's history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet

from clubs.models import Player
from clubs.permissions import AnyUser, can_manage_club, player_for, visible_q
from ladders import clock, rules
from ladders.choices import ChallengeStatus
from ladders.models import Challenge, Ladder, Move, Rung
from ladders.queries import open_counts, recent_opponents
from ladders.rules import LadderError


def ladders_for(user: AnyUser | None) -> QuerySet[Ladder]:
    return Ladder.objects.filter(visible_q(user)).select_related("club")


def challenges_for(user: AnyUser | None) -> QuerySet[Challenge]:
    return Challenge.objects.filter(
        visible_q(user, public="ladder__is_public", club="ladder__club")).select_related(
        "ladder__club", "challenger", "challenged", "winner", "handicap_to", "match")


def rungs(ladder: Ladder) -> list[Rung]:
    return list(ladder.rungs.select_related("player").order_by("position"))


def open_challenges(ladder: Ladder) -> list[Challenge]:
    return list(ladder.challenges.filter(status=ChallengeStatus.OPEN).select_related(
        "challenger", "challenged", "handicap_to", "match").order_by("deadline", "pk"))


def recent_challenges(ladder: Ladder, count: int = 20) -> list[Challenge]:
    return list(ladder.challenges.exclude(status=ChallengeStatus.OPEN).select_related(
        "challenger", "challenged", "winner", "match").order_by("-decided_at", "-pk")[:count])


@dataclass
class Standing:
    """The ladder as a reader sees it: the rungs, whom the reader may challenge, and
    whether they may join or manage it."""

    ladder: Ladder
    rungs: list[Rung]
    me: Player | None
    my_rung: Rung | None
    can_manage: bool
    can_join: bool
    challengeable: set[int] = field(default_factory=set)


def standing(ladder: Ladder, user: AnyUser | None) -> Standing:
    listed = rungs(ladder)
    me = player_for(user)
    mine = next((rung for rung in listed if me is not None and rung.player_id == me.pk), None)
    member = me is not None and ladder.club.memberships.filter(player=me).exists()
    result = Standing(ladder, listed, me, mine, can_manage_club(user, ladder.club),
                      member and mine is None)
    if mine is not None:
        order = [rung.player_id for rung in listed]
        paused = frozenset(rung.player_id for rung in listed if rung.paused)
        counts = open_counts(ladder)
        recent = recent_opponents(ladder, me.pk, clock.now())
        for rung in listed[max(0, mine.position - 1 - ladder.reach):mine.position - 1]:
            try:
                rules.check_challenge(order, me.pk, rung.player_id, ladder.rules(),
                                      open_counts=counts, paused=paused, recent_opponents=recent)
            except LadderError:
                continue
            result.challengeable.add(rung.player_id)
    return result


def to_answer(player: Player | None) -> QuerySet[Challenge]:
    """A player's open challenges (made or received), the nearest deadline first."""
    if player is None:
        return Challenge.objects.none()
    return Challenge.objects.filter(status=ChallengeStatus.OPEN).filter(
        Q(challenger=player) | Q(challenged=player)).select_related(
        "ladder__club", "challenger", "challenged", "handicap_to", "match").order_by("deadline")


def history(ladder: Ladder, player: Player) -> list[Move]:
    return list(Move.objects.filter(ladder=ladder, player=player).order_by("at", "pk"))


def acts(ladder: Ladder, count: int = 100) -> list[Any]:
    return list(ladder.acts.select_related("actor").order_by("-at", "-pk")[:count])
