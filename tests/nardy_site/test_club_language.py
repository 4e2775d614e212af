"""A club's language is the default of its pages: a visitor who has chosen no language
and whose browser asks for none of the site's reads a Russian club's pages (the club,
its events, matches, chouettes, disputes) in Russian; a choice (the switcher) wins, and
so does a browser asking for a language of the site; a signed-in person's own language
(chosen, else their browser's at sign-up) wins too; pages of no club are as before."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Profile
from tests.factories import ClubFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}
NO_LANGUAGE_OF_THE_SITE = {"HTTP_ACCEPT_LANGUAGE": "ja-JP,ja;q=0.9"}


def lang_of(response) -> str:
    text = response.content.decode()
    start = text.index("<html lang=\"") + len("<html lang=\"")
    return text[start:text.index("\"", start)]


@pytest.fixture
def russian_club() -> Club:
    director = UserFactory()
    club = ClubFactory(name="Клуб на Арбате", slug="arbat", language="ru", directors=[director])
    services.create_tournament(club=club, actor=director, name="Кубок Арбата",
                               starts_on=datetime.date(2026, 12, 5), variant="backgammon",
                               format="knockout")
    return club


def test_visitors_read_a_club_s_pages_in_its_language(client: Client, russian_club: Club) -> None:
    event = russian_club.tournaments.get()
    for url in (russian_club.get_absolute_url(), event.get_absolute_url(),
                reverse("tournaments:standings", args=[event.pk])):
        for headers in ({}, NO_LANGUAGE_OF_THE_SITE):
            response = client.get(url, **headers)
            assert response.status_code == 200
            assert lang_of(response) == "ru", url
            assert response["Content-Language"] == "ru"
        # a browser asking for a language of the site gets it, as everywhere
        assert lang_of(client.get(url, **ENGLISH_BROWSER)) == "en"
    # a page of no club: the site's default
    assert lang_of(client.get(reverse("clubs:club_list"))) == "en"


def test_a_choice_wins_over_the_club_s_language(client: Client, russian_club: Club) -> None:
    client.post(reverse("set_language"), {"language": "tr", "next": "/"})
    assert lang_of(client.get(russian_club.get_absolute_url())) == "tr"


def test_a_person_s_own_language_wins_over_the_club_s(client: Client, russian_club: Club) -> None:
    person = UserFactory()
    Profile.objects.create(user=person, signup_language="az")
    client.force_login(person)
    assert lang_of(client.get(russian_club.get_absolute_url())) == "az"
    Profile.objects.filter(user=person).update(signup_language="")
    assert lang_of(client.get(russian_club.get_absolute_url())) == "ru"


def test_the_director_sets_the_club_s_language_and_a_new_club_takes_its_creator_s(
        client: Client) -> None:
    director = UserFactory()
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    response = client.post(reverse("clubs:club_create"), {"name": "Кубок", "language": "ru"})
    club = Club.objects.get(name="Кубок")
    assert response.status_code == 302 and club.language == "ru"
    page = client.get(reverse("clubs:club_create")).text
    assert '<option value="ru" selected>' in page  # offered: the language in use
    client.post(reverse("clubs:club_edit", args=[club.slug]),
                {"name": "Кубок", "language": "az"})
    club.refresh_from_db()
    assert club.language == "az"
    anonymous = Client()
    assert lang_of(anonymous.get(club.get_absolute_url())) == "az"


def test_the_api_reads_and_sets_the_club_s_language(russian_club: Club) -> None:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(russian_club.directors.first())
    url = f"/api/clubs/{russian_club.slug}/"
    assert api.patch(url, {"language": "tr"}, format="json").json()["language"] == "tr"
    assert api.patch(url, {"language": "xx"}, format="json").status_code == 400
    russian_club.refresh_from_db()
    assert russian_club.language == "tr"
    created = api.post("/api/clubs/", {"name": "Nardy Baku"}, format="json",
                       HTTP_ACCEPT_LANGUAGE="az")
    assert created.status_code == 201 and created.json()["language"] == "az"
