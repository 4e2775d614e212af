"""The games API: same services, same permissions, errors as 400/403 with codes."""

from __future__ import annotations

import pytest

from games.models import Game, MatchResult, MatchTranscript, ResultChange
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import match_with_logins, player_with_login
from tests.support.clients import api_client, error_fields, error_of

pytestmark = [pytest.mark.django_db]


def counts() -> tuple[int, int, int, int]:
    return (
        Game.objects.count(),
        MatchResult.objects.count(),
        ResultChange.objects.count(),
        MatchTranscript.objects.count(),
    )


def test_anonymous_reads_but_does_not_write() -> None:
    match, _, _ = match_with_logins()
    assert api_client().get("/api/matches/").data["count"] == 1
    assert api_client().get(f"/api/matches/{match.pk}/").data["player1"]["display_name"]
    response = api_client().post(f"/api/matches/{match.pk}/games/", {"winner": 1, "result": "single"})
    assert response.status_code in (401, 403)
    assert counts() == (0, 0, 0, 0)


def test_a_player_enters_games_and_the_opponent_confirms() -> None:
    match, user1, user2 = match_with_logins(length=3)
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/games/",
        {"winner": 1, "result": "gammon", "cube": 2, "cube_owner": 1},
        format="json",
    )
    assert response.status_code == 201, response.data
    assert response.data["points"] == "4.0"
    result = MatchResult.objects.get(match=match)  # 4 points end a 3-point match
    assert api_client(user1).post(f"/api/results/{result.pk}/confirm/").status_code == 403
    confirmed = api_client(user2).post(f"/api/results/{result.pk}/confirm/")
    assert confirmed.status_code == 200 and confirmed.data["status"] == "confirmed"
    detail = api_client().get(f"/api/matches/{match.pk}/").data
    assert detail["status"] == "finished" and detail["official_result"] == result.pk


def test_explicit_cube_actions_are_checked() -> None:
    match, user1, _ = match_with_logins(length=7)
    doubles = [
        {"player": 1, "value": 2, "response": "take"},
        {"player": 2, "value": 4, "response": "drop"},
    ]
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/games/",
        {"winner": 2, "result": "drop", "cube": 2, "cube_owner": 2, "doubles": doubles},
        format="json",
    )
    assert response.status_code == 201, response.data
    assert response.data["points"] == "2.0" and response.data["doubles"] == doubles


def test_service_errors_are_400_with_the_message() -> None:
    match, user1, _ = match_with_logins(length=7)
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/score/", {"score1": "7", "score2": "7"}, format="json"
    )
    assert response.status_code == 409
    assert error_of(response)["code"] == "impossible_score"
    assert error_of(response)["message"] == "In a 7-point match only one player can reach 7."
    assert counts() == (0, 0, 0, 0)


@pytest.mark.parametrize("who", ["outsider", "other_director"])
def test_strangers_get_403(who: str) -> None:
    match, _, _ = match_with_logins()
    user = player_with_login()[0] if who == "outsider" else UserFactory()
    if who == "other_director":
        ClubFactory(directors=[user])
    client = api_client(user)
    assert (
        client.post(f"/api/matches/{match.pk}/score/", {"score1": 7, "score2": 0}).status_code
        == 403
    )
    assert (
        client.post("/api/results/", {"match": match.pk, "score1": 7, "score2": 0}).status_code
        == 403
    )
    override = {"score1": 7, "score2": 0, "reason": "x"}
    assert client.post(f"/api/matches/{match.pk}/override/", override).status_code == 403
    upload = {"text": " 1 point match\n", "file_name": "x.mat"}
    assert client.post(f"/api/matches/{match.pk}/transcripts/", upload).status_code == 403
    assert counts() == (0, 0, 0, 0)


def test_dispute_and_override_through_the_api() -> None:
    match, user1, user2 = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    proposed = api_client(user1).post("/api/results/", {"match": match.pk, "score1": 7, "score2": 1})
    assert proposed.status_code == 201
    rid = proposed.data["id"]
    assert api_client(user1).post(f"/api/results/{rid}/dispute/", {"reason": "x"}).status_code == 403
    disputed = api_client(user2).post(f"/api/results/{rid}/dispute/", {"reason": "1-7"})
    assert disputed.data["status"] == "disputed"
    missing = api_client(director).post(f"/api/matches/{match.pk}/override/", {"score1": 1, "score2": 7})
    assert missing.status_code == 400 and "reason" in error_fields(missing)
    done = api_client(director).post(
        f"/api/matches/{match.pk}/override/", {"score1": 1, "score2": 7, "reason": "Sheet"}
    )
    assert done.status_code == 201 and done.data["override_reason"] == "Sheet"
    assert api_client().get(f"/api/results/?match={match.pk}").data["count"] == 2


def test_directors_create_matches_and_the_rules_are_checked() -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    first, second = PlayerFactory(), PlayerFactory()
    club.memberships.create(player=first)
    club.memberships.create(player=second)
    body = {
        "club": club.slug,
        "variant": "nardy",
        "length": 5,
        "player1": first.pk,
        "player2": second.pk,
    }
    created = api_client(director).post("/api/matches/", body, format="json")
    assert created.status_code == 201, created.data
    assert created.data["cube_enabled"] is False and created.data["status"] == "ready"
    jacoby = api_client(director).post("/api/matches/", {**body, "jacoby": True}, format="json")
    assert jacoby.status_code == 409
    assert api_client(UserFactory()).post("/api/matches/", body, format="json").status_code == 403
