"""Webhooks: a club's endpoints and each event posted to them.

A delivery is saved in the transaction of the event (so nothing is lost), posted by the
worker with an HMAC-SHA256 signature, and retried with a growing wait until it is
answered with a 2xx or given up.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club


class Event(models.TextChoices):
    RESULT_CONFIRMED = "result.confirmed", _("A result became official")
    ROUND_PUBLISHED = "round.published", _("A round was published")
    LADDER_CHALLENGE = "ladder.challenge", _("A ladder challenge was made")
    LADDER_RESULT = "ladder.result", _("A ladder challenge was decided")


def default_events() -> list[str]:
    return list(Event.values)


class Endpoint(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhook_endpoints",
                             verbose_name=_("club"))
    url = models.URLField(_("address"), max_length=300)
    secret = models.CharField(_("signing secret"), max_length=80)
    events = models.JSONField(_("events"), default=default_events)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["club", "pk"]
        verbose_name = _("webhook endpoint")
        verbose_name_plural = _("webhook endpoints")

    def __str__(self) -> str:
        return self.url

    def get_club(self) -> Club:
        return self.club


class Delivery(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("waiting")
        SENDING = "sending", _("being sent")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed, to be tried again")
        GAVE_UP = "gave_up", _("given up")

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries",
                                 verbose_name=_("endpoint"))
    event = models.CharField(pgettext_lazy("webhook", "event"), max_length=40, choices=Event.choices)
    key = models.CharField(_("key"), max_length=200, unique=True)
    payload = models.JSONField(_("payload"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(_("next attempt at"), default=timezone.now)
    last_status = models.PositiveSmallIntegerField(_("last answer"), null=True, blank=True)
    last_error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    delivered_at = models.DateTimeField(_("delivered at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        indexes = [models.Index(fields=["state", "next_attempt_at"], name="webhook_due")]

    def __str__(self) -> str:
        return f"{self.event} → {self.endpoint} ({self.state})"
