"""Public pages: tournaments, the bracket, crosstables, standings, the draw sheet.

Thin: read through selectors, render; htmx requests get partials.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from clubs.permissions import can_manage_club, managed_clubs
from common.listing import filtered_page
from common.live import live_answer, unchanged
from tournaments import page_cache
from tournaments.filters import TournamentFilter
from tournaments.models import Flight, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.views.support import visible_tournament

# A visitor's list is kept when its address asks only for a page (at most 999) and one of
# the choices of these filters: copies of a bounded number of addresses (a search or a
# club is worked out each time, and fills no cache with one copy per word).
KEPT_LIST_CHOICES = {"variant": Tournament._meta.get_field("variant").choices,
                     "format": Tournament.Format.choices, "status": Tournament.Status.choices}


def _kept_list(request: HttpRequest) -> bool:
    query = request.GET
    if request.user.is_authenticated or any(len(query.getlist(key)) > 1 for key in query):
        return False
    page = query.get("page", "1")
    return page.isascii() and page.isdigit() and len(page) <= 3 and all(
        key in KEPT_LIST_CHOICES and value in dict(KEPT_LIST_CHOICES[key])
        for key, value in query.items() if key != "page")


def tournament_list(request: HttpRequest) -> HttpResponse:
    def listing() -> str:
        # an event's divisions are listed on its own page, not here
        tournaments = selectors.visible_tournaments(request.user).filter(parent=None).order_by(
            "-starts_on", "name", "pk")
        filters, page = filtered_page(request, TournamentFilter, tournaments)
        return render_to_string("tournaments/_tournament_listing.html", {
            "filters": filters, "page": page, "tournaments": page.object_list,
            "can_create": can_create}, request)

    can_create = managed_clubs(request.user).exists()
    # A visitor's list shows public events only, the same for every visitor: kept until an
    # event's or a club's row changes (per address: the filters and the page).
    if _kept_list(request):
        html = page_cache.site_fragment("tournament-list", listing, events_only=True,
                                        extra=[request.get_full_path()])
    else:
        html = listing()
    return render(request, "tournaments/tournament_list.html",
                  {"listing": mark_safe(html), "can_create": can_create})


def _context(request: HttpRequest, tournament: Tournament, tab: str) -> dict:
    return {
        "tournament": tournament,
        "tab": tab,
        "can_manage": can_manage_club(request.user, tournament.club),
    }


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    context = _context(request, tournament, "overview")

    def entrants() -> str:
        return render_to_string("tournaments/_entrants.html", {
            "tournament": tournament, "entries": selectors.entries_of(tournament, with_divisions=True)})

    # The same for everyone who may see the event: kept per version of the event, unless
    # it lists its divisions' entries (theirs are the divisions' versions).
    split = bool(tournament.divisions) and tournament.parent_id is None
    context["entrants"] = mark_safe(entrants() if split else page_cache.fragment(tournament, "entrants", entrants))
    return render(request, "tournaments/tournament_detail.html", context)


def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """All knockout flights; the partial is polled by htmx every 10 seconds."""
    tournament = visible_tournament(request, pk)
    return _with_fragment(request, tournament, "bracket", *_bracket_parts(tournament))


def _bracket_parts(tournament: Tournament) -> tuple[str, Callable[[], dict[str, Any]]]:
    return tournament.event_format.bracket_partial, lambda: {
        "flights": selectors.bracket(tournament)}


def bracket_fragment(request: HttpRequest, tournament: Tournament) -> str:
    """The bracket as the event's page shows it (an embed page's content too)."""
    return _fragment(request, tournament, "bracket", *_bracket_parts(tournament))


def standings_fragment(request: HttpRequest, tournament: Tournament) -> str:
    return _fragment(request, tournament, "standings", "tournaments/_standings.html",
                     _standings_data(tournament), results_only=True)


def crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    flight = tournament.event_format.table_flight or Flight.GROUP
    return _with_fragment(request, tournament, "crosstable", tournament.event_format.table_partial,
                          lambda: {"tables": selectors.crosstables(tournament, flight=flight)},
                          results_only=True)


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    return _with_fragment(request, tournament, "standings", "tournaments/_standings.html",
                          _standings_data(tournament), results_only=True)


def _standings_data(tournament: Tournament) -> Callable[[], dict[str, Any]]:
    def data() -> dict[str, Any]:
        flight = tournament.event_format.table_flight or Flight.GROUP
        return {
            "tables": selectors.crosstables(tournament, flight=flight),
            "tiebreaks": selectors.tiebreak_descriptions(selectors.standings_order(tournament)),
            "playoffs": (selectors.pairings_of(tournament, (Flight.PLAYOFF,))
                         if tournament.playoff_places else []),
            "knockout_places": selectors.entries_of(tournament).exclude(place_first=None)
                                                              .order_by("place_first", "pk"),
        }  # fmt: skip

    return data


def _fragment(request: HttpRequest, tournament: Tournament, tab: str, partial: str,
              data: Callable[[], dict[str, Any]],
              cached: page_cache.Cached | None = None, results_only: bool = False) -> str:
    """An event's public fragment: the same for every viewer, so kept by
    tournaments.page_cache (``cached``: its entry, when the caller has looked it up;
    ``results_only``: it shows the event's tables and nothing of the day's running)."""
    cached = cached or page_cache.lookup(tournament, f"{tab}:{partial}", results_only=results_only)

    def render_fragment() -> str:
        context = {"tournament": tournament, "etag": cached.etag, **data()}
        return render_to_string(partial, context, request)

    return cached.value(render_fragment)


def _with_fragment(request: HttpRequest, tournament: Tournament, tab: str, partial: str,
                   data: Callable[[], dict[str, Any]], results_only: bool = False) -> HttpResponse:
    """An event page around its public fragment; an htmx request gets the fragment alone,
    or 304 Not Modified when it sends the fragment's entity tag and the event has not
    changed since."""
    cached = page_cache.lookup(tournament, f"{tab}:{partial}", results_only=results_only)
    if (answer := unchanged(request, cached.etag)) is not None:
        cached.note_poll(request)
        return answer
    fragment = _fragment(request, tournament, tab, partial, data, cached)
    if request.htmx:
        cached.note_poll(request)
        return live_answer(HttpResponse(fragment), cached.etag)
    context = _context(request, tournament, tab)
    context["fragment"] = mark_safe(fragment)  # rendered by the template engine above
    return render(request, f"tournaments/{tab}.html", context)


def draw_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable sheet: entries with seeds, every pairing with room for the score."""
    tournament = visible_tournament(request, pk)
    context = _context(request, tournament, "print")
    context["entries"] = selectors.entries_of(tournament)
    context["flights"] = selectors.bracket(tournament)
    flight = tournament.event_format.table_flight or Flight.GROUP
    context["table_pairings"] = selectors.pairings_of(tournament, (flight,))
    return render(request, "tournaments/draw_sheet.html", context)
