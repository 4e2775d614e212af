"""Players' side of an event: register, leave the waiting list, withdraw, check in, say
"I'm at my table"; my matches and my tournaments, entering and answering a result.
Thin: a form, one service, a message."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.errors import DomainError
from clubs.models import Player
from clubs.permissions import player_for
from clubs.profiles import ensure_player
from common.idempotency import idempotent_page, mark_refused
from common.redirects import redirect_back
from games import services as games_services
from games.forms import seen_result
from games.models import Match, MatchResult, MatchStatus
from games.services import ServiceError
from tournaments import page_cache
from tournaments.forms.day import RegisterForm
from tournaments.forms.tournament import DisputeForm, ScoreForm
from tournaments.messages import error_text
from tournaments.models import Pairing, Registration, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.services import checkin, day, registration
from tournaments.views.support import (
    CSRF_PLACE,
    forms_moment,
    report,
    visible_tournament,
    with_reader_token,
)

ERRORS = (DomainError, ServiceError)


def _back(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return redirect_back(request, request.POST.get("next"),
                         reverse("tournaments:tournament_detail", args=[tournament.pk]))


def _run(request: HttpRequest, tournament: Tournament, action: Callable[[], str]) -> HttpResponse:
    try:
        messages.success(request, action())
    except ERRORS as error:
        report(request, error)
    return _back(request, tournament)


def _own_player(request: HttpRequest) -> Player:
    """The signed-in person's player record (made now, named after the account, if none)."""
    return ensure_player(request.user)  # type: ignore[arg-type]


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    form = RegisterForm(request.POST)
    form.is_valid()
    data = form.cleaned_data

    def run() -> str:
        done = registration.register(tournament=tournament, player=_own_player(request),
                                      by=request.user, division=data.get("division", ""),
                                      note=data.get("note", ""))
        return {
            Registration.Status.ACCEPTED: _("You are registered."),
            Registration.Status.WAITLISTED: _("The event is full: you are on the waiting list."),
            Registration.Status.PENDING: _("Registered; the directors will confirm your place."),
        }[done.status]

    return _run(request, tournament, run)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw, leave the waiting list, or take back a request waiting for approval."""
    tournament = visible_tournament(request, pk)
    player = player_for(request.user)
    mine = tournament.registrations.filter(player=player).first() if player else None
    entry = tournament.entries.filter(player=player, withdrawn=False).first() if player else None

    def run() -> str:
        if entry is not None:
            registration.withdraw(entry=entry, by=request.user)
            return _("You have withdrawn.")
        if mine is None:
            raise ServiceError("not_registered", _("You are not registered for this event."))
        registration.cancel_registration(registration=mine, by=request.user)
        return _("Your registration is cancelled.")

    return _run(request, tournament, run)


@login_required
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = visible_tournament(request, pk)
    player = player_for(request.user)
    entry = tournament.entries.filter(player=player).first() if player else None

    def run() -> str:
        if entry is None:
            raise ServiceError("not_registered", _("You are not registered for this event."))
        checkin.check_in(entry=entry, by=request.user)
        return _("You are checked in.")

    return _run(request, tournament, run)


@login_required
@require_POST
def present(request: HttpRequest, pairing_pk: int) -> HttpResponse:
    """"I'm at my table": the player's side of the forfeit clock."""
    pairing = get_object_or_404(Pairing.objects.select_related("tournament", "top", "bottom"),
                                pk=pairing_pk)
    tournament = visible_tournament(request, pairing.tournament_id)
    player = player_for(request.user)
    entry = next((e for e in (pairing.top, pairing.bottom)
                  if e is not None and player is not None and e.player_id == player.pk), None)

    def run() -> str:
        if entry is None:
            raise ServiceError("not_in_match", _("This player does not play this match."))
        day.mark_present(pairing=pairing, entry=entry, by=request.user)
        return _("Noted: you are at your table.")

    return _run(request, tournament, run)


# My matches shows every match still to play or confirm, and this many finished ones (the
# latest, with the rest of the events held on the day of the last of them): a player's
# whole history is on their player page.
MY_FINISHED = 20


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    context = _my_matches_context(request)
    if request.htmx:
        return render(request, "tournaments/_my_matches.html", context)
    return render(request, "tournaments/my_matches.html", context)


def _my_matches_context(request: HttpRequest) -> dict[str, object]:
    player = player_for(request.user)
    return {"player": player, "match_list": _match_list(request, player) if player else ""}


def _match_list(request: HttpRequest, player: Player) -> str:
    """The player's matches with their forms, kept per player and person until something
    they show changes (``page_cache.for_player``: a player with a league's 49 matches cost
    about 100 ms to render); the forms' CSRF token is put in for each request."""
    def render_list() -> str:
        pairings = selectors.my_pairings(player, finished=MY_FINISHED)
        finished = sum(1 for pairing in pairings if pairing.match.status == MatchStatus.FINISHED)
        context = {"pairings": pairings, "user": request.user, "player": player,
                   "earlier_elsewhere": finished >= MY_FINISHED, "csrf_token": CSRF_PLACE}
        return render_to_string("tournaments/_my_match_list.html", context, request)

    zone, quarter = forms_moment()
    html = page_cache.for_player(
        "my-matches", player.pk, f"player:{player.pk}:user:{request.user.pk}",
        lambda: selectors.my_tournament_ids(player), render_list, extra=[zone, str(quarter)])
    return with_reader_token(request, html)


@login_required
def my_tournaments(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/my_tournaments.html",
                  selectors.tournaments_of(request.user))


@login_required
@require_POST
@idempotent_page
def my_match_score(request: HttpRequest, match_pk: int) -> HttpResponse:
    """A player enters the final score of their own match (the opponent then confirms)."""
    match = get_object_or_404(Match, pk=match_pk)
    form = ScoreForm(request.POST)
    refusal = None
    if form.is_valid():
        try:
            games_services.enter_final_score(match=match, by=request.user,
                                             seen_result=seen_result(request.POST),
                                             **form.cleaned_data)
            messages.success(request, _("Result entered; your opponent confirms it."))
        except ServiceError as error:
            report(request, error)
            refusal = error_text(error)
    else:
        refusal = (_("Date played: %(error)s") % {"error": form.errors["played_on"][0]}
                   if list(form.errors) == ["played_on"] else _("Give both scores."))
        messages.error(request, refusal)
    return mark_refused(_back_to_my_matches(request), refusal)


@login_required
@require_POST
@idempotent_page
def my_result_answer(request: HttpRequest, result_pk: int, answer: str) -> HttpResponse:
    """The opponent confirms or disputes a result entered for their match."""
    result = get_object_or_404(MatchResult, pk=result_pk)
    refusal = None
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
        refusal = error_text(error)
    return mark_refused(_back_to_my_matches(request), refusal)


def _back_to_my_matches(request: HttpRequest) -> HttpResponse:
    if request.htmx:
        return my_matches_partial(request)
    return redirect("tournaments:my_matches")


def my_matches_partial(request: HttpRequest) -> HttpResponse:
    response = render(request, "tournaments/_my_matches.html", _my_matches_context(request))
    response["HX-Trigger"] = "refresh-bracket"
    return response

