"""A disputed result needs a reason: empty or only spaces is refused, clearly, everywhere."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from games.models import MatchResult, ResultChange, ResultStatus
from games.services import ServiceError, dispute_result, enter_final_score
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, error_of, page_client

pytestmark = [pytest.mark.django_db]

BLANK_REASONS = ["", "   ", "\n\t ", "\u00a0"]
SENTENCE = "Say what is wrong with the result: a dispute needs a reason."


def proposed() -> tuple[MatchResult, object]:
    match, user1, user2 = match_with_logins(length=5)
    result = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(2))
    return result, user2


def still_proposed(result: MatchResult) -> None:
    result.refresh_from_db()
    assert result.status == ResultStatus.PROPOSED
    assert not ResultChange.objects.filter(result=result, action="disputed").exists()


@pytest.mark.parametrize("reason", BLANK_REASONS)
def test_the_service_refuses_a_blank_reason(reason: str) -> None:
    result, opponent = proposed()
    with pytest.raises(ServiceError) as caught:
        dispute_result(result=result, by=opponent, reason=reason)
    assert (caught.value.code, caught.value.field, str(caught.value)) == (
        "reason_required",
        "reason",
        SENTENCE,
    )
    still_proposed(result)


@pytest.mark.parametrize("body", [{}, *({"reason": reason} for reason in BLANK_REASONS)])
def test_the_api_refuses_a_blank_reason(body: dict) -> None:
    result, opponent = proposed()
    response = api_client(opponent).post(f"/api/results/{result.pk}/dispute/", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["fields"] == {"reason": [SENTENCE]} and error["message"] == SENTENCE
    still_proposed(result)


@pytest.mark.parametrize("reason", BLANK_REASONS)
def test_the_match_page_refuses_a_blank_reason(reason: str) -> None:
    result, opponent = proposed()
    url = reverse("games:dispute_result", args=[result.match_id, result.pk])
    response = page_client(opponent).post(url, {"reason": reason}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and SENTENCE in response.content.decode()
    still_proposed(result)


@pytest.mark.parametrize("reason", BLANK_REASONS)
def test_the_my_matches_page_refuses_a_blank_reason(reason: str) -> None:
    result, opponent = proposed()
    url = reverse("tournaments:my_result_answer", args=[result.pk, "dispute"])
    response = page_client(opponent).post(url, {"reason": reason}, follow=True)
    assert SENTENCE in response.content.decode()
    still_proposed(result)


def test_a_reason_is_kept_trimmed() -> None:
    result, opponent = proposed()
    dispute_result(result=result, by=opponent, reason="  I won 5-3.  ")
    result.refresh_from_db()
    assert result.status == ResultStatus.DISPUTED
    assert ResultChange.objects.get(result=result, action="disputed").reason == "I won 5-3."
