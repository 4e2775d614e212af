"""The day a match was played: given by whoever enters the result (optional, the club's
today by default), checked against the club's calendar, and the order of the ratings."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone, translation

from clubs.models import Club
from games.models import Match, MatchResult, ResultStatus
from games.services import ServiceError, confirm_result, enter_final_score, override_result
from leaderboard.models import RatingChange
from leaderboard.services.ratings import rebuild_ratings
from tests.factories import UserFactory
from tests.games.match_factories import match_with_logins, player_with_login
from tests.support.clients import api_client, error_of
from tests.tournaments.leaderboard_support import snapshot
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db]


def club_today(club: Club) -> datetime.date:
    return timezone.now().astimezone(ZoneInfo(club.time_zone)).date()


def founded_days_ago(club: Club, days: int) -> None:
    Club.objects.filter(pk=club.pk).update(created_at=timezone.now() - datetime.timedelta(days=days))
    club.refresh_from_db()


def play(match: Match, entered_by: object, confirmed_by: object, *, score1: int = 7,
         score2: int = 2, played_on: datetime.date | None = None) -> Match:
    result = enter_final_score(match=match, by=entered_by, score1=Decimal(score1),
                               score2=Decimal(score2), played_on=played_on)
    confirm_result(result=result, by=confirmed_by)
    match.refresh_from_db()
    return match


def test_a_result_given_an_earlier_day_is_played_on_that_day_in_the_clubs_zone() -> None:
    match, user1, user2 = match_with_logins()
    Club.objects.filter(pk=match.club_id).update(time_zone="Asia/Baku")
    match.club.refresh_from_db()
    founded_days_ago(match.club, 30)
    day = club_today(match.club) - datetime.timedelta(days=3)
    play(match, user1, user2, played_on=day)
    assert MatchResult.objects.get(match=match, status=ResultStatus.CONFIRMED).played_on == day
    local = match.played_at.astimezone(ZoneInfo("Asia/Baku"))
    assert local.date() == day
    assert match.finished_at.astimezone(ZoneInfo("Asia/Baku")).date() > day  # entered later


def test_without_a_day_the_match_is_played_when_its_result_becomes_official() -> None:
    match, user1, user2 = match_with_logins()
    play(match, user1, user2)
    assert match.played_at == match.finished_at
    # today given: the moment of confirmation (it orders the day's matches)
    other, user3, user4 = match_with_logins()
    play(other, user3, user4, played_on=club_today(other.club))
    assert other.played_at == other.finished_at


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_the_day_may_be_tomorrow_in_the_clubs_zone_but_no_later(zone: str) -> None:
    match, user1, _ = match_with_logins()
    Club.objects.filter(pk=match.club_id).update(time_zone=zone)
    match.club.refresh_from_db()
    tomorrow = club_today(match.club) + datetime.timedelta(days=1)
    with pytest.raises(ServiceError) as refused:
        enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(0),
                          played_on=tomorrow + datetime.timedelta(days=1))
    assert refused.value.code == "played_on_in_future" and refused.value.field == "played_on"
    assert not MatchResult.objects.filter(match=match).exists()  # nothing half-saved
    result = enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(0),
                               played_on=tomorrow)
    assert result.played_on == tomorrow


def test_a_day_before_the_club_existed_is_refused_in_the_users_language() -> None:
    match, user1, _ = match_with_logins()
    founded_days_ago(match.club, 10)
    too_early = club_today(match.club) - datetime.timedelta(days=11)
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(0),
                          played_on=too_early)
    assert refused.value.code == "played_on_too_early" and refused.value.field == "played_on"
    assert str(refused.value.message).startswith("Дата игры")
    assert not MatchResult.objects.filter(match=match).exists()
    ok = club_today(match.club) - datetime.timedelta(days=10)
    assert enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(0),
                             played_on=ok).played_on == ok


def test_the_api_takes_the_day_and_refuses_a_future_one_naming_the_field() -> None:
    match, user1, user2 = match_with_logins()
    founded_days_ago(match.club, 30)
    future = club_today(match.club) + datetime.timedelta(days=5)
    refused = api_client(user1).post(f"/api/matches/{match.pk}/score/",
                                     {"score1": "7", "score2": "1", "played_on": future.isoformat()},
                                     format="json")
    assert refused.status_code == 409
    assert error_of(refused)["code"] == "played_on_in_future"
    assert list(error_of(refused)["fields"]) == ["played_on"]
    day = club_today(match.club) - datetime.timedelta(days=2)
    made = api_client(user1).post(f"/api/matches/{match.pk}/score/",
                                  {"score1": "7", "score2": "1", "played_on": day.isoformat()},
                                  format="json")
    assert made.status_code == 201 and made.data["played_on"] == day.isoformat()
    assert api_client(user2).post(f"/api/results/{made.data['id']}/confirm/").status_code == 200
    shown = api_client().get(f"/api/matches/{match.pk}/").data
    assert datetime.datetime.fromisoformat(shown["played_at"]).astimezone(
        ZoneInfo(match.club.time_zone)).date() == day
    bad = api_client(user1).post("/api/results/", {"match": match.pk, "played_on": "yesterday"},
                                 format="json")
    assert bad.status_code == 400 and "played_on" in error_of(bad)["fields"]


def test_a_back_dated_result_replays_the_later_ratings_as_a_full_recompute_would() -> None:
    """A beats B on day 1, A beats C on day 5 (both rated as they came); then B–A, played on
    day 3, is entered: A's day-5 match must be rated again from A's day-3 rating."""
    first, user_a, user_b = match_with_logins()
    club = first.club
    founded_days_ago(club, 30)
    player_a, player_b = first.player1, first.player2
    user_c, player_c = player_with_login()
    start = club_today(club) - datetime.timedelta(days=10)
    day = {n: start + datetime.timedelta(days=n) for n in (1, 3, 5)}
    play(first, user_a, user_b, played_on=day[1])
    a_c = play(Match.objects.create(club=club, length=7, player1=player_a, player2=player_c),
               user_a, user_c, played_on=day[5])
    a_before = RatingChange.objects.get(match=a_c, player=player_a).before

    back_dated = play(Match.objects.create(club=club, length=7, player1=player_b,
                                           player2=player_a), user_b, user_a, played_on=day[3])
    assert back_dated.played_at < a_c.played_at  # the later match comes after it
    a_c_row = RatingChange.objects.get(match=a_c, player=player_a)
    back_row = RatingChange.objects.get(match=back_dated, player=player_a)
    assert a_c_row.before == back_row.after != a_before  # A's day-5 match was rated again
    incremental = snapshot()
    rebuild_ratings(variant="backgammon", rescore=False)
    assert snapshot() == incremental

    # a director's correction moves it again, to before day 1: the same holds
    director = UserFactory()
    club.directors.add(director)
    override_result(match=back_dated, by=director, score1=Decimal(7), score2=Decimal(0),
                    reason="date was wrong", played_on=start)
    back_dated.refresh_from_db()
    assert back_dated.played_at.astimezone(ZoneInfo(club.time_zone)).date() == start
    incremental = snapshot()
    rebuild_ratings(variant="backgammon", rescore=False)
    assert snapshot() == incremental


def _event_starting(days_from_today: int) -> tuple[datetime.date, datetime.date, Any]:
    """An event of a two-month-old club starting ``days_from_today`` away, drawn: the
    club's today, the event's first day, and a function entering its final's score on a
    day."""
    event = make_event(2, with_logins=True)
    Club.objects.filter(pk=event.club_id).update(
        created_at=timezone.now() - datetime.timedelta(days=60))
    today = club_today(event.club)
    starts = today + datetime.timedelta(days=days_from_today)
    Tournament.objects.filter(pk=event.pk).update(starts_on=starts)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)

    def enter(day: datetime.date) -> Any:
        return enter_final_score(match=final.match, by=final.top.player.user,
                                 score1=Decimal(final.match.length), score2=Decimal(0), played_on=day)

    return today, starts, enter


def test_an_events_match_cannot_be_played_before_the_event_began() -> None:
    _today, starts, enter = _event_starting(-5)
    with pytest.raises(ServiceError) as refused:
        enter(starts - datetime.timedelta(days=1))
    assert refused.value.code == "played_on_too_early"
    assert enter(starts).played_on == starts


def test_an_event_played_ahead_of_its_date_takes_todays_results_not_earlier_ones() -> None:
    """A director opens the rounds before the event's announced day: a result of today
    (the form's default) is taken, a day before today is not."""
    today, _starts, enter = _event_starting(3)
    with pytest.raises(ServiceError) as refused:
        enter(today - datetime.timedelta(days=1))
    assert refused.value.code == "played_on_too_early"
    assert enter(today).played_on == today
