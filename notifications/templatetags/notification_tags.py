"""The unread count in the navigation: ``{% notification_badge %}`` (the Notifications
link) and ``{% menu_unread %}`` (on the phone's Menu button, where the link is folded
away). One count a page: the first tag keeps it on the request."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.services import unread_count

register = template.Library()


def _unread(context: dict[str, Any]) -> tuple[Any, int]:
    request = context.get("request")
    user = getattr(request, "user", None)
    if request is None:
        return user, unread_count(user)
    if not hasattr(request, "_nardy_unread"):
        request._nardy_unread = unread_count(user)
    return user, request._nardy_unread


@register.inclusion_tag("notifications/_nav.html", takes_context=True)
def notification_badge(context: dict[str, Any]) -> dict[str, Any]:
    user, unread = _unread(context)
    return {"user": user, "unread": unread}


@register.inclusion_tag("notifications/_menu_count.html", takes_context=True)
def menu_unread(context: dict[str, Any]) -> dict[str, Any]:
    user, unread = _unread(context)
    return {"user": user, "unread": unread}
