"""Invitations (by email, by link / QR code), the join page an invitation opens, and
importing players from a CSV file with its preview."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import importing, invitations, selectors
from clubs.errors import DomainError, InvitationError
from clubs.forms_people import EmailInvitationForm, ImportForm, LinkInvitationForm
from clubs.import_headings import headings_by_field
from clubs.messages import IMPORT_REASONS, error_text, reason_text, similarity_text
from clubs.models import Invitation, PlayerImport
from clubs.views_people import _managed
from common.bounds import parse_int

PENDING_INVITATION = "pending_invitation"  # the token of a join link opened before logging in


def _base_url(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


@login_required
def invitation_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    email_form = EmailInvitationForm(club=club)
    link_form = LinkInvitationForm(club=club)
    created = None
    if request.method == "POST":
        kind = request.POST.get("kind")
        form = (EmailInvitationForm if kind == "email" else LinkInvitationForm)(request.POST, club=club)
        if form.is_valid():
            data = form.cleaned_data
            try:
                invitation, token = invitations.create_invitation(
                    club=club, actor=request.user,
                    kind=Invitation.Kind.EMAIL if kind == "email" else Invitation.Kind.LINK,
                    email=data.get("email", ""), player=data.get("player"),
                    single_use=data.get("single_use", True), days=data["days"],
                    base_url=_base_url(request))
            except DomainError as error:
                form.add_error(None, error_text(error))
            else:
                if kind == "email":
                    messages.success(request, _("The invitation is on its way to %(email)s.")
                                     % {"email": invitation.email})
                    return redirect("clubs:invitations", slug=club.slug)
                url = request.build_absolute_uri(invitations.join_path(token))
                created = {"invitation": invitation, "url": url,
                           "qr": mark_safe(invitations.qr_svg(url))}
        if kind == "email":
            email_form = form
        else:
            link_form = form
    rows = [(invitation, invitations.status_of(invitation))
            for invitation in club.invitations.select_related("player", "created_by")[:100]]
    return render(request, "clubs/invitations.html", {
        "club": club, "email_form": email_form, "link_form": link_form, "created": created,
        "rows": rows,
    }, status=400 if request.method == "POST" and created is None else 200)


@login_required
@require_POST
def invitation_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _managed(request, slug)
    invitation = get_object_or_404(Invitation, pk=pk, club=club)
    invitations.revoke_invitation(invitation=invitation, actor=request.user)
    messages.success(request, _("The invitation is withdrawn; its link no longer works."))
    return redirect("clubs:invitations", slug=club.slug)


def join(request: HttpRequest, token: str) -> HttpResponse:
    """Where an invitation's link leads: what it is, then sign up / log in, then accept."""
    try:
        invitation = invitations.find(token)
    except InvitationError as error:
        request.session.pop(PENDING_INVITATION, None)
        status = 404 if error.code == "unknown" else 410
        return render(request, "clubs/join.html", {"error": error_text(error)}, status=status)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            player = invitations.accept_invitation(token=token, user=request.user)
        except InvitationError as error:
            return render(request, "clubs/join.html",
                          {"invitation": invitation, "error": error_text(error)}, status=409)
        request.session.pop(PENDING_INVITATION, None)
        messages.success(request, _("Welcome to %(club)s! You play there as %(name)s.")
                         % {"club": invitation.club.name, "name": player.display_name})
        return redirect(invitation.club.get_absolute_url())
    if not request.user.is_authenticated:
        request.session[PENDING_INVITATION] = token
    return render(request, "clubs/join.html", {"invitation": invitation, "token": token})


@login_required
def import_upload(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed(request, slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > 1_000_000:
            form.add_error("file", error_text(DomainError("too_big", "The file is too big.")))
        else:
            try:
                stored, _plan = importing.upload(club=club, actor=request.user,
                                                 data=upload.read(), filename=upload.name)
            except DomainError as error:
                form.add_error("file", error_text(error))
            else:
                return redirect("clubs:import_preview", slug=club.slug, pk=stored.pk)
    return render(request, "clubs/import_upload.html",
                  {"club": club, "form": form, "headings": headings_by_field()},
                  status=400 if form.errors else 200)


@login_required
def import_preview(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _managed(request, slug)
    player_import = get_object_or_404(PlayerImport, pk=pk, club=club)
    error = None
    if request.method == "POST" and player_import.applied_at is None:
        lines = {key: parse_int(key.removeprefix("line-"), 1, 999_999)
                 for key in request.POST if key.startswith("line-")}
        choices = {line: request.POST[key] for key, line in lines.items() if line is not None}
        try:
            counts = importing.apply_import(
                player_import=player_import, actor=request.user, choices=choices,
                invite=bool(request.POST.get("invite")), base_url=_base_url(request))
        except DomainError as failure:
            error = error_text(failure)
        else:
            messages.success(request, _(
                "Imported: %(create)s new players, %(link)s linked to players already here; "
                "%(invited)s invitations sent.") % counts)
            return redirect("clubs:players", slug=club.slug)
    try:
        plan = importing.plan_import(club, bytes(player_import.data),
                                     selectors.name_viewer(request))
    except DomainError as failure:
        return render(request, "clubs/import_upload.html",
                      {"club": club, "form": ImportForm(), "file_error": error_text(failure),
                       "headings": headings_by_field()},
                      status=400)
    lines = [{
        "plan": line,
        "why": [reason_text(code, params, IMPORT_REASONS) for code, params in line.why],
        "similar": [(s.player, similarity_text(s.reasons), s.in_club) for s in line.similar],
    } for line in plan.lines]
    return render(request, "clubs/import_preview.html", {
        "club": club, "player_import": player_import, "plan": plan, "lines": lines,
        "error": error, "counts": {action: plan.count(action) for action in
                                   (importing.CREATE, importing.LINK, importing.CHOOSE,
                                    importing.REFUSE)},
    }, status=400 if error else 200)


@login_required
@require_POST
def accept_addressed(request: HttpRequest, pk: int) -> HttpResponse:
    """Accept an email invitation to one of the account's addresses (from the home page)."""
    try:
        player = invitations.accept_addressed(invitation_id=pk, user=request.user)
    except InvitationError as error:
        messages.error(request, error_text(error))
        return redirect("home")
    club = Invitation.objects.select_related("club").get(pk=pk).club
    messages.success(request, _("Welcome to %(club)s! You play there as %(name)s.")
                     % {"club": club.name, "name": player.display_name})
    return redirect(club.get_absolute_url())
