"""Play-offs for ties (issue 16, part 2): players the tiebreaks leave tied on a place that
matters play for it after the last round; the places come from the play-off."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.support.clients import error_field, error_of
from tests.tournaments.test_formats_api import create
from tournaments.models import Entry, Tournament
from tournaments.standings import MatchResult, after_playoffs, compute_standings

pytestmark = pytest.mark.django_db
CYCLE = {("P00", "P01"): "P00", ("P01", "P02"): "P01", ("P00", "P02"): "P02"}  # everyone 1 win


@pytest.fixture
def director_api() -> APIClient:
    from tests.factories import ClubFactory, UserFactory

    api = APIClient()
    user = UserFactory()
    api.force_authenticate(user)
    ClubFactory(slug="riverside", directors=[user])
    return api


def play_ready(api: APIClient, pk: int, winners: dict[tuple[str, str], str]) -> int:
    """Enter the chosen winner of every ready pairing (by the players' names); how many."""
    played = 0
    for pairing in api.get(f"/api/tournaments/{pk}/pairings/").json():
        if pairing["state"] != "ready":
            continue
        match = pairing["match"]
        names = {seat: match[f"player{seat}"]["player"]["display_name"] for seat in (1, 2)}
        winner = winners[tuple(sorted(names.values()))]
        seat = 1 if names[1] == winner else 2
        scores = {"score1": match["length"] if seat == 1 else 0,
                  "score2": match["length"] if seat == 2 else 0}
        done = api.post(f"/api/pairings/{pairing['id']}/result/", {**scores, "reason": "sheet"},
                        format="json")
        assert done.status_code == 201, done.json()
        played += 1
    return played


def test_a_three_way_tie_for_first_is_played_off_until_decided(director_api: APIClient) -> None:
    pk = create(director_api, 3, format="round_robin", tiebreaks=["wins"], playoff_places=1)
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for _ in range(5):
        play_ready(director_api, pk, CYCLE)
        if director_api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json").status_code != 200:
            break
    event = Tournament.objects.get(pk=pk)
    assert event.status == "running"  # the play-off is under way
    playoffs = event.pairings.filter(flight="playoff")
    assert playoffs.count() == 3 and {p.round for p in playoffs} == {1}
    assert all(p.match.length == 3 for p in playoffs)  # a 3-point match by default
    play_ready(director_api, pk, CYCLE)  # the same cycle again: still tied, another round
    event.refresh_from_db()
    assert event.status == "running" and event.pairings.filter(flight="playoff", round=2).count() == 3
    play_ready(director_api, pk, {("P00", "P01"): "P01", ("P01", "P02"): "P01",
                                  ("P00", "P02"): "P00"})
    event.refresh_from_db()
    assert event.status == "finished"
    places = {e.player.display_name: (e.place_first, e.place_last)
              for e in Entry.objects.filter(tournament=event)}
    # after two play-off rounds: P01 3 wins, P00 2, P02 1
    assert places == {"P01": (1, 1), "P00": (2, 2), "P02": (3, 3)}
    standings = director_api.get(f"/api/tournaments/{pk}/standings/").json()
    assert [(row["player"]["display_name"], row["place_first"]) for row in standings["places"]] == [
        ("P01", 1), ("P00", 2), ("P02", 3)]
    page = Client().get(reverse("tournaments:standings", args=[pk])).text
    assert 'data-testid="playoffs"' in page and page.count("<td>P01</td>") >= 1
    assert "Players the tiebreaks leave tied for first place play for it" in page


def test_without_play_offs_the_tie_is_shared(director_api: APIClient) -> None:
    pk = create(director_api, 3, format="round_robin", tiebreaks=["wins"])
    assert director_api.post(f"/api/tournaments/{pk}/draw/").status_code == 201
    for _ in range(5):
        play_ready(director_api, pk, CYCLE)
        if director_api.post(f"/api/tournaments/{pk}/next-round/", {}, format="json").status_code != 200:
            break
    event = Tournament.objects.get(pk=pk)
    assert event.status == "finished" and not event.pairings.filter(flight="playoff").exists()
    assert {(e.place_first, e.place_last) for e in event.entries.all()} == {(1, 3)}


def test_more_play_off_places_than_entrants_are_refused_before_the_draw(director_api) -> None:
    pk = create(director_api, 3, format="swiss", playoff_places=4)
    answer = director_api.post(f"/api/tournaments/{pk}/draw/")
    assert answer.status_code == 409 and error_of(answer)["code"] == "too_many_playoff_places"
    assert error_field(answer) == "playoff_places"
    assert not Tournament.objects.get(pk=pk).pairings.exists()
    too_big = director_api.patch(f"/api/tournaments/{pk}/", {"playoff_places": 5000}, format="json")
    assert too_big.status_code == 400


def test_only_ties_on_places_that_matter_are_played_off() -> None:
    # A and B tied for 1st, C and D tied for 3rd: with places {1} only A and B play off
    results = [MatchResult("A", "C", "A"), MatchResult("A", "D", "A"), MatchResult("B", "C", "B"),
               MatchResult("B", "D", "B"), MatchResult("C", "D", "C"), MatchResult("D", "C", "D")]
    standings = compute_standings(["A", "B", "C", "D"], results, ("wins",))
    groups, needed = after_playoffs(standings, [], {1})
    assert needed == (("A", "B"),) or needed == (("B", "A"),)
    groups, needed = after_playoffs(standings, [MatchResult("A", "B", "B")], {1})
    assert needed == () and [(g.first, g.last, set(g.players)) for g in groups][:2] == [
        (1, 1, {"B"}), (2, 2, {"A"})]
    assert (3, 4) in {(g.first, g.last) for g in groups}  # 3rd shared: no play-off
