"""Monrad end to end: set up in the API and the pages, drawn, played round by round (each
round pairs neighbours in the standings, no rematch), finished; its pages render."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_formats_api import create, director_api, places_of, run_event  # noqa: F401
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.draws.swiss import swiss_rounds
from tournaments.models import Flight, Pairing, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("entrants, rounds, seed", [(6, 3, 1), (7, None, 2), (10, 4, 3)])
def test_monrad_through_the_api(director_api, entrants, rounds, seed):  # noqa: F811
    settings = {"format": "monrad", **({"swiss_rounds": rounds} if rounds else {})}
    pk = create(director_api, entrants, **settings)
    played = run_event(director_api, pk, random.Random(seed))
    pairs = [frozenset((m["top"]["id"], m["bottom"]["id"])) for m in played]
    assert len(pairs) == len(set(pairs)), "a rematch"
    tournament = Tournament.objects.get(pk=pk)
    assert tournament.current_round == tournament.swiss_rounds == (rounds or swiss_rounds(entrants))
    byes = [p.top_id for p in tournament.pairings.filter(bottom=None)]
    assert len(byes) == len(set(byes)) == (tournament.swiss_rounds if entrants % 2 else 0)
    assert len(places_of(director_api, pk)) == entrants
    (group,) = director_api.get(f"/api/tournaments/{pk}/standings/").json()["groups"]
    assert len(group["rows"]) == entrants


def test_the_formats_endpoint_and_the_schema_know_monrad(director_api):  # noqa: F811
    formats = {f["key"]: f for f in director_api.get("/api/tournaments/formats/").json()["formats"]}
    assert "swiss_rounds" in formats["monrad"]["settings"]
    schema = Client().get("/api/schema/?format=json").json()
    enums = [s.get("enum") for s in schema["components"]["schemas"].values()]
    assert any(e and "monrad" in e and "swiss" in e for e in enums)


def test_each_round_pairs_neighbours_in_the_standings_skipping_rematches():
    event = make_event(6, format=Tournament.Format.MONRAD, swiss_rounds=3)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    event.refresh_from_db()
    seeds = {e.pk: e.seed for e in event.entries.all()}
    round_one = list(event.pairings.filter(round=1).order_by("number"))
    assert [(seeds[p.top_id], seeds[p.bottom_id]) for p in round_one] == [(1, 2), (3, 4), (5, 6)]
    for pairing in round_one:  # the higher seed wins: 1, 3, 5 on one win
        play(pairing.match, 1 if pairing.match.player1_id == pairing.top.player_id else 2)
    assert services.next_stage(tournament=event, actor=director) == {"round": 2}
    round_two = list(event.pairings.filter(round=2).order_by("number"))
    # ranking 1, 3, 5 (a win each), then 2, 4, 6: neighbours 1-3, 5-2, 4-6
    assert [(seeds[p.top_id], seeds[p.bottom_id]) for p in round_two] == [(1, 3), (5, 2), (4, 6)]
    assert all(p.flight == Flight.SWISS and p.state == Pairing.State.READY for p in round_two)


def test_the_pages_of_a_monrad_event(client: Client):
    event = make_event(5, format=Tournament.Format.MONRAD, swiss_rounds=2)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    client.force_login(director)
    console = client.get(reverse("tournaments:console", args=[event.pk]))
    assert console.status_code == 200 and "Pair the next round allowing repeats" in console.text
    for name in ("tournament_detail", "crosstable", "standings", "draw_sheet", "score_sheets",
                 "tv", "desk"):
        page = client.get(reverse(f"tournaments:{name}", args=[event.pk]))
        assert page.status_code == 200, name
    assert "Monrad" in client.get(reverse("tournaments:tournament_detail", args=[event.pk])).text
    form = client.get(reverse("tournaments:format_settings"), {"format": "monrad"},
                      headers={"HX-Request": "true"})
    assert form.status_code == 200 and "swiss_rounds" in form.text


def test_a_monrad_event_is_made_in_the_console(client: Client):
    event = make_event(0)
    director = director_of(event)
    client.force_login(director)
    page = client.get(reverse("tournaments:tournament_create"))
    assert 'value="monrad"' in page.text
