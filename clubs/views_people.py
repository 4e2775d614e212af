"""Pages of the people side: starting and editing a club, its players and roles, the
profile, "my clubs", joining and leaving. Thin: forms parse, services write, errors
are shown where they happened."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import calendar, embeds, membership, profiles, registry, selectors
from clubs.errors import DomainError
from clubs.forms_people import (
    AddPlayerForm,
    ClubForm,
    EditPlayerForm,
    JoinRequestForm,
    ProfileForm,
    RoleForm,
)
from clubs.messages import error_text, similarity_text
from clubs.models import Club, JoinRequest, Player, Profile
from clubs.permissions import can_edit_player, can_manage_club
from common.bounds import parse_id
from common.confirm import ask_first
from nardy_site.language import remember_language


def _managed(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the club's owner and directors can do this."))
    return club


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None,
                    initial={"language": profiles.supported_language(translation.get_language())})
    if request.method == "POST" and form.is_valid():
        try:
            club = membership.create_club(actor=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("Your club %(club)s is open. Invite its players next.")
                             % {"club": club.name})
            return redirect(club.get_absolute_url())
    return render(request, "clubs/club_form.html", {"form": form, "club": None})


@login_required
def club_edit(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        try:
            membership.update_club(club=Club.objects.get(pk=club.pk), actor=request.user,
                                   **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, error_text(error))
        else:
            messages.success(request, _("Saved."))
            return redirect(club.get_absolute_url())
    return render(request, "clubs/club_form.html", {
        "form": form, "club": club, "snippets": embeds.snippets(club)})


@login_required
def club_players(request: HttpRequest, slug: str) -> HttpResponse:
    """The directors' list of the club's players, roles, and adding a player."""
    club = _managed(request, slug)
    return render(request, "clubs/players.html", _players_context(request, club, AddPlayerForm()))


def _players_context(request: HttpRequest, club: Club, form: AddPlayerForm,
                     similar: list | None = None) -> dict:
    people = selectors.club_people(club)
    duplicates = registry.possible_duplicates([row.player for row in people if row.player])
    return {
        "club": club, "people": people, "form": form, "similar": similar,
        "duplicates": [(a, b, similarity_text(reasons)) for a, b, reasons in duplicates],
        "role_form": RoleForm(),
    }


@login_required
@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Add a player. Similar players already here are offered first: pick one, or
    confirm a new player."""
    club = _managed(request, slug)
    form = AddPlayerForm(request.POST)
    similar = None
    if form.is_valid():
        data = form.cleaned_data
        existing = None
        if data.get("existing"):
            existing = get_object_or_404(Player, pk=data["existing"])
        try:
            player = registry.add_player(
                club=club, actor=request.user, name=data["name"],
                display_name=data["display_name"], email=data["email"], existing=existing,
                allow_similar=bool(data.get("confirm_new")))
        except DomainError as error:
            if error.code == "similar_players":
                similar = [(s.player, similarity_text(s.reasons), s.in_club)
                           for s in registry.similar_players(
                    data["name"], club=club, viewer=selectors.name_viewer(request))]
            else:
                form.add_error(None, error_text(error))
        else:
            messages.success(request, _("%(name)s is a player of the club.")
                             % {"name": player.display_name})
            return redirect("clubs:players", slug=club.slug)
    return render(request, "clubs/players.html", _players_context(request, club, form, similar),
                  status=200 if similar else 400)


@login_required
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _managed(request, slug)
    player = get_object_or_404(Player, pk=pk, memberships__club=club)
    if not can_edit_player(request.user, player):
        raise PermissionDenied(_("Only the club's owner and directors can do this."))
    form = EditPlayerForm(request.POST or None, instance=Player.objects.get(pk=player.pk))
    action = request.POST.get("action", "save")
    if request.method == "POST":
        try:
            if action in ("deactivate", "reactivate"):
                registry.set_active(player=player, actor=request.user, active=action == "reactivate")
                messages.success(request, _("Saved."))
                return redirect("clubs:player_edit", slug=club.slug, pk=player.pk)
            if action == "delete":
                asking = ask_first(request, _("Delete %(name)s? This cannot be undone.") % {
                    "name": player.display_name},
                    back=reverse("clubs:player_edit", args=[club.slug, player.pk]), about=club.name)
                if asking is not None:
                    return asking
                registry.delete_player(player=player, actor=request.user)
                messages.success(request, _("%(name)s was deleted.") % {"name": player.display_name})
                return redirect("clubs:players", slug=club.slug)
            if form.is_valid():
                registry.edit_player(player=player, actor=request.user, **{
                    field: form.cleaned_data[field] for field in form.Meta.fields})
                messages.success(request, _("Saved."))
                return redirect("clubs:players", slug=club.slug)
        except DomainError as error:
            form.add_error(None, error_text(error))
    return render(request, "clubs/player_edit.html", {
        "club": club, "player": player, "form": form,
        "history": registry.history_of(player), "log": player.log.select_related("by__player")[:20],
    })


