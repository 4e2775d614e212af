import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url_name",
    [
        "home",
        "clubs:club_list",
        "tournaments:tournament_list",
        "leaderboard:rankings",
        "chouette:session_list",
        "disputes:list",
        "games:match_list",
        "login",
    ],
)
def test_anonymous_users_read_public_pages(client: Client, url_name: str) -> None:
    response = client.get(reverse(url_name))
    assert response.status_code == 200
    assert b'hx-headers=\'{"X-CSRFToken": "' in response.content
    assert b"vendor/htmx/htmx.min.js" in response.content


def test_club_detail_shows_display_names_not_full_names(client: Client) -> None:
    club = ClubFactory(name="Yerevan Backgammon")
    MembershipFactory(club=club, player=PlayerFactory(name="Secret Surname", display_name="Ani"))
    response = client.get(club.get_absolute_url())
    assert response.status_code == 200
    assert "Yerevan Backgammon" in response.text and "Ani" in response.text
    assert "Secret Surname" not in response.text


def test_home_lists_clubs(client: Client) -> None:
    ClubFactory(name="Tbilisi Nardy")
    assert "Tbilisi Nardy" in client.get(reverse("home")).text


def test_club_search_returns_a_partial_for_htmx(client: Client) -> None:
    ClubFactory(name="Alpha Club")
    ClubFactory(name="Beta Club")
    response = client.get(
        reverse("clubs:club_list"), {"q": "alp"}, headers={"HX-Request": "true"}
    )
    assert "Alpha Club" in response.text and "Beta Club" not in response.text
    assert "<html" not in response.text


def test_unknown_club_is_404(client: Client) -> None:
    response = client.get("/clubs/no-such-club/")
    assert response.status_code == 404
    assert "Page not found" in response.text


def test_login_and_logout(client: Client) -> None:
    UserFactory(username="anna")
    response = client.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.status_code == 302 and response.url == reverse("home")
    assert "Log out anna" in client.get(reverse("home")).text
    client.post(reverse("logout"))
    assert "Log out anna" not in client.get(reverse("home")).text


def test_login_rejects_a_wrong_password(client: Client) -> None:
    UserFactory(username="anna")
    response = client.post(reverse("login"), {"login": "anna", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_director_sees_they_direct_the_club(client: Client) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    assert "You direct this club" not in client.get(club.get_absolute_url()).text
    client.force_login(director)
    assert "You direct this club" in client.get(club.get_absolute_url()).text


def test_pages_are_translated_to_russian(client: Client) -> None:
    MembershipFactory()
    response = client.get(reverse("home"), headers={"Accept-Language": "ru"})
    assert response.headers["Content-Language"] == "ru"
    assert "Клубы" in response.text and "Турниры" in response.text
    assert "1 игрок" in response.text
