"""The day a match was played, as whoever enters its result gives it.

The day is the club's (its time zone): optional, today by default; at most one day ahead
(a player a time zone ahead of the club), and never before the match could be played:
the day the club was created, or, for an event's match, the day its event began (or today,
for an event played ahead of its date) (apps
above games say so through ``register_earliest_day``, so games imports none of them).

The official result's day becomes the match's ``played_at``, the order of the rating
lists: the time it became official when that is the same day, else noon of that day.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from zoneinfo import ZoneInfo

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from common.time_zones import zone
from games.models import Match
from games.services.errors import ServiceError

FIELD = "played_on"
DAYS_AHEAD = 1  # a player one time zone ahead of the club is already on tomorrow
NOON = datetime.time(12, 0)

# Apps above games tell the first day one of their matches can have been played
# (the event's first day), or None when they have nothing to say about it.
_EARLIEST: list[Callable[[Match], datetime.date | None]] = []


def register_earliest_day(rule: Callable[[Match], datetime.date | None]) -> None:
    if rule not in _EARLIEST:
        _EARLIEST.append(rule)


def club_zone(match: Match) -> ZoneInfo:
    return zone(match.club.time_zone)


def today_in(club: Club, now: datetime.datetime | None = None) -> datetime.date:
    return (now or timezone.now()).astimezone(zone(club.time_zone)).date()


def day_bounds(club: Club, *event_days: datetime.date | None,
               now: datetime.datetime | None = None) -> tuple[datetime.date, datetime.date, datetime.date]:
    """Today (the default), the latest and the earliest day a result of a match of
    ``club`` (in events beginning on ``event_days``) may give. The earliest is the club's
    first day, or an event's when later; an event played ahead of its date (its rounds
    opened early) takes today's results: its day counts as today until it comes."""
    today = today_in(club, now)
    first = club.created_at.astimezone(zone(club.time_zone)).date()
    earliest = max([first, *(min(day, today) for day in event_days if day is not None)])
    return today, today + datetime.timedelta(days=DAYS_AHEAD), earliest


def match_day_bounds(match: Match, now: datetime.datetime | None = None
                     ) -> tuple[datetime.date, datetime.date, datetime.date]:
    """``day_bounds`` of this match (its event's first day, as the apps above say)."""
    return day_bounds(match.club, *(rule(match) for rule in _EARLIEST), now=now)


def check_played_on(match: Match, played_on: datetime.date | None,
                    now: datetime.datetime | None = None) -> None:
    """Refuse a day the match cannot have been played on (a field error on ``played_on``)."""
    if played_on is None:
        return
    _today, latest, earliest = match_day_bounds(match, now)
    if played_on > latest:
        raise ServiceError("played_on_in_future", _(
            "Date played: %(day)s is in the future; give the day the match was played "
            "(at the latest %(latest)s).") % {"day": _day(played_on), "latest": _day(latest)},
            FIELD)
    if played_on < earliest:
        raise ServiceError("played_on_too_early", _(
            "Date played: %(day)s is before the match could be played (the club or its "
            "event began on %(earliest)s).") % {"day": _day(played_on),
                                                 "earliest": _day(earliest)},
            FIELD)


def played_at(match: Match, played_on: datetime.date | None,
              official_at: datetime.datetime) -> datetime.datetime:
    """When the match counts as played: ``official_at`` when the result gives no other
    day, else noon of the day it gives (in the club's time zone)."""
    local_zone = club_zone(match)
    if played_on is None or official_at.astimezone(local_zone).date() == played_on:
        return official_at
    return datetime.datetime.combine(played_on, NOON, tzinfo=local_zone)


def _day(day: datetime.date) -> str:
    return formats.date_format(day, "DATE_FORMAT")
