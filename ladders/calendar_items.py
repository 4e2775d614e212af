"""What ladders put in the calendar feeds (clubs.calendar): each open challenge's deadline
("play by"), in the club's time zone.

A person's feed has the challenges they are in; a club's feed the open challenges of its
ladders the viewer may see; a challenge has a feed of its own (the "Add to calendar"
button). A private ladder's challenges reach only people who may see it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from clubs import calendar
from clubs.calendar import CalendarItem
from clubs.models import Club
from clubs.permissions import player_for
from clubs.profiles import calendar_token
from common.bounds import parse_id
from common.time_zones import zone
from ladders.choices import ChallengeStatus
from ladders.models import Challenge
from ladders.selectors import challenges_for

MAX_CHALLENGES = 200


def challenge_item(challenge: Challenge) -> CalendarItem:
    ladder = challenge.ladder
    zone_name = ladder.club.time_zone
    names = {"challenger": challenge.challenger.display_name,
             "challenged": challenge.challenged.display_name, "ladder": ladder.name}
    description = _("%(challenger)s challenged %(challenged)s on %(ladder)s: the match is "
                    "played by this time, or %(challenged)s forfeits.") % names
    return CalendarItem(
        uid=f"ladder-challenge-{challenge.pk}", time_zone=zone_name,
        summary=_("Ladder match %(challenger)s – %(challenged)s: play by") % names,
        start=challenge.deadline.astimezone(zone(zone_name)),
        url=challenge.get_absolute_url(), description=description,
        categories=(str(_("Ladder")),))


def _open(viewer: Any) -> Any:
    return challenges_for(viewer).filter(status=ChallengeStatus.OPEN).order_by("deadline", "pk")


def person_source(viewer: Any, user: Any) -> Iterable[CalendarItem]:
    player = player_for(user)
    if player is None:
        return []
    mine = _open(user).filter(Q(challenger=player) | Q(challenged=player))
    return [challenge_item(challenge) for challenge in mine[:MAX_CHALLENGES]]


def club_source(viewer: Any, club: Club) -> Iterable[CalendarItem]:
    return [challenge_item(c) for c in _open(viewer).filter(ladder__club=club)[:MAX_CHALLENGES]]


def _challenge(key: str, viewer: Any) -> tuple[str, Any] | None:
    pk = parse_id(key)
    challenge = challenges_for(viewer).filter(pk=pk).first() if pk else None
    return (str(challenge), challenge) if challenge is not None else None


def challenge_source(viewer: Any, challenge: Challenge) -> Iterable[CalendarItem]:
    return [challenge_item(challenge)] if challenge.is_open else []


def calendar_link(challenge: Challenge, user: Any) -> str:
    """The challenge's own calendar file: public for a public ladder, else the reader's
    own link (which shows what they may see)."""
    if challenge.ladder.is_public or user is None or not user.is_authenticated:
        return calendar.feed_path("challenge", str(challenge.pk))
    return calendar.feed_path("challenge", str(challenge.pk), token=calendar_token(user))


def register() -> None:
    calendar.register_scope("challenge", _challenge)
    calendar.register_source("challenge", challenge_source)
    calendar.register_source("club", club_source)
    calendar.register_source(calendar.PERSON, person_source)
