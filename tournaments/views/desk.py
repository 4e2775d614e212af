"""The directors' entry desk and day tools: registrations to approve, the waiting list,
check-in ticks, fees, withdrawals, late entries, tables, the forfeit clock.

Every action is a POST calling one service; htmx posts get the desk's panels back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs import registry
from clubs.errors import DomainError
from clubs.models import Player
from common.bounds import ID_MAX, parse_int
from games.services import ServiceError
from tournaments import services
from tournaments.forms.day import (
    LATE_RULE_HELP,
    EventSettingsForm,
    LateEntryForm,
    MinutesForm,
    TableForm,
    WithdrawForm,
)
from tournaments.models import Tournament
from tournaments.play import walkovers
from tournaments.selectors import day as day_selectors
from tournaments.services import checkin, day, desk_batch, registration
from tournaments.views.support import ask_first, managed_tournament, report

ERRORS = (DomainError, ServiceError)


def _context(tournament: Tournament, settings_form: EventSettingsForm | None = None) -> dict[str, Any]:
    entered = tournament.entries.values("player")
    return {
        "apart": day_selectors.kept_apart(tournament),
        "tournament": tournament,
        "tab": "desk",
        "can_manage": True,
        "desk": day_selectors.desk(tournament),
        "settings_form": settings_form or EventSettingsForm.for_tournament(tournament),
        "late_rule_help": LATE_RULE_HELP.get(tournament.late_entry_rule, ""),
        "club_players": Player.objects.filter(memberships__club=tournament.club)
        .exclude(pk__in=entered).order_by("display_name")[:200],
        "to_register": (desk_batch.unregistered_members(tournament) if tournament.status in
                        (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION) else []),
        "withdraw_form": WithdrawForm(),
    }


@login_required
def desk(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    template = "tournaments/_desk_panels.html" if request.htmx else "tournaments/desk.html"
    return render(request, template, _context(tournament))


def _respond(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.htmx:
        tournament.refresh_from_db()
        response = render(request, "tournaments/_desk_panels.html", _context(tournament))
        response["HX-Trigger"] = "refresh-bracket"
        return response
    return redirect("tournaments:desk", pk=tournament.pk)


def _action(request: HttpRequest, pk: int, run: Callable[[Tournament], str], *,
            ask: str = "") -> HttpResponse:
    """Run a desk action; ``ask``: the question an irreversible one asks once first."""
    tournament = managed_tournament(request, pk)
    asking = ask_first(request, tournament, ask, back=reverse("tournaments:desk", args=[pk])) if ask else None
    if asking is not None:
        return asking
    try:
        messages.success(request, run(tournament))
    except ERRORS as error:
        report(request, error)
    return _respond(request, tournament)


@login_required
@require_POST
def desk_settings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    form = EventSettingsForm.for_tournament(tournament, request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return render(request, "tournaments/desk.html", _context(tournament, form), status=400)
    return _action(request, pk, lambda t: services.update_tournament(
        tournament=t, actor=request.user, **form.service_fields()) and _("Saved."))


@login_required
@require_POST
def desk_decide(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    def run(tournament: Tournament) -> str:
        item = get_object_or_404(tournament.registrations, pk=registration_pk)
        accept = request.POST.get("decision") == "accept"
        done = registration.decide_registration(registration=item, accept=accept, by=request.user)
        return _("%(player)s: %(status)s.") % {"player": done.player.display_name,
                                               "status": done.get_status_display()}

    return _action(request, pk, run)


@login_required
@require_POST
def desk_entry(request: HttpRequest, pk: int, entry_pk: int, what: str) -> HttpResponse:
    """One action on an entrant: check-in, fee, withdraw, undo a withdrawal, division."""
    def run(tournament: Tournament) -> str:
        entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_pk)
        name = entry.player.display_name
        if what == "check-in":
            present = request.POST.get("present", "1") == "1"
            checkin.check_in(entry=entry, by=request.user, present=present)
            return (_("%(player)s is checked in.") if present
                    else _("%(player)s is no longer checked in.")) % {"player": name}
        if what == "fee":
            paid = request.POST.get("paid", "1") == "1"
            registration.set_fee_paid(entry=entry, paid=paid, by=request.user)
            return (_("%(player)s has paid the entry fee.") if paid
                    else _("%(player)s has not paid the entry fee.")) % {"player": name}
        if what == "withdraw":
            form = WithdrawForm(request.POST)
            reason = form.cleaned_data["reason"] if form.is_valid() else "director"
            registration.withdraw(entry=entry, by=request.user, reason=reason)
            return _("%(player)s is withdrawn.") % {"player": name}
        if what == "undo-withdrawal":
            registration.undo_withdrawal(entry=entry, by=request.user)
            return _("%(player)s is back in the event.") % {"player": name}
        if what == "division":
            registration.set_division(entry=entry, division=request.POST.get("division", "")[:20],
                                      by=request.user)
            return _("Division changed.")
        raise ServiceError("unknown_action", _("Unknown action."))

    return _action(request, pk, run, ask=_("Withdraw this player from the event?") if what == "withdraw" else "")


def _chosen(request: HttpRequest, name: str) -> list[int] | None:
    """The ticked ids of a batch form, or None when "select all" is ticked."""
    if request.POST.get("all") == "1":
        return None
    return [number for number in (parse_int(value, 1, ID_MAX) for value in
                                  request.POST.getlist(name)[:1000]) if number is not None]


@login_required
@require_POST
def desk_register_members(request: HttpRequest, pk: int) -> HttpResponse:
    """Register the ticked club members (or all of them) at once."""
    def run(tournament: Tournament) -> str:
        done = desk_batch.register_members(tournament=tournament, by=request.user,
                                           players=_chosen(request, "player"))
        return ngettext("%(count)s player registered.", "%(count)s players registered.",
                        len(done)) % {"count": len(done)}

    return _action(request, pk, run)


@login_required
@require_POST
def desk_entrants(request: HttpRequest, pk: int) -> HttpResponse:
    """Check in, or mark as paid, the ticked entrants (or all of them) at once."""
    def run(tournament: Tournament) -> str:
        chosen = _chosen(request, "entry")
        if request.POST.get("what") == "fee":
            done = desk_batch.mark_fees_paid(tournament=tournament, by=request.user, entries=chosen)
            return ngettext("%(count)s entry fee marked as paid.",
                            "%(count)s entry fees marked as paid.", len(done)) % {"count": len(done)}
        done = desk_batch.check_in_entries(tournament=tournament, by=request.user, entries=chosen)
        return ngettext("%(count)s player checked in.", "%(count)s players checked in.",
                        len(done)) % {"count": len(done)}

    return _action(request, pk, run)


@login_required
@require_POST
def desk_late_entry(request: HttpRequest, pk: int) -> HttpResponse:
    form = LateEntryForm(request.POST)

    def run(tournament: Tournament) -> str:
        if not form.is_valid():
            raise ServiceError("bad_entry", " ".join(form.non_field_errors()) or _("Pick a player."))
        data = form.cleaned_data
        if data["player"]:
            player = get_object_or_404(Player, pk=data["player"])
        else:
            player = registry.add_player(club=tournament.club, actor=request.user,
                                         name=data["new_name"],
                                         display_name=data["new_display_name"],
                                         allow_similar=True)
        if tournament.status == Tournament.Status.RUNNING:
            walkovers.late_entry(tournament=tournament, player=player, by=request.user,
                                 division=data["division"])
            return _("%(player)s entered late.") % {"player": player.display_name}
        registration.register(tournament=tournament, player=player, by=request.user,
                              division=data["division"])
        return _("%(player)s registered.") % {"player": player.display_name}

    return _action(request, pk, run)


@login_required
@require_POST
def desk_pairing(request: HttpRequest, pk: int, pairing_pk: int, what: str) -> HttpResponse:
    """The day's actions on a match: table, a player present, the forfeit clock, undo."""
    def run(tournament: Tournament) -> str:
        pairing = get_object_or_404(tournament.pairings.select_related("top__player", "bottom__player"),
                                    pk=pairing_pk)
        if what == "table":
            form = TableForm(request.POST)
            day.set_table(pairing=pairing, table=form.cleaned_data["table"] if form.is_valid() else "",
                          by=request.user)
            return _("Table saved.")
        if what == "present":
            entry = get_object_or_404(tournament.entries, pk=_int(request.POST.get("entry")))
            day.mark_present(pairing=pairing, entry=entry, by=request.user)
            return _("Noted as present.")
        if what == "extend":
            form = MinutesForm(request.POST)
            if not form.is_valid() or not form.cleaned_data["minutes"]:
                raise ServiceError("bad_minutes", _("Give 1 to %(maximum)s minutes.") % {"maximum": 240})
            day.extend_forfeit(pairing=pairing, minutes=form.cleaned_data["minutes"], by=request.user)
            return _("More time given.")
        if what == "no-forfeit":
            day.extend_forfeit(pairing=pairing, minutes=None, by=request.user)
            return _("No automatic forfeit for this match.")
        if what == "undo-walkover":
            walkovers.undo_walkover(pairing=pairing, by=request.user)
            return _("The walkover is taken back; the match is to be played.")
        raise ServiceError("unknown_action", _("Unknown action."))

    return _action(request, pk, run)


@login_required
@require_POST
def desk_apart(request: HttpRequest, pk: int) -> HttpResponse:
    """Add (two players) or remove (an index) a pair kept apart in round 1."""
    def run(tournament: Tournament) -> str:
        pairs = [list(pair) for pair in tournament.avoided_pairs or []]
        if "remove" in request.POST:
            index = _int(request.POST.get("remove"))
            if not 0 <= index < len(pairs):
                raise ServiceError("unknown_pair", _("Unknown pair."))
            pairs.pop(index)
        else:
            players = [_int(request.POST.get("first")), _int(request.POST.get("second"))]
            found = set(tournament.entries.filter(player_id__in=players).values_list("player_id", flat=True))
            if len(found) != 2:
                raise ServiceError("bad_avoided_pairs", _("Choose two different entrants."))
            pairs.append(players)
        services.update_tournament(tournament=tournament, actor=request.user, avoided_pairs=pairs)
        return _("Saved.")

    return _action(request, pk, run)


def _int(value: str | None) -> int:
    """An id or index written in ASCII digits, else 0 (never a crash on "²")."""
    return parse_int(value, 0, ID_MAX) or 0
