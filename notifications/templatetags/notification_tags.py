"""The unread count in the navigation: ``{% notification_badge %}``."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.services import unread_count

register = template.Library()


@register.inclusion_tag("notifications/_nav.html", takes_context=True)
def notification_badge(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"user": user, "unread": unread_count(user)}
