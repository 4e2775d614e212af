"""Calendar feeds (RFC 5545, made with the ``icalendar`` package): a club's, an event's and
a person's ("my matches and deadlines").

The apps above register what goes in them, as plain ``CalendarItem`` values: the
tournaments app its events, deadlines, check-in and matches; a ladder its challenges. A
*scope* is a kind of feed with a key (``club``: a club's slug, ``event``: an event's id);
the ``person`` feed has no key. Each source answers for a viewer (an account, or None for
anyone), so a private item reaches only feeds of people who may see it.

Every timed item keeps its own time zone: the feed names it (``TZID``) and carries its
``VTIMEZONE``, so a calendar shows the local time across a daylight-saving change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import reverse
from icalendar import Calendar, Event

from clubs.models import Club
from clubs.profiles import calendar_token
from common.time_zones import zone

PERSON = "person"
MAX_ITEMS = 500  # a feed's items at most: calendars poll feeds, so they stay small


@dataclass(frozen=True, slots=True)
class CalendarItem:
    """One entry of a feed. ``start``/``end`` are local times in ``time_zone`` (naive),
    or dates for a whole-day item; ``end`` None: a point in time (a deadline)."""

    uid: str  # stable across polls: "event-12", "match-40"
    summary: str
    start: datetime | date
    time_zone: str
    end: datetime | date | None = None
    url: str = ""  # a path on this site
    description: str = ""
    location: str = ""
    categories: tuple[str, ...] = field(default_factory=tuple)


Viewer = Any  # an account, or None for anyone
Resolver = Callable[[str, Viewer], tuple[str, Any] | None]  # key -> (feed name, target)
Source = Callable[[Viewer, Any], Iterable[CalendarItem]]


@dataclass
class Scope:
    name: str
    resolve: Resolver
    sources: list[Source] = field(default_factory=list)


_scopes: dict[str, Scope] = {}


def register_scope(name: str, resolve: Resolver) -> None:
    """A kind of feed: ``resolve(key, viewer)`` gives its name and target, or None when
    the viewer may not see it (answered as not found)."""
    _scopes.setdefault(name, Scope(name, resolve)).resolve = resolve


def register_source(scope: str, source: Source) -> None:
    """What an app adds to a kind of feed: ``source(viewer, target)`` lists the items
    (for the person feed, the target is the viewer)."""
    if scope not in _scopes:
        raise LookupError(f"no calendar scope {scope!r}")
    if source not in _scopes[scope].sources:
        _scopes[scope].sources.append(source)


def scopes() -> list[str]:
    return sorted(_scopes)


def _club(key: str, viewer: Viewer) -> tuple[str, Any] | None:
    club = Club.objects.filter(slug=key).first()
    return (club.name, club) if club is not None else None


def _person(key: str, viewer: Viewer) -> tuple[str, Any] | None:
    return ("", viewer) if viewer is not None else None


register_scope("club", _club)
register_scope(PERSON, _person)


def items_for(scope: str, key: str, viewer: Viewer) -> tuple[str, list[CalendarItem]] | None:
    """The feed's name and items for this viewer; None when there is no such feed for them."""
    found = _scopes.get(scope)
    resolved = found.resolve(key, viewer) if found is not None else None
    if resolved is None:
        return None
    name, target = resolved
    items: list[CalendarItem] = []
    for source in found.sources:
        items.extend(source(viewer, target))
    return name, items[:MAX_ITEMS]


def _site() -> str:
    return settings.NARDY_SITE_URL.rstrip("/")


def _when(value: datetime | date, time_zone: str) -> datetime | date:
    if isinstance(value, datetime):
        return value.replace(tzinfo=zone(time_zone)) if value.tzinfo is None else value
    return value


def to_ical(name: str, items: Iterable[CalendarItem], *, now: datetime | None = None) -> bytes:
    """The feed as RFC 5545 text, with a VTIMEZONE for each zone its items use."""
    calendar = Calendar()
    calendar.add("prodid", "-//Nardy//Club calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    if name:
        calendar.add("x-wr-calname", name)
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    host = urlsplit(_site()).hostname or "localhost"
    for item in items:
        event = Event()
        event.add("uid", f"{item.uid}@{host}")
        event.add("dtstamp", stamp)
        event.add("summary", item.summary)
        start = _when(item.start, item.time_zone)
        event.add("dtstart", start)
        if item.end is not None:
            event.add("dtend", _when(item.end, item.time_zone))
        elif isinstance(start, date) and not isinstance(start, datetime):
            event.add("dtend", start + timedelta(days=1))
        if item.url:
            event.add("url", _site() + item.url)
        if item.description:
            event.add("description", item.description)
        if item.location:
            event.add("location", item.location)
        if item.categories:
            event.add("categories", list(item.categories))
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def feed_path(scope: str, key: str = "", token: str = "") -> str:
    """The address of a feed: public (no token: what anyone may see) or personal."""
    if token:
        if scope == PERSON:
            return reverse("clubs:calendar_person", args=[token])
        return reverse("clubs:calendar_personal_feed", args=[token, scope, key])
    return reverse("clubs:calendar_feed", args=[scope, key])


def person_feed_url(user: Any) -> str:
    return _site() + feed_path(PERSON, token=calendar_token(user))
