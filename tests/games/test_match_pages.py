"""The match pages: who sees which buttons, what each user may post, htmx partials."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from games.models import Game, MatchResult, ResultChange, ResultStatus
from games.services import enter_final_score, enter_game
from tests.factories import ClubFactory, UserFactory
from tests.games.match_factories import match_with_logins, player_with_login
from tests.support.clients import page_client

pytestmark = [pytest.mark.django_db]

HTMX = {"HTTP_HX_REQUEST": "true"}


def counts() -> tuple[int, int, int]:
    return (Game.objects.count(), MatchResult.objects.count(), ResultChange.objects.count())


def test_anyone_reads_the_match_page() -> None:
    match, user1, _ = match_with_logins(length=5)
    enter_game(match=match, by=user1, winner=1, result="gammon", cube=2, cube_owner=1)
    page = page_client(None).get(match.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert str(match.player1) in html and "Crawford game: no doubling" in html
    assert 'id="game-form"' not in html  # no form for anonymous visitors


def test_a_player_enters_a_game_with_htmx_and_gets_the_panel() -> None:
    match, user1, _ = match_with_logins(length=5)
    url = reverse("games:enter_game", args=[match.pk])
    data = {"winner": "2", "result": "single", "cube": "1", "cube_owner": "0"}
    response = page_client(user1).post(url, data, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'data-testid="score2">1<' in html
    assert Game.objects.filter(match=match).count() == 1


def test_without_htmx_the_post_redirects_back() -> None:
    match, user1, _ = match_with_logins(length=5)
    url = reverse("games:enter_game", args=[match.pk])
    response = page_client(user1).post(
        url, {"winner": "1", "result": "single", "cube": "1", "cube_owner": "0"}
    )
    assert response.status_code == 302 and response.url == match.get_absolute_url()


def test_the_crawford_error_is_shown_in_place_and_nothing_is_saved() -> None:
    match, user1, _ = match_with_logins(length=3)
    enter_game(match=match, by=user1, winner=1, result="gammon")  # 2-0: next is Crawford
    before = counts()
    url = reverse("games:enter_game", args=[match.pk])
    data = {"winner": "2", "result": "single", "cube": "2", "cube_owner": "1"}
    response = page_client(user1).post(url, data, **HTMX)
    assert response.status_code == 200
    assert "A double is not allowed in the Crawford game (game 2)." in response.content.decode()
    assert counts() == before


def test_an_impossible_final_score_is_shown_in_place() -> None:
    match, user1, _ = match_with_logins(length=7)
    url = reverse("games:enter_score", args=[match.pk])
    response = page_client(user1).post(url, {"score1": "7", "score2": "7"}, **HTMX)
    assert "only one player can reach 7" in response.content.decode()
    assert counts() == (0, 0, 0)


@pytest.mark.parametrize("who", ["anonymous", "outsider", "other_director"])
def test_strangers_cannot_write(who: str) -> None:
    match, _user1, _ = match_with_logins()
    users = {
        "anonymous": None,
        "outsider": player_with_login()[0],
        "other_director": ClubFactory(directors=[UserFactory()]).directors.get(),
    }
    client = page_client(users[who])
    game = client.post(
        reverse("games:enter_game", args=[match.pk]),
        {"winner": "1", "result": "single", "cube": "1", "cube_owner": "0"},
    )
    score = client.post(
        reverse("games:enter_score", args=[match.pk]), {"score1": "7", "score2": "0"}
    )
    override = client.post(
        reverse("games:override_result", args=[match.pk]),
        {"score1": "7", "score2": "0", "reason": "x"},
    )
    expected = 302 if who == "anonymous" else 403  # anonymous: to the login page
    assert (game.status_code, score.status_code, override.status_code) == (expected,) * 3
    assert counts() == (0, 0, 0)


def test_only_the_opponent_sees_and_uses_confirm() -> None:
    match, user1, user2 = match_with_logins()
    result = enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(2))
    confirm = reverse("games:confirm_result", args=[match.pk, result.pk])
    assert confirm not in page_client(user1).get(match.get_absolute_url()).content.decode()
    assert page_client(user1).post(confirm).status_code == 403
    assert confirm in page_client(user2).get(match.get_absolute_url()).content.decode()
    response = page_client(user2).post(confirm, **HTMX)
    assert "Official result" in response.content.decode()
    result.refresh_from_db()
    assert result.status == ResultStatus.CONFIRMED


def test_the_opponent_disputes_and_a_director_overrides() -> None:
    match, user1, user2 = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    result = enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(2))
    dispute = reverse("games:dispute_result", args=[match.pk, result.pk])
    assert page_client(user1).post(dispute, {"reason": "mine"}).status_code == 403
    response = page_client(user2).post(dispute, {"reason": "It was 2-7"}, **HTMX)
    assert "is disputed" in response.content.decode()
    override = reverse("games:override_result", args=[match.pk])
    missing = page_client(director).post(
        override, {"score1": "2", "score2": "7", "reason": ""}, **HTMX
    )
    assert "This field is required." in missing.content.decode()
    page_client(director).post(override, {"score1": "2", "score2": "7", "reason": "Scoresheet"})
    match.refresh_from_db()
    assert match.winner == match.player2


def test_match_list() -> None:
    match, _, _ = match_with_logins()
    response = page_client(None).get(reverse("games:match_list"))
    assert match.get_absolute_url() in response.content.decode()


def test_a_director_creates_a_match_and_the_rules_are_checked() -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    first, second = player_with_login()[1], player_with_login()[1]
    club.memberships.create(player=first)
    club.memberships.create(player=second)
    client = page_client(director)
    assert "New match" in client.get(reverse("games:match_list")).content.decode()
    body = {
        "club": club.pk,
        "variant": "nardy",
        "length": "5",
        "player1": first.pk,
        "player2": second.pk,
        "cube_enabled": "",
        "rated": "on",
    }
    response = client.post(reverse("games:match_create"), body)
    match = club.matches.get()
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    assert match.cube_enabled is False and match.status == "ready"
    same = client.post(reverse("games:match_create"), {**body, "player2": first.pk})
    assert same.status_code == 200 and club.matches.count() == 1
    assert page_client(player_with_login()[0]).get(reverse("games:match_create")).status_code == 403


def test_the_crawford_error_speaks_russian() -> None:
    match, user1, _ = match_with_logins(length=3)
    enter_game(match=match, by=user1, winner=1, result="gammon")
    client = page_client(user1)
    data = {"winner": "2", "result": "single", "cube": "2", "cube_owner": "1"}
    response = client.post(
        reverse("games:enter_game", args=[match.pk]), data, HTTP_ACCEPT_LANGUAGE="ru", **HTMX
    )
    assert "В партии Кроуфорда удваивать нельзя (партия 2)." in response.content.decode()


def test_anonymous_htmx_posts_are_sent_to_the_login_page() -> None:
    match, _, _ = match_with_logins()
    url = reverse("games:enter_game", args=[match.pk])
    response = page_client(None).post(url, {"winner": "1", "result": "single"}, **HTMX)
    assert response.status_code == 200 and response["HX-Redirect"].startswith("/accounts/login/")
    assert counts() == (0, 0, 0)


def test_undo_the_last_game_on_the_page() -> None:
    match, user1, _ = match_with_logins(length=5)
    enter_game(match=match, by=user1, winner=1, result="gammon")
    response = page_client(user1).post(reverse("games:remove_last_game", args=[match.pk]), **HTMX)
    assert 'data-testid="score1">0<' in response.content.decode()
    outsider = player_with_login()[0]
    enter_game(match=match, by=user1, winner=1, result="gammon")
    assert (
        page_client(outsider).post(reverse("games:remove_last_game", args=[match.pk])).status_code
        == 403
    )
    assert Game.objects.count() == 1
