"""A private legal name is seen and found only by the player and the people of the
player's clubs: their directors and members (clubs.selectors.NameViewer; issue 27: the
public sees the public form, members of the club see full names). Every search,
suggestion, list and page asks that one rule. Probed as anonymous, a plain member of the
player's club, a director of another club, a director and the owner of the player's
club, the player.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse

from clubs.models import Club
from clubs.selectors import NameViewer, players_named
from games.models import Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, page_client
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

LEGAL = "Zinaida Privatnaya"
SURNAME = "Privatnaya"
SEE = ("director", "owner", "player", "member")
HIDDEN = ("anonymous", "other_director")


@pytest.fixture
def world() -> dict[str, Any]:
    owner, director, other_director = UserFactory(), UserFactory(), UserFactory()
    member, zina_user = UserFactory(), UserFactory()
    home = ClubFactory(name="Home Club", directors=[owner, director])
    Club.objects.filter(pk=home.pk).update(owner=owner)
    away = ClubFactory(name="Away Club", directors=[other_director])
    zina = PlayerFactory(name=LEGAL, display_name="Zina", user=zina_user)
    MembershipFactory(club=home, player=zina)
    MembershipFactory(club=home, player=PlayerFactory(user=member, display_name="Mem"))
    opponent = PlayerFactory(name="Public Person", display_name="Pub")
    MembershipFactory(club=away, player=opponent)
    Match.objects.create(club=home, variant="backgammon", length=5, player1=zina,
                         player2=opponent)
    away_event = tournament_services.create_tournament(
        club=away, actor=other_director, name="Away Open", starts_on=datetime.date(2026, 12, 5),
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        match_lengths={"main": [3, 5, 7]})
    tournament_services.add_entry(tournament=away_event, player=zina, actor=other_director)
    home_event = tournament_services.create_tournament(
        club=home, actor=director, name="Home Open", starts_on=datetime.date(2026, 12, 6),
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        match_lengths={"main": [3, 5, 7]})
    users = {"anonymous": None, "member": member, "other_director": other_director,
             "director": director, "owner": owner, "player": zina_user}
    return {"users": users, "zina": zina, "home": home, "away": away,
            "away_event": away_event, "home_event": home_event}


def _rows(response: Any) -> list[dict]:
    body = response.json()
    return body["results"] if isinstance(body, dict) else body


@pytest.mark.parametrize("who", HIDDEN + SEE)
def test_the_player_search_api_finds_a_private_name_only_for_those_who_may_see_it(
        world: dict[str, Any], who: str) -> None:
    api = api_client(world["users"][who])
    for search in (SURNAME, LEGAL.lower(), "zinaida"):
        response = api.get("/api/players/", {"search": search})
        assert response.status_code == 200
        found = [row["id"] for row in _rows(response)]
        assert found == ([world["zina"].pk] if who in SEE else []), (who, search)
        assert SURNAME not in response.text  # the API shows display names only
    by_display = _rows(api.get("/api/players/", {"search": "zina"}))
    assert [row["display_name"] for row in by_display] == ["Zina"]  # public for everybody


@pytest.mark.parametrize("who", HIDDEN + SEE)
def test_the_one_rule(world: dict[str, Any], who: str) -> None:
    viewer = NameViewer(world["users"][who])
    zina = world["zina"]
    assert viewer.sees(zina) is (who in SEE)
    assert viewer.legal_name(zina) == (LEGAL if who in SEE else None)
    assert list(players_named(SURNAME, viewer)) == ([zina] if who in SEE else [])


@pytest.mark.parametrize("who", HIDDEN)
def test_a_public_legal_name_is_seen_and_found_by_everybody(world: dict[str, Any],
                                                           who: str) -> None:
    world["zina"].name_is_public = True
    world["zina"].save()
    viewer = NameViewer(world["users"][who])
    assert viewer.legal_name(world["zina"]) == LEGAL
    response = api_client(world["users"][who]).get("/api/players/", {"search": SURNAME})
    assert [row["id"] for row in _rows(response)] == [world["zina"].pk]


def test_site_admins_see_every_name(world: dict[str, Any]) -> None:
    admin = UserFactory(is_staff=True)
    assert NameViewer(admin).legal_name(world["zina"]) == LEGAL


@pytest.mark.parametrize("who", HIDDEN + SEE)
def test_pages_show_and_match_a_private_name_only_for_those_who_may_see_it(
        world: dict[str, Any], who: str) -> None:
    client = page_client(world["users"][who])
    zina, home = world["zina"], world["home"]
    pages = [
        reverse("clubs:club_detail", args=[home.slug]),
        reverse("leaderboard:player", args=[zina.pk]),
        reverse("leaderboard:player_list"),
        reverse("leaderboard:head_to_head") + f"?first={zina.pk}",
        reverse("games:match_list"),
        reverse("tournaments:tournament_detail", args=[world["away_event"].pk]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert (SURNAME in response.text) is (who in SEE and url == pages[0]), (who, url)
    # searches by the private name find Zina only for those who may see it
    zina_link = reverse("leaderboard:player", args=[zina.pk])
    listed = client.get(reverse("leaderboard:player_list"), {"name": SURNAME}).text
    assert (zina_link in listed) is (who in SEE), who
    assert zina_link in client.get(reverse("leaderboard:player_list"), {"name": "zina"}).text
    match_link = reverse("games:match_detail", args=[Match.objects.get().pk])
    found = client.get(reverse("games:match_list"), {"player": SURNAME}).text
    assert (match_link in found) is (who in SEE), who
    assert match_link in client.get(reverse("games:match_list"), {"player": "zina"}).text


def test_the_console_of_another_club_neither_finds_nor_shows_a_private_name(
        world: dict[str, Any]) -> None:
    away_event, home_event = world["away_event"], world["home_event"]
    other = page_client(world["users"]["other_director"])
    search = reverse("tournaments:console_player_search", args=[home_event.pk])
    assert other.get(search, {"q": SURNAME}).status_code == 403  # not their event
    zina = world["zina"]
    away_search = reverse("tournaments:console_player_search", args=[away_event.pk])
    away_event.entries.all().delete()  # so that Zina can be offered again
    found = other.get(away_search, {"q": SURNAME})
    assert found.status_code == 200 and "Zina" not in found.text
    found = other.get(away_search, {"q": "zin"})
    assert "Zina" in found.text and SURNAME not in found.text
    tournament_services.add_entry(tournament=away_event, player=zina,
                                  actor=world["users"]["other_director"])
    console = other.get(reverse("tournaments:console", args=[away_event.pk]))
    assert "Zina" in console.text and SURNAME not in console.text
    director = page_client(world["users"]["director"])
    home_search = reverse("tournaments:console_player_search", args=[home_event.pk])
    found = director.get(home_search, {"q": SURNAME})
    assert "Zina" in found.text and LEGAL in found.text


def test_similar_name_suggestions_keep_a_private_name_private(world: dict[str, Any]) -> None:
    away, home = world["away"], world["home"]
    other = api_client(world["users"]["other_director"])
    response = other.get(f"/api/clubs/{away.slug}/similar-players/", {"name": LEGAL})
    assert response.status_code == 200 and _rows(response) == [] and SURNAME not in response.text
    own = api_client(world["users"]["director"]).get(
        f"/api/clubs/{home.slug}/similar-players/", {"name": LEGAL})
    assert [(row["id"], row["name"]) for row in _rows(own)] == [(world["zina"].pk, LEGAL)]
    # adding the same name elsewhere offers nobody: Zina's name gives nothing away
    page = page_client(world["users"]["other_director"]).post(
        reverse("clubs:player_add", args=[away.slug]), {"name": LEGAL})
    assert page.status_code == 302
    assert not away.members.filter(pk=world["zina"].pk).exists()


@pytest.mark.parametrize("who", HIDDEN + SEE)
def test_the_club_people_list_names_legally_only_for_those_who_may_see(
        world: dict[str, Any], who: str) -> None:
    response = api_client(world["users"][who]).get(f"/api/clubs/{world['home'].slug}/people/")
    row = next(row for row in _rows(response) if row["player"] == world["zina"].pk)
    assert row["legal_name"] == (LEGAL if who in SEE else None)
    assert (SURNAME in response.text) is (who in SEE)



def test_an_import_preview_matches_a_private_name_only_in_the_players_own_club(
        world: dict[str, Any]) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    def preview(who: str, club: Club) -> Any:
        upload = SimpleUploadedFile("p.csv", f"Name\n{LEGAL}\n".encode())
        return api_client(world["users"][who]).post(
            f"/api/clubs/{club.slug}/imports/", {"file": upload}, format="multipart")

    elsewhere = preview("other_director", world["away"])
    assert elsewhere.status_code == 201 and elsewhere.json()["lines"][0]["action"] == "create"
    assert elsewhere.json()["lines"][0]["similar"] == []
    page = page_client(world["users"]["other_director"]).get(reverse(
        "clubs:import_preview", args=[world["away"].slug, elsewhere.json()["id"]]))
    assert page.status_code == 200 and 'name="line-2"' not in page.text  # nobody to choose
    at_home = preview("director", world["home"])
    line = at_home.json()["lines"][0]
    assert line["action"] == "link" and line["player"] == world["zina"].pk
