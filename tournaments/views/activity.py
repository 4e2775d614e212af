"""Activity pages: who did what and when, in an event or a club, with undo where safe."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.errors import DomainError
from clubs.models import Club
from clubs.permissions import can_manage_club
from games.services import ServiceError
from tournaments import activity
from tournaments.models import Tournament
from tournaments.services.draw import PUBLISHED
from tournaments.views.support import ask_first, managed_tournament, report


@login_required
def tournament_activity(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    lines = activity.activity(Tournament.objects.filter(pk=tournament.pk), limit=300, undo=True)
    return render(request, "tournaments/activity.html", {
        "tournament": tournament, "tab": "activity", "can_manage": True, "lines": lines,
    })


@login_required
def club_activity(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the directors of this club see its activity."))
    lines = activity.activity(activity.club_tournaments(club, request.user), limit=300)
    return render(request, "tournaments/club_activity.html", {"club": club, "lines": lines})


@login_required
@require_POST
def undo(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    tournament = managed_tournament(request, pk)
    log = get_object_or_404(tournament.log.select_related("tournament"), pk=log_pk)
    if log.action == PUBLISHED:  # taking the draw back tells players: it asks once
        asking = ask_first(request, tournament, _(
            "Take the draw back? The players who were told their match are told it no longer "
            "stands."), back=reverse("tournaments:activity", args=[tournament.pk]))
        if asking is not None:
            return asking
    try:
        messages.success(request, activity.undo(log, request.user))
    except (DomainError, ServiceError) as error:
        report(request, error)
    return redirect("tournaments:activity", pk=tournament.pk)
