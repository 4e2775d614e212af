"""A league evening's busy reads, held without a clock: the console lists a page of the
league's matches whatever their number, and one version of a league's table is worked out
once for the crosstable, the standings page and the API's standings.

A 50-player league with every round open has 1,225 matches: the console rendered every one
of them with its forms (1.4 s of CPU a request), and the three views of the table each
worked it out again from all the matches after every confirmed result.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.models import Flight, Pairing, Tournament
from tournaments.selectors.console import PER_PAGE

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

ROW = re.compile(r'id="console-pairing-(\d+)"')


def _league(entrants: int, played: int) -> Tournament:
    """A round robin with every round open and ``played`` results in."""
    event = make_event(entrants, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    services.start_round(tournament=event, actor=director_of(event), through=entrants)
    for pairing in event.pairings.filter(state="ready").select_related("match").order_by("pk")[:played]:
        play(pairing.match, 1)
    return event


def _console(client: Client, event: Tournament, query: str = "") -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournaments:console", args=[event.pk]) + query)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def _open_rows(html: str) -> list[int]:
    """The open matches listed (the decided ones follow, folded)."""
    return [int(pk) for pk in ROW.findall(html.split("Correct a decided match", 1)[0])]


def _ids(event: Tournament, state: str) -> set[int]:
    return set(event.pairings.filter(state=state).values_list("pk", flat=True))


def test_the_console_lists_a_page_of_matches_and_its_pages_reach_them_all(client: Client) -> None:
    small, large = _league(6, played=2), _league(14, played=PER_PAGE + 3)  # 15 and 91 matches
    small.club.directors.add(director_of(large))
    client.force_login(director_of(large))
    _console(client, small)
    _console(client, large)  # warm: the session, the cache
    (small_html, small_queries), (large_html, large_queries) = _console(client, small), _console(client, large)
    assert small_queries == large_queries  # the same queries for 15 matches and for 91

    open_ids, decided_ids = _ids(large, Pairing.State.READY), _ids(large, Pairing.State.DECIDED)
    assert len(open_ids) > 2 * PER_PAGE and len(decided_ids) > PER_PAGE
    first = [int(pk) for pk in ROW.findall(large_html)]
    assert len(first) == 2 * PER_PAGE  # a page of open matches and a page of decided ones
    assert 'href="?page=2"' in large_html and 'href="?decided=2"' in large_html
    assert f"Correct a decided match ({len(decided_ids)} decided)" in large_html

    seen: list[int] = []
    for number in range(1, len(open_ids) // PER_PAGE + 2):  # every page of open matches
        html, _ = _console(client, large, f"?page={number}")
        seen += _open_rows(html)
    assert sorted(seen) == sorted(open_ids)  # each open match on exactly one page
    html, _ = _console(client, large, "?decided=2")
    decided_page = [int(pk) for pk in ROW.findall(html)][PER_PAGE:]
    assert set(decided_page) <= decided_ids and len(decided_page) == len(decided_ids) - PER_PAGE
    assert "<details open>" in html  # the decided matches asked for are shown

    assert len(ROW.findall(small_html)) == 15  # a small league: one page of each, no pager
    assert "?page=2" not in small_html


@pytest.mark.parametrize("page", ["0", "999", "x"])
def test_a_console_page_that_is_none_gives_one_that_is(client: Client, page: str) -> None:
    event = _league(14, played=0)  # 91 open matches: 4 pages
    client.force_login(director_of(event))
    html, _ = _console(client, event, f"?page={page}&decided={page}")
    assert _open_rows(html) == _open_rows(_console(client, event, "?page=1" if page == "x" else "?page=4")[0])


def test_a_version_of_the_table_is_worked_out_once_for_its_three_views() -> None:
    event = _league(14, played=10)
    visitor = Client(HTTP_HX_REQUEST="true")
    views = [reverse("tournaments:crosstable", args=[event.pk]),
             reverse("tournaments:standings", args=[event.pk]),
             f"/api/tournaments/{event.pk}/standings/"]
    for view in views:
        visitor.get(view)
    play(event.pairings.filter(state="ready").select_related("match").first().match, 2)  # a new version

    reads_of_the_table = []
    for view in views:
        with CaptureQueriesContext(connection) as queries:
            assert visitor.get(view).status_code == 200
        reads_of_the_table.append(sum('"games_match"' in query["sql"] for query in queries))
    assert reads_of_the_table == [1, 0, 0]  # the first works the table out, the others keep it


def test_the_console_s_settings_form_follows_the_event_s_row(client: Client) -> None:
    """Kept across results (it shows the event's row only), never across a change of it."""
    event = _league(6, played=0)
    client.force_login(director_of(event))
    _console(client, event)
    play(event.pairings.filter(state="ready").select_related("match").first().match, 1)
    html, _ = _console(client, event)
    assert f'value="{event.name}"' in html
    Tournament.objects.filter(pk=event.pk).update(name="Renamed league", cycles=2)  # no signal
    html, _ = _console(client, event)
    assert 'value="Renamed league"' in html and f'value="{event.name}"' not in html
    assert 'name="cycles" value="2"' in html


TABLE_QUERIES = 3  # entries, pairings with their matches' scores (one query), penalties


def test_working_a_table_out_costs_the_same_few_queries_for_a_small_and_a_big_league() -> None:
    """The table reads its pairings as plain rows in one query (tournaments.play.tables.
    table_pairings), whatever the number of matches."""
    from tournaments.selectors.tournaments import _crosstables

    counts, sizes = [], []
    for entrants in (6, 16):
        event = _league(entrants, played=entrants)
        with CaptureQueriesContext(connection) as queries:
            (table,) = _crosstables(event, Flight.GROUP)
        counts.append(len(queries))
        sizes.append(sum(cell.outcome in ("win", "loss") for row in table.rows for cell in row.cells))
    assert sizes == [2 * 6, 2 * 16]  # every result in, in both cells of its match
    assert counts[0] == counts[1] <= TABLE_QUERIES, counts


# The console is kept per version of the event and director (tournaments.views.
# console_panels): a view with nothing changed reads the session, the login, its language,
# the event, the director's right, the disputes, the legal names the director may see and
# the unread notices. After a result: the rounds' counts, a page of rows, the entrants, the
# log and the names it gives, the open conflicts, and the one row not kept.
CONSOLE_KEPT_QUERIES = 8  # was 21, rendered on every view
CONSOLE_WORKED_OUT_QUERIES = 15  # was 21


def test_the_console_kept_and_after_a_result_costs_the_same_few_queries_for_any_league(
        client: Client) -> None:
    small, large = _league(6, played=2), _league(14, played=PER_PAGE + 3)  # 15 and 91 matches
    small.club.directors.add(director_of(large))
    client.force_login(director_of(large))
    kept, worked_out = [], []
    for event in (small, large):
        _console(client, event)  # warm: the session
        html, count = _console(client, event)
        kept.append(count)
        row = event.pairings.filter(state="ready").select_related("match").order_by("round", "number").first()
        play(row.match, 2)
        html, count = _console(client, event)
        worked_out.append(count)
        decided = len(_ids(event, Pairing.State.DECIDED))
        assert row.pk not in _open_rows(html) and f"Correct a decided match ({decided} decided)" in html
    assert kept[0] == kept[1] <= CONSOLE_KEPT_QUERIES, kept
    assert worked_out[0] == worked_out[1] <= CONSOLE_WORKED_OUT_QUERIES, worked_out
