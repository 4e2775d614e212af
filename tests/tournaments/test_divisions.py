"""Divisions of one event (issue 16, part 3): registered into divisions, split at the draw
into one tournament per division, each with its own draw, standings and ranking points,
through the REST API and through the pages; bad set-ups refused with nothing saved."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from leaderboard.models import RankedEvent
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.clients import error_field, error_of
from tests.tournaments.test_formats_api import run_event
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db

DIVISIONS = [{"code": "open", "name": "Open"}, {"code": "nov", "name": "Novice"}]
ONE_POINT = {"main": [1, 1, 1], "consolation": [1, 1, 1], "last_chance": [1, 1, 1],
             "group": [1], "swiss": [1], "losers": [1, 1, 1], "grand_final": [1]}


@pytest.fixture
def director_api() -> APIClient:
    api = APIClient()
    user = UserFactory()
    api.force_authenticate(user)
    ClubFactory(slug="riverside", directors=[user])
    return api


def open_event(api: APIClient, **settings) -> int:
    body = {"club": "riverside", "name": "Autumn Cup", "starts_on": "2026-11-21",
            "variant": "backgammon", "match_lengths": ONE_POINT, "divisions": DIVISIONS,
            **settings}
    created = api.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    opened = api.post(f"/api/tournaments/{pk}/status/", {"status": "registration"}, format="json")
    assert opened.status_code == 200, opened.json()
    return pk


def register(api: APIClient, pk: int, players: dict[str, int]) -> dict[str, set[int]]:
    """Register ``players[code]`` new players into each division; their player ids."""
    ids: dict[str, set[int]] = {}
    for code, count in players.items():
        for index in range(count):
            player = PlayerFactory(display_name=f"{code.title()} {index:02d}")
            answer = api.post("/api/registrations/", {"tournament": pk, "player": player.pk,
                                                      "division": code}, format="json")
            assert answer.status_code == 201, answer.json()
            ids.setdefault(code, set()).add(player.pk)
    return ids


@pytest.mark.parametrize("event_format", ["knockout", "round_robin", "swiss"])
def test_an_event_in_two_divisions_is_drawn_played_and_ranked_per_division_through_the_api(
        director_api: APIClient, event_format: str) -> None:
    pk = open_event(director_api, format=event_format,
                    **({"consolation": "first_match_losers"} if event_format == "knockout" else {}))
    sizes = {"open": 8, "nov": 5} if event_format != "round_robin" else {"open": 8, "nov": 4}
    players = register(director_api, pk, sizes)

    drawn = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert drawn.status_code == 201, drawn.json()
    event = director_api.get(f"/api/tournaments/{pk}/").json()
    assert event["status"] == "running" and event["parent"] is None
    divisions = event["division_events"]
    assert [d["division"] for d in divisions] == ["open", "nov"]
    assert [d["name"] for d in divisions] == ["Autumn Cup — Open", "Autumn Cup — Novice"]
    by_code = {d["division"]: d["id"] for d in divisions}
    # the draw's answer: every division's pairings, each naming its division's tournament
    assert {p["tournament"] for p in drawn.json()} == set(by_code.values())

    rng = random.Random(16)
    for code, child in by_code.items():
        detail = director_api.get(f"/api/tournaments/{child}/").json()
        assert detail["parent"] == pk and detail["division"] == code
        assert detail["format"] == event_format and detail["status"] == "running"
        entries = director_api.get(f"/api/tournaments/{child}/entries/").json()
        assert {e["player"]["id"] for e in entries} == players[code]
        pairings = director_api.get(f"/api/tournaments/{child}/pairings/").json()
        seated = {side["player"]["id"] for p in pairings for side in (p["top"], p["bottom"]) if side}
        assert seated <= players[code], "a player drawn outside their division"
        played = run_event(director_api, child, rng, draw=False)  # drawn with its event
        assert played
        assert director_api.get(f"/api/tournaments/{child}/").json()["status"] == "finished"
        standings = director_api.get(f"/api/tournaments/{child}/standings/").json()
        assert {row["player"]["id"] for row in standings["places"]} == players[code]
        assert min(row["place_first"] for row in standings["places"]) == 1
        points = director_api.get(f"/api/ranking-points/{child}/")
        assert points.status_code == 200, points.json()
        assert points.json()["entrants"] == sizes[code]
        assert {row["player"] for row in points.json()["placings"]} == players[code]
        if code == "open":  # a field of 8: places 1 and 2 score points
            rows = {row["place_first"]: row for row in points.json()["placings"]}
            assert float(rows[1]["points"]) > float(rows[2]["points"]) > 0

    event = director_api.get(f"/api/tournaments/{pk}/").json()
    assert event["status"] == "finished"  # with its last division
    assert not RankedEvent.objects.filter(tournament_id=pk).exists()  # scored per division
    assert director_api.get(f"/api/ranking-points/{pk}/").status_code == 404
    # the event's money ledger still sees every division's entrants
    ledger = director_api.get(f"/api/event-money/{pk}/")
    assert ledger.status_code == 200, ledger.json()
    pools = {pool["name"]: pool for pool in ledger.json()["divisions"]}
    assert pools["Open"]["unpaid"] == sizes["open"] and pools["Novice"]["unpaid"] == sizes["nov"]


def assert_nothing_saved(pk: int, entrants: int) -> None:
    event = Tournament.objects.get(pk=pk)
    assert event.status == "registration"
    assert not Tournament.objects.filter(parent=event).exists()
    assert event.entries.count() == entrants
    assert not Pairing.objects.filter(tournament__parent=event).exists()


def test_a_division_without_entrants_is_refused_naming_it(director_api: APIClient) -> None:
    pk = open_event(director_api, format="knockout")
    register(director_api, pk, {"open": 4})
    answer = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert answer.status_code == 409
    assert error_of(answer)["code"] == "empty_division"
    assert "Novice" in error_of(answer)["message"] and error_field(answer) == "divisions"
    assert_nothing_saved(pk, 4)


def test_an_entrant_without_a_division_is_refused_naming_them(director_api: APIClient) -> None:
    pk = open_event(director_api, format="knockout")
    register(director_api, pk, {"open": 3, "nov": 3})
    stray = PlayerFactory(display_name="Stray Cat")
    assert director_api.post(f"/api/tournaments/{pk}/entries/", {"player": stray.pk}).status_code == 201
    answer = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert answer.status_code == 409
    assert error_of(answer)["code"] == "entrants_without_division"
    assert "Stray Cat" in error_of(answer)["message"] and error_field(answer) == "division"
    assert_nothing_saved(pk, 7)


def test_a_division_its_format_refuses_is_named_and_nothing_is_drawn(director_api: APIClient) -> None:
    pk = open_event(director_api, format="groups_knockout", group_count=2, qualifiers_per_group=2)
    register(director_api, pk, {"open": 8, "nov": 3})  # 3 players cannot make two groups
    answer = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert answer.status_code == 409
    error = error_of(answer)
    assert error["code"] == "division_draw_refused" and error_field(answer) == "divisions"
    assert error["message"].startswith("The Novice division cannot be drawn:")
    assert_nothing_saved(pk, 11)


def test_play_happens_in_the_divisions_not_in_the_split_event(director_api: APIClient) -> None:
    pk = open_event(director_api, format="round_robin")
    register(director_api, pk, {"open": 3, "nov": 3})
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    again = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert again.status_code == 409
    for path, body in ((f"/api/tournaments/{pk}/next-round/", {}),
                       (f"/api/tournaments/{pk}/status/", {"status": "finished"})):
        answer = director_api.post(path, body, format="json")
        assert answer.status_code == 409 and error_of(answer)["code"] == "play_in_divisions"
    changed = director_api.patch(f"/api/tournaments/{pk}/", {"divisions": []}, format="json")
    assert changed.status_code == 409 and error_of(changed)["code"] == "draw_made"
    # the event's list shows the event, not its divisions
    listed = [t["id"] for t in director_api.get("/api/tournaments/?club=riverside").json()["results"]]
    assert pk in listed


def test_divisions_through_the_pages(client: Client) -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    event = Tournament.objects.create(
        club=club, name="Winter Open", starts_on="2026-12-05", variant="backgammon",
        format="knockout", status="registration", match_lengths=ONE_POINT, divisions=DIVISIONS)
    for index, code in enumerate(["open", "open", "open", "open", "nov", "nov"]):
        user = UserFactory()
        PlayerFactory(display_name=f"Pat {index}", user=user)
        client.force_login(user)
        answer = client.post(reverse("tournaments:register", args=[event.pk]), {"division": code},
                             follow=True)
        assert "You are registered." in answer.text
    client.force_login(director)
    overview = client.get(event.get_absolute_url()).text
    # a division is shown by its name, never by its code
    assert overview.count("<small>Open</small>") == 4 and overview.count("<small>Novice</small>") == 2
    assert "<small>open</small>" not in overview and "<small>nov</small>" not in overview
    drawn = client.post(reverse("tournaments:console_draw", args=[event.pk]), follow=True)
    assert "The draw is made" in drawn.text, drawn.text
    open_event_, novice = Tournament.objects.filter(parent=event).order_by("pk")
    # the event's bracket page: a selector of the divisions, each leading to its bracket
    bracket = client.get(reverse("tournaments:bracket", args=[event.pk])).text
    assert 'data-testid="division-tabs"' in bracket and 'data-testid="choose-division"' in bracket
    assert f'href="{reverse("tournaments:bracket", args=[novice.pk])}" data-division="nov"' in bracket
    division_page = client.get(reverse("tournaments:bracket", args=[novice.pk])).text
    assert 'data-division="nov" aria-current="page"' in division_page
    assert "Pat 4" in division_page and "Pat 0" not in division_page
    # the director plays each division from its console
    for division in (open_event_, novice):
        for _ in range(10):
            ready = division.pairings.filter(state="ready").first()
            if ready is None:
                break
            answer = client.post(reverse("tournaments:console_result", args=[division.pk, ready.pk]),
                                 {"score1": 1, "score2": 0, "reason": "scoresheet"}, follow=True)
            assert "Result recorded." in answer.text, answer.text
        division.refresh_from_db()
        assert division.status == "finished"
    standings = client.get(reverse("tournaments:standings", args=[novice.pk])).text
    assert "Places" in standings and "Pat 4" in standings and "Pat 0" not in standings
    event.refresh_from_db()
    assert event.status == "finished"
    listed = client.get(reverse("tournaments:tournament_list")).text
    assert "Winter Open" in listed and "Winter Open — Novice" not in listed
    overview = client.get(event.get_absolute_url()).text  # entrants of every division
    assert all(f"Pat {index}" in overview for index in range(6))


def test_the_pages_render_the_partials_the_format_registers(client: Client, monkeypatch) -> None:
    """The bracket and crosstable pages include the format's registered partials."""
    from tournaments.format_registry import FORMATS

    event = Tournament.objects.create(
        club=ClubFactory(), name="Partial Cup", starts_on="2026-12-05", variant="backgammon",
        format="knockout", status="running")
    assert 'id="bracket"' in client.get(reverse("tournaments:bracket", args=[event.pk])).text
    monkeypatch.setattr(FORMATS["knockout"], "bracket_partial", "tournaments/_crosstable.html")
    page = client.get(reverse("tournaments:bracket", args=[event.pk])).text
    assert 'id="crosstable"' in page and 'id="bracket"' not in page
    htmx = client.get(reverse("tournaments:bracket", args=[event.pk]), HTTP_HX_REQUEST="true").text
    assert htmx.startswith('<div id="crosstable"')
