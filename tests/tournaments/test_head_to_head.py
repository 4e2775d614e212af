"""Head to head between two players; the profile's rating chart of both games and its
ranking-points history."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from leaderboard.charts import ChartPoint, Series, history_chart_svg
from leaderboard.services.points import PlacedEntrant, create_external_event
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.support.clients import page_client
from tests.tournaments.leaderboard_support import at, confirm

pytestmark = pytest.mark.django_db


def test_two_players_compared_match_by_match_with_both_ratings_charted() -> None:
    club = ClubFactory()
    ann, bob, cem = (PlayerFactory(display_name=n) for n in ("Ann A.", "Bob B.", "Cem C."))
    confirm(club, ann, bob, 5, when=at(0))
    confirm(club, bob, ann, 7, when=at(1))
    confirm(club, ann, bob, 3, when=at(2), variant="nardy")
    confirm(club, ann, cem, 5, when=at(3))
    url = reverse("leaderboard:head_to_head")

    html = page_client().get(url, {"first": ann.pk, "second": bob.pk}).content.decode()
    assert "Ann A. won 1 match, Bob B. won 1 match." in html  # short backgammon
    assert "Ann A. won 1 match, Bob B. won 0 matches." in html  # long nardy
    assert html.count('class="rating-chart"') == 2  # one chart per game, both lines each
    table = html.split("<tbody>")[1].split("</tbody>")[0]
    assert table.count("<tr>") == 3 and "Cem C." not in table  # only their own matches

    same = page_client().get(url, {"first": ann.pk, "second": ann.pk}).content.decode()
    assert "Choose two different players." in same
    unknown = page_client().get(url, {"first": "x", "second": 999999})
    assert unknown.status_code == 200 and "Select a valid choice" in unknown.content.decode()


def test_the_profile_charts_both_games_and_the_ranking_points() -> None:
    club = ClubFactory()
    players = [PlayerFactory(display_name=f"P{n}") for n in range(8)]
    for player in players:
        MembershipFactory(club=club, player=player)
    confirm(club, players[0], players[1], 5, when=at(0))
    confirm(club, players[0], players[2], 5, when=at(1), variant="nardy")
    create_external_event(
        club=club, name="Open", date=datetime.date(2026, 2, 1), variant="backgammon",
        entrants=[PlacedEntrant(p, place) for p, place in
                  zip(players, [1, 2, 3, 3, None, None, None, None], strict=True)])
    html = page_client().get(reverse("leaderboard:player", args=[players[0].pk])).content.decode()
    chart = html.split('class="rating-chart"')[1].split("</svg>")[0]
    assert "Short backgammon:" in chart and "Long nardy:" in chart  # the legend
    assert 'stroke-dasharray="7 4"' in chart  # the second line differs without colour
    assert 'class="points-chart"' in html and "Ranking points over time" in html
    h2h = reverse("leaderboard:head_to_head")
    assert f"{h2h}?first={players[0].pk}&amp;second={players[1].pk}" in html


def test_a_history_chart_keeps_the_order_of_the_points_and_names_every_series() -> None:
    day = datetime.date(2026, 1, 5)
    svg = history_chart_svg(
        [Series("Mine", [ChartPoint(day, 1500), ChartPoint(day, 1510)]),
         Series("Theirs", [ChartPoint(day + datetime.timedelta(days=1), 1490)])],
        title="Ratings", y_label="Rating")
    assert svg.count("<circle") == 3 and "Mine: 1510" in svg and "Theirs: 1490" in svg
    assert "<title" in svg and 'role="img"' in svg
    empty = history_chart_svg([Series("Mine", [])], title="Ratings", y_label="Rating")
    assert "Nothing to show yet." in empty
