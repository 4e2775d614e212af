"""A club's webhooks page (directors): endpoints, their secrets, recent deliveries."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import can_manage_club
from common.confirm import ask_first
from webhooks import services
from webhooks.messages import error_text
from webhooks.models import Delivery, Event


def _club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not can_manage_club(request.user, club):
        raise PermissionDenied(_("Only the directors of this club manage its webhooks."))
    return club


@login_required
def endpoints(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(request, slug)
    if request.method == "POST":
        try:
            services.create_endpoint(club=club, url=request.POST.get("url", "")[:400],
                                     events=request.POST.getlist("events"), by=request.user)
            messages.success(request, _("Webhook added. Its secret signs every post."))
            return redirect("webhooks:endpoints", slug=club.slug)
        except services.WebhookError as error:
            messages.error(request, error_text(error))
    return render(request, "webhooks/endpoints.html", {
        "club": club, "endpoints": club.webhook_endpoints.all(), "events": Event.choices,
        "deliveries": Delivery.objects.filter(endpoint__club=club).select_related("endpoint")[:30],
    }, status=400 if request.method == "POST" else 200)


@login_required
@require_POST
def endpoint_action(request: HttpRequest, slug: str, pk: int, what: str) -> HttpResponse:
    club = _club(request, slug)
    endpoint = get_object_or_404(club.webhook_endpoints, pk=pk)
    questions = {
        "delete": _("Remove the webhook to %(url)s? It will receive nothing more."),
        "rotate": _("Make a new secret for %(url)s? The old one stops signing at once."),
    }
    if what in questions:
        asking = ask_first(request, questions[what] % {"url": endpoint.url},
                           back=reverse("webhooks:endpoints", args=[club.slug]), about=club.name)
        if asking is not None:
            return asking
    try:
        if what == "delete":
            services.delete_endpoint(endpoint=endpoint, by=request.user)
            messages.success(request, _("Webhook removed."))
        elif what == "rotate":
            services.rotate_secret(endpoint=endpoint, by=request.user)
            messages.success(request, _("New secret made; the old one no longer signs."))
    except services.WebhookError as error:
        messages.error(request, error_text(error))
    return redirect("webhooks:endpoints", slug=club.slug)
