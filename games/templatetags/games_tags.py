"""Template helpers of the match pages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template

from common.time_zones import zone
from games import clock, reasons
from games.choices import ResultStatus
from games.services import played_dates
from games.services.scoring import format_score

register = template.Library()


@register.filter
def score(value: Decimal | float | None) -> str:
    """7, 4.5: a score without trailing zeros."""
    return "" if value is None else format_score(value)


@register.filter
def seat_player(match: Any, seat: int | None) -> Any:
    """The player in seat 1 or 2 of a match (the name of a game's winner)."""
    if seat in (1, 2):
        return match.player_in_seat(int(seat)) or seat
    return ""


@register.filter
def start_score_of(match: Any, player: Any) -> int:
    """The points a player starts the match with (a handicap's spot; usually 0)."""
    return int(match.start_score_of(player))


@register.filter
def transcript_error(error: dict[str, Any]) -> str:
    """An error of a transcript's verdict in the reader's language (by its code)."""
    from django.utils.translation import get_language

    from games.services.errors import transcript_error_text

    return transcript_error_text(error, get_language() or "en")


@register.filter
def reason_in_words(reason: str) -> str:
    """A reason stored beside a result or dispute, in the reader's language (games.reasons)."""
    return reasons.in_words(reason or "")


@register.filter
def clock_in_words(match: Any) -> str:
    """The match's computed clock, "14 min each, 12 seconds delay per move" (games.clock)."""
    return clock.clock_in_words(match)


@register.inclusion_tag("games/_match_clock.html")
def match_clock(match: Any, separator: str = " · ") -> dict[str, Any]:
    """The match's clock, its time control as written and "clocks required", on one line."""
    return {"match": match, "separator": separator}


@register.inclusion_tag("games/_match_status.html")
def match_status(match: Any) -> dict[str, Any]:
    """The match's status as its result tells it: a result proposed (by whom, waiting for
    the opponent), disputed or confirmed; before any result, the match's own status.
    Reads the match's results (prefetched ones when there are)."""
    results = list(match.results.all())
    confirmed = [r for r in results if r.status == ResultStatus.CONFIRMED]
    waiting = [r for r in results if r.status in (ResultStatus.PROPOSED, ResultStatus.DISPUTED)]
    result = confirmed[0] if confirmed else max(waiting, key=lambda r: r.pk, default=None)
    return {"match": match, "result": result,
            "status": result.status if result is not None else match.status}


@register.inclusion_tag("games/_played_on_input.html")
def played_on_input(match: Any, form_id: str = "", event: Any = None, key: Any = None) -> dict[str, Any]:
    """The date-played field of a result form that is written by hand (My matches, the
    console): today in the club's time zone, at most a day ahead, not before the club or
    the event began (``games.services.played_dates``). Given the match's ``event`` (with
    its club), nothing more is read: a console of a thousand matches asks nothing. ``key``
    names the field when the form is not a match's (a console row, whose pairing may have
    no match yet)."""
    today, latest, earliest = (played_dates.day_bounds(event.club, event.starts_on) if event is not None
                               else played_dates.match_day_bounds(match))
    return {"today": today.isoformat(), "latest": latest.isoformat(), "earliest": earliest.isoformat(),
            "input_id": f"played-on-{match.pk if key is None else key}{form_id}"}


@register.filter
def played_day(match: Any, club: Any = None) -> Any:
    """The day a finished match was played, in its club's time zone (None before); the
    club given when the page has it already (My matches)."""
    if match.played_at is None:
        return None
    return match.played_at.astimezone(zone((club or match.club).time_zone)).date()
