"""/health/: 200 with database, broker and a recent worker heartbeat; 503 otherwise."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from nardy_site import processes
from nardy_site.celery import app as celery_app
from outbox.models import Heartbeat, Message
from outbox.tasks import heartbeat
from tests.support.celery_worker import point_app_at

pytestmark = pytest.mark.django_db


def dead_broker() -> None:
    point_app_at(celery_app, f"redis://127.0.0.1:{processes.free_port()}/0", eager=True)


def test_without_a_broker_or_a_heartbeat_it_answers_503_naming_what_fails(client) -> None:
    dead_broker()
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["database"] == {"ok": True}
    assert body["broker"]["ok"] is False and body["broker"]["error"] == "OperationalError"
    assert body["worker"] == {"ok": False, "error": "no heartbeat yet"}
    assert body["outbox"] == {"waiting": 0, "waiting_over_5_minutes": 0, "given_up": 0}
    assert "no-cache" in response["Cache-Control"]


def test_a_stale_heartbeat_fails_the_worker_check(client, settings) -> None:
    dead_broker()
    settings.HEARTBEAT_SECONDS = 30
    heartbeat.delay()  # eagerly, as a worker would
    assert client.get("/health/").json()["worker"]["ok"] is True
    Heartbeat.objects.update(at=timezone.now() - timedelta(seconds=91))
    worker = client.get("/health/").json()["worker"]
    assert worker["ok"] is False and worker["limit_seconds"] == 90


def test_waiting_and_given_up_work_is_counted(client) -> None:
    dead_broker()
    old = timezone.now() - timedelta(minutes=6)
    Message.objects.create(task="t", key="a", created_at=old)
    Message.objects.create(task="t", key="b")
    Message.objects.create(task="t", key="c", state="failed")
    Message.objects.create(task="t", key="d", state="done")
    outbox = client.get("/health/").json()["outbox"]
    assert outbox == {"waiting": 2, "waiting_over_5_minutes": 1, "given_up": 1}


@pytest.mark.e2e
def test_with_everything_up_it_answers_200(client, redis_server) -> None:
    point_app_at(celery_app, redis_server.url, eager=True)
    heartbeat.delay()
    response = client.get("/health/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok" and body["broker"] == {"ok": True}
    assert body["worker"]["ok"] is True and body["worker"]["age_seconds"] < 60
