"""The bracket and the crosstable load their data in a fixed number of queries."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

MAX_QUERIES = 12  # session/user, tournament, permission check, entries, pairings, ...


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def _knockout(entrants: int) -> Tournament:
    event = make_event(entrants, consolation="first_match_losers")
    services.make_draw(tournament=event, actor=director_of(event))
    for number in range(1, entrants // 2 + 1):
        play(pairing(event, "main", 1, number).match, 1)
    return event


def test_bracket_queries_do_not_grow_with_the_field(client: Client, django_assert_max_num_queries) -> None:
    small, large = _knockout(8), _knockout(64)
    client.force_login(director_of(large))
    counts = [_count(client, reverse("tournaments:bracket", args=[e.pk])) for e in (small, large)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(MAX_QUERIES):
        client.get(reverse("tournaments:bracket", args=[large.pk]))


def _round_robin(entrants: int) -> Tournament:
    event = make_event(entrants, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    services.start_round(tournament=event, actor=director_of(event), through=entrants)
    for p in event.pairings.filter(state="ready").select_related("match")[: entrants]:
        play(p.match, 1)
    return event


def test_crosstable_of_64_players_in_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries
) -> None:
    small, large = _round_robin(8), _round_robin(64)
    assert large.pairings.count() == 2016
    counts = [_count(client, reverse("tournaments:crosstable", args=[e.pk])) for e in (small, large)]
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(MAX_QUERIES):
        client.get(reverse("tournaments:crosstable", args=[large.pk]))
    counts = [_count(client, reverse("tournaments:standings", args=[e.pk])) for e in (small, large)]
    assert counts[0] == counts[1]
