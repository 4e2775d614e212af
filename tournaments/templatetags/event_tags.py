"""Template tags of registration and the event day, so that pages owned by others (the
home page, the tournament overview, the standings) need one line to show them."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import selectors_event
from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("tournaments/_registration_panel.html", takes_context=True)
def registration_panel(context: dict[str, Any], tournament: Tournament) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"panel": selectors_event.registration_panel(tournament, user), "request": request,
            "csrf_token": context.get("csrf_token"), "user": user}


@register.inclusion_tag("tournaments/_open_events.html", takes_context=True)
def open_events(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"events": selectors_event.open_events(user), "request": request,
            "csrf_token": context.get("csrf_token"), "user": user}


@register.inclusion_tag("tournaments/_withdrawals.html")
def withdrawal_notes(tournament: Tournament) -> dict[str, Any]:
    return {"withdrawals": selectors_event.withdrawals(tournament), "tournament": tournament}
