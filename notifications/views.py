"""A person's notifications: the list (marking them read), the unread count in the
navigation (an htmx partial), and their preferences."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.redirects import redirect_back
from notifications import channels as channel_registry
from notifications import messages as notification_messages
from notifications import services
from notifications.forms import PreferenceForm
from notifications.models import Kind, Notification

PAGE = 50


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    notifications = list(Notification.objects.filter(user=request.user)[:PAGE])
    for notification in notifications:  # in the page's language (the reader's)
        notification.shown_title, notification.shown_body = notification_messages.render(notification)
        notification.kept_as_text = notification_messages.is_text(notification)
    return render(request, "notifications/list.html", {
        "notifications": notifications, "unread": services.unread_count(request.user),
    })


@login_required
def badge(request: HttpRequest) -> HttpResponse:
    """The polled count: the Notifications link's badge, and the Menu button's (out of band)."""
    return render(request, "notifications/_badge_poll.html",
                  {"unread": services.unread_count(request.user)})


@login_required
@require_POST
def read(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Mark one notification read and follow its link, or mark them all read."""
    if pk is None:
        services.mark_read(user=request.user)
        return redirect("notifications:list")
    notification = get_object_or_404(Notification, pk=pk, user=request.user)
    services.mark_read(user=request.user, notification_id=notification.pk)
    return redirect_back(request, notification.url, reverse("notifications:list"))


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    preference = services.preference_for(request.user)
    form = PreferenceForm(request.POST or None, preference=preference)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_preferences(user=request.user, **form.service_fields())
            messages.success(request, _("Saved."))
            return redirect("notifications:preferences")
        except services.PreferenceError as error:
            form.add_error(None, error.message)
    return render(request, "notifications/preferences.html", {
        "form": form, "kinds": Kind.choices, "channels": list(channel_registry.CHANNELS.values()),
        "muted": set(preference.muted or []),
    }, status=400 if request.method == "POST" else 200)
