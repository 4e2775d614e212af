"""Notifications of match analysis: a player earned one of their club's PR milestones
(analysis.milestones). Told to the player only, in their language; registered through
the public parts of this app, like ladders."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from analysis.models import PrMilestone
from analysis.signals import pr_milestone_reached
from notifications.events import EVENTS, Message
from notifications.messages import Message as Words
from notifications.messages import define
from notifications.models import Kind
from notifications.services import announce

define(Words("pr_milestone", Kind.MILESTONE, _("PR milestone: under %(threshold)s at %(club)s"),
             _("You played a match with a PR of %(pr)s (%(match)s), under your club's "
               "threshold of %(threshold)s.")))


def milestone_reached(milestone_id: int) -> list[Message]:
    milestone = PrMilestone.objects.select_related(
        "player", "club", "match__player1", "match__player2").filter(pk=milestone_id).first()
    if milestone is None or milestone.player.user_id is None:
        return []
    user = milestone.player.user_id
    params = {"threshold": str(milestone.threshold), "pr": str(milestone.pr),
              "club": milestone.club.name, "match": str(milestone.match or "")}
    return [Message(user, "pr_milestone", f"pr-milestone:{milestone.pk}:{user}",
                    reverse("leaderboard:player", args=[milestone.player_id]), params,
                    milestone.club_id)]


EVENTS.update({"pr_milestone_reached": milestone_reached})


def _reached(sender: Any, milestone: PrMilestone, **kwargs: Any) -> None:
    announce("pr_milestone_reached", milestone.pk)


def connect() -> None:
    pr_milestone_reached.connect(_reached, dispatch_uid="notifications.analysis._reached")
