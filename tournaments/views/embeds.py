"""The event pages a club may embed on its own site (clubs.embeds): an event's bracket,
its standings, and the club's next events. Public events only."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from clubs import embeds
from clubs.embeds import EmbedContent, EmbedKind
from clubs.models import Club
from tournaments.models import Tournament
from tournaments.views import public

STYLESHEETS = ("tournaments/tournaments.css", "tournaments/event.css")
MAX_LISTED = 20


def _public_events(club: Club) -> Any:
    return Tournament.objects.filter(club=club, is_public=True, parent=None).select_related("club")


def _public_event(club: Club, pk: int | None) -> Tournament | None:
    return _public_events(club).filter(pk=pk).first() if pk else None


def _listed(club: Club) -> list[tuple[int | None, str]]:
    events = _public_events(club).order_by("-starts_on", "name")
    return [(event.pk, event.name) for event in events[:MAX_LISTED]]


def _bracket(request: HttpRequest, club: Club, pk: int | None) -> EmbedContent | None:
    tournament = _public_event(club, pk)
    if tournament is None:
        return None
    return EmbedContent(
        title=_("%(event)s: bracket") % {"event": tournament.name},
        html=mark_safe(public.bracket_fragment(request, tournament)),  # rendered by templates
        page_url=request.build_absolute_uri(tournament.get_absolute_url()),
        stylesheets=STYLESHEETS, height=640)


def _standings(request: HttpRequest, club: Club, pk: int | None) -> EmbedContent | None:
    tournament = _public_event(club, pk)
    if tournament is None:
        return None
    return EmbedContent(
        title=_("%(event)s: standings") % {"event": tournament.name},
        html=mark_safe(public.standings_fragment(request, tournament)),  # rendered by templates
        page_url=request.build_absolute_uri(tournament.get_absolute_url()),
        stylesheets=STYLESHEETS, height=640)


def _next_events(request: HttpRequest, club: Club, pk: int | None) -> EmbedContent | None:
    if pk is not None:
        return None
    events = (_public_events(club).exclude(status=Tournament.Status.FINISHED)
              .filter(starts_on__gte=timezone.localdate()).order_by("starts_on", "name")[:MAX_LISTED])
    html = render_to_string("tournaments/_embed_events.html", {"events": events, "club": club},
                            request)
    return EmbedContent(title=_("Next events"), html=html,
                        page_url=request.build_absolute_uri(club.get_absolute_url()),
                        stylesheets=STYLESHEETS, height=360)


def register() -> None:
    embeds.register(EmbedKind("events", lambda: _("Next events"), _next_events))
    embeds.register(EmbedKind("bracket", lambda: _("Bracket"), _bracket, _listed))
    embeds.register(EmbedKind("standings", lambda: _("Standings"), _standings, _listed))
