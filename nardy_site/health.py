"""``/health/``: is this deployment able to serve and to do its background work?

JSON, for a load balancer or a monitor: ``database`` (a query answers), ``broker`` (the
Celery broker accepts a connection within ``NARDY_BROKER_TIMEOUT``) and ``worker`` (a
worker ran the periodic heartbeat task, sent by celery beat every
``NARDY_HEARTBEAT_SECONDS``, within three of those periods). 200 when all three are
fine, 503 otherwise. ``outbox`` tells how much background work waits and how much was
given up; it does not change the status. Errors are named by their kind only: the page
is public.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from nardy_site.celery import app


def database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    # Any failure is "not ok" (a health page never answers 500); its kind is enough.
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True}


def broker() -> dict[str, Any]:
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=0)  # connects and pings; timeouts in settings
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True}


def worker() -> dict[str, Any]:
    from outbox.models import Heartbeat

    try:
        beat = Heartbeat.objects.filter(name="worker").first()
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": type(error).__name__}
    if beat is None:
        return {"ok": False, "error": "no heartbeat yet"}
    age = (timezone.now() - beat.at).total_seconds()
    limit = 3 * settings.HEARTBEAT_SECONDS
    return {
        "ok": age <= limit,
        "last_heartbeat": beat.at.isoformat(),
        "age_seconds": round(age, 1),
        "limit_seconds": limit,
    }


def outbox() -> dict[str, Any]:
    from outbox.models import Message, MessageState

    try:
        late = timezone.now() - timedelta(minutes=5)
        waiting = Message.objects.filter(state__in=[MessageState.PENDING, MessageState.QUEUED])
        return {
            "waiting": waiting.count(),
            "waiting_over_5_minutes": waiting.filter(created_at__lt=late).count(),
            "given_up": Message.objects.filter(state=MessageState.FAILED).count(),
        }
    except Exception as error:  # noqa: BLE001
        return {"error": type(error).__name__}


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": database(), "broker": broker(), "worker": worker()}
    ok = all(check["ok"] for check in checks.values())
    body = {"status": "ok" if ok else "failing", **checks, "outbox": outbox()}
    return JsonResponse(body, status=200 if ok else 503)
