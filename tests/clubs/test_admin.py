import pytest
from django.test import Client

from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/admin/clubs/club/",
        "/admin/clubs/club/add/",
        "/admin/clubs/player/",
    ],
)
def test_admin_pages_load_for_a_superuser(client: Client, url: str) -> None:
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert client.get(url).status_code == 200


def test_club_change_page_shows_its_members(client: Client) -> None:
    membership = MembershipFactory(club=ClubFactory(name="Admin Club"))
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.get(f"/admin/clubs/club/{membership.club.pk}/change/")
    assert response.status_code == 200
    assert membership.player.display_name in response.text


def test_admin_is_closed_to_directors_without_staff_status(client: Client) -> None:
    director = UserFactory()
    ClubFactory(directors=[director])
    client.force_login(director)
    assert client.get("/admin/clubs/club/").status_code == 302
