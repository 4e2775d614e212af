"""Notifications: one row per person and event (shown in the site, counted as unread),
the person's preferences, and one delivery per channel (email, Telegram, ...).

A notification is stored as a message and its values, not as sentences
(``notifications.messages``), and put into words in each reader's language.

Rows are written by the worker (``notifications.services.fan_out``), never by the
request that caused them; ``key`` makes each notification exist once, and a delivery's
state makes each channel send it once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    """What a notification is about; people can mute each kind per channel."""

    PAIRING = "pairing", _("A match of yours is ready, or its pairing changed")
    RESULT_TO_CONFIRM = "result_to_confirm", _("Your opponent entered a result for you to confirm")
    RESULT = "result", _("A result of yours was confirmed or set by a director")
    DISPUTE = "dispute", _("A dispute about your match: opened, checked, ruled")
    REGISTRATION = "registration", _("Your registration was accepted, or you moved up from the waiting list")
    CHECK_IN = "check_in", _("Check-in has opened")
    FORFEIT = "forfeit", _("A match of yours was decided by walkover")
    AFFILIATION = "affiliation", _("A club asked to join your federation, or was invited, or got an answer")
    MILESTONE = "milestone", _("You reached one of your club's PR milestones")


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications", verbose_name=_("person"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    # What it says: a message of notifications.messages and its values, put into words in
    # the reader's language when shown or sent. Rows kept from before (or whose message
    # is unknown) have no message and keep their text in title and body.
    message = models.CharField(_("message"), max_length=40, blank=True)
    params = models.JSONField(_("values"), default=dict, blank=True)
    club = models.ForeignKey("clubs.Club", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+", verbose_name=_("club"))
    title = models.CharField(_("title"), max_length=200, blank=True)
    body = models.TextField(_("text"), max_length=2000, blank=True)
    url = models.CharField(_("link"), max_length=300, blank=True)
    key = models.CharField(_("key"), max_length=200, unique=True)
    # The reader's language when it was sent (emails and Telegram are written in it).
    language = models.CharField(_("language"), max_length=8, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [models.Index(fields=["user", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return self.title or f"{self.message} {self.params}"


class Preference(models.Model):
    """A person's choices: email on or off, a Telegram chat, kinds muted per channel."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notification_preference", verbose_name=_("person"))
    email = models.BooleanField(_("by email"), default=True)
    telegram_chat_id = models.CharField(_("Telegram chat id"), max_length=40, blank=True)
    muted = models.JSONField(_("muted"), default=list, blank=True,
                             help_text=_('["kind:channel", ...]: what not to send where.'))

    class Meta:
        verbose_name = _("notification preference")
        verbose_name_plural = _("notification preferences")

    def __str__(self) -> str:
        return str(self.user)

    def wants(self, kind: str, channel: str) -> bool:
        return f"{kind}:{channel}" not in (self.muted or [])


class Delivery(models.Model):
    """One notification sent on one channel."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting")
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed, to be tried again")
        GAVE_UP = "gave_up", _("given up")

    notification = models.ForeignKey(Notification, on_delete=models.CASCADE,
                                     related_name="deliveries", verbose_name=_("notification"))
    channel = models.CharField(_("channel"), max_length=20)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    sent_to = models.CharField(_("sent to"), max_length=254, blank=True)
    last_error = models.TextField(_("last error"), blank=True)
    claimed_at = models.DateTimeField(_("claimed at"), null=True, blank=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        ordering = ["notification", "channel"]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
        constraints = [
            models.UniqueConstraint(fields=["notification", "channel"], name="one_delivery_per_channel"),
        ]

    def __str__(self) -> str:
        return f"{self.notification} → {self.channel} ({self.state})"
