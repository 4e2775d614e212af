import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_a_director_runs_a_knockout_through_the_api(api: APIClient) -> None:
    director = UserFactory()
    ClubFactory(slug="riverside", directors=[director])
    api.force_authenticate(director)
    created = api.post("/api/tournaments/", {
        "club": "riverside", "name": "Open", "starts_on": "2026-11-21", "variant": "backgammon",
        "format": "knockout", "consolation": "first_match_losers",
    }, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    for index in range(6):
        player = PlayerFactory()
        assert api.post(f"/api/tournaments/{pk}/entries/", {"player": player.pk}).status_code == 201
    twice = api.post(f"/api/tournaments/{pk}/entries/", {"player": player.pk})
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_entered"
    drawn = api.post(f"/api/tournaments/{pk}/draw/")
    assert drawn.status_code == 201
    assert {p["flight"] for p in drawn.json()} == {"main", "consolation"}
    assert api.get(f"/api/tournaments/{pk}/pairings/").status_code == 200
    ready = Pairing.objects.filter(tournament_id=pk, state="ready").first()
    done = api.post(f"/api/pairings/{ready.pk}/result/",
                    {"score1": 7, "score2": 3, "reason": "scoresheet"}, format="json")
    assert done.status_code == 201
    ready.refresh_from_db()
    assert ready.state == "decided"


def test_anonymous_reads_public_tournaments_only(api: APIClient) -> None:
    public = make_event(2, name="Public Cup")
    make_event(2, name="Secret Cup", is_public=False)
    names = [t["name"] for t in api.get("/api/tournaments/").json()["results"]]
    assert names == ["Public Cup"]
    assert api.get(f"/api/tournaments/{public.pk}/entries/").status_code == 200
    assert api.post(f"/api/tournaments/{public.pk}/draw/").status_code in (401, 403)


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_director", "player"])
def test_only_the_clubs_directors_manage_a_tournament(api: APIClient, who: str) -> None:
    event = make_event(2, with_logins=True)
    users = {
        "anonymous": None,
        "stranger": UserFactory(),
        "other_director": director_of(make_event(0)),
        "player": event.entries.first().player.user,
    }
    api.force_authenticate(users[who])
    for method, url, data in [
        ("post", f"/api/tournaments/{event.pk}/draw/", {}),
        ("post", f"/api/tournaments/{event.pk}/entries/", {"player": PlayerFactory().pk}),
        ("post", f"/api/tournaments/{event.pk}/status/", {"status": "registration"}),
        ("patch", f"/api/tournaments/{event.pk}/", {"name": "Hijacked"}),
    ]:
        response = getattr(api, method)(url, data, format="json")
        assert response.status_code in (401, 403), (who, url, response.status_code)
    event.refresh_from_db()
    assert event.status == Tournament.Status.DRAFT and event.name == "Test Open"
    assert event.entries.count() == 2


def test_players_act_only_on_their_own_matches(api: APIClient) -> None:
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    first, second = pairing(event, "main", 1, 1), pairing(event, "main", 1, 2)
    outsider = second.top.player.user
    api.force_authenticate(outsider)
    length = first.match.length
    refused = api.post(f"/api/pairings/{first.pk}/result/", {"score1": length, "score2": 0},
                       format="json")
    assert refused.status_code == 403
    api.force_authenticate(first.top.player.user)
    entered = api.post(f"/api/pairings/{first.pk}/result/", {"score1": length, "score2": 1},
                       format="json")
    assert entered.status_code == 201
    assert api.post(f"/api/pairings/{first.pk}/confirm/").status_code == 403  # not your own
    api.force_authenticate(outsider)
    assert api.post(f"/api/pairings/{first.pk}/confirm/").status_code == 403
    api.force_authenticate(first.bottom.player.user)
    mine = api.get("/api/pairings/mine/").json()
    assert [p["id"] for p in mine] == [first.pk]
    assert api.post(f"/api/pairings/{first.pk}/confirm/").status_code == 200
    first.refresh_from_db()
    assert first.state == "decided" and first.winner == first.top


def test_a_director_decides_a_late_correction_through_the_api(api: APIClient) -> None:
    from games import services as games_services
    from tests.tournaments.tournament_helpers import play

    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    play(first.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    games_services.enter_game(match=pairing(event, "main", 2, 1).match, by=director, winner=1,
                              result="single")
    play(first.match, 2)
    api.force_authenticate(director)
    conflicts = api.get(f"/api/tournaments/{event.pk}/conflicts/").json()
    assert len(conflicts) == 1 and conflicts[0]["status"] == "open"
    decided = api.post(f"/api/tournaments/{event.pk}/conflicts/",
                       {"conflict": conflicts[0]["id"], "decision": "keep"}, format="json")
    assert decided.status_code == 200 and decided.json()["status"] == "kept"
    api.force_authenticate(None)
    assert api.get(f"/api/tournaments/{event.pk}/conflicts/").status_code == 403


def test_merge_players_through_the_api(api: APIClient) -> None:
    event = make_event(2)
    director = director_of(event)
    keep = event.entries.first().player
    duplicate = PlayerFactory()
    from tests.factories import MembershipFactory
    MembershipFactory(club=event.club, player=keep)
    MembershipFactory(club=event.club, player=duplicate)
    api.force_authenticate(UserFactory())
    assert api.post(f"/api/players/{keep.pk}/merge/", {"duplicate": duplicate.pk}).status_code == 403
    api.force_authenticate(director)
    merged = api.post(f"/api/players/{keep.pk}/merge/", {"duplicate": duplicate.pk})
    assert merged.status_code == 200
    assert not type(keep).objects.filter(pk=duplicate.pk).exists()
