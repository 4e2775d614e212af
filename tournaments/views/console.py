"""The director's console: set up an event, enter players, seed, draw, run rounds, results.

Every action is a POST to a thin view that calls one service; errors become messages.
htmx posts get the console's panels back and a ``refresh-bracket`` trigger.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import registry
from clubs.errors import DomainError
from clubs.models import Player
from clubs.permissions import managed_clubs
from clubs.selectors import name_viewer
from common.bounds import parse_id, parse_int
from games.services import ServiceError
from tournaments import services
from tournaments.forms.tournament import AddEntryForm, DirectorResultForm, TournamentForm
from tournaments.limits import MAX_ENTRANTS, MAX_ROUNDS
from tournaments.models import Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.services.draw import checked_seed, new_seed
from tournaments.views.console_panels import console_context
from tournaments.views.support import ask_first, managed_tournament, report

ERRORS = (DomainError, ServiceError)


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    clubs = managed_clubs(request.user)
    if not clubs.exists():
        raise PermissionDenied(_("Only club directors create tournaments."))
    form = TournamentForm(request.POST or None, clubs=clubs,
                          initial={"club": clubs.filter(slug=request.GET.get("club")).first()})
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(
                club=form.cleaned_data["club"], actor=request.user, **form.service_fields()
            )
            return redirect("tournaments:console", pk=tournament.pk)
        except ERRORS as error:
            report(request, error)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@login_required
def format_settings(request: HttpRequest) -> HttpResponse:
    """The settings of the format chosen in the tournament form (htmx swaps them in).

    The form's current values come along (``hx-include``) and are kept as initial values.
    """
    form = TournamentForm(initial=request.GET.dict(), format_key=request.GET.get("format"))
    return render(request, "tournaments/_format_settings.html", {"form": form})


@login_required
def console(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    context = console_context(request, tournament)
    if request.htmx:
        return render(request, "tournaments/_console_panels.html", context)
    return render(request, "tournaments/console.html", context)


def _respond(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.htmx:
        tournament.refresh_from_db()
        response = render(request, "tournaments/_console_panels.html",
                          console_context(request, tournament))
        response["HX-Trigger"] = "refresh-bracket"
        return response
    return redirect("tournaments:console", pk=tournament.pk)


def _action(request: HttpRequest, pk: int, run: Callable[[Tournament], str | None], *,
            ask: str = "") -> HttpResponse:
    """Run a director's action; ``ask``: the question an irreversible one asks once first."""
    tournament = managed_tournament(request, pk)
    asking = ask_first(request, tournament, ask) if ask else None
    if asking is not None:
        return asking
    try:
        done = run(tournament)
        if done:
            messages.success(request, done)
    except ERRORS as error:
        report(request, error)
    return _respond(request, tournament)


