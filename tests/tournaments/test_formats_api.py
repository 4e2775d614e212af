"""Whole events of every format run through the REST API alone, with random results.

An integrator's view: create the event with its format's settings, enter players, draw,
enter results (who wins is read from the pairing's seats), start rounds, read the
standings, places and ranking points. Invariants are checked on the way.
"""

import random
from collections import Counter

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_api() -> APIClient:
    api = APIClient()
    api.force_authenticate(UserFactory())
    ClubFactory(slug="riverside", directors=[api.handler._force_user])
    return api


def create(api: APIClient, entrants: int, **settings) -> int:
    body = {"club": "riverside", "name": "Cup", "starts_on": "2026-11-21", "variant": "nardy",
            "match_lengths": {"main": [1, 1, 1], "consolation": [1, 1, 1], "last_chance": [1, 1, 1],
                              "group": [1], "swiss": [1], "losers": [1, 1, 1], "grand_final": [1]},
            **settings}
    created = api.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    for index in range(entrants):
        player = PlayerFactory(display_name=f"P{index:02d}")
        assert api.post(f"/api/tournaments/{pk}/entries/", {"player": player.pk}).status_code == 201
    return pk


def run_event(api: APIClient, pk: int, rng: random.Random, *, draw: bool = True) -> list[dict]:
    """Draw (unless drawn already), then play every ready match and start every round until
    the event finishes.

    Returns the decided pairings in the order they were played.
    """
    if draw:
        assert api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    played = []
    for _ in range(2000):
        event = api.get(f"/api/tournaments/{pk}/").json()
        if event["status"] == "finished":
            return played
        pairings = api.get(f"/api/tournaments/{pk}/pairings/").json()
        ready = [p for p in pairings if p["state"] == "ready"]
        busy = Counter(side["id"] for p in ready for side in (p["top"], p["bottom"]))
        assert all(count == 1 for count in busy.values()), "a player in two ready matches"
        if not ready:
            started = api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json")
            assert started.status_code == 200, started.json()
            continue
        for pairing in ready:
            match = pairing["match"]
            seats = {match["player1"]["entry"], match["player2"]["entry"]}
            assert seats == {pairing["top"]["id"], pairing["bottom"]["id"]}
            seat = rng.choice((1, 2))
            length = match["length"]
            scores = {"score1": length if seat == 1 else 0, "score2": length if seat == 2 else 0}
            done = api.post(f"/api/pairings/{pairing['id']}/result/",
                            {**scores, "reason": "scoresheet"}, format="json")
            assert done.status_code == 201, done.json()
            winner = match[f"player{seat}"]["entry"]
            loser = match[f"player{3 - seat}"]["entry"]
            played.append({**pairing, "winner_entry": winner, "loser_entry": loser})
    raise AssertionError("the event never finished")


def test_a_stuck_swiss_round_is_paired_with_repeats_when_the_director_allows(director_api, monkeypatch):
    from itertools import combinations

    from tournaments.draws import swiss as pure
    from tournaments.play import swiss as service

    def everyone_has_met(players, played, **options):  # a dead end, whatever was played
        return pure.pair_round(players, {frozenset(pair) for pair in combinations(
            [p.player for p in players], 2)}, **options)

    monkeypatch.setattr(service, "pair_round", everyone_has_met)
    pk = create(director_api, 6, format="swiss", swiss_rounds=3)
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for pairing in Tournament.objects.get(pk=pk).pairings.filter(state="ready"):
        director_api.post(f"/api/pairings/{pairing.pk}/result/",
                          {"score1": 1, "score2": 0, "reason": "sheet"}, format="json")
    stuck = director_api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json")
    assert stuck.status_code == 409 and stuck.json()["error"]["code"] == "no_new_pairings"
    assert "allowing repeats" in stuck.json()["error"]["message"]
    allowed = director_api.post(f"/api/tournaments/{pk}/next-round/", {"allow_repeats": True},
                                format="json")
    assert allowed.status_code == 200 and allowed.json() == {"round": 2}
    tournament = Tournament.objects.get(pk=pk)
    assert tournament.pairings.filter(round=2).count() == 3
    assert tournament.log.filter(action="repeats_allowed").exists()


def places_of(api: APIClient, pk: int) -> list[dict]:
    return api.get(f"/api/tournaments/{pk}/standings/").json()["places"]


@pytest.mark.parametrize("entrants, reset, seed", [(2, True, 1), (5, True, 2), (9, False, 3), (12, True, 4)])
def test_double_elimination_through_the_api(director_api, entrants, reset, seed):
    pk = create(director_api, entrants, format="double_elimination", grand_final_reset=reset,
                seeding="random", random_seed=1234)
    played = run_event(director_api, pk, random.Random(seed))
    losses = Counter()
    for match in played:
        assert losses[match["top"]["id"]] < 2 and losses[match["bottom"]["id"]] < 2
        losses[match["loser_entry"]] += 1
    places = places_of(director_api, pk)
    assert len(places) == entrants
    champion = next(p for p in places if p["place_first"] == 1)
    assert losses[champion["entry"]] <= 1
    out_with_one = [e for e, n in losses.items() if n == 1 and e != champion["entry"]]
    assert out_with_one == [] or (not reset and len(out_with_one) == 1)
    assert Tournament.objects.get(pk=pk).random_seed == 1234  # the seed given is kept


