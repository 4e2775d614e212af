"""The busy pages (those the load benchmark browses) run as many queries for a big club as
for a small one: counted at two sizes, the same number, and under a ceiling."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from disputes.services import submit_move_dispute
from games.services import confirm_result, enter_final_score
from tests.games.match_factories import MatchFactory
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.postgres,
]

MAX_QUERIES = 24  # the signed-in home page, with its panels (people side, notifications), is the largest (22)
MOVE = {"position_id": "eO8DABj/P4AAAA", "dice": (6, 2), "notation": "10/8"}


@dataclass
class World:
    urls: dict[str, str]
    player_user: object


def world(size: int) -> World:
    """A club with a knockout and a round robin of ``size`` players each, ``size`` matches
    with confirmed results between signed-in players, and ``size`` disputes."""
    knockout = make_event(size, with_logins=True)
    director = director_of(knockout)
    services.make_draw(tournament=knockout, actor=director)
    for p in knockout.pairings.filter(state="ready").select_related("match")[: size // 4]:
        play(p.match, 1)
    round_robin = make_event(size, director=director, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=round_robin, actor=director)
    services.start_round(tournament=round_robin, actor=director, through=size)
    for p in round_robin.pairings.filter(state="ready").select_related("match")[:size]:
        play(p.match, 1)
    players = [entry.player for entry in knockout.entries.select_related("player__user")]
    club = knockout.club
    for index in range(size):
        first, second = players[index % size], players[(index + 1) % size]
        match = MatchFactory(club=club, player1=first, player2=second, length=5)
        result = enter_final_score(match=match, by=first.user, score1=Decimal(5), score2=Decimal(2))
        confirm_result(result=result, by=second.user)
        submit_move_dispute(by=first.user, match=match, queue=False, **MOVE)
    me = players[0]
    return World(
        urls={
            "home": "/",
            "tournament list": reverse("tournaments:tournament_list"),
            "tournament": reverse("tournaments:tournament_detail", args=[knockout.pk]),
            "bracket": reverse("tournaments:bracket", args=[knockout.pk]),
            "knockout standings": reverse("tournaments:standings", args=[knockout.pk]),
            "crosstable": reverse("tournaments:crosstable", args=[round_robin.pk]),
            "round-robin standings": reverse("tournaments:standings", args=[round_robin.pk]),
            "club": reverse("clubs:club_detail", args=[club.slug]),
            "match list": reverse("games:match_list"),
            "match": reverse("games:match_detail", args=[match.pk]),
            "my matches": reverse("tournaments:my_matches"),
            "disputes": reverse("disputes:list"),
            "rankings": reverse("leaderboard:rankings"),
            "api results": "/api/results/",
            "api matches": "/api/matches/",
        },
        player_user=me.user,
    )


def count(client: Client, url: str) -> int:
    client.get(url)  # once before counting: caches filled on first use are not the page's
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "player"])
def test_busy_pages_run_a_constant_number_of_queries(
    signed_in: bool, django_assert_max_num_queries
) -> None:
    small, large = world(4), world(32)
    counts = {}
    for label, scenario in (("small", small), ("large", large)):
        client = Client()
        if signed_in:
            client.force_login(scenario.player_user)
        counts[label] = {
            name: count(client, url)
            for name, url in scenario.urls.items()
            if signed_in or name != "my matches"  # signed-in people only
        }
    assert counts["small"] == counts["large"]
    client = Client()
    if signed_in:
        client.force_login(large.player_user)
    for name, url in large.urls.items():
        if not signed_in and name == "my matches":
            continue
        with django_assert_max_num_queries(MAX_QUERIES):
            client.get(url)
