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

import hashlib
import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.models import Club
from clubs.profiles import club_language, language_for, own_languages
from common.bounds import parse_int
from common.bulk import update_rows
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
DELIVER_MANY_TASK = "notifications.deliver_many"


def announce(event: str, *args: Any, occurrence: str = "") -> None:
    """Ask for the people concerned by ``event`` to be told (after the commit, in a worker).

    ``occurrence`` tells apart two happenings of the same event with the same arguments
    (a pairing changed twice, a registration accepted again): each is its own work.
    """
    if event not in EVENTS:
        raise ValueError(f"unknown notification event {event!r}")
    key = f"notify:{event}:{':'.join(map(str, args))}:{occurrence}"
    if len(key) > 255:  # many ids (a whole round): named by a digest, never cut short
        key = f"notify:{event}:{hashlib.blake2b(key.encode(), digest_size=24).hexdigest()}"
    later(FAN_OUT_TASK, event, list(args), key=key)


def language_of(user: Any, club: Club | None = None) -> str:
    """The language a person reads in (``clubs.profiles.language_for``): their choice,
    else their browser's at sign-up, else the language of the club the message is about
    (never the language of whatever request happened to cause the notification)."""
    return language_for(user, club)


def preference_for(user: Any) -> Preference:
    preference, _ = Preference.objects.get_or_create(user=user)
    return preference


def fan_out(event: str, args: list[Any]) -> list[int]:
    """The worker's side of ``announce``: notifications and their deliveries, written in
    bulk (a few queries per batch of people, not per person), and one queued piece of
    work that sends all the deliveries (``deliver_many``). Safe to run twice (a
    notification's key exists once; a delivery once per channel)."""
    build = EVENTS.get(event)
    if build is None:
        logger.error("notifications: unknown event %r", event)
        return []
    messages = build(*args)
    user_ids = list(dict.fromkeys(m.user_id for m in messages))
    users: dict[int, Any] = {}
    for ids in _batches(user_ids):
        users.update((u.pk, u) for u in get_user_model().objects.filter(pk__in=ids)
                     .select_related("notification_preference"))
    clubs = Club.objects.in_bulk({m.club_id for m in messages if m.club_id is not None})
    own = own_languages(user_ids)
    keys = list(dict.fromkeys(m.key[:200] for m in messages))
    seen: set[str] = set()
    for batch in _batches(keys):
        seen.update(Notification.objects.filter(key__in=batch).values_list("key", flat=True))
    new: list[Notification] = []
    for message in messages:
        user, key = users.get(message.user_id), message.key[:200]
        if user is None or not user.is_active or key in seen:
            continue
        seen.add(key)
        club = clubs.get(message.club_id)
        new.append(Notification(
            key=key, user=user, kind=MESSAGES[message.name].kind, message=message.name,
            params=message.params, club_id=message.club_id, url=message.url[:300],
            language=own.get(user.pk) or _club_or_site_language(user, club)))
    if not new:
        return []
    with transaction.atomic():
        Notification.objects.bulk_create(new, ignore_conflicts=True)  # a second run at once
        made: dict[str, int] = {}
        for batch in _batches([n.key for n in new]):
            made.update(Notification.objects.filter(key__in=batch).values_list("key", "pk"))
        deliveries = []
        for notification in new:
            preference = _preference_of(notification.user)
            for channel in channel_registry.CHANNELS.values():
                if (preference.wants(notification.kind, channel.name)
                        and channel.available(notification.user, preference)):
                    deliveries.append(Delivery(notification_id=made[notification.key], channel=channel.name))
        Delivery.objects.bulk_create(deliveries, ignore_conflicts=True)
        pending: list[int] = []
        for batch in _batches(list(made.values())):
            pending += Delivery.objects.filter(notification_id__in=batch, state=Delivery.State.PENDING
                                               ).values_list("pk", flat=True)
        if pending:
            _deliver_later(sorted(pending))
    return [made[n.key] for n in new]


def _batches(values: list[Any], size: int = 500) -> list[list[Any]]:
    return [values[start:start + size] for start in range(0, len(values), size)]


def _club_or_site_language(user: Any, club: Club | None) -> str:
    """``language_of`` for a person with no language of their own (known already)."""
    if club is not None:
        return club_language(club) or settings.LANGUAGE_CODE
    return language_of(user, None)


