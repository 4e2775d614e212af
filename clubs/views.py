"""Club pages: the list with its live search, a club, merging duplicate players.

Thin: read through selectors, write through services; htmx requests get partials.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs import club_page, selectors, services
from clubs.errors import DomainError
from clubs.forms import MergeForm
from clubs.forms_people import JoinRequestForm
from clubs.messages import error_text
from clubs.models import Club, JoinRequest, Player, Role
from clubs.permissions import can_edit_player, can_manage_club, role_of


def club_list(request: HttpRequest) -> HttpResponse:
    search = request.GET.get("q", "").strip()
    context = {"clubs": selectors.clubs_with_counts(search), "search": search}
    if request.htmx:
        return render(request, "clubs/_club_rows.html", context)
    return render(request, "clubs/club_list.html", context)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    can_manage = can_manage_club(request.user, club)
    role = role_of(request.user, club)
    context = {
        "club": club,
        "members": selectors.club_members(club).filter(is_active=True),
        "directors": club.directors.order_by("username"),
        "can_manage": can_manage,
        "role": role,
        "role_label": Role(role).label if role else "",
        "pending_request": request.user.is_authenticated and club.join_requests.filter(
            user_id=request.user.pk, status=JoinRequest.Status.PENDING).exists(),
        "pending_requests": club.join_requests.filter(
            status=JoinRequest.Status.PENDING).count() if can_manage else 0,
        "join_form": JoinRequestForm(),
        "sections": club_page.sections(club, request),
    }
    return render(request, "clubs/club_detail.html", context)


@login_required
def merge_players(request: HttpRequest, slug: str) -> HttpResponse:
    """Merge a duplicate player of the club into the real one, keeping all history."""
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the directors of this club merge its players."))
    form = MergeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        keep = get_object_or_404(Player, pk=form.cleaned_data["keep"])
        duplicate = get_object_or_404(Player, pk=form.cleaned_data["duplicate"])
        if not (can_edit_player(request.user, keep) and can_edit_player(request.user, duplicate)):
            raise PermissionDenied(_("You can merge players of your own clubs only."))
        try:
            services.merge_players(keep=keep, duplicate=duplicate, by=request.user, club=club)
            messages.success(request, _("%(dup)s merged into %(keep)s.")
                             % {"dup": duplicate.display_name, "keep": keep.display_name})
            return redirect("clubs:club_detail", slug=club.slug)
        except DomainError as error:
            messages.error(request, error_text(error))
    members = selectors.club_members(club)
    return render(request, "clubs/merge_players.html",
                  {"club": club, "form": form, "members": members})