@login_required
@require_POST
def set_role(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    form = RoleForm(request.POST)
    if form.is_valid():
        user = get_object_or_404(get_user_model(), pk=form.cleaned_data["user"])
        try:
            membership.set_role(club=club, actor=request.user, user=user,
                                role=form.cleaned_data["role"])
            messages.success(request, _("Saved."))
        except DomainError as error:
            messages.error(request, error_text(error))
    return redirect("clubs:players", slug=club.slug)


@login_required
@require_POST
def hand_over(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    to = get_object_or_404(get_user_model(), pk=request.POST.get("user") or 0)
    try:
        membership.hand_over(club=club, actor=request.user, to=to)
        messages.success(request, _("Saved."))
    except DomainError as error:
        messages.error(request, error_text(error))
    return redirect("clubs:players", slug=club.slug)


@login_required
@require_POST
def mark_distinct(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    first = get_object_or_404(Player, pk=request.POST.get("first") or 0, memberships__club=club)
    second = get_object_or_404(Player, pk=request.POST.get("second") or 0, memberships__club=club)
    try:
        registry.mark_distinct(first=first, second=second, actor=request.user)
        messages.success(request, _("Marked as two different people."))
    except DomainError as error:
        messages.error(request, error_text(error))
    return redirect("clubs:players", slug=club.slug)


@login_required
@require_POST
def join_club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = JoinRequestForm(request.POST)
    try:
        membership.request_to_join(club=club, user=request.user,
                                   message=form.data.get("message", "")[:500])
        messages.success(request, _("You asked to join %(club)s; a director will answer.")
                         % {"club": club.name})
    except DomainError as error:
        messages.error(request, error_text(error))
    return redirect(club.get_absolute_url())


@login_required
@require_POST
def leave_club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        membership.leave_club(club=club, user=request.user)
        messages.success(request, _("You left %(club)s.") % {"club": club.name})
    except DomainError as error:
        messages.error(request, error_text(error))
        return redirect(club.get_absolute_url())
    return redirect("clubs:my_clubs")


@login_required
def join_requests(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    if request.method == "POST":
        join_request = get_object_or_404(
            JoinRequest, pk=parse_id(request.POST.get("request")) or 0, club=club)
        record = None
        if request.POST.get("player"):
            record = get_object_or_404(Player, pk=parse_id(request.POST["player"]) or 0,
                                       memberships__club=club)
        try:
            membership.decide_join_request(join_request=join_request, actor=request.user,
                                           approve=request.POST.get("answer") == "approve",
                                           player=record)
            messages.success(request, _("Saved."))
        except DomainError as error:
            messages.error(request, error_text(error))
        return redirect("clubs:join_requests", slug=club.slug)
    pending = []
    for join_request in club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related("user"):
        name = profiles.default_display_name(join_request.user)
        similar = [s for s in registry.similar_players(name, club=club,
                                                          viewer=selectors.name_viewer(request))
                   if s.in_club and s.player.user_id is None]
        pending.append((join_request, [(s.player, similarity_text(s.reasons)) for s in similar]))
    guests = club.members.filter(user__isnull=True).order_by("display_name")
    return render(request, "clubs/join_requests.html",
                  {"club": club, "pending": pending, "guests": guests})


@login_required
def my_clubs(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/my_clubs.html", {
        "rows": selectors.clubs_of(request.user),
        "requests": JoinRequest.objects.filter(
            user=request.user, status=JoinRequest.Status.PENDING).select_related("club"),
    })


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    player = profiles.own_player(request.user)
    saved = Profile.objects.filter(user=request.user).first()
    initial = {"display_name": profiles.default_display_name(request.user),
               "preferred_language": saved.preferred_language if saved else "",
               "time_zone": saved.time_zone if saved else ""}
    if player is not None:
        initial.update({field: getattr(player, field) for field in profiles.PLAYER_FIELDS})
    form = ProfileForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        for kept in ("shown_as", "time_zone"):
            if kept not in request.POST:
                data.pop(kept)  # not asked (an older form): the choice stays as it is
        language = data.pop("preferred_language")
        try:
            profiles.update_profile(user=request.user, preferred_language=language, **data)
        except DomainError as error:
            form.add_error(None, error_text(error))
        else:
            response = redirect("clubs:profile")
            if language:
                remember_language(request, response, language)
            messages.success(request, _("Saved."))
            return response
    return render(request, "clubs/profile.html", {
        "form": form, "player": player, "calendar_url": calendar.person_feed_url(request.user)})


@login_required
@require_POST
def reset_calendar_link(request: HttpRequest) -> HttpResponse:
    """A new secret for the person's calendar links; the old ones stop working."""
    profiles.reset_calendar_token(user=request.user)
    messages.success(request, _("Your calendar links are new: calendars that used the old "
                                "ones no longer get updates."))
    return redirect(reverse("clubs:profile") + "#calendar")
