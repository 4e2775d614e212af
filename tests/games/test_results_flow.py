"""The results flow through the database: propose, confirm, dispute, override, audit."""

from __future__ import annotations

from decimal import Decimal
from typing import Self

import pytest
from django.db import IntegrityError, transaction

from games.models import MatchResult, MatchStatus, ResultChange, ResultStatus
from games.services import (
    NotAllowed,
    ServiceError,
    confirm_result,
    dispute_result,
    enter_final_score,
    override_result,
    propose_result,
)
from games.signals import result_confirmed, result_disputed
from tests.factories import ClubFactory, UserFactory
from tests.games.match_factories import (
    confirm_at_once,
    match_with_logins,
    player_with_login,
)

pytestmark = [pytest.mark.postgres]


class Received:
    def __init__(self, signal: object) -> None:
        self.calls: list[dict] = []
        self.signal = signal

    def __call__(self, sender: object, **kwargs: object) -> None:
        self.calls.append(kwargs)

    def __enter__(self) -> Self:
        self.signal.connect(self, weak=False)  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: object) -> None:
        self.signal.disconnect(self)  # type: ignore[attr-defined]


def propose_seven_three(match, user) -> MatchResult:  # type: ignore[no-untyped-def]
    return enter_final_score(match=match, by=user, score1=Decimal(7), score2=Decimal(3))


@pytest.mark.django_db
def test_the_opponent_confirms_and_the_signal_fires() -> None:
    match, user1, user2 = match_with_logins()
    result = propose_seven_three(match, user1)
    with pytest.raises(NotAllowed):
        confirm_result(result=result, by=user1)  # not one's own result
    with Received(result_confirmed) as received:
        confirm_result(result=result, by=user2)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.winner == match.player1 and match.finished_at is not None
    assert (match.score1, match.score2) == (Decimal(7), Decimal(3))
    assert len(received.calls) == 1
    assert received.calls[0]["match"] == match and received.calls[0]["previous_winner"] is None
    actions = list(ResultChange.objects.filter(match=match).values_list("action", "actor"))
    assert actions == [("proposed", user1.pk), ("confirmed", user2.pk)]
    with pytest.raises(ServiceError) as caught:
        confirm_result(result=result, by=user2)
    assert caught.value.code == "already_confirmed"


@pytest.mark.django_db
def test_players_outside_the_match_and_other_directors_cannot_act() -> None:
    match, user1, _user2 = match_with_logins()
    outsider, _ = player_with_login()
    other_director = UserFactory()
    ClubFactory(directors=[other_director])
    for user in (outsider, other_director):
        with pytest.raises(NotAllowed):
            propose_seven_three(match, user)
    result = propose_seven_three(match, user1)
    for user in (outsider, other_director):
        with pytest.raises(NotAllowed):
            confirm_result(result=result, by=user)
        with pytest.raises(NotAllowed):
            dispute_result(result=result, by=user, reason="Wrong score.")
        with pytest.raises(NotAllowed):
            override_result(match=match, by=user, score1=7, score2=0, reason="x")
    assert MatchResult.objects.get().status == ResultStatus.PROPOSED


@pytest.mark.django_db
def test_a_director_of_the_club_may_confirm() -> None:
    match, user1, _ = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    result = propose_seven_three(match, user1)
    confirm_result(result=result, by=director)
    assert MatchResult.objects.get().confirmed_by == director


@pytest.mark.django_db
def test_dispute_then_director_override() -> None:
    match, user1, user2 = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    result = propose_seven_three(match, user1)
    with Received(result_disputed) as disputed:
        dispute_result(result=result, by=user2, reason="It was 7-5")
    assert disputed.calls[0]["result"] == result and disputed.calls[0]["by"] == user2
    with pytest.raises(NotAllowed):
        confirm_result(result=result, by=user2)  # disputed: a director settles it
    with pytest.raises(ServiceError) as caught:
        override_result(match=match, by=director, score1=7, score2=5, reason="  ")
    assert caught.value.code == "reason_required"
    with Received(result_confirmed) as confirmed:
        official = override_result(
            match=match, by=director, score1=Decimal(7), score2=Decimal(5), reason="Scoresheet"
        )
    assert official.status == ResultStatus.CONFIRMED and official.override_reason == "Scoresheet"
    result.refresh_from_db()
    assert result.status == ResultStatus.REJECTED
    assert confirmed.calls[0]["previous_winner"] is None
    # A correction: the winner changes, and the listeners hear who won before.
    with Received(result_confirmed) as corrected:
        override_result(match=match, by=director, score1=4, score2=7, reason="Wrong seats")
    match.refresh_from_db()
    assert corrected.calls[0]["previous_winner"] == match.player1
    assert match.winner == match.player2
    statuses = sorted(MatchResult.objects.values_list("status", flat=True))
    assert statuses == ["confirmed", "overridden", "rejected"]
    actions = list(ResultChange.objects.filter(match=match).values_list("action", flat=True))
    assert actions == ["proposed", "disputed", "overridden", "rejected", "overridden"]
    last = ResultChange.objects.filter(match=match).last()
    assert last.before["score1"] == "7" and last.after["score1"] == "4"
    assert last.reason == "Wrong seats"


@pytest.mark.django_db
def test_a_new_proposal_replaces_the_unanswered_one() -> None:
    match, user1, user2 = match_with_logins()
    first = propose_seven_three(match, user1)
    second = propose_result(match=match, by=user2, score1=Decimal(5), score2=Decimal(7))
    first.refresh_from_db()
    assert first.status == ResultStatus.REJECTED
    confirm_result(result=second, by=user1)
    match.refresh_from_db()
    assert match.winner == match.player2


@pytest.mark.django_db
def test_the_database_refuses_a_second_confirmed_result() -> None:
    match, user1, user2 = match_with_logins()
    confirm_result(result=propose_seven_three(match, user1), by=user2)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchResult.objects.create(match=match, score1=7, score2=0, status="confirmed")


@pytest.mark.django_db(transaction=True)
def test_two_confirmations_at_once_make_one_official_result() -> None:
    match, user1, user2 = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    result = propose_seven_three(match, user1)
    with Received(result_confirmed) as received:
        outcomes = confirm_at_once(result, [user2, director])
    assert sorted(outcomes) == ["already_confirmed", "ok"]
    assert MatchResult.objects.filter(status="confirmed").count() == 1
    assert ResultChange.objects.filter(action="confirmed").count() == 1
    assert len(received.calls) == 1