def _preference_of(user: Any) -> Preference:
    """The person's preferences as loaded with them; the defaults when they have none."""
    try:
        return user.notification_preference
    except ObjectDoesNotExist:
        return Preference(user=user)


def _deliver_later(delivery_ids: list[int], attempt: str = "") -> None:
    digest = hashlib.blake2b(f"{delivery_ids}:{attempt}".encode(), digest_size=16).hexdigest()
    later(DELIVER_MANY_TASK, delivery_ids, key=f"deliver-many:{delivery_ids[0]}:{len(delivery_ids)}:{digest}")


def deliver_many(delivery_ids: list[int], now: datetime | None = None) -> dict[str, int]:
    """Send many deliveries, each once: claimed together (conditional updates), sent on
    their channels in batches (``Channel.send_many``: emails over one connection), and
    marked in one set-based write per outcome. Returns how many ended in each state."""
    now = now or timezone.now()
    claimable = (Q(state__in=[Delivery.State.PENDING, Delivery.State.FAILED])
                 | Q(state=Delivery.State.SENDING, claimed_at__lt=now - CLAIM_LEASE))
    claimed: list[Delivery] = []
    for batch in _batches(list(delivery_ids)):
        Delivery.objects.filter(claimable, pk__in=batch).update(
            state=Delivery.State.SENDING, attempts=F("attempts") + 1, claimed_at=now)
        claimed += Delivery.objects.filter(pk__in=batch, state=Delivery.State.SENDING, claimed_at=now
                                           ).select_related("notification__user__notification_preference")
    by_channel: dict[str, list[Delivery]] = {}
    for delivery in claimed:
        by_channel.setdefault(delivery.channel, []).append(delivery)
    outcomes: dict[int, str | Exception] = {}
    for name, deliveries in by_channel.items():
        channel = channel_registry.CHANNELS.get(name)
        if channel is None:
            outcomes.update((d.pk, channel_registry.ChannelError(f"no channel {name!r}")) for d in deliveries)
            continue
        items = [(d.notification, _preference_of(d.notification.user)) for d in deliveries]
        for delivery, outcome in zip(deliveries, channel.send_many(items), strict=True):
            outcomes[delivery.pk] = outcome
    sent, failed = [], []
    for delivery in claimed:
        outcome = outcomes[delivery.pk]
        if isinstance(outcome, Exception):
            delivery.state = (Delivery.State.GAVE_UP if delivery.attempts >= MAX_ATTEMPTS
                              else Delivery.State.FAILED)
            delivery.last_error = f"{type(outcome).__name__}: {outcome}"[:2000]
            logger.warning("notification delivery %s failed (attempt %s): %s",
                           delivery.pk, delivery.attempts, outcome)
            failed.append(delivery)
        else:
            delivery.state, delivery.sent_at = Delivery.State.SENT, timezone.now()
            delivery.sent_to, delivery.last_error = outcome[:254], ""
            sent.append(delivery)
    update_rows(Delivery, sent, ["state", "sent_at", "sent_to", "last_error"])
    update_rows(Delivery, failed, ["state", "last_error"])
    counts: dict[str, int] = {}
    for delivery in claimed:
        counts[delivery.state] = counts.get(delivery.state, 0) + 1
    return counts


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
    """The sweep: deliveries that failed (after their wait), or were lost mid-send; all
    that are due go in one piece of work (``deliver_many``)."""
    now = now or timezone.now()
    due = []
    for delivery in Delivery.objects.filter(
        Q(state=Delivery.State.FAILED) | Q(state=Delivery.State.PENDING)
        | Q(state=Delivery.State.SENDING, claimed_at__lt=now - CLAIM_LEASE)
    ).select_related("notification").order_by("pk")[:limit]:
        waited = now - (delivery.claimed_at or delivery.notification.created_at)
        if delivery.state == Delivery.State.PENDING and waited < timedelta(minutes=1):
            continue  # just created: its own task is on the way
        if delivery.state == Delivery.State.FAILED and waited < backoff(delivery.attempts):
            continue
        due.append((delivery.pk, delivery.attempts))
    if due:
        _deliver_later([pk for pk, _ in due], attempt=str(due))
    return [pk for pk, _ in due]


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
    if chat and parse_int(chat, -(10**20) + 1, 10**20 - 1) is None:
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
