"""Public pages: tournaments, the bracket, crosstables, standings, my matches.

Thin: read through selectors, render; htmx requests get partials.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.permissions import can_manage_club, managed_clubs, player_for
from games import services as games_services
from games.models import Match, MatchResult
from games.services import ServiceError
from nardy_site.listing import filtered_page
from tournaments import page_cache, selectors
from tournaments.filters import TournamentFilter
from tournaments.forms import DisputeForm, ScoreForm
from tournaments.models import Flight, Tournament
from tournaments.views_support import report, visible_tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    # an event's divisions are listed on its own page, not here
    tournaments = selectors.visible_tournaments(request.user).filter(parent=None).order_by(
        "-starts_on", "name", "pk")
    filters, page = filtered_page(request, TournamentFilter, tournaments)
    context = {
        "filters": filters,
        "page": page,
        "tournaments": page.object_list,
        "can_create": managed_clubs(request.user).exists(),
    }
    return render(request, "tournaments/tournament_list.html", context)


def _context(request: HttpRequest, tournament: Tournament, tab: str) -> dict:
    return {
        "tournament": tournament,
        "tab": tab,
        "can_manage": can_manage_club(request.user, tournament.club),
    }


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    context = _context(request, tournament, "overview")
    context["entries"] = selectors.entries_of(tournament, with_divisions=True)
    return render(request, "tournaments/tournament_detail.html", context)


def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """All knockout flights; the partial is polled by htmx every 10 seconds."""
    tournament = visible_tournament(request, pk)
    partial = tournament.event_format.bracket_partial
    return _with_fragment(request, tournament, "bracket", partial, lambda: {
        "flights": selectors.bracket(tournament)})


def crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    flight = tournament.event_format.table_flight or Flight.GROUP
    return _with_fragment(request, tournament, "crosstable", tournament.event_format.table_partial,
                          lambda: {"tables": selectors.crosstables(tournament, flight=flight)})


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)

    def data() -> dict[str, Any]:
        flight = tournament.event_format.table_flight or Flight.GROUP
        return {
            "tables": selectors.crosstables(tournament, flight=flight),
            "tiebreaks": selectors.tiebreak_descriptions(tournament.tiebreaks),
            "playoffs": (selectors.pairings_of(tournament, (Flight.PLAYOFF,))
                         if tournament.playoff_places else []),
            "knockout_places": selectors.entries_of(tournament).exclude(place_first=None)
                                                              .order_by("place_first", "pk"),
        }  # fmt: skip

    return _with_fragment(request, tournament, "standings", "tournaments/_standings.html", data)


def _with_fragment(request: HttpRequest, tournament: Tournament, tab: str, partial: str,
                   data: Callable[[], dict[str, Any]]) -> HttpResponse:
    """An event page around its public fragment (the same for every viewer, so kept by
    tournaments.page_cache); an htmx request gets the fragment alone."""
    def render_fragment() -> str:
        return render_to_string(partial, {"tournament": tournament, **data()}, request)

    fragment = page_cache.fragment(tournament, f"{tab}:{partial}", render_fragment)
    if request.htmx:
        return HttpResponse(fragment)
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


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    player = player_for(request.user)
    pairings = selectors.my_pairings(player) if player else []
    context = {"player": player, "pairings": pairings, "score_form": ScoreForm(),
               "dispute_form": DisputeForm()}
    if request.htmx:
        return render(request, "tournaments/_my_matches.html", context)
    return render(request, "tournaments/my_matches.html", context)


@login_required
def my_tournaments(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/my_tournaments.html",
                  selectors.tournaments_of(request.user))


@login_required
@require_POST
def my_match_score(request: HttpRequest, match_pk: int) -> HttpResponse:
    """A player enters the final score of their own match (the opponent then confirms)."""
    match = get_object_or_404(Match, pk=match_pk)
    form = ScoreForm(request.POST)
    if form.is_valid():
        try:
            games_services.enter_final_score(match=match, by=request.user, **form.cleaned_data)
            messages.success(request, _("Result entered; your opponent confirms it."))
        except ServiceError as error:
            report(request, error)
    else:
        messages.error(request, _("Give both scores."))
    return _back_to_my_matches(request)


@login_required
@require_POST
def my_result_answer(request: HttpRequest, result_pk: int, answer: str) -> HttpResponse:
    """The opponent confirms or disputes a result entered for their match."""
    result = get_object_or_404(MatchResult, pk=result_pk)
    try:
        if answer == "confirm":
            games_services.confirm_result(result=result, by=request.user)
            messages.success(request, _("Result confirmed."))
        else:
            form = DisputeForm(request.POST)
            reason = form.cleaned_data["reason"] if form.is_valid() else ""
            games_services.dispute_result(result=result, by=request.user, reason=reason)
            messages.info(request, _("Result disputed; a director will settle it."))
    except ServiceError as error:
        report(request, error)
    return _back_to_my_matches(request)


def _back_to_my_matches(request: HttpRequest) -> HttpResponse:
    if request.htmx:
        return my_matches_partial(request)
    return redirect("tournaments:my_matches")


def my_matches_partial(request: HttpRequest) -> HttpResponse:
    player = player_for(request.user)
    context = {"player": player, "pairings": selectors.my_pairings(player) if player else [],
               "score_form": ScoreForm(), "dispute_form": DisputeForm()}
    response = render(request, "tournaments/_my_matches.html", context)
    response["HX-Trigger"] = "refresh-bracket"
    return response

