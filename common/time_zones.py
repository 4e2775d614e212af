"""Time zones by their IANA names (``Europe/Berlin``): the list people choose from, the
check of a stored name, and the zone a name stands for.

Clubs, events and people each store a name; an empty one defers to the next (an event to
its club, a person to their club, see ``clubs.time_zones``).
"""

from __future__ import annotations

import zoneinfo
from functools import cache
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

UTC = "UTC"
# Names that are not places: left out of the list people choose from.
_NOT_PLACES = {"Factory", "localtime", "posixrules"}


@cache
def time_zone_names() -> tuple[str, ...]:
    return tuple(sorted(name for name in zoneinfo.available_timezones() if name not in _NOT_PLACES))


def is_time_zone(name: object) -> bool:
    return isinstance(name, str) and name in time_zone_names()


def validate_time_zone(name: str) -> None:
    """A model field's validator: a known IANA name (or empty, for fields that may be)."""
    if name and not is_time_zone(name):
        raise ValidationError(
            _("“%(name)s” is not a time zone: choose one such as Europe/Berlin or Asia/Baku."),
            code="bad_time_zone", params={"name": name[:64]},
        )


def zone(name: str | None, fallback: str = UTC) -> ZoneInfo:
    """The zone a stored name stands for; the fallback's when it is empty or unknown."""
    return ZoneInfo(name if is_time_zone(name) else fallback if is_time_zone(fallback) else UTC)


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in time_zone_names()]
