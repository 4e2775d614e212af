"""Private things stay inside their club (issue 13 part 4): a non-public tournament's
matches, results, transcripts and ranking points are seen by its club only; the API names
people by display name, never by login; a club rates only its own members."""

from __future__ import annotations

import pytest

from clubs.models import Membership
from games import services as games_services
from games.models import Match
from leaderboard.models import RankedEvent
from leaderboard.selectors import RankingQuery, ranking
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory, player_with_login
from tests.support.clients import api_client, page_client
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Tournament
from tournaments.seasons import Season

pytestmark = pytest.mark.django_db


def _finished_private_event() -> Tournament:
    event = make_event(8, is_public=False)
    services.make_draw(tournament=event, actor=director_of(event))
    for round_number, matches in ((1, 4), (2, 2), (3, 1)):
        for number in range(1, matches + 1):
            play(pairing(event, "main", round_number, number).match, 1)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    return event


def _member_login(event: Tournament):
    user, player = player_with_login()
    Membership.objects.create(club=event.club, player=player)
    return user


def test_private_event_matches_are_private_and_follow_the_event():
    event = make_event(4, is_public=False)
    services.make_draw(tournament=event, actor=director_of(event))
    matches = Match.objects.filter(pairing__tournament=event)
    assert matches.exists() and not matches.filter(is_public=True).exists()
    services.update_tournament(tournament=event, actor=director_of(event), is_public=True)
    assert not matches.filter(is_public=False).exists()


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_director"])
def test_outsiders_see_nothing_of_a_private_event(who):
    event = _finished_private_event()
    user = {
        "anonymous": None,
        "stranger": UserFactory(),
        "other_director": ClubFactory(directors=[UserFactory()]).directors.first(),
    }[who]
    match = pairing(event, "main", 3, 1).match
    api = api_client(user)
    listed = api.get("/api/matches/").json()
    ids = {row["id"] for row in (listed["results"] if isinstance(listed, dict) else listed)}
    assert match.pk not in ids
    assert api.get(f"/api/matches/{match.pk}/").status_code == 404
    results = api.get(f"/api/results/?match={match.pk}").json()
    assert (results["results"] if isinstance(results, dict) else results) == []
    page = page_client(user)
    assert page.get(f"/matches/{match.pk}/").status_code == 404
    assert f"/matches/{match.pk}/" not in page.get("/matches/").content.decode()
    season = Season.calendar_year(event.starts_on.year)
    assert ranking(RankingQuery(season), user) == []
    assert page.get(f"/tournaments/{event.pk}/").status_code == 404
    ranked = RankedEvent.objects.get(tournament=event)  # its points, for the club only
    assert page.get(f"/rankings/events/{ranked.pk}/").status_code == 404


@pytest.mark.parametrize("who", ["member", "director"])
def test_the_club_sees_its_private_event(who):
    event = _finished_private_event()
    user = _member_login(event) if who == "member" else director_of(event)
    match = pairing(event, "main", 3, 1).match
    assert api_client(user).get(f"/api/matches/{match.pk}/").status_code == 200
    assert page_client(user).get(f"/matches/{match.pk}/").status_code == 200
    ranked = RankedEvent.objects.get(tournament=event)
    assert event.name in page_client(user).get(f"/rankings/events/{ranked.pk}/").text
    season = Season.calendar_year(event.starts_on.year)
    assert [row.name for row in ranking(RankingQuery(season), user)][:1] == [
        pairing(event, "main", 3, 1).top.player.display_name
    ]


def test_public_events_still_count_for_everybody():
    event = make_event(8)
    services.make_draw(tournament=event, actor=director_of(event))
    for round_number, matches in ((1, 4), (2, 2), (3, 1)):
        for number in range(1, matches + 1):
            play(pairing(event, "main", round_number, number).match, 1)
    season = Season.calendar_year(event.starts_on.year)
    assert len(ranking(RankingQuery(season), None)) == 2  # the two paid places
    match = pairing(event, "main", 3, 1).match
    assert api_client().get(f"/api/matches/{match.pk}/").status_code == 200


def test_a_director_rates_only_their_own_members():
    director = UserFactory()
    club = ClubFactory(directors=[director])
    ours, theirs = PlayerFactory(), PlayerFactory(display_name="Visitor")
    Membership.objects.create(club=club, player=ours)
    with pytest.raises(games_services.ServiceError) as refused:
        games_services.create_match(club=club, by=director, length=5, player1=ours,
                                    player2=theirs, rated=True)
    assert refused.value.code == "not_a_member" and refused.value.field == "player2"
    assert "Visitor" in str(refused.value)
    assert not Match.objects.exists()
    # Unrated is fine: a friendly against a visitor moves nobody's rating.
    games_services.create_match(club=club, by=director, length=5, player1=ours,
                                player2=theirs, rated=False)
    response = api_client(director).post("/api/matches/", {
        "club": club.slug, "length": 5, "player1": ours.pk, "player2": theirs.pk,
        "rated": True}, format="json")
    assert response.status_code == 409
    assert "Visitor" in response.content.decode()


def test_the_api_names_people_by_display_name_never_by_login():
    user1, player1 = player_with_login(display_name="Anna K.")
    _user2, player2 = player_with_login()
    match = MatchFactory(player1=player1, player2=player2, length=3)
    result = games_services.propose_result(match=match, by=user1, score1=3, score2=0)
    body = api_client().get(f"/api/results/{result.pk}/").json()
    assert body["entered_by"] == "Anna K."
    assert user1.get_username() not in str(body)


def _event_addresses(event: Tournament) -> list[str]:
    """Every address of the URLconf under a tournament (pages and API), for this event;
    other ids in them are 1."""
    import re

    from tests.support.probes import routes

    found = set()
    for route in routes():
        route = route.replace("^", "").replace("$", "")
        head = re.match(r"(api/)?(tournaments|event-money)/(<int:pk>|\(\?P<pk>[^)]*\))", route)
        if not head or "format" in route:
            continue
        path = re.sub(r"\(\?P<pk>[^)]*\)|<int:pk>", str(event.pk), route, count=1)
        path = re.sub(r"<(?:\w+:)?\w+>|\(\?P<\w+>[^)]*\)", "1", path)
        found.add("/" + path.replace("\\", ""))
    return sorted(found)


@pytest.mark.parametrize("who", ["stranger", "other_director"])
def test_no_address_of_a_private_event_confirms_it_to_outsiders(who):
    """Management pages too (console, desk, money, activity): 404 as for a tournament that
    does not exist, not 403 (which would say that it does)."""
    event = _finished_private_event()
    user = UserFactory() if who == "stranger" else ClubFactory(
        directors=[UserFactory()]).directors.first()
    addresses = _event_addresses(event)
    assert len(addresses) > 40
    answers = {}
    for path in addresses:
        client = api_client(user) if path.startswith("/api/") else page_client(user)
        for method in ("get", "post"):
            answers[f"{method} {path}"] = getattr(client, method)(path).status_code
    shown = {name: status for name, status in answers.items() if status not in (404, 405)}
    assert shown == {}
