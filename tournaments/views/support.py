"""Helpers shared by the tournament views: loading with permission checks, reporting errors."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from clubs.permissions import can_manage_club
from common import confirm
from tournaments.messages import error_text
from tournaments.models import Tournament
from tournaments.selectors import tournaments as selectors


def report(request: HttpRequest, error: Exception) -> None:
    messages.error(request, error_text(error))


def ask_first(request: HttpRequest, tournament: Tournament, question: str,
              back: str = "") -> HttpResponse | None:
    """An irreversible director's action asks once (``common.confirm``); "No" leads back to
    the console unless ``back`` says otherwise. None: it was confirmed, go on."""
    return confirm.ask_first(request, question, about=tournament.name,
                             back=back or reverse("tournaments:console", args=[tournament.pk]))


def event_row(request: HttpRequest, pk: int) -> Tournament | None:
    """The event's row with its club, read once per request: the page's language is its
    club's (nardy_site.club_language), and the view shows the event."""
    known = request.__dict__.setdefault("_nardy_events", {})
    if pk not in known:
        known[pk] = Tournament.objects.select_related("club").filter(pk=pk).first()
    return known[pk]


def visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user may see it (404 otherwise: private events stay hidden)."""
    known = request.__dict__.get("_nardy_events", {}).get(pk)
    if known is not None and known.is_public:  # a public event is everyone's to see
        return known
    return get_object_or_404(selectors.visible_tournaments(request.user), pk=pk)


def managed_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user directs its club (403 otherwise; 404 for a private
    event the user may not even see, so that its address confirms nothing)."""
    tournament = visible_tournament(request, pk)
    if not can_manage_club(request.user, tournament.club):
        raise PermissionDenied(_("Only the directors of this club manage its tournaments."))
    return tournament


# In a kept copy of a page's part with forms (a player's matches, a console's rows), where
# the forms' CSRF token goes: the copy is shared, the token is each reader's own.
CSRF_PLACE = "nardy-csrf-token-goes-here"


def with_reader_token(request: HttpRequest, html: str) -> SafeString:
    """A kept copy rendered with ``CSRF_PLACE`` (escaped when rendered), with this
    reader's token in its forms."""
    return mark_safe(html.replace(CSRF_PLACE, get_token(request)))


def forms_moment() -> tuple[str, int]:
    """What the forms' default day hangs on, for a kept copy's key: the time zone and the
    quarter of an hour (every zone's midnight falls on one)."""
    return timezone.get_current_timezone_name(), int(timezone.now().timestamp()) // 900