@pytest.mark.parametrize("entrants, rounds, seed", [(7, 3, 1), (8, None, 2), (6, 3, 3)])
def test_swiss_through_the_api(director_api, entrants, rounds, seed):
    settings = {"format": "swiss", "tiebreaks": ["wins", "buchholz", "median_buchholz",
                                                 "sonneborn_berger", "head_to_head"]}
    if rounds:
        settings["swiss_rounds"] = rounds
    pk = create(director_api, entrants, **settings)
    played = run_event(director_api, pk, random.Random(seed))
    pairs = [frozenset((m["top"]["id"], m["bottom"]["id"])) for m in played]
    assert len(pairs) == len(set(pairs)), "a rematch"
    standings = director_api.get(f"/api/tournaments/{pk}/standings/").json()
    (group,) = standings["groups"]
    assert [t["key"] for t in standings["tiebreaks"]] == settings["tiebreaks"]
    assert all(t["name"] and t["explanation"] for t in standings["tiebreaks"])
    assert len(group["rows"]) == entrants
    for row in group["rows"]:
        assert isinstance(row["entry"], int) and isinstance(row["player"]["id"], int)
        assert set(row["values"]) == set(settings["tiebreaks"])
        assert row["values"]["head_to_head"] is None  # worked out among tied players only
        assert "" not in row["values"].values()
    assert len(group["separations"]) == entrants - 1
    byes = Counter(m.top_id for m in Tournament.objects.get(pk=pk).pairings.filter(bottom=None))
    assert max(byes.values(), default=0) <= 1
    assert len(places_of(director_api, pk)) == entrants


@pytest.mark.parametrize("entrants, losses_limit, round_limit, seed",
                         [(6, 1, None, 1), (9, 2, None, 2), (8, 2, 3, 3), (5, 3, None, 4)])
def test_swiss_until_n_losses_through_the_api(director_api, entrants, losses_limit, round_limit, seed):
    pk = create(director_api, entrants, format="swiss_losses", losses_limit=losses_limit,
                round_limit=round_limit)
    played = run_event(director_api, pk, random.Random(seed))
    losses = Counter()
    rounds_of = {}
    for match in played:
        for side in (match["top"]["id"], match["bottom"]["id"]):
            assert losses[side] < losses_limit, "a player played after the N-th loss"
        losses[match["loser_entry"]] += 1
        rounds_of[match["round"]] = True
    still_in = [e for e in {m["top"]["id"] for m in played} | {m["bottom"]["id"] for m in played}
                if losses[e] < losses_limit]
    assert len(still_in) <= 1 or (round_limit is not None and max(rounds_of) == round_limit)
    places = places_of(director_api, pk)
    assert len(places) == entrants
    first = [p["entry"] for p in places if p["place_first"] == 1]
    assert all(losses[e] == min(losses[p["entry"]] for p in places) for e in first)


@pytest.mark.parametrize("body, code", [
    ({"format": "swiss", "swiss_rounds": 0}, "too_few_rounds"),
    ({"format": "swiss_losses", "losses_limit": 0}, "too_few_losses"),
    ({"format": "swiss_losses", "round_limit": 0}, "too_few_rounds"),
])
def test_impossible_settings_are_refused_before_anything_is_made(director_api, body, code):
    answer = director_api.post("/api/tournaments/", {
        "club": "riverside", "name": "Cup", "starts_on": "2026-11-21", "variant": "nardy", **body,
    }, format="json")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == code
    assert answer.json()["error"]["message"].endswith(".")
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("options, entrants, code", [
    ({"format": "swiss", "swiss_rounds": 5}, 5, "too_many_rounds"),
    ({"format": "double_elimination"}, 1, "too_few_entrants"),
    ({"format": "groups_knockout", "group_count": 3, "qualifiers_per_group": 2}, 5, "groups_too_small"),
])
def test_a_draw_the_field_cannot_fill_is_refused_with_a_sentence(director_api, options, entrants, code):
    pk = create(director_api, entrants, **options)
    answer = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == code
    tournament = Tournament.objects.get(pk=pk)
    assert tournament.status == "draft" and not tournament.pairings.exists()


def test_formats_endpoint_lists_each_formats_settings_and_the_tiebreaks():
    answer = APIClient().get("/api/tournaments/formats/").json()
    formats = {f["key"]: f for f in answer["formats"]}
    assert set(formats) == set(Tournament.Format.values)
    assert "losses_limit" in formats["swiss_losses"]["settings"]
    assert "grand_final_reset" in formats["double_elimination"]["settings"]
    assert "consolation" not in formats["swiss"]["settings"]
    assert {t["key"] for t in answer["tiebreaks"]} >= {"buchholz", "median_buchholz",
                                                      "sonneborn_berger", "head_to_head"}


def test_ranking_points_of_a_finished_event(director_api):
    pk = create(director_api, 9, format="double_elimination")
    run_event(director_api, pk, random.Random(5))
    points = APIClient().get(f"/api/ranking-points/{pk}/")
    assert points.status_code == 200, points.content
    body = points.json()
    assert body["tournament"] == pk and body["entrants"] == 9 and not body["no_points_reason"]
    winner = next(p for p in body["placings"] if p["place_first"] == 1)
    assert float(winner["points"]) == float(body["strength_of_field"])
    assert APIClient().get("/api/ranking-points/999999/").status_code == 404
