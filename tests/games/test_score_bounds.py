"""Final scores have domain bounds everywhere: form, API and service, and a migration
repairs what was stored before they did."""

from __future__ import annotations

import importlib
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection
from django.urls import reverse

from games.models import Game, Match, MatchResult, MatchStatus, ResultChange, ResultStatus
from games.services import ServiceError, confirm_result, enter_final_score, enter_game
from tests.factories import ClubFactory, UserFactory
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, page_client

pytestmark = [pytest.mark.django_db]

HTMX = {"HTTP_HX_REQUEST": "true"}
BAD_NUMBERS = ["1e999", "-1e999", "nan", "NaN", "inf", "-Infinity", "-1", "9" * 30, "²", "1e5", ""]


def stored() -> tuple[int, int]:
    return (MatchResult.objects.count(), ResultChange.objects.count())


def everything_still_reads(match: Match, user: object) -> None:
    assert page_client(user).get(match.get_absolute_url()).status_code == 200
    assert api_client().get("/api/results/").status_code == 200
    assert api_client().get(f"/api/matches/{match.pk}/").status_code == 200


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_the_score_form_refuses_what_is_no_possible_score(bad: str) -> None:
    match, user1, _ = match_with_logins(length=5)
    url = reverse("games:enter_score", args=[match.pk])
    response = page_client(user1).post(url, {"score1": bad, "score2": "0"}, **HTMX)
    assert response.status_code == 200
    assert 'id="id_score1_error"' in response.content.decode() or "errorlist" in (
        response.content.decode()
    )
    assert stored() == (0, 0)
    everything_still_reads(match, user1)


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_the_override_form_refuses_them_too(bad: str) -> None:
    director = UserFactory()
    match, user1, _ = match_with_logins(length=5, club=ClubFactory(directors=[director]))
    url = reverse("games:override_result", args=[match.pk])
    response = page_client(director).post(
        url, {"score1": "5", "score2": bad, "reason": "scoresheet"}, **HTMX
    )
    assert response.status_code == 200
    assert stored() == (0, 0)
    everything_still_reads(match, user1)


@pytest.mark.parametrize(
    ("score1", "score2", "accepted", "sentence"),
    [
        ("9", "3", True, ""),
        ("5", "5", False, "only one player can reach 5"),
        ("0", "0", False, "Nobody has reached 5 points"),
        ("4", "2", False, "Nobody has reached 5 points"),
        ("1000", "0", False, "the winner has at most 196 points"),
        ("197", "0", False, "the winner has at most 196 points"),
        ("196", "0", True, ""),
    ],
)
def test_a_final_score_must_be_possible_for_the_match(
    score1: str, score2: str, accepted: bool, sentence: str
) -> None:
    match, user1, _ = match_with_logins(length=5)
    url = reverse("games:enter_score", args=[match.pk])
    response = page_client(user1).post(url, {"score1": score1, "score2": score2}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert MatchResult.objects.filter(match=match).exists() is accepted
    assert sentence in html
    assert ".." not in html.replace("...", "")


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"score1": "1e999", "score2": "0"}, "score1"),
        ({"score1": "NaN", "score2": "0"}, "score1"),
        ({"score1": "Infinity", "score2": "0"}, "score1"),
        ({"score1": "9" * 30, "score2": "0"}, "score1"),
        ({"score1": "5", "score2": "-1"}, "score2"),
        ({"score1": "²", "score2": "0"}, "score1"),
        ({"score1": 1000, "score2": 0}, "score1"),  # 409
        ({"score1": 5, "score2": 5}, None),  # 409
        ({"score1": 4, "score2": 2}, None),  # 409
    ],
)
def test_the_api_refuses_impossible_scores(payload: dict, field: str | None) -> None:
    match, user1, _ = match_with_logins(length=5)
    response = api_client(user1).post(f"/api/matches/{match.pk}/score/", payload, format="json")
    # 400: no number of points (the schema says so); 409: a number no match can end with
    assert response.status_code in (400, 409), response.content
    assert stored() == (0, 0)
    if field is not None:
        assert field in response.content.decode()
    everything_still_reads(match, user1)


