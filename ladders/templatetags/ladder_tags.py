"""Template tags of the ladder pages."""

from __future__ import annotations

from typing import Any

from django import template

from ladders import calendar_items
from ladders.models import Challenge

register = template.Library()


@register.simple_tag(takes_context=True)
def challenge_calendar_link(context: dict[str, Any], challenge: Challenge) -> str:
    """The address of the challenge's calendar file (its "play by"), for the reader."""
    request = context.get("request")
    return calendar_items.calendar_link(challenge, getattr(request, "user", None))
