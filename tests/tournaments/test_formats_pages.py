"""Whole events of the newer formats run through the pages a director uses.

Create the event on the form (with its format's settings), enter players in the console,
make the draw, enter every result with a reason, start each round, until the event is
finished; then read the bracket, crosstable and standings pages.
"""

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


def run_from_the_console(client: Client, club, entrants: int, rng: random.Random, **settings) -> Tournament:
    form = {"club": club.pk, "name": "Page Cup", "starts_on": "2026-12-01", "variant": "nardy",
            "is_public": "on", "seeding": "rating", "seeded_top": 4, "main_lengths": "1, 1, 1",
            "table_length": 1, "tiebreak_order": "wins, buchholz, sonneborn_berger", **settings}
    created = client.post(reverse("tournaments:tournament_create"), form)
    assert created.status_code == 302, created.text
    event = Tournament.objects.get(name="Page Cup")
    for index in range(entrants):
        client.post(reverse("tournaments:console_add_entry", args=[event.pk]),
                    {"new_name": f"Player {index:02d}", "new_display_name": f"P{index:02d}"})
    assert event.entries.count() == entrants
    client.post(reverse("tournaments:console_draw", args=[event.pk]))
    for _ in range(500):
        event.refresh_from_db()
        if event.status == Tournament.Status.FINISHED:
            return event
        ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
        if not ready:
            client.post(reverse("tournaments:console_next_round", args=[event.pk]))
            continue
        for pairing in ready:
            length = pairing.match.length
            first_wins = rng.random() < 0.5
            client.post(reverse("tournaments:console_result", args=[event.pk, pairing.pk]), {
                "score1": length if first_wins else 0, "score2": 0 if first_wins else length,
                "reason": "scoresheet"})
    raise AssertionError("the event never finished")


@pytest.fixture
def director_client() -> tuple[Client, object]:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    client = Client()
    client.force_login(director)
    return client, club


def test_double_elimination_from_the_pages(director_client):
    client, club = director_client
    event = run_from_the_console(client, club, 6, random.Random(1), format="double_elimination",
                                 grand_final_reset="on")
    bracket = client.get(reverse("tournaments:bracket", args=[event.pk])).text
    for title in ("Winners&#x27; bracket", "Losers&#x27; bracket", "Losers&#x27; final",
                  "Grand final"):
        assert title in bracket
    places = sorted((e.place_first, e.place_last) for e in Entry.objects.filter(tournament=event))
    assert places[0] == (1, 1) and places[1] == (2, 2) and all(p[0] for p in places)
    standings = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "P0" in standings


def test_swiss_from_the_pages(director_client):
    client, club = director_client
    event = run_from_the_console(client, club, 7, random.Random(2), format="swiss", swiss_rounds=3)
    assert event.current_round == 3
    assert Entry.objects.filter(tournament=event, place_first=None).count() == 0
    crosstable = client.get(reverse("tournaments:crosstable", args=[event.pk])).text
    assert crosstable.count('class="name"') == 7
    standings = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "Sonneborn–Berger" in standings and "Buchholz" in standings


def test_swiss_until_n_losses_from_the_pages(director_client):
    client, club = director_client
    event = run_from_the_console(client, club, 8, random.Random(3), format="swiss_losses",
                                 losses_limit=2)
    still_in = []
    for entry in Entry.objects.filter(tournament=event):
        lost = Pairing.objects.filter(tournament=event, state="decided").exclude(winner=entry).filter(
            top=entry).count() + Pairing.objects.filter(
            tournament=event, state="decided", bottom=entry).exclude(winner=entry).count()
        still_in += [entry] if lost < 2 else []
    assert len(still_in) <= 1
    assert Entry.objects.filter(tournament=event, place_first=1).count() >= 1
    page = client.get(reverse("tournaments:console", args=[event.pk])).text
    assert "Swiss until N losses" in page
