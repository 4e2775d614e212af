"""When an event happens, in its own time zone and in a reader's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from common.time_zones import is_time_zone, zone
from tournaments.models import Tournament


def event_start(tournament: Tournament) -> datetime | None:
    """The moment the event starts (aware, in its zone), or None without a start time."""
    if tournament.start_time is None:
        return None
    return datetime.combine(tournament.starts_on, tournament.start_time,
                            tzinfo=zone(tournament.zone_name))


def event_times(tournament: Tournament, reader_zone: str | None) -> dict[str, Any]:
    """``start`` in the event's zone and ``zone_name``; ``reader_start`` and ``reader_zone``
    only when the reader's clock shows another time (another offset on that day)."""
    start = event_start(tournament)
    found: dict[str, Any] = {"start": start, "zone_name": tournament.zone_name,
                             "reader_start": None, "reader_zone": None}
    if start is not None and is_time_zone(reader_zone):
        theirs = start.astimezone(zone(reader_zone))
        if theirs.utcoffset() != start.utcoffset():
            found.update(reader_start=theirs, reader_zone=reader_zone)
    return found
