"""The front page: what it shows a visitor, a player and a director, in a bounded number
of queries; the language switch."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from disputes.models import Dispute
from games.models import MatchResult, MatchStatus, ResultStatus
from games.services import enter_final_score
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory, match_with_logins
from tests.support.clients import page_client
from tests.tournaments.leaderboard_support import at, confirm
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _tournament(club, name, *, days, status="registration", public=True):
    return Tournament.objects.create(
        club=club, name=name, starts_on=timezone.localdate() + datetime.timedelta(days=days),
        variant="backgammon", format="knockout", status=status, is_public=public)


def test_a_visitor_sees_what_this_is_what_is_on_and_the_latest_results() -> None:
    club = ClubFactory(name="Riverside")
    _tournament(club, "Spring Open", days=10)
    _tournament(club, "Secret Cup", days=5, public=False)
    _tournament(club, "Old Cup", days=-30, status="finished")
    playing = MatchFactory(club=club, status=MatchStatus.PLAYING)
    winner, loser = PlayerFactory(display_name="Winner W."), PlayerFactory(display_name="Loser L.")
    confirm(club, winner, loser, 5, when=at(0))

    html = page_client().get(reverse("home")).content.decode()

    assert "What this is" in html and "Results and disputes" in html
    assert "Spring Open" in html and "Secret Cup" not in html and "Old Cup" not in html
    assert str(playing) in html  # live now
    assert "Winner W. 5–0 Loser L." in html  # latest results
    assert "Winner W." in html.split("Top ratings")[1]  # the leaders, with bars
    assert "Your home" not in html


def test_the_front_page_says_what_to_do_when_there_is_nothing_yet() -> None:
    html = page_client().get(reverse("home")).content.decode()
    assert "Nothing is being played right now." in html
    assert "No public event is announced yet." in html
    assert "No results yet" in html
    assert "No clubs yet." in html


def test_a_player_sees_results_to_confirm_and_matches_to_play() -> None:
    match, user1, user2 = match_with_logins()
    enter_final_score(match=match, by=user1, score1=7, score2=3)
    other = MatchFactory(player1=match.player1, status=MatchStatus.READY)

    for_opponent = page_client(user2).get(reverse("home")).content.decode()
    assert "Results waiting for your answer" in for_opponent and str(match) in for_opponent

    for_enterer = page_client(user1).get(reverse("home")).content.decode()
    assert "Waiting for your opponent" in for_enterer
    assert "Your matches to play" in for_enterer and str(other) in for_enterer


def test_a_director_sees_the_consoles_and_the_dispute_queue() -> None:
    director = UserFactory()
    club = ClubFactory(name="Directed", directors=[director])
    cup = _tournament(club, "Club Cup", days=3)
    Dispute.objects.create(club=club, kind="move", submitted_by=UserFactory(),
                           position_id="4HPwATDgc/ABMA", dice1=3, dice2=1,
                           statement="Wrong play", status="checked")
    html = page_client(director).get(reverse("home")).content.decode()
    assert reverse("tournaments:console", args=[cup.pk]) in html
    assert "1 open dispute waits for a ruling" in html


def test_the_front_page_reads_a_bounded_number_of_queries(django_assert_max_num_queries) -> None:
    match, user1, _user2 = match_with_logins()
    club = match.club
    for n in range(12):
        _tournament(club, f"Event {n}", days=n + 1)
        MatchFactory(club=club, status=MatchStatus.PLAYING)
        a, b = PlayerFactory(), PlayerFactory()
        confirm(club, a, b, 3, when=at(n))
    # the page, the events open for registration and the unread count (not the login)
    client = page_client(user1)
    with django_assert_max_num_queries(32):
        assert client.get(reverse("home")).status_code == 200
    assert MatchResult.objects.filter(status=ResultStatus.CONFIRMED).count() == 12


def test_the_language_menu_switches_to_russian_and_remembers_it() -> None:
    client = page_client()
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    assert response.status_code == 302
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="ru">' in html and "Клубы" in html
    # every offered language is in the menu, named in its own language
    for name in ("English", "Русский", "Azərbaycanca", "Türkçe"):
        assert name in html
