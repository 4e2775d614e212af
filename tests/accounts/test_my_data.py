"""A person downloads their own data, and deletes their account: the account goes, the
results other players need stay under an anonymous name, nothing personal is left."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import Membership, Player, PlayerLog, Profile
from games.models import Game, Match
from games.services import confirm_result, enter_final_score, enter_game
from notifications.models import Preference
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, error_of, page_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def person():
    """A person with a login, a player in a club with contact details and handles, a
    finished match with games against another member, and notification settings."""
    director = UserFactory(username="director")
    club = ClubFactory(name="Baku Backgammon", directors=[director], owner=director)
    user = UserFactory(username="leyla")
    player = PlayerFactory(user=user, name="Leyla Mammadova", display_name="Leyla M.",
                           email="leyla@example.org", fibs="leylam", city="Baku")
    MembershipFactory(club=club, player=player)
    opponent = PlayerFactory(name="Orhan Aliyev", display_name="Orhan A.")
    MembershipFactory(club=club, player=opponent)
    match = Match.objects.create(club=club, length=3, player1=player, player2=opponent)
    enter_game(match=match, by=director, winner=1, result="gammon")
    result = enter_final_score(match=match, by=director, score1=Decimal(3), score2=Decimal(1))
    confirm_result(result=result, by=director)
    Preference.objects.get_or_create(user=user)
    PlayerLog.objects.create(player=player, club=club, action=PlayerLog.Action.EDITED,
                             details={"email": ["", "leyla@example.org"]})
    others = Match.objects.create(club=club, length=3, player1=opponent,
                                  player2=PlayerFactory(display_name="Someone Else"))
    return {"user": user, "player": player, "club": club, "match": match,
            "opponent": opponent, "others": others, "director": director}


def _download(client: Client) -> dict:
    response = client.get(reverse("my_data"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    return json.loads(b"".join(response.streaming_content) if response.streaming
                      else response.content)


def test_the_download_holds_the_account_players_matches_and_settings(person):
    data = _download(page_client(person["user"]))

    assert data["account"]["username"] == "leyla"
    assert "password" not in data["account"]
    assert [p["email"] for p in data["players"]] == ["leyla@example.org"]
    assert data["players"][0]["fibs"] == "leylam"
    matches = data["rows"]["games.match"]
    assert [m["id"] for m in matches] == [person["match"].pk]  # not the others' match
    games = data["rows"]["games.game"]
    assert {g["match"] for g in games} == {person["match"].pk}
    assert len(games) == Game.objects.filter(match=person["match"]).count()
    assert data["rows"]["games.matchresult"][0]["match"] == person["match"].pk
    assert [m["club"] for m in data["rows"]["clubs.membership"]] == [person["club"].pk]
    # what their rows belong to comes too, alone: the club, not its other members
    assert [c["id"] for c in data["rows"]["clubs.club"]] == [person["club"].pk]
    assert "Someone Else" not in json.dumps(data)
    assert data["rows"]["notifications.preference"][0]["user"] == person["user"].pk
    assert data["player_names"][str(person["opponent"].pk)] == "Orhan A."
    assert "authtoken.token" not in data["rows"]


def test_a_director_downloads_their_own_rows_not_their_clubs_people(person):
    """The club a director owns, the games they entered: those rows, and not what hangs
    on them (the members, their contact details, the club's other matches)."""
    response = page_client(person["director"]).get(reverse("my_data"))
    text = response.content.decode()
    data = json.loads(text)
    assert [club["id"] for club in data["rows"]["clubs.club"]] == [person["club"].pk]
    assert {game["entered_by"] for game in data["rows"]["games.game"]} == {
        person["director"].pk}
    assert "leyla@example.org" not in text and "Leyla Mammadova" not in text
    assert "clubs.membership" not in data["rows"]
    assert "games.match" not in data["rows"]


def test_the_api_gives_the_same_data(person):
    response = api_client(person["user"]).get("/api/account/data/")
    assert response.status_code == 200
    assert response.json()["account"]["username"] == "leyla"
    assert [m["id"] for m in response.json()["rows"]["games.match"]] == [person["match"].pk]
    assert api_client().get("/api/account/data/").status_code == 401


def test_the_profile_page_offers_both(person):
    page = page_client(person["user"]).get(reverse("clubs:profile")).content.decode()
    assert reverse("my_data") in page and reverse("delete_account") in page
    assert page_client().get(reverse("my_data")).status_code == 302  # sign in first


def test_deleting_keeps_the_results_under_an_anonymous_name(person):
    client = page_client(person["user"])
    response = client.post(reverse("delete_account"),
                           {"password": "password", "understood": "on"})
    assert response.status_code == 302

    assert not get_user_model().objects.filter(username="leyla").exists()
    player = Player.objects.get(pk=person["player"].pk)
    assert player.display_name == player.name == f"Former player {player.pk}"
    assert (player.email, player.fibs, player.city, player.user) == ("", "", "", None)
    assert not player.is_active
    assert PlayerLog.objects.get(player=player, action="edited").details == {}
    match = Match.objects.get(pk=person["match"].pk)  # the opponent's result stays
    assert match.winner_id == player.pk
    assert Membership.objects.filter(player=player).exists()
    assert not Profile.objects.filter(user_id=person["user"].pk).exists()
    sign_in = Client().post(reverse("login"), {"login": "leyla", "password": "password"})
    assert sign_in.status_code == 200  # the form again, with its error
    assert "_auth_user_id" not in Client().session
    assert client.get(reverse("clubs:profile")).status_code == 302  # signed out


def test_the_anonymous_name_is_in_the_clubs_language(person):
    person["club"].language = "ru"
    person["club"].save()
    api_client(person["user"]).post("/api/account/delete/", {"password": "password"},
                                     format="json")
    player = Player.objects.get(pk=person["player"].pk)
    assert player.display_name == f"Бывший игрок {player.pk}"


def test_a_wrong_password_deletes_nothing(person):
    response = api_client(person["user"]).post("/api/account/delete/", {"password": "nope"},
                                               format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "wrong_password" and "password" in error["fields"]
    page = page_client(person["user"]).post(reverse("delete_account"),
                                            {"password": "nope", "understood": "on"})
    assert page.status_code == 200
    assert "The password is not right." in page.content.decode()
    assert get_user_model().objects.filter(username="leyla").exists()
    assert Player.objects.get(pk=person["player"].pk).email == "leyla@example.org"


def test_the_last_director_hands_the_club_over_first(person):
    director = person["director"]
    response = api_client(director).post("/api/account/delete/", {"password": "password"},
                                         format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "last_director"
    assert "Baku Backgammon" in error["message"]
    assert get_user_model().objects.filter(pk=director.pk).exists()

    other = UserFactory()
    person["club"].directors.add(other)  # another director, but the club is still Dora's
    response = api_client(director).post("/api/account/delete/", {"password": "password"},
                                         format="json")
    assert error_of(response)["code"] == "owner_of_club"
    assert "hand the club over" in error_of(response)["message"]

    person["club"].owner = other
    person["club"].save()
    response = api_client(director).post("/api/account/delete/", {"password": "password"},
                                         format="json")
    assert response.status_code == 204
    assert not get_user_model().objects.filter(pk=director.pk).exists()


def test_the_refusal_is_in_the_persons_language(person):
    client = page_client(person["director"])
    client.cookies["django_language"] = "ru"
    page = client.post(reverse("delete_account"), {"password": "password", "understood": "on"},
                       HTTP_ACCEPT_LANGUAGE="ru")
    assert "Baku Backgammon" in page.content.decode()
    assert "Удалить" in page.content.decode()


def test_the_account_routes_answer_only_their_own_verbs(person):
    """The schema lists GET on data/ and POST on delete/; nothing else is offered or done."""
    client = api_client(person["user"])
    allow = client.options("/api/account/data/")["Allow"]
    assert "DELETE" not in allow and "GET" in allow
    assert client.delete("/api/account/data/").status_code == 405
    assert type(person["user"]).objects.filter(pk=person["user"].pk).exists()
