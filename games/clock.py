"""A match's clock in words: each player's time and the delay per move, as the event's
clock rule set them (``tournaments.event_rules.match_clock``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext


def clock_minutes(seconds: int) -> str:
    """840 → "14 min"; 90 → "1 min 30 s"."""
    minutes, rest = divmod(int(seconds), 60)
    if rest:
        return gettext("%(minutes)s min %(seconds)s s") % {"minutes": minutes, "seconds": rest}
    return gettext("%(minutes)s min") % {"minutes": minutes}


def clock_in_words(match: Any) -> str:
    """"14 min each, 12 s delay per move", or "" when the match has no computed clock."""
    if match.clock_seconds is None:
        return ""
    each = gettext("%(time)s each") % {"time": clock_minutes(match.clock_seconds)}
    delay = match.clock_delay_seconds or 0
    if not delay:
        return each
    return ngettext("%(time)s, %(delay)s second delay per move",
                    "%(time)s, %(delay)s seconds delay per move", delay) % {
        "time": each, "delay": delay}
