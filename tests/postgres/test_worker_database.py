"""A real Celery worker shares the test database, whichever database that is.

The worker is a separate process: it gets the test database's DATABASE_URL
(``tests.support.celery_worker.database_url_for``), so on PostgreSQL it opens the
throwaway server's test database, and the verdict it stores is the one read here.
"""

from __future__ import annotations

import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from disputes.models import Dispute, DisputeEvent, DisputeStatus
from tests.games.match_factories import match_with_logins
from tests.support.celery_worker import database_url_for

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.e2e,
]

# Black 62 with 10/8 moves the smaller die although the larger one could be played.
LARGER_DIE = {"position_id": "eO8DABj/P4AAAA", "dice": [6, 2], "notation": "10/8"}
SCHEMES = {"sqlite": "sqlite:", "postgresql": "postgres:"}


def test_a_dispute_is_settled_by_the_worker_in_the_same_database(celery_worker) -> None:
    assert database_url_for(connection.settings_dict).startswith(SCHEMES[connection.vendor])
    match, user1, _user2 = match_with_logins()
    client = APIClient()
    client.force_authenticate(user1)
    response = client.post("/api/disputes/", {**LARGER_DIE, "match": match.pk}, format="json")
    assert response.status_code == 201, response.content
    dispute_id = int(response.data["id"])

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status = Dispute.objects.values_list("status", flat=True).get(pk=dispute_id)
        if status == DisputeStatus.CHECKED:
            break
        time.sleep(0.2)
    dispute = Dispute.objects.get(pk=dispute_id)
    assert dispute.status == DisputeStatus.CHECKED, celery_worker.log()[-3000:]
    assert dispute.verdict is not None and dispute.verdict["code"] == "larger_die"
    assert DisputeEvent.objects.filter(dispute=dispute, action="checked").count() == 1
