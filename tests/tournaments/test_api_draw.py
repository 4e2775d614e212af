"""The draw's preview, publishing and undo through the REST API (issue 27, part 1)."""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, UserFactory
from tests.support.clients import api_client, error_of
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_a_director_previews_publishes_that_draw_and_takes_it_back() -> None:
    event = make_event(6, seeding="random")
    api = api_client(director_of(event))

    preview = api.post(f"/api/tournaments/{event.pk}/draw/preview/", {}, format="json")

    assert preview.status_code == 200, preview.json()
    body = preview.json()
    assert not Pairing.objects.filter(tournament=event).exists()
    assert Tournament.objects.get(pk=event.pk).random_seed is None  # nothing saved
    shown = [(m["top"], m["bottom"]) for m in body["events"][0]["matches"]]
    assert len(shown) == 4 and sum(m["bye"] for m in body["events"][0]["matches"]) == 2

    drawn = api.post(f"/api/tournaments/{event.pk}/draw/", {"random_seed": body["random_seed"]},
                     format="json")
    assert drawn.status_code == 201, drawn.json()
    made = [(p["top"]["player"]["display_name"] if p["top"] else None,
             p["bottom"]["player"]["display_name"] if p["bottom"] else None)
            for p in drawn.json() if p["state"] in ("ready", "bye")]
    assert made == shown

    undone = api.post(f"/api/tournaments/{event.pk}/draw/undo/")
    assert undone.status_code == 200, undone.json()
    assert undone.json()["status"] == "draft"  # as before the draw
    assert not Pairing.objects.filter(tournament=event).exists()


def test_undo_is_refused_with_409_in_the_users_language_once_a_result_is_in() -> None:
    event = make_event(4)
    api = api_client(director_of(event))
    assert api.post(f"/api/tournaments/{event.pk}/draw/").status_code == 201
    play(Pairing.objects.filter(tournament=event, state="ready").first().match)

    refused = api.post(f"/api/tournaments/{event.pk}/draw/undo/", HTTP_ACCEPT_LANGUAGE="ru")

    assert refused.status_code == 409
    error = error_of(refused)
    assert error["code"] == "draw_in_play"
    assert "жеребь" in error["message"].lower()  # said in Russian
    assert Pairing.objects.filter(tournament=event).exists()


def test_undo_before_any_draw_and_a_bad_seed_are_clear_errors() -> None:
    event = make_event(4)
    api = api_client(director_of(event))
    nothing = api.post(f"/api/tournaments/{event.pk}/draw/undo/")
    assert nothing.status_code == 409 and error_of(nothing)["code"] == "no_draw_to_undo"
    bad = api.post(f"/api/tournaments/{event.pk}/draw/preview/", {"random_seed": -1}, format="json")
    assert bad.status_code == 400 and "random_seed" in str(bad.json())
    few = api.post(f"/api/tournaments/{make_event(1, director=director_of(event)).pk}/draw/preview/")
    assert few.status_code == 409 and error_of(few)["code"] == "too_few_entrants"


@pytest.mark.parametrize("who", ["anonymous", "outsider", "other_director", "player"])
def test_only_the_events_club_directors_preview_publish_or_undo(who: str) -> None:
    event = make_event(4, with_logins=True)
    user = {"anonymous": None, "outsider": UserFactory(),
            "other_director": ClubFactory(directors=[UserFactory()]).directors.first(),
            "player": event.entries.first().player.user}[who]
    api = api_client(user)
    for path in ("draw/preview/", "draw/", "draw/undo/"):
        answer = api.post(f"/api/tournaments/{event.pk}/{path}")
        assert answer.status_code in (401, 403), (path, answer.status_code)
    assert not Pairing.objects.filter(tournament=event).exists()
    api_client(director_of(event)).post(f"/api/tournaments/{event.pk}/draw/")
    undo = api.post(f"/api/tournaments/{event.pk}/draw/undo/")
    assert undo.status_code in (401, 403)
    assert Pairing.objects.filter(tournament=event).exists()
