import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_api_root_lists_clubs_and_players(api: APIClient) -> None:
    response = api.get("/api/")
    assert response.status_code == 200
    assert {"clubs", "players"} <= set(response.json())


def test_clubs_are_readable_by_anyone(api: APIClient) -> None:
    club = ClubFactory(name="Nardy Club", slug="nardy-club")
    MembershipFactory(club=club)
    listing = api.get("/api/clubs/").json()
    assert listing["count"] == 1
    assert listing["results"][0] == {
        "id": club.pk,
        "name": "Nardy Club",
        "slug": "nardy-club",
        "description": "",
        "member_count": 1,
    }
    assert api.get("/api/clubs/nardy-club/").json()["name"] == "Nardy Club"


def test_players_show_display_name_only(api: APIClient) -> None:
    PlayerFactory(name="Full Private Name", display_name="Public")
    result = api.get("/api/players/").json()["results"][0]
    assert result["display_name"] == "Public"
    assert "Full Private Name" not in str(result)


def test_api_is_read_only_for_now(api: APIClient) -> None:
    director = UserFactory()
    ClubFactory(slug="c", directors=[director])
    api.force_authenticate(director)
    assert api.delete("/api/clubs/c/").status_code == 405
    api.force_authenticate(None)
    assert api.delete("/api/clubs/c/").status_code in (401, 403)


def test_token_authentication(api: APIClient) -> None:
    user = UserFactory(username="tok")
    response = api.post("/api/token/", {"username": "tok", "password": "password"})
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=user).key


def test_schema_and_docs_are_served(api: APIClient) -> None:
    schema = api.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    assert "/api/clubs/" in schema.json()["paths"]
    docs = api.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
    assert b"cdn" not in docs.content.lower()
