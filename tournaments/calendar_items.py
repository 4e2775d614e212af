"""What events put in the calendar feeds (clubs.calendar): the event itself, its
registration deadline and check-in window, and a player's announced matches.

Only events the viewer may see (``visible_tournaments``): a private event never reaches the
feed of someone outside its club. Divisions show in their parent event's place.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import calendar
from clubs.calendar import CalendarItem
from clubs.models import Club
from clubs.permissions import player_for
from common.bounds import parse_id
from common.time_zones import zone
from tournaments.models import Pairing, Registration, Tournament, with_flight_rounds
from tournaments.selectors.tournaments import visible_tournaments

UPCOMING_DAYS_BACK = 60  # a feed keeps events this many days after they started


def _local(moment: datetime, tournament: Tournament) -> datetime:
    return moment.astimezone(zone(tournament.zone_name))


def event_items(tournament: Tournament) -> list[CalendarItem]:
    """The event (timed from its start time, else whole days), its registration deadline
    and its check-in window, in the event's time zone."""
    zone_name, url = tournament.zone_name, tournament.get_absolute_url()
    last_day: date = tournament.ends_on or tournament.starts_on
    start: datetime | date
    if tournament.start_time is not None:
        start = datetime.combine(tournament.starts_on, tournament.start_time)
        end: datetime | date = datetime.combine(last_day + timedelta(days=1), time(0, 0))
    else:
        start, end = tournament.starts_on, last_day + timedelta(days=1)
    where = ", ".join(part for part in (tournament.club.venue, tournament.club.city) if part)
    items = [CalendarItem(
        uid=f"event-{tournament.pk}", summary=tournament.name, start=start, end=end,
        time_zone=zone_name, url=url, location=where,
        description=f"{tournament.club.name} · {tournament.get_format_display()}")]
    if tournament.registration_deadline is not None:
        items.append(CalendarItem(
            uid=f"event-{tournament.pk}-registration", time_zone=zone_name, url=url,
            summary=_("Registration closes: %(event)s") % {"event": tournament.name},
            start=_local(tournament.registration_deadline, tournament)))
    if tournament.check_in_opens_at is not None:
        items.append(CalendarItem(
            uid=f"event-{tournament.pk}-check-in", time_zone=zone_name, url=url,
            summary=_("Check-in: %(event)s") % {"event": tournament.name},
            start=_local(tournament.check_in_opens_at, tournament),
            end=_local(tournament.check_in_closes_at, tournament)
            if tournament.check_in_closes_at else None))
    return items


def match_item(pairing: Pairing) -> CalendarItem:
    tournament, match = pairing.tournament, pairing.match
    start = _local(pairing.ready_at, tournament)
    length = timedelta(seconds=2 * match.clock_seconds) if match.clock_seconds else timedelta(hours=1)
    description = (_("Be at the table by %(time)s.") % {
        "time": _local(pairing.forfeit_at, tournament).strftime("%H:%M")}
        if pairing.forfeit_at else "")
    return CalendarItem(
        uid=f"match-{match.pk}", time_zone=tournament.zone_name, url=match.get_absolute_url(),
        summary=_("%(top)s – %(bottom)s, %(round)s (%(event)s)") % {
            "top": pairing.top.player.display_name, "bottom": pairing.bottom.player.display_name,
            "round": pairing.stage_title, "event": tournament.name},
        start=start, end=start + length, description=description,
        location=_("Table %(table)s") % {"table": pairing.table} if pairing.table else "")


def _recent(events: Any) -> Any:
    since = timezone.localdate() - timedelta(days=UPCOMING_DAYS_BACK)
    return events.filter(parent=None, starts_on__gte=since).select_related("club")


def club_source(viewer: Any, club: Club) -> Iterable[CalendarItem]:
    for tournament in _recent(visible_tournaments(viewer).filter(club=club)).order_by("starts_on"):
        yield from event_items(tournament)


def _event(key: str, viewer: Any) -> tuple[str, Any] | None:
    pk = parse_id(key)
    tournament = visible_tournaments(viewer).filter(pk=pk).first() if pk else None
    return (tournament.name, tournament) if tournament is not None else None


def event_source(viewer: Any, tournament: Tournament) -> Iterable[CalendarItem]:
    return event_items(tournament)


def person_source(viewer: Any, user: Any) -> Iterable[CalendarItem]:
    """The person's events (entered, or registered and not turned away), their announced
    matches, and the registration deadlines still ahead in their clubs."""
    player = player_for(user)
    visible = visible_tournaments(user)
    mine = Q(pk__in=[])
    if player is not None:
        mine = Q(entries__player=player) | Q(registrations__player=player, registrations__status__in=(
            Registration.Status.ACCEPTED, Registration.Status.PENDING, Registration.Status.WAITLISTED))
    own = list(_recent(visible.filter(mine)).distinct().order_by("starts_on"))
    for tournament in own:
        yield from event_items(tournament)
    deadlines = _recent(visible.filter(
        Q(club__memberships__player__user_id=user.pk) | Q(club__directors=user),
        status__in=(Tournament.Status.DRAFT, Tournament.Status.REGISTRATION),
        registration_deadline__isnull=False)).exclude(pk__in=[t.pk for t in own]).distinct()
    for tournament in deadlines:
        yield from (item for item in event_items(tournament) if item.uid.endswith("-registration"))
    if player is None:
        return
    pairings = (Pairing.objects.filter(Q(match__player1=player) | Q(match__player2=player),
                                       ready_at__isnull=False, tournament__in=visible)
                .select_related("tournament__club", "match", "top__player", "bottom__player")
                .order_by("-ready_at")[:200])
    for pairing in with_flight_rounds(list(pairings)):
        if pairing.top_id and pairing.bottom_id:
            yield match_item(pairing)


def register() -> None:
    calendar.register_scope("event", _event)
    calendar.register_source("club", club_source)
    calendar.register_source("event", event_source)
    calendar.register_source(calendar.PERSON, person_source)
