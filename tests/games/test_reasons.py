"""Reasons the site writes beside a result (a replaced proposal, a dispute's ruling) are
stored in English and shown in the reader's language; what a person typed is shown as
written. Before, they were stored in the words of whoever acted: a Russian director's
ruling showed «Решение по спору № 3» to an English reader, and a replaced proposal showed
English on a Russian page."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from games import reasons
from games.models import ResultChange
from games.services import enter_final_score
from tests.games.match_factories import match_with_logins

pytestmark = [pytest.mark.django_db]


@pytest.mark.parametrize(("stored", "language", "shown"), [
    (reasons.REPLACED, "ru", "Заменён новым предложением."),
    (reasons.REPLACED, "en", "Replaced by a new proposal."),
    (reasons.TRANSCRIPT_DISAGREES, "ru", "Загруженная запись матча расходится с результатом."),
    (reasons.ruling_reason(7), "tr", "İtiraz no. 7 için karar"),
    (reasons.ruling_reason(7, "Счёт был 7–5"), "ru", "Решение по спору № 7: Счёт был 7–5"),
    (reasons.ruling_reason(7, "signed sheet"), "en", "Ruling on dispute 7: signed sheet"),
    ("a director's own words", "ru", "a director's own words"),
    ("", "ru", ""),
])
def test_a_stored_reason_in_the_readers_words(stored: str, language: str, shown: str) -> None:
    with translation.override(language):
        assert reasons.in_words(stored) == shown


def test_a_replaced_proposal_is_stored_in_english_whoever_replaced_it(client) -> None:
    match, user1, _user2 = match_with_logins()
    with translation.override("ru"):  # the player who replaced it reads Russian
        enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(3))
        enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(5))
    change = ResultChange.objects.get(action=ResultChange.Action.REJECTED)
    assert change.reason == "Replaced by a new proposal."

    page = client.get(reverse("games:match_detail", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200
    assert "Заменён новым предложением." in page.text
    assert "Replaced by a new proposal." not in page.text
