"""The date played on a ruling of a disputed result: the director gives it (the disputed
result's day by default) on the dispute page, the console and through the API; a day the
match cannot have been played on is refused on the field, in the reader's language, and
nothing is saved; the ratings follow the ruled day."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse

from disputes import services as dispute_services
from disputes.models import Dispute, DisputeStatus
from games.models import Match, ResultStatus
from games.services import ServiceError, dispute_result, enter_final_score
from leaderboard.models import RatingChange
from leaderboard.services.ratings import rebuild_ratings
from tests.factories import UserFactory
from tests.games.match_factories import match_with_logins, player_with_login
from tests.games.test_played_dates import club_today, founded_days_ago, play
from tests.support.clients import api_client, error_of
from tests.tournaments.leaderboard_support import snapshot

pytestmark = [pytest.mark.django_db]


def _disputed(capture: Any, played_on: datetime.date | None = None) -> dict[str, Any]:
    """A club founded 30 days ago; A enters 7-2 against B (played ``played_on``) and B
    disputes it; the engine's check has run. Its director rules."""
    match, user_a, user_b = match_with_logins()
    founded_days_ago(match.club, 30)
    director = UserFactory()
    match.club.directors.add(director)
    result = enter_final_score(match=match, by=user_a, score1=Decimal(7), score2=Decimal(2),
                               played_on=played_on)
    with capture(execute=True):
        dispute_result(result=result, by=user_b, reason="I won 7-2.")
    dispute = Dispute.objects.get(match=match)
    assert dispute.status == DisputeStatus.CHECKED
    return {"match": match, "a": user_a, "b": user_b, "director": director,
            "dispute": dispute, "today": club_today(match.club)}


def _played_day(match: Match) -> datetime.date:
    match.refresh_from_db()
    return match.played_at.astimezone(ZoneInfo(match.club.time_zone)).date()


def test_the_ruled_result_is_played_on_the_day_the_director_gives(
        django_capture_on_commit_callbacks) -> None:
    setting = _disputed(django_capture_on_commit_callbacks)
    day = setting["today"] - datetime.timedelta(days=6)
    dispute_services.rule_dispute(dispute=setting["dispute"], by=setting["director"],
                                  ruling="upheld", score1=Decimal(2), score2=Decimal(7),
                                  played_on=day)
    official = setting["match"].results.get(status=ResultStatus.CONFIRMED)
    assert (official.score1, official.score2, official.played_on) == (2, 7, day)
    assert _played_day(setting["match"]) == day


def test_without_a_day_the_ruling_keeps_the_day_of_the_result_in_dispute(
        django_capture_on_commit_callbacks) -> None:
    entered_day = club_today(match_with_logins()[0].club) - datetime.timedelta(days=4)
    setting = _disputed(django_capture_on_commit_callbacks, played_on=entered_day)
    dispute_services.rule_dispute(dispute=setting["dispute"], by=setting["director"],
                                  ruling="overturned")
    assert _played_day(setting["match"]) == entered_day
    official = setting["match"].results.get(status=ResultStatus.CONFIRMED)
    assert official.played_on == entered_day and official.score1 == 7


@pytest.mark.parametrize(("shift", "code"), [(-31, "played_on_too_early"),
                                             (2, "played_on_in_future")])
def test_a_day_out_of_bounds_is_refused_on_the_field_and_nothing_is_saved(
        django_capture_on_commit_callbacks, shift: int, code: str) -> None:
    setting = _disputed(django_capture_on_commit_callbacks)
    with pytest.raises(ServiceError) as refused:
        dispute_services.rule_dispute(
            dispute=setting["dispute"], by=setting["director"], ruling="upheld",
            score1=Decimal(2), score2=Decimal(7),
            played_on=setting["today"] + datetime.timedelta(days=shift))
    assert (refused.value.code, refused.value.field) == (code, "played_on")
    setting["dispute"].refresh_from_db()
    assert setting["dispute"].status == DisputeStatus.CHECKED
    assert not setting["match"].results.filter(status=ResultStatus.CONFIRMED).exists()


