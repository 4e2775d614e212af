"""The broker goes down: people's actions still succeed at once, and the work they asked
for is done once the broker is back, all of it, once each.

Real pieces, all this test's own (stopping them disturbs nobody else): a Redis server, a
Celery worker process and celery beat (the outbox sweep every second). The requests go
through Django's test client in this process, which publishes to that Redis.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from disputes.models import Dispute, DisputeEvent
from games.models import MatchTranscript
from nardy_site import processes
from nardy_site.celery import app as celery_app
from nardy_site.devserver import cache_url
from nardy_site.env import shared_cache
from nardy_site.redis_server import RedisServer, start_redis
from outbox.models import Message
from tests.games.match_factories import match_with_logins
from tests.support.celery_worker import (
    Worker,
    database_url_for,
    point_app_at,
    start_beat,
    start_worker,
)

pytestmark = [pytest.mark.e2e]

TRANSCRIPT = (
    Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"
).read_text()
LARGER_DIE = {"position_id": "eO8DABj/P4AAAA", "dice": [6, 2], "notation": "10/8"}
CHECKS = ("games.tasks.check_transcript", "disputes.tasks.check_dispute")
QUICK = {
    "NARDY_OUTBOX_SWEEP_SECONDS": "1",
    "NARDY_OUTBOX_BACKOFF_SECONDS": "1",
    "NARDY_HEARTBEAT_SECONDS": "1",
}


@dataclass
class Services:
    redis: RedisServer
    worker: Worker
    beat: Worker

    def logs(self) -> str:
        return f"--- worker\n{self.worker.log()[-3000:]}\n--- beat\n{self.beat.log()[-2000:]}"


@pytest.fixture
def services(tmp_path: Path, transactional_db: None, settings: Any) -> Iterator[Services]:
    try:
        redis = start_redis(processes.free_port(), tmp_path / "redis")
    except FileNotFoundError:
        pytest.skip("no redis-server")
    database_url = database_url_for(connections["default"].settings_dict)
    point_app_at(celery_app, redis.url, eager=False)
    settings.OUTBOX_BACKOFF_SECONDS = 1  # this process's failed publishes wait 1 s too
    settings.HEARTBEAT_SECONDS = 10  # /health/ here: a heartbeat within 30 s (beat: every 1 s)
    # as deployed (deploy/compose.yaml): the cache on the same Redis, so it goes down too
    settings.CACHES = {"default": shared_cache(cache_url(redis.url))}
    settings.NARDY_PAGE_CACHE = True
    worker = start_worker(celery_app, redis.url, database_url, tmp_path / "worker.log", **QUICK)
    # as deployed: a valid transcript is analysed on its own queue by its own worker
    analysis = start_worker(celery_app, redis.url, database_url, tmp_path / "analysis.log",
                            queues="analysis", name="test-analysis", **QUICK)
    beat = start_beat(redis.url, database_url, tmp_path, **QUICK)
    running = Services(redis, worker, beat)
    yield running
    beat.stop()
    analysis.stop()
    worker.stop()
    running.redis.stop()


def wait_until(condition: Callable[[], bool], timeout: float, what: str, log: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}\n{log}")


def upload(client: Client, match: Any, name: str) -> float:
    """Upload the transcript through the match page; the seconds the request took."""
    url = reverse("games:upload_transcript", args=[match.pk])
    started = time.monotonic()
    response = client.post(url, {"file": _file(name)})
    took = time.monotonic() - started
    assert response.status_code == 302, response.content[:500]
    return took


def _file(name: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, TRANSCRIPT.encode(), content_type="text/plain")


def dispute(api: APIClient, match: Any) -> tuple[int, float]:
    started = time.monotonic()
    response = api.post("/api/disputes/", {**LARGER_DIE, "match": match.pk}, format="json")
    took = time.monotonic() - started
    assert response.status_code == 201, response.content[:500]
    return int(response.data["id"]), took


def health(client: Client) -> tuple[int, dict[str, Any]]:
    response = client.get("/health/")
    return response.status_code, response.json()


def all_done() -> bool:
    return not Message.objects.exclude(state="done").exists()


def test_with_the_broker_stopped_actions_succeed_at_once_and_the_work_is_done_once_later(
    services: Services,
) -> None:
    match, alice, _bob = match_with_logins()
    client, api = Client(), APIClient()
    client.force_login(alice)
    api.force_authenticate(alice)

    # Everything up: the work is done straight away (and the code paths are warm).
    upload(client, match, "before.mat")
    before, _ = dispute(api, match)
    wait_until(all_done, 60, "the work asked for while the broker was up", services.logs())
    wait_until(lambda: health(client)[0] == 200, 60, "a healthy /health/", services.logs())

    port, data_dir = services.redis.port, services.redis.data_dir
    services.redis.stop()
    timings = [upload(client, match, "during-1.mat"), upload(client, match, "during-2.mat")]
    started = time.monotonic()  # a page that reads the cache, and the API's throttles
    assert client.get(reverse("games:match_detail", args=[match.pk])).status_code == 200
    assert api.get("/api/tournaments/").status_code == 200
    timings.append(time.monotonic() - started)
    during = []
    for _ in range(2):
        dispute_id, took = dispute(api, match)
        during.append(dispute_id)
        timings.append(took)
    assert max(timings) < 1.0, timings  # nobody waits for the broker
    status, body = health(client)
    assert status == 503 and body["broker"]["ok"] is False and body["database"]["ok"] is True
    assert body["outbox"]["waiting"] >= 4  # the checks (and the notifications of the disputes)

    waiting = Message.objects.exclude(state="done")
    assert set(waiting.values_list("state", flat=True)) == {"pending"}
    assert waiting.filter(task__in=CHECKS).count() == 4
    left = set(waiting.values_list("pk", flat=True))
    assert MatchTranscript.objects.filter(status="pending").count() == 2
    assert Dispute.objects.filter(pk__in=during, status="submitted").count() == 2
    time.sleep(2)  # the worker and beat are still running; nothing moves without the broker
    assert set(Message.objects.exclude(state="done").values_list("pk", flat=True)) == left

    services.redis = start_redis(port, data_dir)  # the broker is back, on the same address
    wait_until(all_done, 90, "the work once the broker was back", services.logs())

    transcripts = list(MatchTranscript.objects.order_by("pk"))
    assert len(transcripts) == 3
    assert all(t.status == "checked" and t.attempts == 1 for t in transcripts)
    disputes = Dispute.objects.filter(pk__in=[before, *during])
    assert all(d.status == "checked" and d.attempts == 1 for d in disputes)
    wait_until(lambda: health(client)[0] == 200, 60, "/health/ back to 200", services.logs())
    time.sleep(3)  # a few more sweeps: nothing is published or done again
    assert Message.objects.filter(task__in=CHECKS).count() == 6 and all_done()
    for dispute_id in [before, *during]:
        actions = list(
            DisputeEvent.objects.filter(dispute_id=dispute_id).values_list("action", flat=True)
        )
        assert actions == ["submitted", "checking", "checked"]
    assert all(t.attempts == 1 for t in MatchTranscript.objects.all())


def test_a_frozen_broker_costs_a_request_its_timeout_at_most_and_nothing_runs_twice(
    services: Services,
) -> None:
    """Redis stopped with SIGSTOP: connections are accepted but nothing answers, so the
    publish may or may not have reached it. The row stays pending and is published again
    later; if both copies arrive, the second finds the row done."""
    match, alice, _bob = match_with_logins()
    api = APIClient()
    api.force_authenticate(alice)
    before, _ = dispute(api, match)
    wait_until(all_done, 60, "the first dispute", services.logs())

    os.kill(services.redis.process.pid, signal.SIGSTOP)
    try:
        frozen, took = dispute(api, match)
    finally:
        os.kill(services.redis.process.pid, signal.SIGCONT)
    assert took < 1.5, took  # NARDY_BROKER_TIMEOUT is 0.5 s
    # the publish timed out: left for the sweep (though the message may have arrived)
    assert Message.objects.get(key=f"dispute-check:{frozen}").last_error.startswith("broker:")

    wait_until(all_done, 90, "the work once the broker answers again", services.logs())
    assert "Couldn't ack" not in services.worker.log()  # the worker waited for the broker
    time.sleep(3)  # a few more sweeps
    for dispute_id in (before, frozen):
        actions = list(
            DisputeEvent.objects.filter(dispute_id=dispute_id).values_list("action", flat=True)
        )
        assert actions == ["submitted", "checking", "checked"]
