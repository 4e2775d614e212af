"""Registering endpoints, emitting events to them, posting them signed, retrying.

``emit`` runs inside the transaction of the event: one delivery row per subscribed
endpoint (a unique key: never two for the same event), its post queued for after the
commit. ``deliver`` claims the row with a conditional update, posts it, and records the
answer; a failure waits ``backoff(attempts)`` and the sweep posts it again, until
``MAX_ATTEMPTS``.
"""

from __future__ import annotations

import json
import logging
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.errors import DomainError
from clubs.models import Club
from clubs.permissions import AnyUser, can_manage_club
from outbox.services import enqueue
from webhooks import signing
from webhooks.models import Delivery, Endpoint, Event

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
MAX_ENDPOINTS = 10
TIMEOUT_SECONDS = 10
CLAIM_LEASE = timedelta(minutes=2)
DELIVER_TASK = "webhooks.deliver"


class WebhookError(DomainError):
    """An endpoint that cannot be registered or changed as asked."""


def later(delivery_id: int, attempt: int = 0) -> None:
    """The one way webhooks ask for background work: the transactional outbox, one piece
    of work per delivery and attempt (``attempt``: the attempts made so far)."""
    enqueue(DELIVER_TASK, delivery_id, key=f"webhook:{delivery_id}:{attempt}")


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(6 * 3600, 30 * 2 ** max(0, attempts - 1)))


def _check_events(events: Iterable[str]) -> list[str]:
    events = list(dict.fromkeys(events))
    unknown = [e for e in events if e not in Event.values]
    if unknown or not events:
        raise WebhookError("bad_events", "Choose at least one of the events offered.",
                           {"events": ", ".join(Event.values)})
    return events


def _check_url(url: str) -> str:
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or len(url) > 300:
        raise WebhookError("bad_url", "Give an http:// or https:// address of at most 300 characters.")
    return url


@transaction.atomic
def create_endpoint(*, club: Club, url: str, events: Iterable[str], by: AnyUser) -> Endpoint:
    if not can_manage_club(by, club):
        raise WebhookError("not_allowed", "Only the directors of this club register webhooks.")
    Club.objects.select_for_update().filter(pk=club.pk).first()
    if club.webhook_endpoints.count() >= MAX_ENDPOINTS:
        raise WebhookError("too_many_endpoints", f"A club has at most {MAX_ENDPOINTS} webhooks.",
                           {"maximum": MAX_ENDPOINTS})
    return Endpoint.objects.create(club=club, url=_check_url(url), events=_check_events(events),
                                   secret=secrets.token_hex(24))


@transaction.atomic
def delete_endpoint(*, endpoint: Endpoint, by: AnyUser) -> None:
    if not can_manage_club(by, endpoint.club):
        raise WebhookError("not_allowed", "Only the directors of this club change its webhooks.")
    endpoint.delete()


@transaction.atomic
def rotate_secret(*, endpoint: Endpoint, by: AnyUser) -> Endpoint:
    if not can_manage_club(by, endpoint.club):
        raise WebhookError("not_allowed", "Only the directors of this club change its webhooks.")
    endpoint.secret = secrets.token_hex(24)
    endpoint.save(update_fields=["secret"])
    return endpoint


def wanted(*, club_id: int, event: str) -> bool:
    """Does an active endpoint of the club want ``event``? (Before building a payload.)"""
    return any(event in (events or []) for events in
               Endpoint.objects.filter(club_id=club_id, active=True).values_list("events", flat=True))


def emit(*, club_id: int, event: str, key: str, payload: dict[str, Any]) -> list[int]:
    """Save one delivery per active endpoint of the club that wants ``event``."""
    created = []
    for endpoint in Endpoint.objects.filter(club_id=club_id, active=True):
        if event not in (endpoint.events or []):
            continue
        delivery, new = Delivery.objects.get_or_create(
            key=f"{key}:{endpoint.pk}"[:200],
            defaults={"endpoint": endpoint, "event": event,
                      "payload": {"event": event, "id": key, **payload}},
        )
        if new:
            later(delivery.pk)
            created.append(delivery.pk)
    return created


def body_of(delivery: Delivery) -> bytes:
    return json.dumps(delivery.payload, sort_keys=True, separators=(",", ":")).encode()


def deliver(delivery_id: int, now: datetime | None = None) -> str:
    """Post one delivery, signed; returns its state afterwards (see the module)."""
    now = now or timezone.now()
    claimed = Delivery.objects.filter(
        Q(state__in=[Delivery.State.PENDING, Delivery.State.FAILED], next_attempt_at__lte=now)
        | Q(state=Delivery.State.SENDING, next_attempt_at__lte=now - CLAIM_LEASE),
        pk=delivery_id,
    ).update(state=Delivery.State.SENDING, attempts=F("attempts") + 1, next_attempt_at=now)
    delivery = Delivery.objects.select_related("endpoint").filter(pk=delivery_id).first()
    if delivery is None:
        return "missing"
    if not claimed:
        return delivery.state
    body = body_of(delivery)
    request = urllib.request.Request(delivery.endpoint.url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "User-Agent": "nardy-webhooks/1",
        "X-Nardy-Event": delivery.event,
        "X-Nardy-Delivery": str(delivery.pk),
        signing.HEADER: signing.sign(delivery.endpoint.secret, body),
    })
    status, error = None, ""
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
    except urllib.error.HTTPError as failure:
        status, error = failure.code, f"HTTP {failure.code}"
    except (urllib.error.URLError, OSError, ValueError) as failure:
        error = f"{type(failure).__name__}: {failure}"
    if status is not None and 200 <= status < 300:
        Delivery.objects.filter(pk=delivery_id).update(
            state=Delivery.State.DELIVERED, last_status=status, last_error="",
            delivered_at=timezone.now())
        return Delivery.State.DELIVERED
    attempts = delivery.attempts
    state = Delivery.State.GAVE_UP if attempts >= MAX_ATTEMPTS else Delivery.State.FAILED
    Delivery.objects.filter(pk=delivery_id, state=Delivery.State.SENDING).update(
        state=state, last_status=status, last_error=(error or f"HTTP {status}")[:2000],
        next_attempt_at=now + backoff(attempts))
    logger.warning("webhook delivery %s to %s failed (attempt %s): %s",
                   delivery_id, delivery.endpoint.url, attempts, error or status)
    return state


def retry_due(now: datetime | None = None, limit: int = 200) -> list[int]:
    """The sweep: failed deliveries whose wait is over, pending ones whose message was lost,
    and posts lost with their worker."""
    now = now or timezone.now()
    due = list(Delivery.objects.filter(
        Q(state=Delivery.State.FAILED, next_attempt_at__lte=now)
        | Q(state=Delivery.State.PENDING, created_at__lte=now - timedelta(minutes=1))
        | Q(state=Delivery.State.SENDING, next_attempt_at__lte=now - CLAIM_LEASE)
    ).order_by("next_attempt_at", "pk").values_list("pk", "attempts")[:limit])
    for delivery_id, attempts in due:
        later(delivery_id, attempts)
    return [delivery_id for delivery_id, _ in due]
