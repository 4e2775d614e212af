"""A score sent from a page that no longer shows the match as it is (a phone that was
offline sends it late): the opponent's result entered meanwhile is not replaced, and the
answer says what happened, in its page and in the Nardy-Refused header."""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import unquote

import pytest
from django.urls import reverse

from games.models import MatchResult, ResultStatus
from games.services import ServiceError, enter_final_score
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, error_of, page_client

pytestmark = [pytest.mark.django_db]


def test_a_late_score_does_not_replace_the_opponents_result_entered_meanwhile() -> None:
    match, user1, user2 = match_with_logins(length=5)
    assert match.latest_result_id == 0  # what the page showed: no result yet
    theirs = enter_final_score(match=match, by=user2, score1=Decimal(1), score2=Decimal(5))
    with pytest.raises(ServiceError) as refused:
        enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(2),
                          seen_result=0)
    assert refused.value.code == "match_moved_on"
    assert "1–5" in str(refused.value.message)
    theirs.refresh_from_db()
    assert theirs.status == ResultStatus.PROPOSED
    assert MatchResult.objects.filter(match=match).count() == 1
    # seen as it is now, one's own entry still replaces a proposal (as before)
    mine = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(2),
                             seen_result=theirs.pk)
    assert mine.status == ResultStatus.PROPOSED


@pytest.mark.parametrize("url_name", ["tournaments:my_match_score", "games:enter_score"])
def test_the_page_says_why_in_its_answer_and_its_header(url_name: str) -> None:
    match, user1, user2 = match_with_logins(length=5)
    enter_final_score(match=match, by=user2, score1=Decimal(1), score2=Decimal(5))
    response = page_client(user1).post(
        reverse(url_name, args=[match.pk]),
        {"score1": "5", "score2": "2", "seen_result": "0"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    reason = unquote(response["Nardy-Refused"])
    assert "Meanwhile" in reason and "1–5" in reason
    assert reason in response.content.decode()
    assert list(MatchResult.objects.filter(match=match).values_list("score1", "score2")) == [
        (Decimal(1), Decimal(5))]


def test_an_accepted_entry_has_no_refusal_header() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    response = page_client(user1).post(
        reverse("tournaments:my_match_score", args=[match.pk]),
        {"score1": "5", "score2": "2", "seen_result": "0"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Nardy-Refused" not in response


def test_the_same_score_entered_late_by_the_opponent_confirms_the_result() -> None:
    match, user1, user2 = match_with_logins(length=5)
    theirs = enter_final_score(match=match, by=user2, score1=Decimal(5), score2=Decimal(3))
    mine = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(3),
                             seen_result=0)
    assert mine.pk == theirs.pk and mine.status == ResultStatus.CONFIRMED
    assert MatchResult.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.winner == match.player1


def test_the_api_takes_the_result_its_client_saw() -> None:
    """An API client (a phone's app) reads the match's latest_result and sends it back as
    seen_result: the same refusal and the same agreement as the pages."""
    match, user1, user2 = match_with_logins(length=5)
    seen = api_client(user1).get(f"/api/matches/{match.pk}/").json()["latest_result"]
    assert seen == 0
    theirs = api_client(user2).post(f"/api/matches/{match.pk}/score/",
                                    {"score1": "1", "score2": "5"}, format="json")
    assert theirs.status_code == 201
    listed = api_client(user1).get("/api/matches/", {"player": match.player1_id}).json()
    assert [row["latest_result"] for row in listed["results"]] == [theirs.json()["id"]]
    late = api_client(user1).post(f"/api/matches/{match.pk}/score/",
                                  {"score1": "5", "score2": "2", "seen_result": seen},
                                  format="json")
    assert late.status_code == 409 and error_of(late)["code"] == "match_moved_on"
    assert "1–5" in error_of(late)["message"]
    proposed = api_client(user1).post("/api/results/", {"match": match.pk, "score1": "5",
                                                        "score2": "2", "seen_result": seen},
                                      format="json")
    assert proposed.status_code == 409
    assert list(MatchResult.objects.filter(match=match).values_list("score1", "score2")) == [
        (Decimal(1), Decimal(5))]
    agreed = api_client(user1).post(f"/api/matches/{match.pk}/score/",
                                    {"score1": "1", "score2": "5", "seen_result": seen},
                                    format="json")
    assert agreed.status_code == 201 and agreed.json()["status"] == ResultStatus.CONFIRMED
