"""Each web process keeps the page cache's values it used lately in its own memory
(``page_cache._LOCAL``): exact, since a key names one version of what it shows, and
bounded, so that a process never grows with the number of events."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import page_cache, services
from tournaments.models import Pairing, Tournament
from tournaments.page_cache import _LocalValues


def test_the_least_recently_used_go_first_within_the_bounds() -> None:
    local = _LocalValues(entries=3, size=100)
    for key in "abc":
        local.put(key, key * 10)
    assert local.get("a") == "a" * 10  # used: now the most recent
    local.put("d", "d" * 10)
    assert local.get("b") is None  # the least recently used went
    assert [local.get(key) for key in "acd"] == ["a" * 10, "c" * 10, "d" * 10]
    local.put("e", "e" * 90)  # 120 characters kept at most 100: the oldest go until it fits
    assert local.get("e") == "e" * 90
    assert [local.get(key) for key in "acd"] == [None, None, "d" * 10]
    local.put("huge", "x" * 101)  # larger than the whole store: not kept, nothing dropped
    assert local.get("huge") is None and local.get("d") == "d" * 10


def test_a_value_put_again_is_counted_once() -> None:
    local = _LocalValues(entries=10, size=100)
    for _ in range(5):
        local.put("a", "a" * 40)
    local.put("b", "b" * 40)
    assert local.get("a") and local.get("b")  # 80 of 100: both fit


@pytest.mark.django_db
def test_a_fragment_is_served_from_the_process_and_never_outlives_its_version() -> None:
    assert page_cache.enabled()
    event = make_event(6, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    url = reverse("tournaments:crosstable", args=[event.pk])
    client = Client()
    first = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    cache.delete_many([key for key in list(page_cache._LOCAL._values) if ":crosstable:" in key])
    # the shared copy is gone (evicted): this process still has it, nothing is worked out
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert again == first
    assert not any("tournaments_pairing" in q["sql"] for q in queries.captured_queries)
    # a result changes the version: the page shows it at once, from any process
    pairing = event.pairings.filter(state=Pairing.State.READY).select_related("match").first()
    play(pairing.match, random.Random(3).choice((1, 2)))
    after = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert after != first and "win" in after
    page_cache._LOCAL.clear()  # what another process (its memory empty) renders is the same
    assert client.get(url, HTTP_HX_REQUEST="true").content.decode() == after
