"""Turning an event into notifications (in the worker), sending each on its channels once,
and a person's own actions: reading, preferences.

``announce`` is all a request does: it asks for the fan-out in the background (never
slows or fails the request). ``fan_out`` writes one notification per person (a unique key:
never twice) as a message and its values, notes the language it is sent in (the
person's: ``clubs.profiles.language_for``) and asks for one delivery per channel they want;
``deliver`` claims a delivery with a conditional update, sends it, and marks it sent.
A failure is recorded and tried again with a growing wait; after ``MAX_ATTEMPTS`` it is
given up (and stays visible in the admin).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.models import Club
from clubs.profiles import language_for
from notifications import channels as channel_registry
from notifications.events import EVENTS
from notifications.messages import MESSAGES
from notifications.models import Delivery, Notification, Preference
from notifications.queue import later

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 6
CLAIM_LEASE = timedelta(minutes=5)
FAN_OUT_TASK = "notifications.fan_out"
DELIVER_TASK = "notifications.deliver"


def announce(event: str, *args: Any, occurrence: str = "") -> None:
    """Ask for the people concerned by ``event`` to be told (after the commit, in a worker).

    ``occurrence`` tells apart two happenings of the same event with the same arguments
    (a pairing changed twice, a registration accepted again): each is its own work.
    """
    if event not in EVENTS:
        raise ValueError(f"unknown notification event {event!r}")
    key = f"notify:{event}:{':'.join(map(str, args))}:{occurrence}"
    later(FAN_OUT_TASK, event, list(args), key=key[:255])


def language_of(user: Any, club: Club | None = None) -> str:
    """The language a person reads in (``clubs.profiles.language_for``): their choice,
    else their browser's at sign-up, else the language of the club the message is about
    (never the language of whatever request happened to cause the notification)."""
    return language_for(user, club)


def preference_for(user: Any) -> Preference:
    preference, _ = Preference.objects.get_or_create(user=user)
    return preference


def fan_out(event: str, args: list[Any]) -> list[int]:
    """The worker's side of ``announce``: notifications and their deliveries. Safe to run
    twice (a notification's key exists once; a delivery once per channel)."""
    build = EVENTS.get(event)
    if build is None:
        logger.error("notifications: unknown event %r", event)
        return []
    messages = build(*args)
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in={m.user_id for m in messages})
             .select_related("notification_preference")}
    clubs = Club.objects.in_bulk({m.club_id for m in messages if m.club_id is not None})
    created = []
    for message in messages:
        user = users.get(message.user_id)
        if user is None or not user.is_active:
            continue
        kind = MESSAGES[message.name].kind
        with transaction.atomic():
            notification, new = Notification.objects.get_or_create(
                key=message.key[:200],
                defaults={"user": user, "kind": kind, "message": message.name,
                          "params": message.params, "club_id": message.club_id,
                          "url": message.url[:300],
                          "language": language_of(user, clubs.get(message.club_id))},
            )
            if not new:
                continue
            preference = preference_for(user)
            for channel in channel_registry.CHANNELS.values():
                if preference.wants(kind, channel.name) and channel.available(user, preference):
                    delivery = Delivery.objects.create(notification=notification, channel=channel.name)
                    later(DELIVER_TASK, delivery.pk, key=f"deliver:{delivery.pk}")
            created.append(notification.pk)
    return created


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(3600, 15 * 2 ** max(0, attempts - 1)))


def deliver(delivery_id: int, now: datetime | None = None) -> str:
    """Send one delivery once. Returns its state afterwards."""
    now = now or timezone.now()
    claimed = Delivery.objects.filter(
        Q(state__in=[Delivery.State.PENDING, Delivery.State.FAILED])
        | Q(state=Delivery.State.SENDING, claimed_at__lt=now - CLAIM_LEASE),
        pk=delivery_id,
    ).update(state=Delivery.State.SENDING, attempts=F("attempts") + 1, claimed_at=now)
    delivery = Delivery.objects.select_related("notification__user").filter(pk=delivery_id).first()
    if not claimed or delivery is None:
        return delivery.state if delivery is not None else "missing"
    channel = channel_registry.CHANNELS.get(delivery.channel)
    preference = preference_for(delivery.notification.user)
    try:
        if channel is None:
            raise channel_registry.ChannelError(f"no channel {delivery.channel!r}")
        sent_to = channel.send(delivery.notification, preference)
    except Exception as error:  # noqa: BLE001 - any channel failure is recorded and retried
        state = Delivery.State.GAVE_UP if delivery.attempts >= MAX_ATTEMPTS else Delivery.State.FAILED
        Delivery.objects.filter(pk=delivery_id, state=Delivery.State.SENDING).update(
            state=state, last_error=f"{type(error).__name__}: {error}"[:2000])
        logger.warning("notification delivery %s failed (attempt %s): %s",
                       delivery_id, delivery.attempts, error)
        return state
    Delivery.objects.filter(pk=delivery_id).update(
        state=Delivery.State.SENT, sent_at=timezone.now(), sent_to=sent_to[:254], last_error="")
    return Delivery.State.SENT


def retry_due(now: datetime | None = None, limit: int = 200) -> list[int]:
    """The sweep: deliveries that failed (after their wait), or were lost mid-send."""
    now = now or timezone.now()
    due = []
    for delivery in Delivery.objects.filter(
        Q(state=Delivery.State.FAILED) | Q(state=Delivery.State.PENDING)
        | Q(state=Delivery.State.SENDING, claimed_at__lt=now - CLAIM_LEASE)
    ).order_by("pk")[:limit]:
        waited = now - (delivery.claimed_at or delivery.notification.created_at)
        if delivery.state == Delivery.State.PENDING and waited < timedelta(minutes=1):
            continue  # just created: its own task is on the way
        if delivery.state == Delivery.State.FAILED and waited < backoff(delivery.attempts):
            continue
        later(DELIVER_TASK, delivery.pk, key=f"deliver:{delivery.pk}:{delivery.attempts}")
        due.append(delivery.pk)
    return due


# --- a person's own side --------------------------------------------------------------------------


def unread_count(user: Any) -> int:
    if user is None or not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def mark_read(*, user: Any, notification_id: int | None = None) -> int:
    """Mark one (or, without an id, every) notification of this person read."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    return unread.update(read_at=timezone.now())


class PreferenceError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def update_preferences(*, user: Any, email: bool, telegram_chat_id: str,
                       muted: list[str]) -> Preference:
    from notifications.models import Kind

    chat = telegram_chat_id.strip()
    if chat and (len(chat) > 40 or not chat.lstrip("-").isdigit()):
        raise PreferenceError("bad_chat_id", "A Telegram chat id is a number.")
    valid = {f"{kind}:{channel}" for kind in Kind.values for channel in channel_registry.CHANNELS}
    unknown = [item for item in muted if item not in valid]
    if unknown:
        raise PreferenceError("bad_muted", "Unknown kind or channel: " + ", ".join(unknown[:3]))
    try:
        with transaction.atomic():
            preference = preference_for(user)
            preference.email, preference.telegram_chat_id = email, chat
            preference.muted = sorted(set(muted))
            preference.save()
    except IntegrityError as error:  # two saves at once: the first one stands
        raise PreferenceError("busy", "Try again.") from error
    return preference
