"""Entering games and final scores through the services, with the engine's scoring."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Game, MatchResult, MatchStatus, ResultChange, ResultStatus
from games.services import ServiceError, enter_final_score, enter_game
from games.services.scoring import implied_doubles
from tests.games.match_factories import MatchFactory, match_with_logins

pytestmark = [pytest.mark.django_db]


def counts() -> tuple[int, int, int]:
    return (Game.objects.count(), MatchResult.objects.count(), ResultChange.objects.count())


def test_games_add_up_and_mark_the_crawford_game() -> None:
    match, user1, _user2 = match_with_logins(length=5)
    enter_game(match=match, by=user1, winner=1, result="gammon", cube=2, cube_owner=1)
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(4), Decimal(0))
    assert match.status == MatchStatus.PLAYING
    crawford = enter_game(match=match, by=user1, winner=2, result="single")
    assert crawford.crawford is True and crawford.number == 2
    post = enter_game(match=match, by=user1, winner=2, result="single", cube=2, cube_owner=1)
    assert post.crawford is False and post.points == 2
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(4), Decimal(3))


def test_a_double_in_the_crawford_game_is_refused_and_nothing_is_saved() -> None:
    match, user1, _ = match_with_logins(length=7)
    for _game in range(3):
        enter_game(match=match, by=user1, winner=1, result="gammon")  # 6-0
    before = counts()
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=2, result="single", cube=2, cube_owner=1)
    assert caught.value.code == "cube_in_crawford"
    assert str(caught.value) == "A double is not allowed in the Crawford game (game 4)."
    assert counts() == before
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(6), Decimal(0))


def test_the_last_game_proposes_the_result() -> None:
    match, user1, _ = match_with_logins(length=3)
    enter_game(match=match, by=user1, winner=2, result="backgammon")
    result = MatchResult.objects.get(match=match)
    assert result.status == ResultStatus.PROPOSED
    assert (result.score1, result.score2) == (Decimal(0), Decimal(3))
    assert result.entered_by == user1
    assert [game["result"] for game in result.games] == ["backgammon"]
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=1, result="single")
    assert caught.value.code == "result_pending"


def test_a_drop_scores_the_cube_before_the_double() -> None:
    match, user1, _ = match_with_logins(length=7)
    game = enter_game(match=match, by=user1, winner=2, result="drop", cube=2, cube_owner=2)
    assert game.points == 2 and game.cube == 2
    with pytest.raises(ServiceError) as caught:  # player 1 owns the cube: 2 cannot double
        enter_game(match=match, by=user1, winner=2, result="drop", cube=2, cube_owner=1)
    assert caught.value.code == "double_without_cube_ownership"


@pytest.mark.parametrize(
    ("cube", "owner", "code"),
    [(3, 1, "bad_cube"), (2, 0, "cube_needs_owner"), (1, 2, "cube_owner_without_double")],
)
def test_impossible_cubes_are_refused(cube: int, owner: int, code: str) -> None:
    match, user1, _ = match_with_logins()
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=1, result="single", cube=cube, cube_owner=owner)
    assert caught.value.code == code
    assert counts() == (0, 0, 0)


def test_implied_doubles_end_with_the_owner() -> None:
    doubles = implied_doubles(8, 2, "single", 1)
    # Player 2 owns an 8-cube: player 1 doubled to 8, so 2 doubled to 4 and 1 to 2.
    assert [(d.player, d.value) for d in doubles] == [(0, 2), (1, 4), (0, 8)]
    dropped = implied_doubles(2, 1, "drop", 1)
    assert (dropped[-1].player, dropped[-1].value, dropped[-1].response) == (0, 4, "drop")


def test_long_nardy_has_no_cube_by_default() -> None:
    match, user1, _ = match_with_logins(variant="nardy", length=5)
    assert match.cube_enabled is False
    game = enter_game(match=match, by=user1, winner=1, result="mars")
    assert game.points == 2
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=1, result="oin", cube=2, cube_owner=2)
    assert caught.value.code == "cube_not_in_use"
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=user1, winner=1, result="gammon")
    assert caught.value.code == "result_not_for_variant"


def test_quick_final_score() -> None:
    match, user1, _ = match_with_logins(length=7)
    result = enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(3))
    assert result.status == ResultStatus.PROPOSED
    assert ResultChange.objects.filter(match=match, action="proposed").count() == 1


@pytest.mark.parametrize(
    ("score1", "score2", "code"),
    [
        (7, 7, "impossible_score"),
        (9, 8, "impossible_score"),
        (6, 3, "match_unfinished"),
        (-1, 7, "negative_score"),
        (Decimal(7), Decimal("2.5"), "bad_score"),
    ],
)
def test_impossible_final_scores(score1: Decimal, score2: Decimal, code: str) -> None:
    match, user1, _ = match_with_logins(length=7)
    with pytest.raises(ServiceError) as caught:
        enter_final_score(match=match, by=user1, score1=Decimal(score1), score2=Decimal(score2))
    assert caught.value.code == code
    assert counts() == (0, 0, 0)


def test_the_final_score_cannot_undercut_the_games() -> None:
    match, user1, _ = match_with_logins(length=7)
    enter_game(match=match, by=user1, winner=2, result="gammon")
    with pytest.raises(ServiceError) as caught:
        enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(1))
    assert caught.value.code == "score_below_games"


def test_a_match_without_players_takes_no_games() -> None:
    match = MatchFactory(player1=None, player2=None)
    assert match.status == MatchStatus.WAITING
    from tests.factories import UserFactory

    director = UserFactory()
    match.club.directors.add(director)
    with pytest.raises(ServiceError) as caught:
        enter_game(match=match, by=director, winner=1, result="single")
    assert caught.value.code == "players_unknown"


def test_the_last_game_can_be_taken_back_until_a_result_is_put_forward() -> None:
    from games.services import remove_last_game

    match, user1, user2 = match_with_logins(length=5)
    with pytest.raises(ServiceError) as caught:
        remove_last_game(match=match, by=user1)
    assert caught.value.code == "no_games"
    enter_game(match=match, by=user1, winner=1, result="single")
    enter_game(match=match, by=user1, winner=1, result="single", cube=2, cube_owner=2)
    removed = remove_last_game(match=match, by=user2)
    assert removed.number == 2
    match.refresh_from_db()
    assert (match.score1, match.score2) == (Decimal(1), Decimal(0))
    assert list(match.games.values_list("number", flat=True)) == [1]
    change = ResultChange.objects.filter(action="game_removed").get()
    assert change.before["score1"] == "3" and change.after["score1"] == "1"
    remove_last_game(match=match, by=user1)
    match.refresh_from_db()
    assert match.status == MatchStatus.READY
    enter_game(match=match, by=user1, winner=2, result="backgammon", cube=2, cube_owner=1)
    with pytest.raises(ServiceError) as caught:
        remove_last_game(match=match, by=user1)
    assert caught.value.code == "result_pending"


@settings(max_examples=200, deadline=None)
@given(
    power=st.integers(min_value=0, max_value=6),
    owner=st.sampled_from([1, 2]),
    winner=st.sampled_from([1, 2]),
    result=st.sampled_from(["single", "gammon", "backgammon", "drop"]),
)
def test_implied_doubles_reproduce_the_cube_entered(
    power: int, owner: int, winner: int, result: str
) -> None:
    from engine.match import GameState, MatchRules, score_game
    from games.services.scoring import game_input

    cube = 2**power
    cube_owner = 0 if cube == 1 else owner
    if result == "drop" and cube_owner not in (0, winner):
        return  # only the cube's owner (or anyone, when centred) can double
    game = game_input(winner=winner, result=result, cube=cube, cube_owner=cube_owner, doubles=None)
    state = GameState(1, (0, 0), crawford=False, post_crawford=False, match_over=False)
    scored, problems = score_game(state, game, MatchRules(length=0))
    assert problems == []
    assert scored.cube == cube
    assert scored.cube_owner == (None if cube_owner == 0 else cube_owner - 1)
    multiplier = {"single": 1, "gammon": 2, "backgammon": 3, "drop": 1}[result]
    assert scored.points == multiplier * cube
