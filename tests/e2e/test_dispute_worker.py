"""Disputes through the real pieces: a Redis server, a Celery worker process, the API.

The kill tests start their own Redis and worker (the session's are shared with other
tests), so killing them disturbs nobody else. The broker going down is
tests/e2e/test_broker_outage.py.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.utils import timezone
from rest_framework.test import APIClient

from disputes.checking import TEST_DELAY_ENV
from disputes.models import Dispute, DisputeEvent, DisputeStatus
from nardy_site import processes
from nardy_site.celery import app as celery_app
from nardy_site.redis_server import RedisServer, start_redis
from outbox.models import Message
from tests.games.match_factories import match_with_logins
from tests.support.celery_worker import Worker, database_url_for, point_app_at, start_worker

pytestmark = [pytest.mark.e2e]

LARGER_DIE = {"position_id": "eO8DABj/P4AAAA", "dice": [6, 2], "notation": "10/8"}


def submit(user: Any, match: Any) -> int:
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/disputes/", {**LARGER_DIE, "match": match.pk}, format="json")
    assert response.status_code == 201, response.content
    return int(response.data["id"])


def wait_until(condition: Callable[[], bool], timeout: float, what: str, log: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}\n{log[-4000:]}")


def status_of(dispute_id: int) -> str:
    return Dispute.objects.values_list("status", flat=True).get(pk=dispute_id)


def assert_one_verdict(dispute_id: int) -> Dispute:
    dispute = Dispute.objects.get(pk=dispute_id)
    assert dispute.status == DisputeStatus.CHECKED
    assert dispute.verdict is not None and dispute.verdict["code"] == "larger_die"
    events = DisputeEvent.objects.filter(dispute=dispute)
    assert events.filter(action="checked").count() == 1
    return dispute


def pool_children(worker: Worker) -> list[int]:
    """The pids of the worker's pool processes (children of the main process)."""
    path = Path(f"/proc/{worker.process.pid}/task/{worker.process.pid}/children")
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    try:
        server = start_redis(processes.free_port(), tmp_path / "redis")
    except FileNotFoundError:
        pytest.skip("no redis-server")
    yield server
    server.stop()


@pytest.fixture
def start_own_worker(
    own_redis: RedisServer, transactional_db: None, tmp_path: Path
) -> Iterator[Callable[..., Worker]]:
    """Start workers on this test's own Redis; each is stopped at the end."""
    started: list[Worker] = []
    database_url = database_url_for(connections["default"].settings_dict)

    def start(delay: float = 0.0) -> Worker:
        point_app_at(celery_app, own_redis.url, eager=False)
        previous = os.environ.get(TEST_DELAY_ENV)
        os.environ[TEST_DELAY_ENV] = str(delay)
        try:
            log = tmp_path / f"worker-{len(started)}.log"
            worker = start_worker(celery_app, own_redis.url, database_url, log)
        finally:
            if previous is None:
                os.environ.pop(TEST_DELAY_ENV, None)
            else:
                os.environ[TEST_DELAY_ENV] = previous
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def test_a_dispute_submitted_through_the_api_gets_its_verdict(celery_worker) -> None:
    match, alice, _ = match_with_logins()
    dispute_id = submit(alice, match)
    wait_until(lambda: status_of(dispute_id) == "checked", 60, "the verdict", celery_worker.log())
    dispute = assert_one_verdict(dispute_id)
    assert dispute.attempts == 1
    assert dispute.verdict["legal_plays"][0]["position_id"] == "eO8DABj/PwIAAA"
    actions = list(dispute.events.values_list("action", flat=True))
    assert actions == ["submitted", "checking", "checked"]


def test_a_pool_process_killed_mid_check_is_redelivered_and_stores_one_verdict(
    start_own_worker,
) -> None:
    worker = start_own_worker(delay=4.0)
    match, alice, _ = match_with_logins()
    dispute_id = submit(alice, match)
    wait_until(lambda: status_of(dispute_id) == "checking", 60, "the check to start", worker.log())
    (child,) = pool_children(worker)
    os.kill(child, signal.SIGKILL)  # the check dies between the engine's answer and storing it
    # acks_late + reject_on_worker_lost: the main process requeues it for a new pool process.
    wait_until(lambda: status_of(dispute_id) == "checked", 60, "the verdict", worker.log())
    dispute = assert_one_verdict(dispute_id)
    assert dispute.attempts == 2
    assert dispute.events.filter(action="checking").count() == 2
    time.sleep(1.0)  # nothing else arrives later
    assert DisputeEvent.objects.filter(dispute_id=dispute_id, action="checked").count() == 1


def test_a_whole_worker_killed_mid_check_is_finished_by_a_new_one_after_the_sweep(
    start_own_worker,
) -> None:
    first = start_own_worker(delay=30.0)
    match, alice, _ = match_with_logins()
    dispute_id = submit(alice, match)
    wait_until(lambda: status_of(dispute_id) == "checking", 60, "the check to start", first.log())
    os.killpg(first.process.pid, signal.SIGKILL)  # main process and pool, no goodbye
    first.process.wait(timeout=10)

    second = start_own_worker(delay=0.0)
    # The outbox row's lease runs out; the beat's sweep publishes it again.
    message = Message.objects.get(key=f"dispute-check:{dispute_id}")
    assert (message.state, message.attempts) == ("queued", 1)
    Message.objects.filter(pk=message.pk).update(next_attempt_at=timezone.now() - timedelta(1))
    from outbox.tasks import sweep

    sweep.delay()  # runs in the new worker, which then runs the check it published
    wait_until(lambda: status_of(dispute_id) == "checked", 60, "the verdict", second.log())
    dispute = assert_one_verdict(dispute_id)
    assert dispute.attempts == 2
    wait_until(
        lambda: Message.objects.get(pk=message.pk).state == "done", 30, "the row", second.log()
    )
    assert Message.objects.get(pk=message.pk).attempts == 2
