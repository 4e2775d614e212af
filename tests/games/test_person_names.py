"""People are named by their names, never by their login names (issue 27, part 2:
«предложил sergey»): a player's public name, else the full name, else the login name."""

from __future__ import annotations

from decimal import Decimal

import pytest

from clubs.selectors import person_name
from games.services import confirm_result, propose_result
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory
from tests.support.clients import page_client

pytestmark = [pytest.mark.django_db]


def test_the_match_page_names_who_proposed_and_who_confirmed_a_result() -> None:
    sergey = UserFactory(username="sergey")
    anna = UserFactory(username="anna_k")
    match = MatchFactory(length=7,
                         player1=PlayerFactory(user=sergey, display_name="Sergey P."),
                         player2=PlayerFactory(user=anna, display_name="Anna K."))
    result = propose_result(match=match, by=sergey, score1=Decimal(7), score2=Decimal(3))
    page = page_client(anna).get(match.get_absolute_url()).content.decode()
    assert "proposed by Sergey P." in page and "by sergey" not in page

    confirm_result(result=result, by=anna)
    page = page_client(None).get(match.get_absolute_url()).content.decode()
    assert "confirmed by Anna K." in page and "anna_k" not in page


def test_directors_without_a_player_are_named_by_their_full_name() -> None:
    named = UserFactory(username="dir_login", first_name="Elmar", last_name="Aliyev")
    bare = UserFactory(username="only_login", first_name="", last_name="")
    club = ClubFactory(directors=[named, bare])
    page = page_client(None).get(club.get_absolute_url()).content.decode()
    assert "Elmar Aliyev" in page and "dir_login" not in page
    assert person_name(bare) == "only_login"  # the last resort
    assert person_name(None) == ""