def test_the_ratings_follow_the_ruled_day(django_capture_on_commit_callbacks) -> None:
    """A beats C on day 5; the disputed A–B match is ruled as played on day 1: A's day-5
    match is rated again from A's rating after it, as a full recompute would."""
    setting = _disputed(django_capture_on_commit_callbacks)
    match = setting["match"]
    start = setting["today"] - datetime.timedelta(days=10)
    user_c, player_c = player_with_login()
    a_c = play(Match.objects.create(club=match.club, length=7, player1=match.player1,
                                    player2=player_c),
               setting["a"], user_c, played_on=start + datetime.timedelta(days=5))
    a_before = RatingChange.objects.get(match=a_c, player=match.player1).before
    dispute_services.rule_dispute(dispute=setting["dispute"], by=setting["director"],
                                  ruling="upheld", score1=Decimal(7), score2=Decimal(0),
                                  played_on=start + datetime.timedelta(days=1))
    a_c.refresh_from_db()
    assert _played_day(match) < a_c.played_at.astimezone(ZoneInfo(match.club.time_zone)).date()
    ruled_row = RatingChange.objects.get(match=match, player=match.player1)
    a_c_row = RatingChange.objects.get(match=a_c, player=match.player1)
    assert a_c_row.before == ruled_row.after != a_before  # rated again after the ruled match
    incremental = snapshot()
    rebuild_ratings(variant="backgammon", rescore=False)
    assert snapshot() == incremental


def test_the_dispute_page_offers_the_day_and_shows_its_error_on_the_field(
        django_capture_on_commit_callbacks) -> None:
    entered_day = club_today(match_with_logins()[0].club) - datetime.timedelta(days=3)
    setting = _disputed(django_capture_on_commit_callbacks, played_on=entered_day)
    dispute = setting["dispute"]
    client = Client()
    client.force_login(setting["director"])
    page = client.get(dispute.get_absolute_url()).text
    assert 'name="played_on"' in page and f'value="{entered_day.isoformat()}"' in page
    too_early = setting["today"] - datetime.timedelta(days=40)
    client.cookies["django_language"] = "ru"
    refused = client.post(reverse("disputes:rule", args=[dispute.pk]), {
        "ruling": "upheld", "score1": "2", "score2": "7", "played_on": too_early.isoformat()})
    assert refused.status_code == 400
    assert 'data-testid="error-played_on"' in refused.text and "Дата игры" in refused.text
    dispute.refresh_from_db()
    assert dispute.status == DisputeStatus.CHECKED
    ruled_day = setting["today"] - datetime.timedelta(days=2)
    done = client.post(reverse("disputes:rule", args=[dispute.pk]), {
        "ruling": "upheld", "score1": "2", "score2": "7", "played_on": ruled_day.isoformat()})
    assert done.status_code == 302
    assert _played_day(setting["match"]) == ruled_day


def test_the_api_takes_the_day_and_refuses_one_in_the_future_naming_the_field(
        django_capture_on_commit_callbacks) -> None:
    setting = _disputed(django_capture_on_commit_callbacks)
    url = f"/api/disputes/{setting['dispute'].pk}/rule/"
    future = setting["today"] + datetime.timedelta(days=5)
    body = {"ruling": "upheld", "score1": "2", "score2": "7"}
    refused = api_client(setting["director"]).post(
        url, {**body, "played_on": future.isoformat()}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 409
    error = error_of(refused)
    assert error["code"] == "played_on_in_future" and list(error["fields"]) == ["played_on"]
    assert error["message"].startswith("Дата игры")
    for player in (setting["a"], setting["b"]):  # only directors rule
        assert api_client(player).post(url, {**body, "played_on": None},
                                       format="json").status_code == 403
    day = setting["today"] - datetime.timedelta(days=8)
    done = api_client(setting["director"]).post(url, {**body, "played_on": day.isoformat()},
                                                format="json")
    assert done.status_code == 200 and done.data["status"] == "ruled"
    assert _played_day(setting["match"]) == day
