"""Numbers out of their domain's bounds get a 400 naming the field, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from chouette.models import ChouetteSession
from chouette.services import MAX_PLAYERS
from disputes.models import Dispute
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.chouette_tables import make_table
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, error_of
from tests.tournaments.tournament_helpers import director_of, make_event

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.postgres,  # the overflows differ: SQLite raises OverflowError, PostgreSQL DataError
    ]


def field_error(response: Any, field: str, status: int = 400) -> None:
    """Refused, naming the field: 400 when the input does not fit the schema, 409 when
    it fits but the rules refuse it or names nothing that exists."""
    assert response.status_code == status, response.content
    assert any(name.split(".")[0] == field for name in error_of(response)["fields"]), (
        response.json()
    )


@pytest.mark.parametrize(
    ("duplicate", "status"), [(999_999, 409), (10**30, 409), (-1, 409), ("²", 400)]
)
def test_merging_a_player_that_does_not_exist_is_refused(duplicate: object, status: int) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    keep = PlayerFactory()
    MembershipFactory(club=club, player=keep)
    response = api_client(director).post(
        f"/api/players/{keep.pk}/merge/", {"duplicate": duplicate}, format="json"
    )
    field_error(response, "duplicate", status)


@pytest.mark.parametrize("length", [10**30, 100, -1])
def test_a_match_length_beyond_99_is_refused(length: int) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    body = {"club": club.slug, "variant": "backgammon", "length": length}
    field_error(api_client(director).post("/api/matches/", body, format="json"), "length")


def test_two_hundred_redoubles_are_refused() -> None:
    match, user1, _ = match_with_logins(length=0)
    doubles = [
        {"player": 1 + turn % 2, "value": 2 ** (turn + 1), "response": "take"}
        for turn in range(200)
    ]
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/games/",
        {"winner": 1, "result": "single", "doubles": doubles},
        format="json",
    )
    field_error(response, "doubles", 409)
    assert Game.objects.count() == 0


def test_a_cube_above_the_limit_is_refused_by_the_api() -> None:
    match, user1, _ = match_with_logins(length=5)
    body = {"winner": 1, "result": "single", "cube": 2**40, "cube_owner": 2}
    field_error(
        api_client(user1).post(f"/api/matches/{match.pk}/games/", body, format="json"), "cube"
    )


@pytest.mark.parametrize("game_number", [10**30, 1000, 0])
def test_a_game_number_out_of_range_is_refused(game_number: int) -> None:
    match, user1, _ = match_with_logins()
    body = {
        "match": match.pk,
        "game_number": game_number,
        "position_id": "4HPwATDgc/ABMA",
        "dice": [3, 1],
        "notation": "8/5 6/5",
    }
    field_error(api_client(user1).post("/api/disputes/", body, format="json"), "game_number")
    assert Dispute.objects.count() == 0


@pytest.mark.parametrize("max_players", [10**19, MAX_PLAYERS + 1, 2])
def test_a_chouette_table_has_a_bounded_number_of_players(max_players: int) -> None:
    table = make_table(3)
    body = {
        "club": table.club.slug,
        "max_players": max_players,
        "opening_line": [player.pk for player in table.players],
    }
    field_error(
        api_client(table.director).post("/api/chouette-sessions/", body, format="json"),
        "max_players",
    )
    assert ChouetteSession.objects.count() == 1  # the table make_table opened


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"match_lengths": {"main": [10**30, 9, 11]}}, "match_lengths"),
        ({"match_lengths": {"main": [7, 9, 11, 13]}}, "match_lengths"),
        ({"match_lengths": 7}, "match_lengths"),
        ({"tiebreaks": 7}, "tiebreaks"),
        ({"tiebreaks": ["coin_toss"]}, "tiebreaks"),
        ({"seeded_top": 10**19}, "seeded_top"),
        ({"cycles": 5}, "cycles"),
        ({"rules_text": "x" * 5001}, "rules_text"),
    ],
)
def test_tournament_settings_have_domain_bounds(fields: dict, field: str) -> None:
    event = make_event(0)
    response = api_client(director_of(event)).patch(
        f"/api/tournaments/{event.pk}/", fields, format="json"
    )
    field_error(response, field)


@pytest.mark.parametrize(
    ("seeds", "status"), [({"1": 10**30}, 400), ({"²": 1}, 409), ({str(10**30): 1}, 409)]
)
def test_seeds_are_bounded_ids_and_numbers(seeds: dict, status: int) -> None:
    """A seed beyond any event does not fit the schema (400); a key that is no entry of
    the event is refused by the service (409), never a 500."""
    event = make_event(2)
    response = api_client(director_of(event)).post(
        f"/api/tournaments/{event.pk}/seeds/", {"seeds": seeds}, format="json"
    )
    assert response.status_code == status, response.content
    if status == 400:
        field_error(response, "seeds")
