"""Idempotency keys (common/idempotency.py): a write resent under its key answers as the
first did and does nothing twice; the key with another body is refused (422); two at
once make one; old keys are forgotten by the periodic sweep."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from common.models import IdempotencyKey
from games.models import Game, MatchResult, ResultChange, ResultStatus
from nardy_site.tasks import sweep
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, error_of, page_client

GAME = {"winner": 1, "result": "single", "cube": 1, "cube_owner": 0}


def a_key() -> str:
    return uuid.uuid4().hex


def writes() -> tuple[int, int, int]:
    return Game.objects.count(), MatchResult.objects.count(), ResultChange.objects.count()


@pytest.mark.django_db
def test_an_api_write_resent_with_its_key_answers_the_same_and_runs_once() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    client, key = api_client(user1), a_key()
    first = client.post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                        headers={"Idempotency-Key": key})
    assert first.status_code == 201, first.content
    before = writes()
    again = client.post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                        headers={"Idempotency-Key": key})
    assert again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert writes() == before and before[0] == 1
    # a new key is a new write: the next game
    third = client.post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                        headers={"Idempotency-Key": a_key()})
    assert third.status_code == 201 and third.json()["id"] != first.json()["id"]


@pytest.mark.django_db
def test_the_same_key_with_another_body_is_refused_and_changes_nothing() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    client, key = api_client(user1), a_key()
    client.post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                headers={"Idempotency-Key": key})
    before = writes()
    other = client.post(f"/api/matches/{match.pk}/games/", {**GAME, "winner": 2},
                        format="json", headers={"Idempotency-Key": key})
    assert other.status_code == 422
    error = error_of(other)
    assert error["code"] == "idempotency_key_reused" and "different request" in error["message"]
    # another address under the same key is another request too
    elsewhere = client.post(f"/api/matches/{match.pk}/score/", {"score1": 5, "score2": 0},
                            format="json", headers={"Idempotency-Key": key})
    assert elsewhere.status_code == 422
    assert writes() == before and before[0] == 1


@pytest.mark.django_db
def test_a_refusal_is_kept_too_and_keys_are_each_users_own() -> None:
    match, user1, user2 = match_with_logins(length=5)
    key = a_key()
    proposed = api_client(user1).post("/api/results/", {"match": match.pk, "score1": 5,
                                      "score2": 1}, format="json")
    result_id = proposed.json()["id"]
    refused = api_client(user1).post(f"/api/results/{result_id}/confirm/",
                                     headers={"Idempotency-Key": key})
    assert refused.status_code == 403  # one does not confirm one's own result
    # the opponent's request under the same key is theirs: it runs
    confirmed = api_client(user2).post(f"/api/results/{result_id}/confirm/",
                                       headers={"Idempotency-Key": key})
    assert confirmed.status_code == 200 and confirmed.json()["status"] == ResultStatus.CONFIRMED
    again = api_client(user1).post(f"/api/results/{result_id}/confirm/",
                                   headers={"Idempotency-Key": key})
    assert (again.status_code, again.json()) == (403, refused.json())


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["short", "spaces are not allowed", "x" * 101, "ключ-ключ-ключ"])
def test_a_malformed_key_is_refused_before_anything_runs(key: str) -> None:
    match, user1, _user2 = match_with_logins(length=5)
    response = api_client(user1).post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                                      headers={"Idempotency-Key": key})
    assert response.status_code == 400
    assert list(error_of(response)["fields"]) == ["Idempotency-Key"]
    assert writes() == (0, 0, 0)


@pytest.mark.django_db
def test_a_page_form_resent_with_its_key_answers_the_same_redirect_once() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    client, key = page_client(user1), a_key()
    url = reverse("games:enter_score", args=[match.pk])
    first = client.post(url, {"score1": "5", "score2": "2", "idempotency_key": key})
    assert first.status_code == 302
    again = client.post(url, {"score1": "5", "score2": "2", "idempotency_key": key})
    assert (again.status_code, again["Location"]) == (302, first["Location"])
    assert MatchResult.objects.filter(match=match).count() == 1
    changed = client.post(url, {"score1": "5", "score2": "3", "idempotency_key": key})
    assert changed.status_code == 422
    assert "different request" in changed.content.decode()
    assert MatchResult.objects.get(match=match).score2 == 2


@pytest.mark.django_db
def test_an_htmx_answer_is_replayed_with_its_trigger() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    client, key = page_client(user1), a_key()
    url = reverse("tournaments:my_match_score", args=[match.pk])
    body = {"score1": "5", "score2": "4", "idempotency_key": key}
    first = client.post(url, body, headers={"HX-Request": "true"})
    again = client.post(url, body, headers={"HX-Request": "true"})
    assert first.status_code == again.status_code == 200
    assert first["HX-Trigger"] == again["HX-Trigger"] == "refresh-bracket"
    assert again.content == first.content
    assert MatchResult.objects.filter(match=match).count() == 1
    refused = client.post(url, {**body, "score2": "3"}, headers={"HX-Request": "true"})
    assert refused.status_code == 422 and 'role="alert"' in refused.content.decode()


@pytest.mark.django_db
def test_without_a_key_pages_and_the_api_work_as_before() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    client = api_client(user1)
    for _ in range(2):
        assert client.post(f"/api/matches/{match.pk}/games/", GAME, format="json").status_code == 201
    assert writes()[0] == 2
    assert IdempotencyKey.objects.count() == 0


@pytest.mark.django_db
def test_the_sweep_forgets_keys_older_than_the_setting(settings: Any) -> None:
    settings.IDEMPOTENCY_KEY_HOURS = 24
    match, user1, _user2 = match_with_logins(length=5)
    client, old_key, new_key = api_client(user1), a_key(), a_key()
    for key in (old_key, new_key):
        client.post(f"/api/matches/{match.pk}/games/", GAME, format="json",
                    headers={"Idempotency-Key": key})
    IdempotencyKey.objects.filter(key=old_key).update(created=timezone.now() - timedelta(hours=25))
    sweep()
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == [new_key]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_identical_requests_at_once_make_one_result() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    key = a_key()
    barrier = threading.Barrier(2)
    answers: list[tuple[int, Any]] = []

    def send() -> None:
        try:
            barrier.wait(timeout=10)
            response = api_client(user1).post(
                "/api/results/", {"match": match.pk, "score1": 5, "score2": 3}, format="json",
                headers={"Idempotency-Key": key})
            answers.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 2
    assert answers[0] == answers[1]
    assert answers[0][0] == 201
    assert MatchResult.objects.filter(match=match).count() == 1
    assert ResultChange.objects.filter(match=match, action="proposed").count() == 1


@pytest.mark.django_db
def test_a_chouette_game_resent_with_its_key_is_recorded_once() -> None:
    from chouette.models import ChouetteEvent
    from tests.games.chouette_tables import make_table
    from tests.games.test_chouette_django_pages import HTMX, form_data

    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client, key = page_client(t.user_of(2)), a_key()
    url = reverse("chouette:record_game", args=[t.session.pk])
    body = {**form_data(t), "idempotency_key": key}
    first = client.post(url, body, headers=HTMX)
    again = client.post(url, body, headers=HTMX)
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert ChouetteEvent.objects.filter(session=t.session).count() == 1