@login_required
@require_POST
def console_update(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    form = TournamentForm(request.POST, instance=Tournament.objects.get(pk=pk))
    if not form.is_valid():
        for field, errors in form.errors.items():  # named by its label, not its code
            label = form.fields[field].label if field in form.fields else None
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return _respond(request, tournament)
    return _action(request, pk, lambda t: services.update_tournament(
        tournament=t, actor=request.user, **form.service_fields()) and _("Saved."))


@login_required
def console_player_search(request: HttpRequest, pk: int) -> HttpResponse:
    """Live search (htmx) for players to enter."""
    tournament = managed_tournament(request, pk)
    players = selectors.search_players(request.GET.get("q", "")[:120], name_viewer(request),
                                       exclude_tournament=tournament)
    return render(request, "tournaments/_player_search.html",
                  {"tournament": tournament, "players": players})


@login_required
@require_POST
def console_add_entry(request: HttpRequest, pk: int) -> HttpResponse:
    form = AddEntryForm(request.POST)

    def run(tournament: Tournament) -> str:
        if not form.is_valid():
            raise ServiceError("bad_entry", " ".join(form.non_field_errors()) or _("Pick a player."))
        if form.cleaned_data["player"]:
            player = get_object_or_404(Player, pk=form.cleaned_data["player"])
        else:
            player = registry.add_player(
                club=tournament.club, actor=request.user, name=form.cleaned_data["new_name"],
                display_name=form.cleaned_data["new_display_name"],
                allow_similar=bool(request.POST.get("confirm_new")),
            )
        services.add_entry(tournament=tournament, player=player, actor=request.user)
        return _("%(player)s entered.") % {"player": player.display_name}

    return _action(request, pk, run)


@login_required
@require_POST
def console_remove_entry(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    def run(tournament: Tournament) -> str:
        services.remove_entry(entry=get_object_or_404(tournament.entries, pk=entry_pk),
                              actor=request.user)
        return _("Entry removed.")

    return _action(request, pk, run, ask=_("Remove this player from the event?"))


@login_required
@require_POST
def console_seeds(request: HttpRequest, pk: int) -> HttpResponse:
    def run(tournament: Tournament) -> str:
        seeds: dict[int, int | None] = {}
        for entry in tournament.entries.all():
            raw = request.POST.get(f"seed_{entry.pk}", "").strip()
            seed = parse_int(raw, 1, MAX_ENTRANTS)
            if not raw:
                seeds[entry.pk] = None
            elif seed is not None:
                seeds[entry.pk] = seed
            else:
                raise ServiceError("bad_seed", _("Seeds are whole numbers from 1 to %(highest)s.")
                                   % {"highest": MAX_ENTRANTS})
        services.set_seeds(tournament=tournament, seeds=seeds, actor=request.user)
        return _("Seeds saved.")

    return _action(request, pk, run)


@login_required
@require_POST
def console_status(request: HttpRequest, pk: int) -> HttpResponse:
    status = request.POST.get("status", "")
    ask = _("Finish the tournament? No more results can be entered.") if status == "finished" else ""
    return _action(request, pk, lambda t: services.set_status(
        tournament=t, status=status, actor=request.user) and _("Status changed."), ask=ask)


@login_required
@require_POST
def console_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Publish the draw (the preview's button: the preview is the one question it asks)."""
    def run(tournament: Tournament) -> str:
        services.make_draw(tournament=tournament, actor=request.user,
                           random_seed=checked_seed(request.POST.get("random_seed")))
        return _("The draw is made; play has started.")

    return _action(request, pk, run)


@login_required
def console_draw_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The draw as it would be made, with nothing saved or announced; "Publish" makes it
    (with the seed shown), "Reshuffle" shows another one (a new seed)."""
    tournament = managed_tournament(request, pk)
    try:
        seed = new_seed() if request.GET.get("reshuffle") else checked_seed(request.GET.get("random_seed"))
        preview = services.preview_draw(tournament=tournament, actor=request.user, random_seed=seed)
    except ERRORS as error:
        report(request, error)
        return _respond(request, tournament)
    context = {"tournament": tournament, "tab": "console", "can_manage": True, "preview": preview}
    if request.htmx:
        return render(request, "tournaments/_draw_preview.html", context)
    return render(request, "tournaments/draw_preview.html", context)


@login_required
@require_POST
def console_undo_draw(request: HttpRequest, pk: int) -> HttpResponse:
    def run(tournament: Tournament) -> str:
        services.undo_draw(tournament=tournament, by=request.user)
        return _("The draw was taken back; the event is as it was before the draw.")

    return _action(request, pk, run, ask=_("Take the draw back? The players who were told their "
                                           "match are told it no longer stands."))


@login_required
@require_POST
def console_next_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the next round: pair it (Swiss), open it (round robin), or draw the group knockout."""
    def run(tournament: Tournament) -> str:
        started = services.next_stage(
            tournament=tournament, actor=request.user,
            stage="knockout" if request.POST.get("stage") == "knockout" else "round",
            through=parse_int(request.POST.get("through"), 1, MAX_ROUNDS),
            allow_repeats=request.POST.get("allow_repeats") == "1",
        )
        if started.get("stage") == "playoff":
            return _("Players tied on a qualifying place of a group play off first: enter "
                     "their results, then draw the knockout.")
        if "stage" in started:
            return _("The knockout of the group qualifiers is drawn.")
        return _("Round %(number)s started.") % {"number": started["round"]}

    return _action(request, pk, run)


@login_required
@require_POST
def console_result(request: HttpRequest, pk: int, pairing_pk: int) -> HttpResponse:
    """A director enters or overrides a result, with a reason (games' override service)."""
    form = DirectorResultForm(request.POST)

    def run(tournament: Tournament) -> str:
        pairing = get_object_or_404(tournament.pairings.select_related("match"), pk=pairing_pk)
        if not form.is_valid():
            if list(form.errors) == ["played_on"]:
                raise ServiceError("bad_played_on", _("Date played: %(error)s") % {
                    "error": form.errors["played_on"][0]}, "played_on")
            raise ServiceError("bad_result", _("Give both scores and a reason."))
        services.director_result(pairing=pairing, by=request.user, **form.cleaned_data)
        return _("Result recorded.")

    return _action(request, pk, run)


@login_required
@require_POST
def console_walkover(request: HttpRequest, pk: int, pairing_pk: int) -> HttpResponse:
    """The opponent is absent: the other player advances without playing."""
    def run(tournament: Tournament) -> str:
        pairing = get_object_or_404(tournament.pairings, pk=pairing_pk)
        winner = get_object_or_404(tournament.entries, pk=parse_id(request.POST.get("winner")) or 0)
        services.award_walkover(pairing=pairing, winner=winner, actor=request.user)
        return _("Walkover to %(name)s.") % {"name": winner.player.display_name}

    return _action(request, pk, run, ask=_("Give this match as a walkover? It is decided without "
                                           "being played."))


@login_required
@require_POST
def console_conflict(request: HttpRequest, pk: int, conflict_pk: int) -> HttpResponse:
    def run(tournament: Tournament) -> str:
        conflict = get_object_or_404(tournament.conflicts, pk=conflict_pk)
        apply = request.POST.get("decision") == "apply"
        services.resolve_conflict(conflict=conflict, apply=apply, actor=request.user)
        return _("Correction applied to the bracket.") if apply else _("Bracket kept as played.")

    apply_ask = _("Apply the correction? The later matches it reaches are played again.")
    return _action(request, pk, run, ask=apply_ask if request.POST.get("decision") == "apply" else "")