@pytest.mark.parametrize(
    ("length", "variant", "options", "score", "code"),
    [
        (5, "backgammon", {}, ("9", "3"), None),
        (5, "backgammon", {}, ("1000", "0"), "score_too_high"),
        (5, "backgammon", {}, ("Infinity", "0"), "score_not_a_number"),
        (5, "backgammon", {}, ("NaN", "0"), "score_not_a_number"),
        (5, "backgammon", {}, ("1e999", "0"), "score_too_high"),
        (5, "backgammon", {"cube_enabled": False}, ("7", "0"), None),
        (5, "backgammon", {"cube_enabled": False}, ("8", "0"), "score_too_high"),
        (5, "nardy", {}, ("6", "0"), None),
        (5, "nardy", {}, ("7", "0"), "score_too_high"),
        (5, "nardy", {"koks": True}, ("7", "0"), None),
        (5, "nardy", {"equalisation": True}, ("6.5", "4.5"), None),
        (5, "nardy", {"equalisation": True}, ("5", "4.2"), "half_score"),
        (0, "backgammon", {}, ("1000000", "0"), "session_score_too_high"),
    ],
)
def test_the_service_checks_the_score_against_the_rules(
    length: int, variant: str, options: dict, score: tuple[str, str], code: str | None
) -> None:
    match, user1, _ = match_with_logins(length=length, variant=variant, **options)
    try:
        enter_final_score(match=match, by=user1, score1=Decimal(score[0]), score2=Decimal(score[1]))
    except ServiceError as error:
        assert error.code == code
        assert str(error).endswith(".") and ".." not in str(error)
    else:
        assert code is None


def test_a_cube_above_the_recorded_limit_is_refused() -> None:
    match, user1, _ = match_with_logins(length=5)
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=1, result="single", cube=128, cube_owner=2)
    assert caught.value.code in ("bad_cube", "cube_above_limit")
    assert Game.objects.count() == 0
    game = enter_game(match=match, by=user1, winner=1, result="backgammon", cube=64, cube_owner=2)
    assert game.points == 192


# --- the migration that repairs a poisoned database ------------------------------------

repair_migration = importlib.import_module("games.migrations.0003_repair_impossible_scores")


def poison(table: str, pk: int, **values: object) -> None:
    """Store values the way the old code did (SQLite keeps 1e999 as an infinite REAL)."""
    sets = ", ".join(f"{name} = %s" for name in values)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {sets} WHERE id = %s", [*values.values(), pk])


def run_repair() -> None:
    repair_migration.repair(apps, SimpleNamespace(connection=connection))


@pytest.mark.skipif(connection.vendor != "sqlite", reason="only SQLite stored infinite scores")
def test_the_migration_repairs_a_poisoned_confirmed_result() -> None:
    match, user1, user2 = match_with_logins(length=5)
    enter_game(match=match, by=user1, winner=1, result="gammon")
    result = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(0))
    confirm_result(result=result, by=user2)
    poison("games_matchresult", result.pk, score1=float("inf"))
    poison("games_match", match.pk, score1=float("inf"))
    with pytest.raises(Exception):  # noqa: B017 - the old failure: the row cannot be read
        list(MatchResult.objects.all())

    run_repair()

    result.refresh_from_db()
    match.refresh_from_db()
    assert result.status == ResultStatus.REJECTED and result.score1 == 0
    assert (match.score1, match.score2, match.winner, match.status) == (
        Decimal(2),
        Decimal(0),
        None,
        MatchStatus.PLAYING,
    )
    audit = ResultChange.objects.filter(match=match, action="repaired").order_by("pk")
    assert audit.count() == 2
    assert audit[0].before["score1"] == "Inf" and audit[0].before["status"] == "confirmed"
    assert audit[0].reason.endswith(".")
    everything_still_reads(match, user1)
    # The players can enter the right result again.
    again = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(0))
    confirm_result(result=again, by=user2)


def test_the_migration_rejects_impossible_finite_scores_and_keeps_good_ones() -> None:
    match, user1, _ = match_with_logins(length=5)
    good, _, _ = match_with_logins(length=5)
    kept = enter_final_score(match=good, by=good.player1.user, score1=Decimal(9), score2=Decimal(3))
    bad = enter_final_score(match=match, by=user1, score1=Decimal(5), score2=Decimal(0))
    poison("games_matchresult", bad.pk, score1=1000, score2=-2)

    run_repair()

    bad.refresh_from_db()
    kept.refresh_from_db()
    assert bad.status == ResultStatus.REJECTED and bad.score2 == 0 and bad.score1 == 1000
    assert kept.status == ResultStatus.PROPOSED and (kept.score1, kept.score2) == (9, 3)
    assert ResultChange.objects.filter(action="repaired").count() == 1
    run_repair()  # running it again changes nothing
    assert ResultChange.objects.filter(action="repaired").count() == 1
