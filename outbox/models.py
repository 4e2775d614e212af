"""The outbox's rows: one per piece of background work, and the workers' heartbeat."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class MessageState(models.TextChoices):
    PENDING = "pending", _("waiting to be queued")
    QUEUED = "queued", _("queued")
    DONE = "done", _("done")
    FAILED = "failed", _("given up")


class Message(models.Model):
    """A piece of background work, saved in the transaction of whatever asked for it.

    ``next_attempt_at`` is when the sweep queues it (again) if it is not done by then:
    for a pending row, when to try (at once, or after a backoff); for a queued one, the
    end of its lease (its worker died or the broker lost the message).
    """

    task = models.CharField(_("task"), max_length=200)
    args = models.JSONField(_("arguments"), default=list)
    key = models.CharField(_("idempotency key"), max_length=255, unique=True)
    state = models.CharField(
        _("state"), max_length=10, choices=MessageState.choices, default=MessageState.PENDING
    )
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(_("next attempt at"), default=timezone.now)
    last_error = models.TextField(_("last error"), blank=True, default="")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    queued_at = models.DateTimeField(_("queued at"), null=True, blank=True)
    done_at = models.DateTimeField(_("done at"), null=True, blank=True)

    class Meta:
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")
        indexes = [models.Index(fields=["state", "next_attempt_at"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.task} {self.key} ({self.state})"


class Heartbeat(models.Model):
    """When a worker last ran the periodic heartbeat task (the health page reads it)."""

    name = models.CharField(_("name"), max_length=100, primary_key=True)
    at = models.DateTimeField(_("at"))
    worker = models.CharField(_("worker"), max_length=255, blank=True, default="")

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name} {self.at:%Y-%m-%d %H:%M:%S}"
