"""Groups then a knockout with the group stage in any group format (issue 16): Swiss
groups, and play-offs for a group's tied qualifying places before the knockout."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.support.clients import error_of
from tests.tournaments.test_formats_api import create, run_event
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_api() -> APIClient:
    from tests.factories import ClubFactory, UserFactory

    api = APIClient()
    user = UserFactory()
    api.force_authenticate(user)
    ClubFactory(slug="riverside", directors=[user])
    return api


def run_groups(api: APIClient, pk: int, rng: random.Random) -> None:
    """Play every group round, ask for the knockout (after play-offs if any), play it."""
    assert api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for _ in range(200):
        event = api.get(f"/api/tournaments/{pk}/").json()
        if event["status"] == "finished":
            return
        pairings = api.get(f"/api/tournaments/{pk}/pairings/").json()
        ready = [p for p in pairings if p["state"] == "ready"]
        for pairing in ready:
            length = pairing["match"]["length"]
            seat = rng.choice((1, 2))
            done = api.post(f"/api/pairings/{pairing['id']}/result/",
                            {"score1": length if seat == 1 else 0,
                             "score2": length if seat == 2 else 0, "reason": "sheet"},
                            format="json")
            assert done.status_code == 201, done.json()
        if ready:
            continue
        if event["draw_size"]:
            continue
        started = api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json")
        if started.status_code == 409 and error_of(started)["code"] == "all_rounds_played":
            started = api.post(f"/api/tournaments/{pk}/next-round/", {"stage": "knockout"},
                               format="json")
        assert started.status_code == 200, started.json()
    raise AssertionError("the event never finished")


def test_swiss_groups_then_a_knockout_through_the_api(director_api: APIClient) -> None:
    pk = create(director_api, 10, format="groups_knockout", group_format="swiss", group_count=2,
                qualifiers_per_group=2, swiss_rounds=3)
    run_groups(director_api, pk, random.Random(3))
    event = Tournament.objects.get(pk=pk)
    group = event.pairings.filter(flight="group")
    assert {p.round for p in group} == {1, 2, 3}
    assert group.filter(round=1).count() == 6  # two groups of five: 2 matches and a bye each
    assert event.pairings.filter(flight="main").exists() and event.status == "finished"
