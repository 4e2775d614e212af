"""Years of data: the busy pages' queries do not grow with the data, and player search
by any part of a name is answered from the trigram indexes on PostgreSQL.

Two generated federations of different sizes (``manage.py generate_federation``) are
compared page by page; the full size is the benchmark's (``benchmarks/federation.py``).
"""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.selectors import NameViewer, players_named
from federations.synthetic.generate import Size, generate_federation
from federations.synthetic.pages import SEARCH, busy_pages

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

UNTIL = datetime.date(2026, 6, 30)
SMALL = Size(clubs=2, players=30, matches=300, seasons=1, seed=21, prefix="small", until=UNTIL)
LARGER = Size(clubs=3, players=120, matches=2400, seasons=2, seed=22, prefix="larger", until=UNTIL)


def _counts(size: Size) -> dict[str, int]:
    federation = generate_federation(size).federation
    counts = {}
    for page in busy_pages(federation):
        client = Client()
        if page.user is not None:
            client.force_login(page.user)
        client.get(page.url)  # the first visit fills the caches a visitor shares
        with CaptureQueriesContext(connection) as queries:
            response = client.get(page.url)
        assert response.status_code == 200, (page.name, response.status_code)
        counts[page.name] = len(queries.captured_queries)
    return counts


def test_the_busy_pages_run_as_many_queries_whatever_the_size():
    small = _counts(SMALL)
    larger = _counts(LARGER)  # four times the players, eight times the matches
    assert larger == small


def _plan(sql: str, params: tuple) -> str:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def test_player_search_by_any_part_of_a_name_uses_the_trigram_indexes():
    if connection.vendor != "postgresql":
        pytest.skip("trigram indexes exist on PostgreSQL only")
    generate_federation(Size(clubs=10, players=3000, matches=400, seasons=1, seed=23,
                             prefix="search", until=UNTIL))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_player")
        # A table of 3,000 rows may be cheaper to scan than to search: with scans priced
        # out, the plan must come from the trigram indexes, which proves they serve the
        # search's own expression (LOWER(name) LIKE '%part%'). The benchmark shows the
        # planner choosing them by itself at 20,000 players.
        cursor.execute("SET LOCAL enable_seqscan = off")
    for viewer in (NameViewer(), NameViewer(sees_all=True)):
        found = players_named(SEARCH, viewer)[:20]
        plan = _plan(*found.query.sql_with_params())
        assert "player_display_name_trgm" in plan, plan
        assert "Seq Scan on tournaments_player" not in plan, plan
        assert all(SEARCH in (p.display_name + " " + p.name).lower() for p in found)
