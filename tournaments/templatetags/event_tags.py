"""Template tags of registration and the event day, so that pages owned by others (the
home page, the tournament overview, the standings) need one line to show them."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import calendar
from clubs.profiles import calendar_token, own_time_zone
from tournaments.models import Pairing, Tournament
from tournaments.selectors import day as day_selectors
from tournaments.selectors import tournaments as selectors
from tournaments.selectors.when import event_times

register = template.Library()


@register.inclusion_tag("tournaments/_registration_panel.html", takes_context=True)
def registration_panel(context: dict[str, Any], tournament: Tournament) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"panel": day_selectors.registration_panel(tournament, user), "request": request,
            "csrf_token": context.get("csrf_token"), "user": user}


@register.inclusion_tag("tournaments/_open_events.html", takes_context=True)
def open_events(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"events": day_selectors.open_events(user), "request": request,
            "csrf_token": context.get("csrf_token"), "user": user}


@register.inclusion_tag("tournaments/_withdrawals.html")
def withdrawal_notes(tournament: Tournament) -> dict[str, Any]:
    return {"withdrawals": day_selectors.withdrawals(tournament), "tournament": tournament}


@register.filter
def qr_svg(url: str, scale: int = 2) -> str:
    """An inline SVG QR code of ``url`` (segno), for printed sheets: a phone opens the page."""
    import segno
    from django.utils.safestring import mark_safe

    code = segno.make(str(url), error="m")
    return mark_safe(code.svg_inline(scale=int(scale), border=2, dark="#000"))


@register.filter
def get_item(mapping: dict, key: Any) -> Any:
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.simple_tag(takes_context=True)
def match_qr(context: dict[str, Any], match: Any, scale: int = 1) -> str:
    """The QR code of a match's result page, as an absolute address of this site."""
    if match is None:
        return ""
    request = context.get("request")
    url = request.build_absolute_uri(match.get_absolute_url()) if request else match.get_absolute_url()
    return qr_svg(url, scale)


# The page of each tab, so a division's tab leads to the same page of another division.
TAB_PAGES = {
    "overview": "tournament_detail", "bracket": "bracket", "crosstable": "crosstable",
    "standings": "standings", "print": "draw_sheet", "console": "console", "desk": "desk",
    "activity": "activity",
}
DRAW_TABS = ("bracket", "crosstable", "standings", "print")


@register.inclusion_tag("tournaments/_division_tabs.html")
def division_tabs(tournament: Tournament, tab: str = "overview") -> dict[str, Any]:
    """An event drawn in divisions (tournaments.play.divisions): links to the event and
    each division's same page. No query for an event without divisions."""
    if tournament.parent_id is None and not tournament.divisions:
        return {"links": []}
    event = tournament.parent if tournament.parent_id else tournament
    divisions = sorted(event.division_events.all(), key=lambda child: child.pk)
    if not divisions:
        return {"links": []}
    names = {str(d.get("code")): str(d.get("name") or d.get("code"))
             for d in event.divisions if isinstance(d, dict)}
    page = TAB_PAGES.get(tab, "tournament_detail")
    links = [(_("Whole event"), reverse("tournaments:tournament_detail", args=[event.pk]),
              tournament.pk == event.pk, "")]
    links += [(names.get(child.division, child.division),
               reverse(f"tournaments:{page}", args=[child.pk]), tournament.pk == child.pk,
               child.division) for child in divisions]
    return {"links": links, "choose": tournament.pk == event.pk and tab in DRAW_TABS}


@register.filter
def division_name(code: str, tournament: Tournament) -> str:
    """A division shown by its name (the director's), never by its code ("open")."""
    if not code:
        return ""
    names = getattr(tournament, "_division_names", None)
    if names is None:
        event = tournament.parent if tournament.parent_id else tournament
        names = {str(d.get("code")): str(d.get("name") or d.get("code"))
                 for d in event.divisions or () if isinstance(d, dict)}
        tournament._division_names = names
    return names.get(code, code)



@register.inclusion_tag("tournaments/_event_when.html", takes_context=True)
def event_when(context: dict[str, Any], tournament: Tournament) -> dict[str, Any]:
    """The event's dates; with a start time, that time in the event's zone, named, and the
    reader's own time when their zone (profile, else their club's) shows another."""
    request = context.get("request")
    # only a start time is shown in the reader's zone: without one, their zone is not read
    asked = request is not None and tournament.start_time is not None
    reader_zone = own_time_zone(getattr(request, "user", None)) if asked else None
    return {"tournament": tournament, **event_times(tournament, reader_zone)}


@register.simple_tag(takes_context=True)
def calendar_link(context: dict[str, Any], tournament: Tournament) -> str:
    """The event's calendar file: the public one for a public event, else the reader's own
    link (which shows what they may see)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if tournament.is_public or user is None or not user.is_authenticated:
        return calendar.feed_path("event", str(tournament.pk))
    return calendar.feed_path("event", str(tournament.pk), token=calendar_token(user))


@register.inclusion_tag("tournaments/_match_in_event.html")
def match_in_event(match: Any) -> dict[str, Any]:
    """Where a tournament match is played, with links: its event, its round as the
    format names it (the bracket, or the round's score sheets) and its table. Nothing for
    a match outside an event. For the match and dispute pages of the apps below and
    beside this one."""
    pairing = (Pairing.objects.select_related("tournament").filter(match_id=match.pk).first()
               if match is not None and match.pk else None)
    if pairing is None:
        return {"pairing": None}
    return {"pairing": pairing, "tournament": pairing.tournament, **selectors.round_links(pairing)}
