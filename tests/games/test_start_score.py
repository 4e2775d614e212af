"""A match with a starting score (a handicap's spot, set by a ladder challenge): the
running score begins there, the Crawford game comes as match-play.md §2 says from that
score, no result can end below the spot, a file of the match starts at it, the match
page says so, and the API shows it but never takes it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from games.models import Match, MatchStatus, ResultStatus
from games.selectors import exported_mat
from games.services import (
    ServiceError,
    confirm_result,
    enter_game,
    override_result,
    propose_result,
    remove_last_game,
)
from games.services.results import propose_from_transcript
from tests.engine.test_start_score import PLAIN, SPOTTED
from tests.factories import ClubFactory, UserFactory
from tests.games.match_factories import MatchFactory, player_with_login
from tests.games.test_results_from_files import demo_match, upload
from tests.support.clients import api_client, error_of

pytestmark = [pytest.mark.django_db]


def spotted(length: int = 5, start1: int = 0, start2: int = 0) -> tuple[Match, object, object]:
    user1, player1 = player_with_login()
    user2, player2 = player_with_login()
    match = MatchFactory(length=length, player1=player1, player2=player2,
                         start_score1=start1, start_score2=start2)
    return match, user1, user2


def test_the_running_score_starts_at_the_spot_and_goes_back_to_it() -> None:
    match, user1, _ = spotted(start2=1)
    assert (match.score1, match.score2) == (Decimal(0), Decimal(1))
    enter_game(match=match, by=user1, winner=1, result="gammon")
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(2), Decimal(1))
    remove_last_game(match=match, by=user1)
    match.refresh_from_db()
    assert (match.score1, match.score2, match.status) == (Decimal(0), Decimal(1), MatchStatus.READY)


def test_a_spot_of_match_point_makes_the_first_game_the_crawford_game() -> None:
    match, user1, _ = spotted(start1=4)
    with pytest.raises(ServiceError) as refused:  # no double in the Crawford game
        enter_game(match=match, by=user1, winner=2, result="single", cube=2, cube_owner=2)
    assert refused.value.code == "cube_in_crawford"
    first = enter_game(match=match, by=user1, winner=2, result="single")
    second = enter_game(match=match, by=user1, winner=2, result="single", cube=2, cube_owner=2)
    assert (first.crawford, second.crawford) == (True, False)
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(4), Decimal(3))


def test_the_games_decide_the_match_from_the_spot_and_the_result_is_proposed() -> None:
    match, user1, user2 = spotted(start2=1)
    for _ in range(2):
        enter_game(match=match, by=user1, winner=2, result="gammon")
    result = match.results.get()  # 1 + 2 + 2 = 5: over after two games
    assert (result.score1, result.score2, result.status) == (0, 5, ResultStatus.PROPOSED)
    confirm_result(result=result, by=user2)
    match.refresh_from_db()
    assert match.winner == match.player2 and match.status == MatchStatus.FINISHED


def test_no_result_below_the_spot_in_the_readers_language() -> None:
    match, user1, _ = spotted(start2=1)
    with pytest.raises(ServiceError) as refused:
        propose_result(match=match, by=user1, score1=Decimal(5), score2=Decimal(0))
    assert (refused.value.code, refused.value.field) == ("below_start_score", "score2")
    response = api_client(user1).post(f"/api/matches/{match.pk}/score/",
                                      {"score1": 5, "score2": 0}, format="json",
                                      HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409  # the API's answer to a score the rules refuse
    error = error_of(response)
    assert error["code"] == "below_start_score" and "score2" in error["fields"]
    assert "форой 1" in error["message"] and match.player2.display_name in error["message"]
    director = UserFactory()
    match.club.directors.add(director)
    with pytest.raises(ServiceError):
        override_result(match=match, by=director, score1=Decimal(5), score2=Decimal(0),
                        reason="typo")
    assert propose_result(match=match, by=user1, score1=Decimal(5), score2=Decimal(1))
    assert not match.results.filter(score2=0).exists()


def test_the_api_shows_the_spot_and_never_takes_it() -> None:
    match, _, _ = spotted(start1=2, length=7)
    shown = api_client().get(f"/api/matches/{match.pk}/").json()
    assert (shown["start_score1"], shown["start_score2"], shown["score1"]) == (2, 0, "2.0")
    director = UserFactory()
    club = ClubFactory(directors=[director])
    for player in (match.player1, match.player2):
        club.memberships.create(player=player)
    created = api_client(director).post("/api/matches/", {
        "club": club.slug, "length": 5, "player1": match.player1.pk,
        "player2": match.player2.pk, "start_score1": 3}, format="json")
    assert created.status_code == 201, created.content  # the field is not an input
    made = Match.objects.get(pk=created.json()["id"])
    assert (made.start_score1, made.score1, created.json()["start_score1"]) == (0, Decimal(0), 0)


def test_the_match_page_says_where_the_match_starts() -> None:
    match, _, _ = spotted(start2=1)
    page = Client().get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "фора: матч начинается со счёта 0–1" in page
    plain, _, _ = spotted()
    assert 'data-testid="start-score"' not in Client().get(plain.get_absolute_url()).content.decode()


def test_a_file_of_the_handicapped_match_proposes_its_result(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, user2 = demo_match(length=5, start_score2=1)
    transcript = upload(match, user1, SPOTTED, django_capture_on_commit_callbacks)
    assert transcript.verdict["valid"], transcript.verdict
    result = match.results.get()
    assert (result.score1, result.score2, result.transcript) == (0, 5, transcript)
    assert [game.crawford for game in match.games.order_by("number")] == [False, False]
    confirm_result(result=result, by=user2)
    # the download writes the spot on the first score line again
    assert " Bella I. : 1" in exported_mat(match).text.split(" Game 2")[0]


def test_a_file_from_0_0_does_not_fit_a_handicapped_match(
    django_capture_on_commit_callbacks,
) -> None:
    match, user1, _ = demo_match(length=5, start_score2=1)
    five = PLAIN.replace(" 3 point match", " 5 point match")
    transcript = upload(match, user1, five, django_capture_on_commit_callbacks)
    assert not transcript.verdict["valid"]
    assert propose_from_transcript(transcript.pk) is None and not match.results.exists()
    # and a spotted file does not fit a match without the spot
    other, user, _ = demo_match(length=5)
    other_file = upload(other, user, SPOTTED, django_capture_on_commit_callbacks)
    assert not other_file.verdict["valid"] and not other.results.exists()
