"""Each role against each page action: anonymous, stranger, player, other club's director,
the club's director, site admin."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "stranger", "player", "other_director", "director", "admin"]
MANAGERS = {"director", "admin"}


def _user(role: str, event: Tournament):  # type: ignore[no-untyped-def]
    return {
        "anonymous": None,
        "stranger": UserFactory(),
        "player": event.entries.select_related("player").first().player.user,
        "other_director": director_of(make_event(0)),
        "director": director_of(event),
        "admin": UserFactory(is_staff=True),
    }[role]


def _client(role: str, event: Tournament) -> Client:
    client = Client()
    user = _user(role, event)
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("role", ROLES)
def test_console_pages(role: str) -> None:
    event = make_event(4, with_logins=True)
    response = _client(role, event).get(reverse("tournaments:console", args=[event.pk]))
    expected = 200 if role in MANAGERS else (302 if role == "anonymous" else 403)
    assert response.status_code == expected


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", ["draw", "add_entry", "status", "seeds", "update"])
def test_console_actions(role: str, action: str) -> None:
    event = make_event(4, with_logins=True)
    client = _client(role, event)
    url, data = {
        "draw": ("console_draw", {}),
        "add_entry": ("console_add_entry", {"new_name": "Intruder"}),
        "status": ("console_status", {"status": "registration"}),
        "seeds": ("console_seeds", {}),
        "update": ("console_update", {"name": "Renamed"}),
    }[action]
    response = client.post(reverse(f"tournaments:{url}", args=[event.pk]), data)
    event.refresh_from_db()
    if role in MANAGERS:
        assert response.status_code == 302
    else:
        assert response.status_code in (302, 403)
        if role != "anonymous":
            assert response.status_code == 403
        assert event.status == "draft" and event.entries.count() == 4 and event.name == "Test Open"
        assert not event.log.exclude(action__in=["created", "entry_added"]).exists()


@pytest.mark.parametrize("role", ROLES)
def test_director_result_entry(role: str) -> None:
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    response = _client(role, event).post(
        reverse("tournaments:console_result", args=[event.pk, final.pk]),
        {"score1": 7, "score2": 0, "reason": "scoresheet"},
    )
    final.refresh_from_db()
    assert (final.state == "decided") is (role in MANAGERS)
    if role not in MANAGERS and role != "anonymous":
        assert response.status_code == 403


@pytest.mark.parametrize("role", ROLES)
def test_players_enter_results_for_their_own_matches_only(role: str) -> None:
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    client = _client(role, event)
    if role == "player":  # the first entrant is seed 1... play as that match's top player
        client.force_login(first.top.player.user)
    client.post(reverse("tournaments:my_match_score", args=[first.match.pk]),
                {"score1": first.match.length, "score2": 0})
    may_enter = role in ("player", "director", "admin")
    assert first.match.results.exists() is may_enter


def test_a_player_confirms_only_results_entered_by_the_opponent(client: Client) -> None:
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    client.force_login(first.top.player.user)
    client.post(reverse("tournaments:my_match_score", args=[first.match.pk]),
                {"score1": first.match.length, "score2": 1})
    result = first.match.results.get()
    url = reverse("tournaments:my_result_answer", args=[result.pk, "confirm"])
    assert "confirms it" in client.post(url, follow=True).text
    client.force_login(pairing(event, "main", 1, 2).top.player.user)
    client.post(url)
    result.refresh_from_db()
    assert result.status == "proposed"
    client.force_login(first.bottom.player.user)
    client.post(url)
    result.refresh_from_db()
    assert result.status == "confirmed"
    assert pairing(event, "main", 2, 1).top == first.top


def test_merge_page_is_for_the_clubs_directors(client: Client) -> None:
    event = make_event(0)
    url = reverse("clubs:merge_players", args=[event.club.slug])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    client.force_login(director_of(event))
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_walkovers_are_given_by_directors_only(role: str) -> None:
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    _client(role, event).post(
        reverse("tournaments:console_walkover", args=[event.pk, final.pk]),
        {"winner": final.top_id, "confirmed": "1"}
    )
    final.refresh_from_db()
    assert (final.state == "decided") is (role in MANAGERS)


@pytest.mark.parametrize("role", ROLES)
def test_walkover_through_the_api(role: str) -> None:
    from rest_framework.test import APIClient

    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    api = APIClient()
    api.force_authenticate(_user(role, event))
    response = api.post(f"/api/pairings/{final.pk}/walkover/", {"winner": final.bottom_id})
    assert (response.status_code == 200) is (role in MANAGERS)
    final.refresh_from_db()
    assert (final.winner_id == final.bottom_id) is (role in MANAGERS)
