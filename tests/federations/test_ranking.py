"""The national ranking is the club rankings' figures over the member clubs' public
ranked events: the same totals, nothing from other clubs or private events."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from federations import selectors, services
from federations.models import Affiliation
from leaderboard.selectors import RankingQuery, ranking
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import LONG_AGO, federation, member, players, ranked_event
from tournaments.seasons import Season

pytestmark = pytest.mark.django_db

SEASON = Season.calendar_year(2026)


@pytest.fixture
def league():
    fed = federation()
    riverside, harbour = member(fed), member(fed)
    outside = ClubFactory()  # not a member
    river, port, away = players(riverside, prefix="River"), players(harbour, prefix="Port"), \
        players(outside, prefix="Away")
    shared = river[:4] + port[:4]  # an event of players of both clubs, held at Harbour
    ranked_event(riverside, river, name="River open")
    ranked_event(harbour, port, name="Harbour open", variant="nardy")
    ranked_event(harbour, shared, name="Harbour mixed", day=datetime.date(2026, 6, 1))
    ranked_event(outside, away[:4] + river[4:], name="Away open")
    ranked_event(riverside, river[4:] + port[4:], name="River private", public=False)
    ranked_event(riverside, river, name="Last year", day=datetime.date(2025, 5, 1))
    return fed, riverside, harbour, outside


def _totals(rows):
    return {row.player: row.points for row in rows}


def _sum_of_club_rankings(clubs, variant=None):
    total: dict[int, Decimal] = {}
    for club in clubs:
        for row in ranking(RankingQuery(SEASON, club, variant), None):
            total[row.player] = total.get(row.player, Decimal(0)) + row.points
    return total


@pytest.mark.parametrize("variant", [None, "backgammon", "nardy"])
def test_the_national_ranking_adds_up_the_member_clubs_rankings(league, variant):
    fed, riverside, harbour, _outside = league
    national = selectors.national_ranking(fed, SEASON, variant)
    assert _totals(national) == _sum_of_club_rankings([riverside, harbour], variant)
    assert national, "the fixture has points in every game"
    ranks = [row.rank for row in national]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_no_points_from_other_clubs_private_events_or_other_seasons(league):
    fed, riverside, _harbour, outside = league
    national = _totals(selectors.national_ranking(fed, SEASON, None))
    away_only = {p.pk for p in outside.members.filter(display_name__startswith="Away")}
    assert not away_only & set(national)
    # River4..7 earned points only in the outside club's event and the private one.
    assert not {p.pk for p in riverside.members.filter(display_name__in=[
        "River4", "River5", "River6", "River7"])} & set(national)
    # A director of the club sees the private event in the club ranking; not nationally.
    director = riverside.directors.first()
    private_view = _totals(ranking(RankingQuery(SEASON, riverside), director))
    assert set(private_view) - set(national)


def _sum_with(parts):
    """Totals of club rankings, each over its own date range: [(club, start, end)]."""
    total: dict[int, Decimal] = {}
    for club, start, end in parts:
        for row in ranking(RankingQuery(Season(start, end), club), None):
            total[row.player] = total.get(row.player, Decimal(0)) + row.points
    return total


def test_a_club_that_left_keeps_the_events_it_held_while_a_member(league):
    fed, riverside, harbour, _outside = league
    admin = fed.admins.first()
    affiliation = Affiliation.objects.get(club=harbour, status=Affiliation.Status.ACTIVE)
    services.end_affiliation(affiliation=affiliation, actor=admin)
    # Harbour left on May 1: its March open counts, its June event no longer does.
    services.correct_membership_dates(affiliation=affiliation, actor=admin,
                                      joined_on=LONG_AGO, left_on=datetime.date(2026, 5, 1))
    national = _totals(selectors.national_ranking(fed, SEASON, None))
    assert national == _sum_with([(riverside, SEASON.start, SEASON.end),
                                  (harbour, SEASON.start, datetime.date(2026, 5, 1))])
    assert national != _sum_of_club_rankings([riverside])  # the March open is still there
    assert national != _sum_of_club_rankings([riverside, harbour])  # June's is not


def test_a_club_that_joins_brings_none_of_its_earlier_events(league):
    fed, riverside, harbour, _outside = league
    affiliation = Affiliation.objects.get(club=harbour, status=Affiliation.Status.ACTIVE)
    services.correct_membership_dates(affiliation=affiliation, actor=fed.admins.first(),
                                      joined_on=datetime.date(2026, 6, 1))
    assert _totals(selectors.national_ranking(fed, SEASON, None)) == _sum_with(
        [(riverside, SEASON.start, SEASON.end), (harbour, datetime.date(2026, 6, 1), SEASON.end)])
    # The day it joins counts (joined_on <= the event's day).
    assert "Harbour mixed" in {e.name for e in harbour.ranked_events.all()}


@pytest.mark.parametrize("clubs", [1, 6])
def test_the_ranking_reads_the_dates_in_one_query_whatever_the_number_of_clubs(clubs):
    fed = federation()
    parts = []
    for number in range(clubs):
        joined = datetime.date(2026, 2, 1) if number % 2 else LONG_AGO
        club = member(fed, since=joined)
        field = players(club, prefix=f"C{number}-")
        ranked_event(club, field, name=f"Open {number}")  # March 1: counts
        ranked_event(club, field[::-1], name=f"January {number}", day=datetime.date(2026, 1, 10))
        parts.append((club, max(joined, SEASON.start), SEASON.end))
    with CaptureQueriesContext(connection) as ranking_queries:
        rows = selectors.national_ranking(fed, SEASON, None)
    with CaptureQueriesContext(connection) as calendar_queries:
        events = {event.name for event in selectors.calendar(fed, selectors.CalendarQuery())}
    assert len(ranking_queries) == 1 and len(calendar_queries) == 1
    # The clubs that joined on February 1 bring their March open, not their January one.
    assert _totals(rows) == _sum_with(parts)
    assert events == {f"Open {n}" for n in range(clubs)} | {
        f"January {n}" for n in range(clubs) if n % 2 == 0}


def test_the_ranking_page_and_api_show_the_same_rows_with_public_names(client, league):
    fed, _riverside, _harbour, _outside = league
    expected = selectors.national_ranking(fed, SEASON, "backgammon")
    page = client.get(reverse("federations:ranking", args=[fed.slug]),
                      {"year": 2026, "variant": "backgammon"})
    assert page.status_code == 200
    html = page.content.decode()
    for row in expected:
        assert reverse("leaderboard:player", args=[row.player]) in html and row.name in html
    assert "Legal" not in html  # legal names stay with the clubs
    api = client.get(f"/api/federations/{fed.slug}/ranking/",
                     {"year": 2026, "variant": "backgammon"}).json()
    assert [(r["player"], Decimal(r["points"]), r["rank"]) for r in api["results"]] == \
        [(row.player, row.points, row.rank) for row in expected]
    assert api["count"] == len(expected) and "Legal" not in str(api)


def test_the_ranking_filters_update_in_place(client, league):
    fed = league[0]
    url = reverse("federations:ranking", args=[fed.slug])
    partial = client.get(url, {"variant": "nardy", "year": 2026}, HTTP_HX_REQUEST="true")
    assert partial.status_code == 200
    body = partial.content.decode()
    assert body.lstrip().startswith('<section id="national-ranking"') and "<html" not in body
    assert "Port0" in body and "River0" not in body
    wrong = client.get(url, {"start": "2026-05-01", "end": "2026-04-01"})
    assert wrong.status_code == 400 and "before" in wrong.content.decode()


def test_the_federation_page_shows_the_top_of_the_ranking(client, league):
    fed = league[0]
    UserFactory()
    page = client.get(reverse("federations:detail", args=[fed.slug]))
    assert page.status_code == 200
    top = selectors.national_ranking(fed, Season.containing(datetime.date.today()), None)[:10]
    for row in top:
        assert row.name in page.content.decode()


@pytest.fixture
def ties(league):
    """The league, and six more events alike, each of eight other players: their winners
    tie, and so do their runners-up (names in no order, some only in case apart)."""
    fed, riverside, harbour, _outside = league
    for number in range(6):
        club = (riverside, harbour)[number % 2]
        field = players(club, prefix=("zed", "Abe", "abe", "Émile", "émile", "Zoë")[number] + str(number))
        ranked_event(club, field, name=f"Tie {number}")
    return fed


@pytest.mark.parametrize("variant", [None, "backgammon", "nardy"])
def test_a_slice_of_the_ranking_read_in_one_query_is_the_whole_rankings_slice(ties, variant):
    fed = ties
    whole = selectors.national_ranking(fed, SEASON, variant)
    if variant != "nardy":
        assert len({row.points for row in whole}) < len(whole) - 6, "the fixture has ties"
    for size in (1, 2, 3, 5, 100):
        for start in range(len(whole) + 2):
            with CaptureQueriesContext(connection) as queries:
                found = selectors.national_ranking_slice(fed, SEASON, variant, start, start + size)
            assert found.rows == whole[start:start + size], (start, size)
            assert found.ranked == len(whole)
            assert len(queries) == (1 if found.rows or start == 0 else 2)  # the count, past the end


@pytest.mark.parametrize(("asked", "shown"), [("2", 2), ("", 1), ("abc", 1), ("-3", 1), ("99", 3)])
def test_the_ranking_page_reads_the_page_asked_for(client, ties, monkeypatch, asked, shown):
    from federations import views

    fed = ties
    whole = selectors.national_ranking(fed, SEASON, None)
    monkeypatch.setattr(views, "PAGE_SIZE", size := -(-len(whole) // 3))  # three pages
    response = client.get(reverse("federations:ranking", args=[fed.slug]),
                          {"season": "2026", "page": asked})
    assert response.status_code == 200
    page = response.context["page"]
    assert (page.number, page.paginator.num_pages) == (shown, 3)
    assert [row.player for row, _rating in response.context["rows"]] == \
        [row.player for row in whole[(shown - 1) * size:shown * size]]
    assert response.context["total"] == len(whole)
