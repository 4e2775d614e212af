"""Pages of a club's data: its archive (export, import on another deployment) and its
deletion. Thin: the services of this package do the work."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.errors import DomainError
from clubs.models import Club
from clubs.permissions import can_manage_club
from nardy_site.data.archive import archive_name, export_club
from nardy_site.data.deletion import delete_club
from nardy_site.data.forms import DeleteClubForm, ImportArchiveForm
from nardy_site.data.importer import (
    ArchiveError,
    automatic_choices,
    import_club,
    player_matches,
    players_seen_by,
    read_archive,
)
from nardy_site.data.messages import data_error_text

# An uploaded archive waits in the shared cache between its two steps (never on a web
# machine's disk).
KEPT_SECONDS = 3600
TOKEN_LENGTH = 22  # secrets.token_urlsafe(16)


def _managed(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied
    return club


@login_required
@require_GET
def club_export(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    response = HttpResponse(export_club(club), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{archive_name(club)}"'
    return response


@login_required
def club_delete(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    form = DeleteClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            delete_club(club=club, user=request.user,
                        confirmation=form.cleaned_data["confirmation"])
        except DomainError as error:
            form.add_error("confirmation", data_error_text(error))
        else:
            messages.success(request, _("The club %(club)s has been deleted.")
                             % {"club": club.name})
            return redirect("clubs:club_list")
    return render(request, "data/club_delete.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


def _cache_key(request: HttpRequest, token: str) -> str:
    return f"club-archive:{request.user.pk}:{token}"


@login_required
def club_import(request: HttpRequest) -> HttpResponse:
    """Step 1: upload an archive; it is checked whole before anything else."""
    form = ImportArchiveForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["archive"].read()
        try:
            read_archive(data)
        except ArchiveError as error:
            form.add_error("archive", data_error_text(error))
        else:
            token = secrets.token_urlsafe(16)
            cache.set(_cache_key(request, token), data, KEPT_SECONDS)
            return redirect("club_import_players", token=token)
    return render(request, "data/club_import.html", {"form": form},
                  status=400 if form.errors else 200)


@login_required
def club_import_players(request: HttpRequest, token: str) -> HttpResponse:
    """Step 2: each of the archive's players is merged with a player here, or new; then
    everything is imported at once."""
    data = cache.get(_cache_key(request, token)) if len(token) <= TOKEN_LENGTH else None
    if data is None:
        messages.error(request, data_error_text(ArchiveError(
            "archive_expired", "The archive is no longer kept.")))
        return redirect("club_import")
    archive = read_archive(data)
    matches = player_matches(archive, among=players_seen_by(request.user))
    error = None
    if request.method == "POST":
        choices = _choices(request, matches)
        try:
            club = import_club(archive, choices=choices, owner=request.user)
        except ArchiveError as refused:
            error = data_error_text(refused)
        else:
            cache.delete(_cache_key(request, token))
            messages.success(request, _("The club %(club)s has been imported. Its players "
                                        "claim their records again by invitation.")
                             % {"club": club.name})
            return redirect(club.get_absolute_url())
    defaults = automatic_choices(matches)
    rows = [(match, defaults.get(match.archive_id)) for match in matches]
    return render(request, "data/club_import_players.html", {
        "archive": archive, "rows": rows, "error": error}, status=400 if error else 200)


def _choices(request: HttpRequest, matches: list) -> dict[int, int | None]:
    """The importer's choice for each player: one of its candidates, or new (anything
    else sent is taken as new)."""
    choices: dict[int, int | None] = {}
    for match in matches:
        sent = request.POST.get(f"player-{match.archive_id}", "new")
        allowed = {str(candidate.pk): candidate.pk for candidate in match.candidates}
        choices[match.archive_id] = allowed.get(sent)
    return choices
